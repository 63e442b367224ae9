import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { columnLetter, reportXlsxBytes, xmlText } from './report-xlsx';
import { REPORT } from './report.test-fixture';

const parts = unzipSync(reportXlsxBytes(REPORT));
const part = (path: string) => strFromU8(parts[path]!);

describe('the report workbook', () => {
  it('is a zip with the parts Excel needs', () => {
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
  });

  it('has a Report sheet and a Summary sheet', () => {
    expect(part('xl/workbook.xml')).toContain('<sheet name="Report" sheetId="1" r:id="rId1"/><sheet name="Summary" sheetId="2" r:id="rId2"/>');
  });

  it('holds the tidy table with numbers as numbers, hours shown to 2 decimals', () => {
    const sheet = part('xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<c r="C1" s="1" t="inlineStr"><is><t xml:space="preserve">Deprivation Category</t></is></c>');
    expect(sheet).toContain(
      '<row r="2"><c r="A2"><v>2025</v></c><c r="B2" t="inlineStr"><is><t xml:space="preserve">March</t></is></c><c r="C2" t="inlineStr"><is><t xml:space="preserve">Both</t></is></c><c r="D2" t="inlineStr"><is><t xml:space="preserve">Personal Care</t></is></c><c r="E2" s="2"><v>20.1</v></c></row>',
    );
    expect(sheet.match(/<row /g)).toHaveLength(4);
  });

  it('sums up each year on the Summary sheet', () => {
    const sheet = part('xl/worksheets/sheet2.xml');
    expect(sheet).toContain('<c r="A2"><v>2025</v></c><c r="B2" s="2"><v>30.123456</v></c>');
    expect(sheet).toContain('<c r="A3"><v>2026</v></c><c r="B3" s="2"><v>4.005</v></c>');
  });

  it('escapes text for XML and names columns as Excel does', () => {
    expect(xmlText('Tom & "Jerry" <3\u0001')).toBe('Tom &amp; &quot;Jerry&quot; &lt;3');
    expect([0, 4, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'E', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('reads back in another spreadsheet reader cell by cell', async () => {
    const sheets = await readXlsxFile(Buffer.from(reportXlsxBytes(REPORT)));
    expect(sheets).toEqual([
      {
        sheet: 'Report',
        data: [
          ['Year', 'Month', 'Deprivation Category', 'Service', 'Hours'],
          [2025, 'March', 'Both', 'Personal Care', 20.1],
          [2025, 'March', 'Both', 'Domestic', 10.023456],
          [2026, 'January', 'None', 'Meal Prep, Hot', 4.005],
        ],
      },
      {
        sheet: 'Summary',
        data: [
          ['Year', 'Total Hours'],
          [2025, 30.123456],
          [2026, 4.005],
        ],
      },
    ]);
  });
});
