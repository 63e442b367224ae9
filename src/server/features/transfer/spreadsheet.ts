import { Worker } from 'node:worker_threads';
import { CsvError, parse } from 'csv-parse';
import { letOthersIn, MAX_IMPORT_ROWS } from './slices';
import { NOT_A_SPREADSHEET, WORKBOOK_JOB, type WorkbookJob, type WorkbookMessage } from './workbook-worker';

/** The largest file an import accepts. */
export const MAX_SPREADSHEET_BYTES = 50 * 1024 * 1024;

/** What a workbook may unpack to: ten times the largest upload, far beyond any charity's records, short of a zip bomb. */
export const MAX_UNPACKED_BYTES = 10 * MAX_SPREADSHEET_BYTES;

/**
 * A spreadsheet's first sheet as text: the headings (its first row that holds something, usually row 1)
 * and every row below that holds something. Row numbers are those Excel shows, so a problem can name the
 * row the user sees; every row has a cell per heading.
 */
export interface Sheet {
  headers: string[];
  rows: { rowNumber: number; cells: string[] }[];
}

/** A file that cannot be read as a spreadsheet; the message is for the person who chose the file. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows: split it into files of fewer rows`;

/** Refuses a file over MAX_SPREADSHEET_BYTES, before it is read (the caller knows the size from the upload). */
export function checkImportSize(bytes: number): void {
  if (bytes > MAX_SPREADSHEET_BYTES) throw new SpreadsheetError(`The file is larger than ${MAX_SPREADSHEET_BYTES / 1024 / 1024} MB`);
}

/**
 * Reads a CSV or XLSX file, told apart by their bytes rather than by the name: an XLSX workbook is a zip
 * archive, a CSV file is text. Throws SpreadsheetError for an empty, oversized or unreadable file, and for
 * a sheet with no headings or no rows.
 */
export async function readSpreadsheet(file: Buffer, fileName: string, sheetName?: string): Promise<Sheet> {
  checkImportSize(file.length);
  if (file.length === 0) throw new SpreadsheetError('The file is empty');
  const rows = startsWith(file, ZIP) ? await xlsxRows(file, sheetName) : await csvRows(csvText(file, fileName));
  return sheetOf(rows);
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The compound file Excel 97–2003 wrote (.xls). */
const OLD_EXCEL = [0xd0, 0xcf, 0x11, 0xe0];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];

function startsWith(file: Buffer, bytes: number[]): boolean {
  return bytes.every((byte, i) => file[i] === byte);
}

/**
 * The text of a CSV file. Excel saves "CSV UTF-8" with a byte-order mark, plain "CSV" in Windows-1252 and
 * "Unicode text" in UTF-16 with a mark; a file that is valid UTF-8 is read as UTF-8, any other as
 * Windows-1252 (whose every byte is a character, so the check for binary files comes after).
 */
function csvText(file: Buffer, fileName: string): string {
  if (startsWith(file, OLD_EXCEL)) {
    // Excel saves a workbook protected by a password in the old compound file, whatever its name.
    throw new SpreadsheetError(
      /\.xlsx$/i.test(fileName)
        ? 'This workbook is protected by a password: remove the password in Excel, save it and try again'
        : 'This is an Excel 97–2003 workbook (.xls): save it as .xlsx or CSV and try again',
    );
  }
  if (startsWith(file, UTF16LE_BOM)) return new TextDecoder('utf-16le').decode(file.subarray(UTF16LE_BOM.length));
  const body = startsWith(file, UTF8_BOM) ? file.subarray(UTF8_BOM.length) : file;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    text = new TextDecoder('windows-1252').decode(body);
  }
  if (isNotCsv(text)) throw new SpreadsheetError(NOT_A_SPREADSHEET);
  return text;
}

/**
 * Text files hold no control characters but tab and line breaks; images, PDFs and other binary files
 * hold many within their first few kilobytes. Web pages and XML (some systems' "Excel" exports) are text
 * but not rows of cells.
 */
function isNotCsv(text: string): boolean {
  const start = text.slice(0, 8192);
  // eslint-disable-next-line no-control-regex
  return start.startsWith('%PDF-') || /[\u0000-\u0008\u000e-\u001f]/.test(start) || /^\s*<(!doctype|html|table|\?xml)/i.test(start);
}

