import { describe, expect, it } from 'vitest';
import { carerLabel, deliveredCsvRows, deliveredFileName, type DeliveredReport, type DeliveredYear } from './delivered-model';
import { deliveredSheets } from './delivered-xlsx';

const figures = (plannedHours: number, deliveredHours: number) => ({ plannedHours, deliveredHours, deliveryRate: plannedHours > 0 ? deliveredHours / plannedHours : null });
const empty = { ...figures(0, 0), missedVisits: 0, services: [], groups: [], carers: [] };
const march = {
  month: 3,
  ...figures(21, 5.75),
  missedVisits: 1,
  services: [],
  groups: [
    { name: 'Wiveliscombe', ...figures(10, 2.25), missedVisits: 0, services: [{ name: 'Unspecified', ...figures(10, 2.25) }] },
    { name: 'Milverton', ...figures(11, 3.5), missedVisits: 1, services: [{ name: 'Personal Care', ...figures(5.5, 1.75) }, { name: 'Domestic', ...figures(5.5, 1.75) }] },
  ],
  carers: [
    { carerId: 'mone', name: '', ...figures(11, 3.5), missedVisits: 1 },
    { carerId: 'vone', name: 'Vera Lane', ...figures(10, 2.25), missedVisits: 0 },
  ],
};
const YEAR: DeliveredYear = { year: 2025, ...march, months: Array.from({ length: 12 }, (_, i) => (i === 2 ? march : { month: i + 1, ...empty })) };
const REPORT: DeliveredReport = { choice: { breakdown: 'locality', startYear: 2025 }, years: [YEAR] };

describe('the delivered care report’s exports', () => {
  it('writes the CSV as one tidy row per month, group and service, rates as percentages', () => {
    expect(deliveredFileName(REPORT, 'csv')).toBe('delivered-care-report-locality-2025-2025.csv');
    expect(deliveredCsvRows(REPORT)).toEqual([
      ['Year', 'Month', 'Locality', 'Service', 'Planned Hours', 'Delivered Hours', 'Delivery Rate'],
      [2025, 'March', 'Wiveliscombe', 'Unspecified', '10.00', '2.25', '22.5%'],
      [2025, 'March', 'Milverton', 'Personal Care', '5.50', '1.75', '31.8%'],
      [2025, 'March', 'Milverton', 'Domestic', '5.50', '1.75', '31.8%'],
    ]);
  });

  it('adds each month’s missed visits and each carer’s month to the workbook, an unnamed MP as such', () => {
    const [report, months, carers] = deliveredSheets(REPORT);
    expect(report!.rows).toHaveLength(3);
    expect(months!.rows).toHaveLength(12);
    expect(months!.rows[2]).toEqual([2025, 'March', 21, 5.75, (5.75 / 21) * 100, 1]);
    expect(months!.rows[3]).toEqual([2025, 'April', 0, 0, '', 0]);
    expect(carers!.rows).toEqual([
      [2025, 'March', 'MP (name not shown)', 'MP', 'mone', 11, 3.5, (3.5 / 11) * 100, 1],
      [2025, 'March', 'Vera Lane', 'Volunteer', 'vone', 10, 2.25, 22.5, 0],
    ]);
    expect(carerLabel({ carerId: 'vtwo', name: '' })).toBe('Volunteer (name not shown)');
  });
});
