import { describe, expect, it } from 'vitest';
import { toCsv } from '@/shared/csv';
import { reportCsvRows } from './report-csv';
import { REPORT } from './report.test-fixture';

const reportCsv = (report: typeof REPORT) => toCsv(reportCsvRows(report));

describe('the report CSV', () => {
  const lines = reportCsv(REPORT).split('\r\n');

  it('has a header row naming the breakdown', () => {
    expect(lines[0]).toBe('Year,Month,Deprivation Category,Service,Hours');
  });

  it('has one row per year, month, group and service, hours to 2 decimals, nothing for empty months', () => {
    expect(lines.slice(1)).toEqual([
      '2025,March,Both,Personal Care,20.10',
      '2025,March,Both,Domestic,10.02',
      '2026,January,None,"Meal Prep, Hot",4.01',
      '',
    ]);
  });

  it('adds up to each year total of the response, within the rounding of its cells', () => {
    for (const year of REPORT.years) {
      const rows = lines.slice(1, -1).filter((line) => line.startsWith(`${year.year},`));
      const sum = rows.reduce((total, line) => total + Number(line.split(',').at(-1)), 0);
      expect(Math.abs(sum - year.totalHours)).toBeLessThanOrEqual(0.005 * rows.length + 1e-9);
    }
  });

  it('keeps a name a spreadsheet would run as a formula as text', () => {
    const report = structuredClone(REPORT);
    report.years[0]!.months[2]!.groups[0]!.name = '=HYPERLINK("x")';
    expect(reportCsv(report).split('\r\n')[1]).toBe(`2025,March,"'=HYPERLINK(""x"")",Personal Care,20.10`);
  });
});
