import type { z } from 'zod';
import { ATTENDANCE_ALLOWANCE, ATTENDANCE_ALLOWANCE_LABELS, LOCALITIES, SERVICES, TRAINING_TYPES } from '@/shared/constants';
import { textOfSpreadsheetCell } from '@/shared/csv';
import { isIsoDate } from '@/shared/dates';
import { tidyCapitals } from '@/shared/names';
import { optionalDate } from '@/shared/schemas/common';
import { trainingRecordId, trainingRecordInput, type TrainingRecordData } from '@/shared/schemas/compliance';
import { carerInput, clientId, clientInput, type CarerData, type ClientData, mpId, volunteerId } from '@/shared/schemas/people';
import { SpreadsheetError, type Sheet } from './spreadsheet';
import { comparable, IMPORT_FIELDS, REQUIRED_COLUMNS, type CellKind, type ImportField, type Mapping, type SpreadsheetType } from './spreadsheet-columns';

/** Something about one cell (or, at row 1 with no column, about the whole sheet). */
export interface SheetProblem {
  row: number;
  column: string;
  message: string;
}

interface RecordOf {
  clients: ClientData;
  mps: CarerData;
  volunteers: CarerData;
  'training-records': TrainingRecordData;
}

/** The forms' schemas, with the id a workbook of "Export all data" gives each record (Valecare ID). */
const SCHEMAS = {
  clients: clientInput.extend({ id: clientId.optional() }),
  mps: carerInput.extend({ id: mpId.optional() }),
  volunteers: carerInput.extend({ id: volunteerId.optional() }),
  // A new record needs its expiry date, as the form does; one exported from here (with its id) comes back as stored.
  'training-records': trainingRecordInput.extend({ id: trainingRecordId.optional(), expiryDate: optionalDate }).superRefine((record, ctx) => {
    if (!record.id && !record.expiryDate) ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date is required' });
  }),
} satisfies Record<
  SpreadsheetType,
  z.ZodType
>;

export interface SheetOptions {
  /** The date of the note a Notes column becomes (a client's or carer's notes are dated). */
  today: string;
  /** The MPs and volunteers a training record's row may name, by id or by name; needed for training records. */
  owners?: readonly { id: string; name: string }[];
  /** A person's name with tidy capitals ("margaret SMITH" → "Margaret Smith"). */
  tidyCapitals?: boolean;
}

export interface SheetRecords<R> {
  /** Each row without problems as its record in the spec's shape, without an id, validated and with defaults. */
  records: { row: number; record: R }[];
  /** Rows that cannot be imported, each naming its row and the column heading. */
  problems: SheetProblem[];
  /** The rows with problems, each as far as it could be read (unchecked), for the preview to show. */
  rejected: { row: number; record: Record<string, unknown> }[];
  /** What was imported other than as written: a locality, service or training type not in the lists became Other. */
  warnings: SheetProblem[];
}

/** Paths that several columns may fill, joined with these; always set, so a blank name reads "Name is required". */
const JOINED_PATHS: Record<string, string> = { 'details.name': ' ', 'details.address.streetAddress': ', ' };

/** What each type's record holds before any cell is read: the address a post code goes into. */
const EMPTY_RECORD: Record<SpreadsheetType, () => Record<string, unknown>> = {
  clients: () => ({ details: { address: {} } }),
  mps: () => ({ details: { address: {} } }),
  volunteers: () => ({ details: { address: {} } }),
  'training-records': () => ({ details: {} }),
};

type Value = { value: unknown; warning?: string };
type Reading = Value | { problem: string };
type Owners = ReturnType<typeof ownerIndex>;

/**
 * The records a sheet holds, read through `mapping` (see suggestMapping) and checked with the schemas the
 * forms and the API use. A sheet without a column for a required field gives one problem and no records.
 */
