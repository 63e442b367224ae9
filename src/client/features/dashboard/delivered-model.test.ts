import { describe, expect, it } from 'vitest';
import { REPORT } from './delivered.test-fixture';
import { carerLabel, deliveredCsvRows, deliveredFileName } from './delivered-model';
import { deliveredSheets, visitsSheet } from './delivered-xlsx';

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

  it('puts each month’s visits in the workbook: in all, by locality and by carer', () => {
    const measures = { planned: 12, recorded: 12, missed: 1, late: 1, clients: 2, carersPerClient: 1.5 };
    const sheet = visitsSheet([
      {
        month: '2025-03',
        countedTo: '2025-03-31',
        all: measures,
        localities: [{ name: 'Milverton', ...measures, carersPerClient: null }],
        carers: [{ carerId: 'mone', name: '', ...measures }],
      },
    ]);
    expect(sheet.name).toBe('Visits');
    expect(sheet.rows).toEqual([
      ['March 2025', 'All', '', 12, 12, 1, 1, 2, 1.5],
      ['March 2025', 'Locality', 'Milverton', 12, 12, 1, 1, 2, ''],
      ['March 2025', 'Carer', 'MP (name not shown)', 12, 12, 1, 1, 2, 1.5],
    ]);
  });
});
