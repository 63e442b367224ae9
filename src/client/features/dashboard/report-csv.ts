import type { CsvCell } from '@/shared/csv';
import { csvHours } from '@/client/lib/format';
import type { HoursReport } from './report-model';
import { reportColumns, reportRows } from './report-table';

/** The report's tidy table for its CSV: a header row, then one row per year, month, group and service. */
export function reportCsvRows(report: HoursReport): CsvCell[][] {
  const rows = reportRows(report).map((row) => [row.year, row.month, row.group, row.service, csvHours(row.hours)]);
  return [reportColumns(report), ...rows];
}