export function sheetToRecords<T extends SpreadsheetType>(type: T, sheet: Sheet, mapping: Mapping, options: SheetOptions): SheetRecords<RecordOf[T]> {
  const columns = mappedColumns(type, sheet, mapping);
  const missing = REQUIRED_COLUMNS[type].filter((required) => required.anyOf.every((name) => !columns.has(name)));
  if (missing.length) {
    return { records: [], warnings: [], rejected: [], problems: missing.map((m) => ({ row: 1, column: '', message: `No column is chosen for ${m.label}` })) };
  }
  if (type === 'training-records' && !options.owners) throw new Error('Training records need the owners they may name');
  const owners = ownerIndex(options.owners ?? []);
  const groups = pathGroups(IMPORT_FIELDS[type].filter((f) => columns.has(f.name)));
  const columnsOf = (path: string) => (groups.get(path) ?? []).map((f) => columns.get(f.name)!).sort((a, b) => a - b);
  const headerOf = (path: string) => columnsOf(path).map((column) => sheet.headers[column]).join(' / ');
  /** Where a path's problem goes among a row's: left to right, as the columns are. */
  const positionOf = (path: string | undefined) => (path === undefined ? Infinity : columnsOf(path)[0]!);

  const result: SheetRecords<RecordOf[T]> = { records: [], problems: [], rejected: [], warnings: [] };
  for (const { rowNumber, cells } of sheet.rows) {
    const record = EMPTY_RECORD[type]();
    const rowProblems: { path: string | undefined; message: string }[] = [];
    for (const [path, fields] of groups) {
      const reading = readGroup(fields, (f) => cellText(cells[columns.get(f.name)!]!), options.today, owners);
      if (!reading) continue;
      if ('problem' in reading) {
        rowProblems.push({ path, message: reading.problem });
        continue;
      }
      if (reading.warning) result.warnings.push({ row: rowNumber, column: headerOf(path), message: reading.warning });
      setPath(record, path, reading.value);
    }
    const details = record.details as { name?: unknown };
    if (options.tidyCapitals && type !== 'training-records' && typeof details.name === 'string') details.name = tidyCapitals(details.name);
    const parsed = SCHEMAS[type].safeParse(record);
    if (parsed.success && !rowProblems.length) result.records.push({ row: rowNumber, record: parsed.data as RecordOf[T] });
    else result.rejected.push({ row: rowNumber, record });
    const unreadable = new Set(rowProblems.map((p) => p.path));
    for (const issue of parsed.error?.issues ?? []) {
      const path = fieldPathOf(issue.path, groups);
      // A cell that could not be read already has its problem; the schema would only add "required".
      if (!unreadable.has(path)) rowProblems.push({ path, message: issue.message });
    }
    rowProblems.sort((a, b) => positionOf(a.path) - positionOf(b.path));
    result.problems.push(...rowProblems.map(({ path, message }) => ({ row: rowNumber, column: path === undefined ? '' : headerOf(path), message })));
  }
  return result;
}

/**
 * A cell's text as typed: trimmed, and without the apostrophe the product's CSV files put before text a
 * spreadsheet would run as a formula, so a file it wrote imports back as it was.
 */
function cellText(cell: string): string {
  return textOfSpreadsheetCell(cell.trim());
}

/** The column of each mapped field, after checking the mapping names this type's fields and this sheet's columns. */
function mappedColumns(type: SpreadsheetType, sheet: Sheet, mapping: Mapping): Map<string, number> {
  const names = new Set(IMPORT_FIELDS[type].map((f) => f.name));
  const columns = new Map<string, number>();
  for (const [name, index] of Object.entries(mapping)) {
    if (!names.has(name)) throw new SpreadsheetError(`${name} is not a field of ${type}`);
    if (index === null || index === undefined) continue;
    if (!Number.isInteger(index) || index < 0 || index >= sheet.headers.length) throw new SpreadsheetError(`The file has no column ${index + 1}`);
    columns.set(name, index);
  }
  return columns;
}

/** The mapped fields by the path they fill, in the order they are joined (first name before surname). */
function pathGroups(fields: readonly ImportField[]): Map<string, ImportField[]> {
  const groups = new Map<string, ImportField[]>();
  for (const f of fields) groups.set(f.path, [...(groups.get(f.path) ?? []), f]);
  return groups;
}

/** The path of the field an issue is about: the longest field path the issue's path starts with. */
function fieldPathOf(issuePath: readonly PropertyKey[], groups: Map<string, ImportField[]>): string | undefined {
  const joined = issuePath.map(String).join('.');
  return [...groups.keys()].filter((path) => joined === path || joined.startsWith(`${path}.`)).sort((a, b) => b.length - a.length)[0];
}

function setPath(record: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let target = record;
  for (const key of keys) target = (target[key] ??= {}) as Record<string, unknown>;
  target[last] = value;
}

/** What the cells of the fields sharing one path give; undefined leaves the schema's default. */
function readGroup(fields: ImportField[], cellOf: (f: ImportField) => string, today: string, owners: Owners): Reading | undefined {
  const joinWith = JOINED_PATHS[fields[0]!.path];
  if (joinWith !== undefined) return { value: fields.map(cellOf).filter(Boolean).join(joinWith) };
  if (fields[0]!.kind === 'owner') {
    const cellNamed = (name: string) => {
      const f = fields.find((f) => f.name === name);
      return f ? cellOf(f) : '';
    };
    return readOwner(owners, cellNamed('ownerId'), cellNamed('ownerName'));
  }
  const cell = cellOf(fields[0]!);
  return cell ? readCell(fields[0]!.kind, cell, today) : undefined;
}

