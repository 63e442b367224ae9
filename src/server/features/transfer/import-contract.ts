import type { ImportCounts, ImportIssue, ImportPreview, ImportProgress, InvalidRows, KindCounts } from '@/shared/import-api';
import type { TransferKind } from '@/shared/schemas/transfer';

// What an import takes and answers, and how it refuses: shared by the file readers, the planner and the routes.

export type { ImportCounts, ImportIssue, ImportPreview, KindCounts };

/** What the audit trail calls an import: its summary row, and each record's own. */
export const IMPORT_PROCEDURE = 'transfer.import';

/** What to do with a record already in the database (same id, or a likely duplicate): leave it, or overwrite it. */
export interface ImportOptions {
  onDuplicate: 'skip' | 'update';
  /** How the person who chose the file names a record's place: "row 7" in a spreadsheet; "client record 7" otherwise. */
  placeOf?: (kind: TransferKind, index: number) => string;
  /** Refuse the whole file when any record has a problem (the default), or import the others and skip those. */
  invalidRows?: InvalidRows;
  /** The file's name, which each record's audit row names. */
  fileName?: string;
  /** Today in the charity's time zone: which packages have not ended yet. */
  today?: string;
  /** Why carers who are not compliant are given packages anyway; kept on each such package. */
  overrideReason?: string;
  /** Told as the import moves on: what the person waiting is shown. */
  onProgress?: (progress: ImportProgress) => void;
}

/** The records to import, by kind; each record as the API reads it (unchecked: the import checks them). */
export type ImportRecords = Partial<Record<TransferKind, unknown[]>>;


/**
 * The file cannot be read as records at all (empty, not JSON, an array of unknown kind, a spreadsheet
 * that is not one, …): every file parser throws it, with a message for the person who chose the file.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/**
 * Writing stopped part-way (the database refused a value, or went away): the `written` records of the batches before
 * stay imported, the others are not (decision 305).
 */
export class ImportStoppedError extends Error {
  override name = 'ImportStoppedError';
  constructor(
    readonly written: number,
    readonly total: number,
    override readonly cause: unknown,
  ) {
    super(`The import stopped after ${written} of ${total} records`);
  }
}

/** The import was refused; `problems` says why, record by record. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
  constructor(
    readonly problems: ImportIssue[],
    describe: (issue: ImportIssue) => string = describeIssue,
  ) {
    super(`The import was refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}, nothing was written.\n${problems.map(describe).join('\n')}`);
  }
}

/** "clients record 3 (c123), details.address.postCode: Post code is required" */
export function describeIssue(issue: ImportIssue): string {
  return `${issue.kind} record ${issue.index}${issue.id ? ` (${issue.id})` : ''}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`;
}

/** "Row 5, Attendance allowance: "Yes" is not one of No, Pending, Low, High": a spreadsheet's finding, as Excel shows the row. */
export function describeRowIssue(issue: ImportIssue): string {
  return `Row ${issue.index}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
