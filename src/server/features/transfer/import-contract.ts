import type { ImportCounts, ImportIssue, ImportPreview, KindCounts } from '@/shared/import-api';
import type { TransferKind } from '@/shared/schemas/transfer';

// What an import takes and answers, and how it refuses: shared by the file readers, the planner and the routes.

export type { ImportCounts, ImportIssue, ImportPreview, KindCounts };

/** What to do with a record already in the database (same id, or a likely duplicate): leave it, or overwrite it. */
export interface ImportOptions {
  onDuplicate: 'skip' | 'update';
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

/** The import was refused; `problems` says why, record by record. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
  constructor(readonly problems: ImportIssue[]) {
    super(`The import was refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}, nothing was written.\n${problems.map(describeIssue).join('\n')}`);
  }
}

/** "clients record 3 (c123), details.address.postCode: Post code is required" */
export function describeIssue(issue: ImportIssue): string {
  return `${issue.kind} record ${issue.index}${issue.id ? ` (${issue.id})` : ''}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
