import { asc } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { ATTENDANCE_ALLOWANCE_LABELS, type AttendanceAllowance } from '@/shared/constants';
import { CARER_KIND_LABELS, carerKindOf } from '@/shared/carer-kind';
import { OPEN } from '@/shared/dates';
import { WORKBOOK_SHEETS } from '@/shared/import-api';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { deliveryMonths } from '@/server/db/schema/deliveries';
import { carerNamesOf } from '@/server/records/carer-names';
import { type CarerMonthDriving, drivingByCarerMonth } from '@/server/records/month-driving';
import { mileageRow } from '@/server/records/recording-start';
import { exportAll, type ExportBundle } from './export';
import { type ImportField, type SpreadsheetType, workbookFields } from './spreadsheet-columns';

// "Export all data" as a workbook: a sheet a kind, headings in words, dates as dates. The sheets of clients, MPs,
// volunteers and training records have the headings an import reads, so each imports back (the Import screen
// reads the sheet named for the kind it is told).

type Cell = string | number | Date | null;

interface Column<R> {
  heading: string;
  cell: (record: R) => Cell;
  /** Excel's number format, where the sheet's date format is not the one (a month). */
  format?: string;
}

/** A calendar date as Excel keeps one: a day, no time of day or zone (read back as midnight UTC). */
function dateCell(isoDate: string | null | undefined): Date | null {
  return isoDate && isoDate !== OPEN ? new Date(`${isoDate}T00:00:00Z`) : null;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const list = (values: readonly string[]) => values.join(', ');

/** The value at a dotted path of a record. */
function valueAt(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

/** A field an import reads, written as the import reads it back. */
function importColumn(field: ImportField): Column<unknown> {
  const cell = (record: unknown): Cell => {
    // A training record's owner: the id in one column, the name the record carries in the other.
    const value = field.name === 'ownerName' ? valueAt(record, 'details.name') : valueAt(record, field.path);
    switch (field.kind) {
      case 'date':
        return dateCell(value as string);
      case 'number':
        return typeof value === 'number' ? value : null;
      case 'yesNo':
        return yesNo(value === true);
      case 'archived':
        return yesNo(value === 'Y');
      case 'services':
        return list(value as string[]);
      case 'attendanceAllowance':
        return ATTENDANCE_ALLOWANCE_LABELS[value as AttendanceAllowance];
      case 'noteList':
        return (value as { date: string; note: string }[]).map((note) => `${note.date}: ${note.note}`).join('\n');
      default:
        return typeof value === 'string' ? value : '';
    }
  };
  return { heading: field.label, cell };
}

const importColumns = (type: SpreadsheetType) => workbookFields(type).map(importColumn);

type Of<K extends keyof ExportBundle> = ExportBundle[K][number];

/** What a request and a package both have: when it runs, its hours, services, post code and notes. */
interface CareItem {
  startDate: string;
  endDate: string;
  details: { weeklyHours: number; services: readonly string[]; address: { postCode: string }; notes: string };
}

function careColumns<R extends CareItem>(): Column<R>[] {
  return [
    { heading: 'Start date', cell: (c) => dateCell(c.startDate) },
    { heading: 'End date', cell: (c) => dateCell(c.endDate) },
    { heading: 'Weekly hours', cell: (c) => c.details.weeklyHours },
    { heading: 'Services', cell: (c) => list(c.details.services) },
    { heading: 'Post code', cell: (c) => c.details.address.postCode },
    { heading: 'Notes', cell: (c) => c.details.notes },
  ];
}

const REQUEST_COLUMNS: Column<Of<'requests'>>[] = [
  { heading: 'Request ID', cell: (r) => r.id },
  { heading: 'Client ID', cell: (r) => r.clientId },
  { heading: 'Client', cell: (r) => r.details.name },
  { heading: 'Type', cell: (r) => (r.requestType === 'paid' ? 'Paid' : 'Unpaid') },
  { heading: 'Status', cell: (r) => (r.details.status === 'urgent' ? 'Urgent' : 'Pending') },
  ...careColumns<Of<'requests'>>(),
  { heading: 'Archived', cell: (r) => yesNo(r.archived === 'Y') },
];

const PACKAGE_COLUMNS: Column<Of<'packages'>>[] = [
  { heading: 'Package ID', cell: (p) => p.id },
  { heading: 'Request ID', cell: (p) => p.requestId },
  { heading: 'Client', cell: (p) => p.details.name },
  { heading: 'Carer ID', cell: (p) => p.carerId },
  ...careColumns<Of<'packages'>>(),
  { heading: 'Given to a carer not compliant because', cell: (p) => p.complianceOverride?.reason ?? '' },
  { heading: 'Archived', cell: (p) => yesNo(p.archived === 'Y') },
];

const MAG_LOG_COLUMNS: Column<Of<'magLogs'>>[] = [
  { heading: 'MAG log ID', cell: (g) => g.id },
  { heading: 'Date', cell: (g) => dateCell(g.date) },
  { heading: 'Clients', cell: (g) => list(g.clients.map((a) => a.name ?? a.id)) },
  { heading: 'MPs', cell: (g) => list(g.mps.map((a) => a.name ?? a.id)) },
  { heading: 'Volunteers', cell: (g) => list(g.volunteers.map((a) => a.name ?? a.id)) },
  { heading: 'Total clients', cell: (g) => g.details.totalClients },
  { heading: 'Total family', cell: (g) => g.details.totalFamily },
  { heading: 'Total volunteers', cell: (g) => g.details.totalVolunteers },
  { heading: 'Total MPs', cell: (g) => g.details.totalMps },
  { heading: 'Other attendees', cell: (g) => g.details.otherAttendees },
  { heading: 'Notes', cell: (g) => g.details.notes },
  { heading: 'Archived', cell: (g) => yesNo(g.archived === 'Y') },
];

type MonthRow = typeof deliveryMonths.$inferSelect & { client: string };

// A month a package and carer (the carer who gave the care), as the reports and funders read delivered care: a few years of daily entries would pass
// Excel's 1,048,576 rows at a few thousand packages. The day by day stays on the timesheet.
const DELIVERED_MONTH_COLUMNS: Column<MonthRow>[] = [
  { heading: 'Month', cell: (m) => dateCell(m.month), format: 'mmmm yyyy' },
  { heading: 'Package ID', cell: (m) => m.packageId },
  { heading: 'Client', cell: (m) => m.client },
  { heading: 'Carer ID', cell: (m) => m.carerId },
  { heading: 'Hours delivered', cell: (m) => Number(m.hours) },
  { heading: 'Visits missed', cell: (m) => m.missed },
  { heading: 'Days recorded', cell: (m) => m.entries },
];

type MileageRow = CarerMonthDriving & { carerName: string; pencePerMile: number };

/** Each carer's estimated driving a month, as on their statement; a volunteer's mileage claim at the charity's rate. */
const MILEAGE_COLUMNS: Column<MileageRow>[] = [
  { heading: 'Month', cell: (m) => dateCell(`${m.month}-01`), format: 'mmmm yyyy' },
  { heading: 'Carer ID', cell: (m) => m.carerId },
  { heading: 'Carer', cell: (m) => m.carerName },
  { heading: 'Kind', cell: (m) => CARER_KIND_LABELS[carerKindOf(m.carerId) ?? 'mp'] },
  { heading: 'Days of care', cell: (m) => ('days' in m.driving ? m.driving.days : null) },
  { heading: 'Miles (estimated)', cell: (m) => ('miles' in m.driving ? Math.round(m.driving.miles * 10) / 10 : null) },
  { heading: 'Minutes driving (estimated)', cell: (m) => ('minutes' in m.driving ? Math.round(m.driving.minutes) : null) },
  { heading: 'Pence a mile', cell: (m) => (claimOf(m) === null ? null : m.pencePerMile) },
  { heading: 'Mileage claim (£)', cell: claimOf },
  { heading: 'Driving from', cell: (m) => ('source' in m.driving ? (m.driving.source === 'roads' ? 'Road times' : 'Post codes (estimate)') : '') },
  {
    heading: 'Left out',
    cell: (m) => ('notEstimated' in m.driving ? m.driving.notEstimated : m.driving.unmapped.length ? `No map position for ${m.driving.unmapped.join(', ')}` : ''),
  },
];

/** A volunteer's claim, in pounds, worked out as their statement does; none for an MP or where driving is not estimated. */
function claimOf(m: MileageRow): number | null {
  return carerKindOf(m.carerId) === 'volunteer' && 'miles' in m.driving ? Math.round(m.driving.miles * m.pencePerMile) / 100 : null;
}

/** A cell in its own number format, where it has one. */
function formatted(value: Cell, format: string | undefined) {
  return format && value instanceof Date ? { value, format } : value;
}

/** A sheet: its headings in bold, a row a record, the headings kept in view as it scrolls. */
function sheetOf<R>(sheet: string, columns: Column<R>[], records: readonly R[]) {
  return {
    sheet,
    stickyRowsCount: 1,
    dateFormat: 'dd/mm/yyyy',
    data: [columns.map((c) => ({ value: c.heading, fontWeight: 'bold' as const })), ...records.map((record) => columns.map((c) => formatted(c.cell(record), c.format)))],
  };
}

/**
 * Every record as a workbook (an .xlsx file's bytes), and how many records of each kind it holds; the carers' driving
 * by road where the charity runs a routing engine (`routingUrl`), as their statements give it.
 */
export async function exportWorkbook(db: Executor, { routingUrl }: { routingUrl?: string } = {}): Promise<{ workbook: Buffer; counts: Record<string, number> }> {
  const bundle = await exportAll(db);
  const packageOf = new Map(bundle.packages.map((p) => [p.id, p]));
  const months = (
    await selectRowsAsJson(db, deliveryMonths, undefined, [asc(deliveryMonths.month), asc(deliveryMonths.packageId), asc(deliveryMonths.carerId)])
  ).map((m) => ({ ...m, client: packageOf.get(m.packageId)?.details.name ?? '' }));
  const [driving, { pencePerMile }] = await Promise.all([drivingByCarerMonth(db, routingUrl), mileageRow.read(db)]);
  const carerNames = await carerNamesOf(db, driving.map((row) => row.carerId));
  const mileage = driving.map((row) => ({ ...row, carerName: carerNames.get(row.carerId) ?? '', pencePerMile }));
  const sheets = [
    sheetOf(WORKBOOK_SHEETS.clients, importColumns('clients'), bundle.clients),
    sheetOf(WORKBOOK_SHEETS.mps, importColumns('mps'), bundle.mps),
    sheetOf(WORKBOOK_SHEETS.volunteers, importColumns('volunteers'), bundle.volunteers),
    sheetOf('Requests', REQUEST_COLUMNS, bundle.requests),
    sheetOf('Packages', PACKAGE_COLUMNS, bundle.packages),
    sheetOf(WORKBOOK_SHEETS['training-records'], importColumns('training-records'), bundle.trainingRecords),
    sheetOf('MAG logs', MAG_LOG_COLUMNS, bundle.magLogs),
    sheetOf('Delivered care', DELIVERED_MONTH_COLUMNS, months),
    sheetOf('Mileage', MILEAGE_COLUMNS, mileage),
  ];
  const counts = Object.fromEntries(sheets.map((s) => [s.sheet, s.data.length - 1]));
  return { workbook: await writeExcelFile(sheets).toBuffer(), counts };
}
