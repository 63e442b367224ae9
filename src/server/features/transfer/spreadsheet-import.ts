import { asc } from 'drizzle-orm';
import { type ImportIssue, SPREADSHEET_IMPORT_TYPES, type SheetColumns } from '@/shared/import-api';
import type { TransferKind } from '@/shared/schemas/transfer';
import { carers } from '@/server/db/schema/people';
import type { Executor } from '@/server/db/client';
import { ImportFileError, ImportRefusedError, type ImportRecords } from './import-contract';
import { readSpreadsheet, SpreadsheetError } from './spreadsheet';
import { IMPORT_FIELDS, type Mapping, type SpreadsheetType, suggestMapping } from './spreadsheet-columns';
import { sheetToRecords } from './spreadsheet-records';

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
  /** Rows that cannot be records (the file then imports nothing). */
  problems: ImportIssue[];
  warnings: ImportIssue[];
  /** Names a finding about the n-th record (1-based, as the import counts) by its row and column heading. */
  locate: (issue: ImportIssue) => ImportIssue;
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
  chosen?: Mapping,
): Promise<SheetRead> {
  const type = kind && SHEET_TYPE_OF[kind];
  if (!kind || !type) {
    throw new ImportFileError(`A spreadsheet holds one kind of record: say which (${SPREADSHEET_IMPORT_TYPES.join(', ')}).`);
  }
  try {
    const sheet = await readSpreadsheet(content, fileName);
    const suggested = suggestMapping(type, sheet.headers);
    const mapping = chosen ?? suggested.mapping;
    const owners = type === 'training-records' ? await carerNames(context.db) : undefined;
    const read = sheetToRecords(type, sheet, mapping, { today: context.today, owners });
    const headerOf = (path: string) => {
      const field = IMPORT_FIELDS[type].find((f) => path === f.path || path.startsWith(`${f.path}.`));
      const column = field ? mapping[field.name] : undefined;
      return column === undefined || column === null ? path : (sheet.headers[column] ?? path);
    };
    const asIssue = ({ row, column, message }: { row: number; column: string; message: string }): ImportIssue => ({ kind, index: row, column, message });
    const rows = read.records.map(({ row }) => row);
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
      warnings: read.warnings.map(asIssue),
      locate: (issue) => (issue.kind === kind ? { ...issue, index: rows[issue.index - 1] ?? issue.index, column: headerOf(issue.column) } : issue),
    };
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new ImportFileError(error.message);
    throw error;
  }
}

/** The file pipeline's reader of spreadsheets (`npm run import -- FILE --type …`): any row's problem refuses the file. */
export async function readSpreadsheetRecords(content: Buffer, fileName: string, kind: TransferKind | undefined, context: ParseContext): Promise<ImportRecords> {
  const read = await readSheetRecords(content, fileName, kind, context);
  if (read.problems.length) throw new ImportRefusedError(read.problems);
  return read.records;
}