function readCell(kind: CellKind, cell: string, today: string): Reading {
  switch (kind) {
    case 'date':
      return readDate(cell);
    case 'number':
      return { value: readNumber(cell) };
    case 'yesNo':
    case 'archived': {
      const yes = readYesNo(cell);
      if (yes === undefined) return { problem: `Write Yes or No, not ${cell}` };
      return { value: kind === 'yesNo' ? yes : yes ? 'Y' : 'N' };
    }
    case 'services':
      return readServices(cell);
    case 'locality':
      return fromList(LOCALITIES, cell, 'a locality');
    case 'trainingType':
      return fromList(TRAINING_TYPES, cell, 'a training type');
    case 'attendanceAllowance':
      return { value: readAttendanceAllowance(cell) };
    case 'noteList':
      return { value: [{ date: today, note: cell }] };
    default:
      return { value: cell };
  }
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 1 to 12 for a month's name, its first three letters or "Sept"; 0 for anything else. */
function monthNumber(word: string): number {
  const w = word.toLowerCase();
  return MONTHS.findIndex((m) => w === m || w === m.slice(0, 3) || (m === 'september' && w === 'sept')) + 1;
}

/**
 * YYYY-MM-DD, the UK's DD/MM/YYYY (or with dots or dashes), "2 Mar 1940" as the lists show dates and
 * "2-Mar-1940" as Excel may. A two-digit year is refused rather than guessed: 01/02/30 could be a birth
 * in 1930 or an expiry in 2030.
 */
export function readDate(cell: string): Reading {
  let parts: [string, string, string] | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(cell);
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(cell);
  const words = /^(\d{1,2})[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4}|\d{2})$/i.exec(cell);
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!];
  else if (uk) parts = [uk[3]!, uk[2]!, uk[1]!];
  else if (words && monthNumber(words[2]!)) parts = [words[3]!, String(monthNumber(words[2]!)), words[1]!];
  if (parts?.[0].length === 2) return { problem: `Write the year of ${cell} in full, as DD/MM/YYYY` };
  if (!parts) return { problem: `${cell} is not a date: write dates as DD/MM/YYYY or YYYY-MM-DD` };
  const [year, month, day] = parts;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(date) ? { value: date } : { problem: `${cell} is not a real date` };
}

/**
 * A number as people write it in a sheet: "£1,250.50" is 1250.5. Anything else goes to the schema as
 * written, so its message ("Enter the donation amount as a number") is the one shown.
 */
function readNumber(cell: string): number | string {
  const plain = cell.replace(/[£,\s]/g, '');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : cell;
}

const YES = new Set(['y', 'yes', 'true', '1', 'x']);
const NO = new Set(['n', 'no', 'false', '0']);

function readYesNo(cell: string): boolean | undefined {
  const word = comparable(cell);
  return YES.has(word) ? true : NO.has(word) ? false : undefined;
}

/** A value from one of the spec's lists, however it is written; one not in the list becomes Other, with a warning. */
function fromList(list: readonly string[], cell: string, what: string): Value {
  const found = list.find((item) => comparable(item) === comparable(cell));
  return found ? { value: found } : { value: 'Other', warning: `${cell} is not ${what} in the list, so it was imported as Other` };
}

function readServices(cell: string): Reading {
  const readings = cell
    .split(/[,;/|\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => fromList(SERVICES, item, 'a service'));
  const warnings = readings.flatMap((r) => (r.warning ? [r.warning] : []));
  return { value: readings.map((r) => r.value), warning: warnings.join('; ') || undefined };
}

/** The stored value or the words the product shows for it ("Yes (low rate)"); anything else goes to the schema. */
function readAttendanceAllowance(cell: string): string {
  const word = comparable(cell);
  return ATTENDANCE_ALLOWANCE.find((value) => comparable(value) === word || comparable(ATTENDANCE_ALLOWANCE_LABELS[value]) === word || `${comparable(value)}rate` === word) ?? cell;
}

/** A name as compared when finding an owner: case and spacing ignored, letters and accents kept. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');

function ownerIndex(owners: readonly { id: string; name: string }[]) {
  const byName = new Map<string, string[]>();
  for (const owner of owners) byName.set(nameKey(owner.name), [...(byName.get(nameKey(owner.name)) ?? []), owner.id]);
  return { ids: new Set(owners.map((o) => o.id)), byName };
}

/** A training record's owner, by id when the row gives one, else by a name only one MP or volunteer has. */
function readOwner(owners: Owners, id: string, name: string): Reading {
  if (id) return owners.ids.has(id) ? { value: id } : { problem: `No MP or volunteer has the id ${id}` };
  if (!name) return { problem: 'MP or volunteer is required' };
  const found = owners.byName.get(nameKey(name)) ?? [];
  if (found.length === 1) return { value: found[0] };
  return { problem: found.length ? `${found.length} MPs and volunteers are called ${name}: give the id instead` : `No MP or volunteer is called ${name}` };
}
