import { type HoursReport, reportHours } from './report-model';
import { reportColumns, reportRows } from './report-table';

/** A field as RFC 4180 writes it: quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text; names come from the
 * database, so they are not trusted to be harmless.
 */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Lines end CRLF, as RFC 4180 says. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The report's tidy table as CSV: a header row, then one row per year, month, group and service. */
export function reportCsv(report: HoursReport): string {
  const rows = reportRows(report).map((row) => [
    String(row.year),
    row.month,
    spreadsheetText(row.group),
    spreadsheetText(row.service),
    reportHours(row.hours),
  ]);
  return toCsv([reportColumns(report), ...rows]);
}
