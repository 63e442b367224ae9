/** A cell of a CSV file as the product holds it; a blank is written as nothing. */
export type CsvCell = string | number | null | undefined;

/** The byte-order mark that starts every CSV file the product writes: without it Excel reads UTF-8 as Windows-1252. */
export const CSV_BOM = '\uFEFF';

// What a spreadsheet may take as the start of a formula: OWASP's list (=, +, -, @, tab, carriage return), and the
// NUL character ASVS adds.
const FORMULA_START = /^[=+\-@\t\r\0]/;

// A whole cell that is a plain number, such as -3.5 hours, is only a number to a spreadsheet, so it is kept one.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula, prefixed with `'` so it is shown as the text it is. Cells come from
 * records anyone with edit rights can type into, so none is trusted to be harmless.
 */
function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text `spreadsheetText` was given: a CSV the product wrote reads back as it was. */
export function textOfSpreadsheetCell(cell: string): string {
  return cell.startsWith("'") && spreadsheetText(cell.slice(1)) === cell ? cell.slice(1) : cell;
}

/** A cell as RFC 4180 writes it, formula-like text neutralised: quoted when it holds a comma, quote or line break, quotes doubled. */
function csvField(cell: CsvCell): string {
  const text = spreadsheetText(cell == null ? '' : String(cell));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, every cell through `csvField`; lines end CRLF, as RFC 4180 says. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
