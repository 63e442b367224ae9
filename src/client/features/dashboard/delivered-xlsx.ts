import { carerKindLabel } from '@/client/components/care/carer-label';
import { monthName } from '@/shared/dates';
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

export function deliveredXlsx(report: DeliveredReport): Blob {
  return sheetsXlsx(deliveredSheets(report));
}
