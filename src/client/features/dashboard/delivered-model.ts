import type { RouterOutputs } from '@/browser/api-types';
import { carerKindLabel } from '@/client/components/care/carer-label';
import type { CsvCell } from '@/shared/csv';
import { monthName } from '@/shared/dates';
import { deliveryRateText } from '@/shared/deliveries';
import { csvHours } from '@/client/lib/format';
import { REPORT_BREAKDOWNS, type ReportBreakdown } from './report-model';

type Response = RouterOutputs['analytics']['getDeliveredReport'];
export type DeliveredYear = Response['years'][number];
export type DeliveredMonth = DeliveredYear['months'][number];
export type DeliveredPeriod = DeliveredYear | DeliveredMonth;
export type DeliveredCarer = DeliveredYear['carers'][number];

/** A delivered care report as the dialog shows and exports it. */
export interface DeliveredReport {
  choice: { breakdown: ReportBreakdown; startYear: number };
  /** The first month counted (YYYY-MM), or null while nothing is recorded. */
  recordedFrom: string | null;
  years: DeliveredYear[];
}

function lastYear(report: DeliveredReport): number {
  return report.years.at(-1)?.year ?? report.choice.startYear;
}

/** "Delivered Care Report (2025 - 2026)". */
export function deliveredHeading(report: DeliveredReport): string {
  return `Delivered Care Report (${report.choice.startYear} - ${lastYear(report)})`;
}

/** "delivered-care-report-locality-2025-2026.csv" */
export function deliveredFileName(report: DeliveredReport, extension: 'csv' | 'xlsx'): string {
  return `delivered-care-report-${REPORT_BREAKDOWNS[report.choice.breakdown].fileWord}-${report.choice.startYear}-${lastYear(report)}.${extension}`;
}

/** The carer's name, or what they are when the role may not read that kind of carer. */
export function carerLabel(carer: Pick<DeliveredCarer, 'carerId' | 'name'>): string {
  return carer.name || `${carerKindLabel(carer.carerId)} (name not shown)`;
}

/** One line of the exported table: one service in one group in one month. */
export interface DeliveredRow {
  year: number;
  month: string;
  group: string;
  service: string;
  plannedHours: number;
  deliveredHours: number;
  deliveryRate: number | null;
}

export function deliveredColumns(report: DeliveredReport): string[] {
  return ['Year', 'Month', REPORT_BREAKDOWNS[report.choice.breakdown].group, 'Service', 'Planned Hours', 'Delivered Hours', 'Delivery Rate'];
}

/** The report as one tidy table (no subtotals), as the hours reports export theirs; months with nothing have no rows. */
export function deliveredRows(report: DeliveredReport): DeliveredRow[] {
  return report.years.flatMap(({ year, months }) =>
    months.flatMap(({ month, groups }) =>
      groups.flatMap((group) =>
        group.services.map((service) => ({
          year,
          month: monthName(month),
          group: group.name,
          service: service.name,
          plannedHours: service.plannedHours,
          deliveredHours: service.deliveredHours,
          deliveryRate: service.deliveryRate,
        })),
      ),
    ),
  );
}

export function deliveredCsvRows(report: DeliveredReport): CsvCell[][] {
  const rows = deliveredRows(report).map((row) => [
    row.year,
    row.month,
    row.group,
    row.service,
    csvHours(row.plannedHours),
    csvHours(row.deliveredHours),
    row.deliveryRate === null ? '' : deliveryRateText(row.deliveryRate),
  ]);
  return [deliveredColumns(report), ...rows];
}
