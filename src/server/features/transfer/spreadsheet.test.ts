import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from './slices';
import { checkImportSize, MAX_SPREADSHEET_BYTES, readSpreadsheet, SpreadsheetError } from './spreadsheet';
import { checkInflatedSize } from './workbook-worker';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('readSpreadsheet', () => {
  it('reads a UTF-8 CSV with a byte-order mark: quoted commas and line breaks, Excel row numbers, blank rows left out', async () => {
    const sheet = await readSpreadsheet(fixture('clients-utf8-bom.csv'), 'clients.csv');
    expect(sheet.headers).toEqual(['Name', 'DOB', 'Postcode', 'Locality', 'Phone number', 'E-mail address', 'Services', 'Notes', 'Archived', 'Shoe size']);
    expect(sheet.rows).toEqual([
      {
        rowNumber: 2,
        cells: ['Zoë Ó Briain', '14/03/1948', 'ta4 2ab', 'Milverton', '01984 623456', 'zoe@example.org', 'Personal Care, Domestic', 'Prefers mornings, rings first\nthen knocks', 'N', '5'],
      },
      { rowNumber: 3, cells: ['Łukasz Nowak', '1950-12-01', 'TA21 8QT', 'clatworthy', '', '', 'Transport', '', 'Y', ''] },
    ]);
  });

  it('reads the Windows-1252 CSV Excel writes with its accents, pound sign and curly quote intact', async () => {
    const sheet = await readSpreadsheet(fixture('clients-windows-1252.csv'), 'clients.csv');
    expect(sheet.rows.map((r) => r.cells[0])).toEqual(['Renée Dubois', 'Günther Brück']);
    expect(sheet.rows[0]!.cells[5]).toBe('Pays £5 a week for the café');
    expect(sheet.rows[1]!.cells[5]).toBe('Son’s number – in the file');
  });

  it('reads an XLSX workbook: accents, date cells as YYYY-MM-DD, numbers as written, formatted empty rows left out', async () => {
    const sheet = await readSpreadsheet(fixture('clients.xlsx'), 'clients.xlsx');
    expect(sheet.headers).toEqual(['Client Name', 'D.O.B.', 'Post Code', 'Village', 'Tel', 'E-mail address', 'Services', 'Donation', 'Favourite colour']);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: ['Zoë Ó Briain', '1948-03-14', 'ta4 2ab', 'Milverton', '01984 623456', 'zoe@example.org', 'Personal Care; Domestic', '12.5', 'Green'] },
      { rowNumber: 3, cells: ['Jürgen Müller', '1950-12-01', 'TA21 8QT', 'wiveliscombe', '1984000000', '', 'Companionship', '0', ''] },
      { rowNumber: 4, cells: ['François Lefèvre-Brontë', '02/01/1939', 'TA4 2AB', 'Stawley', '', '', '', '', 'Blue'] },
    ]);
  });

  it('reads a workbook by its bytes whatever its name', async () => {
    const sheet = await readSpreadsheet(fixture('clients.xlsx'), 'clients.csv');
    expect(sheet.rows).toHaveLength(3);
  });

  it('counts blank lines as rows, as Excel shows them, and pads short rows', async () => {
    const sheet = await readSpreadsheet(Buffer.from('Name,Post code\n\nAnn,TA4 2AB\nBob\n'), 'a.csv');
    expect(sheet.rows).toEqual([
      { rowNumber: 3, cells: ['Ann', 'TA4 2AB'] },
      { rowNumber: 4, cells: ['Bob', ''] },
    ]);
  });

  it('reads a semicolon-separated file by its heading line', async () => {
    const sheet = await readSpreadsheet(Buffer.from('Name;Notes\nAnn;"one, two"\n'), 'a.csv');
    expect(sheet.headers).toEqual(['Name', 'Notes']);
    expect(sheet.rows[0]!.cells).toEqual(['Ann', 'one, two']);
  });

  it('reads the UTF-16 tab-separated text Excel saves as "Unicode text"', async () => {
    const text = Buffer.from('\uFEFFName\tPost code\r\nZoë\tTA4 2AB\r\n', 'utf16le');
    const sheet = await readSpreadsheet(text, 'a.txt');
    expect(sheet).toEqual({ headers: ['Name', 'Post code'], rows: [{ rowNumber: 2, cells: ['Zoë', 'TA4 2AB'] }] });
  });

  async function refusal(file: Buffer, name = 'clients.csv'): Promise<string> {
    const error: unknown = await readSpreadsheet(file, name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpreadsheetError);
    return (error as Error).message;
  }

  it.each([
    ['no bytes', Buffer.alloc(0)],
    ['only a byte-order mark', Buffer.from([0xef, 0xbb, 0xbf])],
    ['only blank lines', Buffer.from('\r\n,,\r\n\r\n')],
  ])('refuses an empty file: %s', async (_what, file) => {
    expect(await refusal(file)).toBe('The file is empty');
  });

  it('refuses a PNG named .csv', async () => {
    expect(await refusal(fixture('picture.csv'))).toBe('This is not a CSV or XLSX file');
  });

  it('refuses a PDF', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), 'clients.pdf')).toBe('This is not a CSV or XLSX file');
  });

  it('refuses a zip archive that is not a workbook', async () => {
    const zip = Buffer.from(zipSync({ 'readme.txt': strToU8('hello') }));
    expect(await refusal(zip, 'clients.xlsx')).toBe('This is not a CSV or XLSX file');
  });

  it('refuses an old .xls workbook, saying what to do', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(await refusal(xls, 'clients.xls')).toMatch(/^This is an Excel 97–2003 workbook \(\.xls\): save it as \.xlsx or CSV/);
    expect(await refusal(xls, 'clients.xlsx')).toMatch(/^This workbook is protected by a password: remove the password/);
  });

  it('reads tab-separated text that a system named .xls', async () => {
    const sheet = await readSpreadsheet(Buffer.from('Name\tPostcode\nAnn\tTA4 2AB\n'), 'export.xls');
    expect(sheet.rows[0]!.cells).toEqual(['Ann', 'TA4 2AB']);
  });

  it('takes the first row that holds something as the headings, keeping Excel’s row numbers', async () => {
    const sheet = await readSpreadsheet(Buffer.from(',,\n,Name,Postcode\n\n,Ann,TA4 2AB\n'), 'a.csv');
    expect(sheet).toEqual({ headers: ['', 'Name', 'Postcode'], rows: [{ rowNumber: 4, cells: ['', 'Ann', 'TA4 2AB'] }] });
  });

  it('refuses a sheet whose headings are data', async () => {
    expect(await refusal(Buffer.from('\n01/02/1950,12.5\n03/04/1960,7\n'))).toBe('Row 2 holds numbers or dates: the first row must hold the column headings');
  });

  it('refuses a web page saved with a spreadsheet’s name', async () => {
    expect(await refusal(Buffer.from('<!DOCTYPE html>\n<html><body><table><tr><td>Name</td></tr></table></body></html>'), 'clients.xls')).toBe(
      'This is not a CSV or XLSX file',
    );
  });

  it('refuses headings with no rows below them', async () => {
    expect(await refusal(Buffer.from('Name,Post code\r\n\r\n'))).toBe('The file has column headings but no rows below them');
  });

  it('refuses a CSV it cannot parse, with the parser’s words', async () => {
    expect(await refusal(Buffer.from('Name,Notes\nAnn,"never closed\n'))).toMatch(/^The CSV file cannot be read: Quote Not Closed/);
  });

  it('refuses a file over 50 MB, before reading it and when reading it', async () => {
    expect(MAX_SPREADSHEET_BYTES).toBe(50 * 1024 * 1024);
    expect(() => checkImportSize(MAX_SPREADSHEET_BYTES)).not.toThrow();
    expect(() => checkImportSize(MAX_SPREADSHEET_BYTES + 1)).toThrow('The file is larger than 50 MB');
    expect(await refusal(Buffer.alloc(MAX_SPREADSHEET_BYTES + 1, 'a'))).toBe('The file is larger than 50 MB');
  });

  it('refuses a small workbook whose directory says it unpacks to gigabytes', async () => {
    const zip = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': strToU8('<worksheet/>') }));
    // The unpacked size a zip bomb declares, written where the central directory records it.
    zip.writeUInt32LE(0xf0000000, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect(await refusal(zip, 'clients.xlsx')).toBe('The workbook is too large once unpacked');
  });

  it('refuses a file of more rows than any charity has, saying how many it takes', async () => {
    const csv = Buffer.from(`Name\r\n${'Ann\r\n'.repeat(MAX_IMPORT_ROWS + 1)}`);
    expect(await refusal(csv)).toBe('The file has more than 250,000 rows: split it into files of fewer rows');
  });

  it('counts what a workbook really inflates to, and stops at the limit', async () => {
    const zip = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(4 * 1024 * 1024), 'xl/sharedStrings.xml': strToU8('<sst/>') }));
    expect(zip.length).toBeLessThan(64 * 1024);
    expect(() => checkInflatedSize(zip, 1024 * 1024)).toThrow('The workbook unpacks to more than 1 MB: nothing was imported');
    expect(checkInflatedSize(zip, 8 * 1024 * 1024)).toBeUndefined();
  });
});
