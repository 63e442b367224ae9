import { monthName } from '@/shared/dates';
import { type HoursReport, REPORT_BREAKDOWNS } from './report-model';

/** One line of the exported table: the hours of one service in one locality or category in one month. */
export interface ReportRow {
  year: number;
  month: string;
  group: string;
  service: string;
  hours: number;
}

export const HOURS_COLUMN = 'Hours';

/** The exported table's headings; the third names the breakdown, e.g. "Locality". */
export function reportColumns(report: HoursReport): string[] {
  return ['Year', 'Month', REPORT_BREAKDOWNS[report.choice.breakdown].group, 'Service', HOURS_COLUMN];
}

/**
 * The report as one tidy table (no subtotals), for sorting and pivoting in a spreadsheet. Months and
 * groups with no hours have no rows.
 */
export function reportRows(report: HoursReport): ReportRow[] {
  return report.years.flatMap(({ year, months }) =>
    months.flatMap(({ month, groups }) =>
      groups.flatMap((group) =>
        group.services.map((service) => ({ year, month: monthName(month), group: group.name, service: service.name, hours: service.totalHours })),
      ),
    ),
  );
}
