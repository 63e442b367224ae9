import { strToU8, zipSync } from 'fflate';
import type { HoursReport } from './report-model';
import { HOURS_COLUMN, reportColumns, reportRows } from './report-table';

/**
 * The report as an Excel workbook, written as SpreadsheetML by hand and zipped: a "Report" sheet with
 * the tidy table and a "Summary" sheet with each year's total. This module is loaded only when someone
 * downloads a workbook.
 */

type Cell = string | number;

export interface Sheet {
  name: string;
  columns: { header: string; width: number; hours?: boolean }[];
  rows: Cell[][];
}

/** Cell styles in styles.xml: 0 plain, 1 bold heading, 2 hours to 2 decimals (built-in format 2, "0.00"). */
const STYLE = { plain: 0, heading: 1, hours: 2 } as const;

const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

export function xmlText(value: string): string {
  return (
    value
      // Control characters are not allowed in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
  );
}

/** A, B, … Z, AA, AB, … */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(value: Cell, ref: string, style: number): string {
  const s = style === STYLE.plain ? '' : ` s="${style}"`;
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

function sheetXml({ columns, rows }: Sheet): string {
  const rowXml = (cells: Cell[], r: number, styleOf: (column: number) => number) =>
    `<row r="${r}">${cells.map((value, c) => cellXml(value, `${columnLetter(c)}${r}`, styleOf(c))).join('')}</row>`;
  const header = rowXml(
    columns.map((c) => c.header),
    1,
    () => STYLE.heading,
  );
  const body = rows.map((cells, i) => rowXml(cells, i + 2, (c) => (columns[c]?.hours ? STYLE.hours : STYLE.plain)));
  const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  // The heading row stays in view while scrolling.
  const frozenHeading = '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${frozenHeading}<cols>${widths}</cols><sheetData>${header}${body.join('')}</sheetData></worksheet>`;
}

/** The parts of a minimal .xlsx package with the given sheets. */
function workbookParts(sheets: Sheet[]): Record<string, string> {
  const ns = 'http://schemas.openxmlformats.org';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
      .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
      .join('')}</Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>${sheets
      .map((sheet, i) => `<sheet name="${xmlText(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${ns}/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}<Relationship Id="rId${sheets.length + 1}" Type="${ns}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': STYLES_XML,
  };
  sheets.forEach((sheet, i) => (parts[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheet)));
  return parts;
}

/** Year, Month, the breakdown, Service and Hours, in characters. */
const REPORT_COLUMN_WIDTHS = [8, 12, 22, 22, 10];

/** The report's sheets. Hours keep their full value, shown to 2 decimals, so sums in Excel match the totals. */
export function reportSheets(report: HoursReport): Sheet[] {
  return [
    {
      name: 'Report',
      columns: reportColumns(report).map((header, i) => ({ header, width: REPORT_COLUMN_WIDTHS[i] ?? 12, hours: header === HOURS_COLUMN })),
      rows: reportRows(report).map((row) => [row.year, row.month, row.group, row.service, row.hours]),
    },
    {
      name: 'Summary',
      columns: [
        { header: 'Year', width: 8 },
        { header: 'Total Hours', width: 14, hours: true },
      ],
      rows: report.years.map((y) => [y.year, y.totalHours]),
    },
  ];
}

/** A workbook of the given sheets, zipped. */
export function sheetsXlsxBytes(sheets: Sheet[]): Uint8Array<ArrayBuffer> {
  const parts = workbookParts(sheets);
  // fflate writes into an ordinary ArrayBuffer, never a shared one.
  return zipSync(Object.fromEntries(Object.entries(parts).map(([path, xml]) => [path, strToU8(xml)]))) as Uint8Array<ArrayBuffer>;
}

export function sheetsXlsx(sheets: Sheet[]): Blob {
  return new Blob([sheetsXlsxBytes(sheets)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The workbook's zipped bytes. */
export function reportXlsxBytes(report: HoursReport): Uint8Array<ArrayBuffer> {
  return sheetsXlsxBytes(reportSheets(report));
}

export function reportXlsx(report: HoursReport): Blob {
  return sheetsXlsx(reportSheets(report));
}
