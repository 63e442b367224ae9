import type { RouterOutputs } from '@/browser/api-types';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { monthLabel, monthName } from '@/shared/dates';
import { carerLabel, deliveredColumns, type DeliveredReport, deliveredRows } from './delivered-model';
import { type Sheet, sheetsXlsx } from './report-xlsx';

/** A rate as a percentage to 2 decimals, or a blank cell when nothing was planned. */
const ratePercent = (rate: number | null) => (rate === null ? '' : rate * 100);

const FIGURE_COLUMNS = [
  { header: 'Planned Hours', width: 14, hours: true },
  { header: 'Delivered Hours', width: 15, hours: true },
  { header: 'Delivery Rate (%)', width: 16, hours: true },
  { header: 'Missed Visits', width: 13 },
];

/** A month's visit measures (analytics.getVisitMeasures), for the Visits sheet. */
export type MonthVisitMeasures = RouterOutputs['analytics']['getVisitMeasures'];

/** The months' visits, one row for all, each locality and each carer. */
export function visitsSheet(months: readonly MonthVisitMeasures[]): Sheet {
  const figures = (m: MonthVisitMeasures['all']) => [m.planned, m.recorded, m.missed, m.late, m.clients, m.carersPerClient ?? ''];
  return {
    name: 'Visits',
    columns: [
      { header: 'Month', width: 16 },
      { header: 'By', width: 10 },
      { header: 'Name', width: 26 },
      { header: 'Planned Visits', width: 14 },
      { header: 'Recorded Visits', width: 15 },
      { header: 'Missed Visits', width: 13 },
      { header: 'Late Visits', width: 11 },
      { header: 'Clients', width: 9 },
      { header: 'Carers a Client', width: 15, hours: true },
    ],
    rows: months.flatMap((m) => [
      [monthLabel(m.month), 'All', '', ...figures(m.all)],
      ...m.localities.map((l) => [monthLabel(m.month), 'Locality', l.name, ...figures(l)]),
      ...m.carers.map((c) => [monthLabel(m.month), 'Carer', carerLabel(c), ...figures(c)]),
    ]),
  };
}

/**
 * The delivered care report as a workbook: the tidy table by group and service, then each month's totals with
 * missed visits, then each carer's month. Loaded only when someone downloads it.
 */
export function deliveredSheets(report: DeliveredReport): Sheet[] {
  const columns = deliveredColumns(report);
  return [
    {
      name: 'Report',
      columns: columns.map((header, i) => ({ header: i === 6 ? 'Delivery Rate (%)' : header, width: [8, 12, 22, 22, 14, 15, 16][i]!, hours: i >= 4 })),
      rows: deliveredRows(report).map((row) => [row.year, row.month, row.group, row.service, row.plannedHours, row.deliveredHours, ratePercent(row.deliveryRate)]),
    },
    {
      name: 'Months',
      columns: [{ header: 'Year', width: 8 }, { header: 'Month', width: 12 }, ...FIGURE_COLUMNS],
      rows: report.years.flatMap(({ year, months }) =>
        months.map((m) => [year, monthName(m.month), m.plannedHours, m.deliveredHours, ratePercent(m.deliveryRate), m.missedVisits]),
      ),
    },
    {
      name: 'Carers',
      columns: [
        { header: 'Year', width: 8 },
        { header: 'Month', width: 12 },
        { header: 'Carer', width: 26 },
        { header: 'Kind', width: 10 },
        { header: 'Carer Id', width: 14 },
        ...FIGURE_COLUMNS,
      ],
      rows: report.years.flatMap(({ year, months }) =>
        months.flatMap((m) =>
          m.carers.map((c) => [year, monthName(m.month), carerLabel(c), carerKindLabel(c.carerId), c.carerId, c.plannedHours, c.deliveredHours, ratePercent(c.deliveryRate), c.missedVisits]),
        ),
      ),
    },
  ];
}

/** The workbook, with the months' visits as its last sheet. */
export function deliveredXlsx(report: DeliveredReport, visits: readonly MonthVisitMeasures[] = []): Blob {
  return sheetsXlsx([...deliveredSheets(report), visitsSheet(visits)]);
}
