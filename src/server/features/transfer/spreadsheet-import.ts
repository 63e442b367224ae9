import { asc } from 'drizzle-orm';
import { type ImportIssue, type PreviewRecord, SPREADSHEET_IMPORT_TYPES, type SheetColumns, WORKBOOK_SHEETS } from '@/shared/import-api';
import type { TransferKind } from '@/shared/schemas/transfer';
import { carers } from '@/server/db/schema/people';
import type { Executor } from '@/server/db/client';
import { ImportFileError, type ImportRecords } from './import-contract';
import { shownFields } from './import-preview';
import { letOthersIn, SLICE } from './slices';
import { readSpreadsheet, type Sheet, SpreadsheetError } from './spreadsheet';
import { IMPORT_FIELDS, type Mapping, type SpreadsheetType, suggestMapping } from './spreadsheet-columns';
import { type SheetRecords, sheetToRecords } from './spreadsheet-records';

/**
 * What a parser may look up: a spreadsheet names a training record's owner, who is found in the database,
 * and dates a Notes column with today.
 */
export interface ParseContext {
  db: Executor;
  today: string;
}

const SHEET_TYPE_OF: Partial<Record<TransferKind, SpreadsheetType>> = {
  clients: 'clients',
  mps: 'mps',
  volunteers: 'volunteers',
  trainingRecords: 'training-records',
};

/** A spreadsheet's records with where each came from, so the import's findings name its rows and columns. */
export interface SheetRead {
  kind: TransferKind;
  columns: SheetColumns;
  records: ImportRecords;
  /** Rows that cannot be records (the file then imports nothing, unless they are skipped). */
  problems: ImportIssue[];
  /** Those rows as the preview shows them, each a problem. */
  rejected: PreviewRecord[];
  warnings: ImportIssue[];
  /** Names a finding about the n-th record (1-based, as the import counts) by its row and column heading. */
  locate: (issue: ImportIssue) => ImportIssue;
  /** The row of the n-th record (1-based, as the import counts). */
  rowOf: (index: number) => number;
  /** "row 7": where the n-th record is, in the words of the sheet (ImportOptions.placeOf). */
  placeOf: (kind: TransferKind, index: number) => string;
}

/** How a spreadsheet is read, besides its columns. */
export interface SheetReading {
  /** The columns as the person chose them (field name → column index); else the ones the headings suggest. */
  mapping?: Mapping;
  /** "margaret SMITH" read as "Margaret Smith" (on unless turned off). */
  tidyCapitals?: boolean;
}

/** A sheet's rows read a slice at a time (slices.ts); a problem of the headings, found in every slice, is the whole sheet's. */
async function inSlices<R>(sheet: Sheet, read: (slice: Sheet) => SheetRecords<R>): Promise<SheetRecords<R>> {
  const all: SheetRecords<R> = { records: [], problems: [], rejected: [], warnings: [] };
  for (let start = 0; start < sheet.rows.length; start += SLICE) {
    if (start > 0) await letOthersIn();
    const part = read({ headers: sheet.headers, rows: sheet.rows.slice(start, start + SLICE) });
    if (part.problems.some((p) => p.row === 1)) return part;
    all.records.push(...part.records);
    all.problems.push(...part.problems);
    all.rejected.push(...part.rejected);
    all.warnings.push(...part.warnings);
  }
  return all;
}

async function carerNames(db: Executor) {
  return db.select({ id: carers.id, name: carers.name }).from(carers).orderBy(asc(carers.id));
}

/**
 * Reads a CSV or XLSX file of one kind of record with the columns chosen (or, first, the ones its headings
 * suggest), with the problems of rows that cannot be records, each naming its row and column; a file that
 * cannot be read at all is an ImportFileError.
 */
export async function readSheetRecords(
  content: Buffer,
  fileName: string,
  kind: TransferKind | undefined,
  context: ParseContext,
  { mapping: chosen, tidyCapitals = true }: SheetReading = {},
): Promise<SheetRead> {
  const type = kind && SHEET_TYPE_OF[kind];
  if (!kind || !type) {
    throw new ImportFileError(`A spreadsheet holds one kind of record: say which (${SPREADSHEET_IMPORT_TYPES.join(', ')}).`);
  }
  try {
    const sheet = await readSpreadsheet(content, fileName, WORKBOOK_SHEETS[type]);
    const suggested = suggestMapping(type, sheet.headers);
    const mapping = chosen ?? suggested.mapping;
    const owners = type === 'training-records' ? await carerNames(context.db) : undefined;
    const read = await inSlices(sheet, (slice) => sheetToRecords(type, slice, mapping, { today: context.today, owners, tidyCapitals }));
    const headerOf = (path: string) => {
      const field = IMPORT_FIELDS[type].find((f) => path === f.path || path.startsWith(`${f.path}.`));
      const column = field ? mapping[field.name] : undefined;
      return column === undefined || column === null ? path : (sheet.headers[column] ?? path);
    };
    const asIssue = ({ row, column, message }: { row: number; column: string; message: string }): ImportIssue => ({ kind, index: row, column, message });
    const rows = read.records.map(({ row }) => row);
    const rowOf = (index: number) => rows[index - 1] ?? index;
    return {
      kind,
      columns: {
        headers: sheet.headers,
        fields: IMPORT_FIELDS[type].map(({ name, label }) => ({ name, label })),
        mapping,
        unusedHeaders: suggested.unusedHeaders,
      },
      records: { [kind]: read.records.map(({ record }) => record) },
      problems: read.problems.map(asIssue),
      rejected: read.rejected.map(({ row, record }) => ({ kind, index: row, ...shownFields(record), outcome: 'problem' as const })),
      warnings: read.warnings.map(asIssue),
      locate: (issue) => (issue.kind === kind ? { ...issue, index: rowOf(issue.index), column: headerOf(issue.column) } : issue),
      rowOf,
      placeOf: (_kind, index) => `row ${rowOf(index)}`,
    };
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new ImportFileError(error.message);
    throw error;
  }
}