/** The delimiter the heading line uses most: comma, or the semicolon or tab some locales' Excel writes. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best)).d;
}

/** Text handed to the CSV parser at a time: it parses what it is given at once. */
const CSV_INPUT_SLICE = 128 * 1024;

async function csvRows(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  // Rows may be shorter or longer than the heading; a stray quote inside a field is kept as typed.
  const parser = parse({ delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true });
  let failure: unknown;
  const readRows = () => {
    for (let record: string[] | null; (record = parser.read() as string[] | null) !== null; ) rows.push(record);
  };
  parser.on('readable', readRows);
  parser.on('error', (error) => (failure ??= error));
  for (let at = 0; at < text.length && failure === undefined && rows.length <= MAX_IMPORT_ROWS + 1; at += CSV_INPUT_SLICE) {
    parser.write(text.slice(at, at + CSV_INPUT_SLICE));
    await letOthersIn();
  }
  if (failure === undefined && rows.length <= MAX_IMPORT_ROWS + 1) {
    await new Promise<void>((resolve) => parser.end(resolve));
    // The last row is parsed as the input ends: read it now rather than at the next 'readable'.
    readRows();
  }
  if (failure instanceof CsvError) throw new SpreadsheetError(`The CSV file cannot be read: ${failure.message}`);
  if (failure !== undefined) throw failure;
  if (rows.length > MAX_IMPORT_ROWS + 1) throw new SpreadsheetError(TOO_MANY_ROWS);
  return rows;
}

/** The worker's file: beside this one, as a source under tsx and Vitest, or as built beside the server's bundle. */
const WORKBOOK_WORKER = new URL(`./workbook-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'mjs'}`, import.meta.url);

/** A workbook's sheet as text, read in a worker thread (workbook-worker.ts), its rows received a slice at a time. */
function xlsxRows(file: Buffer, sheetName: string | undefined): Promise<string[][]> {
  // A copy of the upload, handed over whole: the worker reads it while this thread answers everyone else.
  const copy = new Uint8Array(file);
  const job: WorkbookJob = { file: copy, sheetName, limit: MAX_UNPACKED_BYTES };
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    const worker = new Worker(WORKBOOK_WORKER, { workerData: { [WORKBOOK_JOB]: job }, transferList: [copy.buffer] });
    worker.on('message', (message: WorkbookMessage) => {
      if ('rows' in message) {
        for (const row of message.rows) rows.push(row);
        return;
      }
      void worker.terminate();
      if ('done' in message) resolve(rows);
      else reject(new SpreadsheetError(message.refused));
    });
    // The reader itself failing (out of memory on a hostile file) is the file's doing, said as such.
    worker.on('error', () => reject(new SpreadsheetError(NOT_A_SPREADSHEET)));
    worker.on('exit', () => reject(new SpreadsheetError(NOT_A_SPREADSHEET)));
  });
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The first row that holds something is the headings (a sheet may start lower down, as at B3). */
function sheetOf(rows: string[][]): Sheet {
  const headingIndex = rows.findIndex((cells) => !isBlank(cells));
  if (headingIndex < 0) throw new SpreadsheetError('The file is empty');
  const headers = rows[headingIndex]!.map((heading) => heading.trim());
  if (headers.every((heading) => heading === '' || /^[\d\s.,/:£$€+-]+$/.test(heading))) {
    throw new SpreadsheetError(`Row ${headingIndex + 1} holds numbers or dates: the first row must hold the column headings`);
  }
  const sheet: Sheet = { headers, rows: [] };
  rows.forEach((cells, i) => {
    if (i <= headingIndex || isBlank(cells)) return;
    // Rows are numbered from 1, as Excel shows them. A line break within a cell is a line feed in Excel,
    // whatever ends the file's lines.
    sheet.rows.push({ rowNumber: i + 1, cells: headers.map((_, column) => (cells[column] ?? '').replace(/\r\n?/g, '\n')) });
  });
  if (!sheet.rows.length) throw new SpreadsheetError('The file has column headings but no rows below them');
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw new SpreadsheetError(TOO_MANY_ROWS);
  return sheet;
}
