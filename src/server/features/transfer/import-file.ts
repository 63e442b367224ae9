import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_TYPES, type ImportType } from '@/shared/import-api';
import { ID_PREFIX, TRANSFER_KINDS, transferBundle, type TransferKind } from '@/shared/schemas/transfer';
import type { Database } from '@/server/db/client';
import type { Actor } from '@/server/records/service-context';
import { type ParseContext, readSpreadsheetRecords } from './spreadsheet-import';
import { commitImport, previewImport } from './import';
import { ImportFileError, type ImportOptions, type ImportPreview, ImportRefusedError, type ImportRecords } from './import-contract';


export function isImportType(value: string): value is ImportType {
  return Object.hasOwn(IMPORT_TYPES, value);
}

/**
 * Reads a file's records; `kind` is the kind the caller says the file holds, when it says. A file that
 * cannot be read throws ImportFileError; rows that cannot be records throw ImportRefusedError, each
 * problem's index being the row the user sees.
 */
export type FileParser = (content: Buffer, fileName: string, kind: TransferKind | undefined, context: ParseContext) => ImportRecords | Promise<ImportRecords>;

/** The kind a bare array holds: from the file's name (clients.json, training-records.json, …), else from its ids. */
function kindOfArray(list: unknown[], fileName: string): TransferKind {
  const base = path.basename(fileName, path.extname(fileName)).toLowerCase().replace(/[^a-z]/g, '');
  const byName = TRANSFER_KINDS.find((kind) => kind.toLowerCase() === base);
  if (byName) return byName;
  const prefixes = new Set(list.map((record) => (typeof (record as { id?: unknown })?.id === 'string' ? (record as { id: string }).id[0] : undefined)));
  const byIds = TRANSFER_KINDS.filter((kind) => prefixes.has(ID_PREFIX[kind]));
  if (byIds.length === 1 && prefixes.size === 1) return byIds[0]!;
  throw new ImportFileError(`Cannot tell which records ${path.basename(fileName)} holds: name the file after them (clients.json, mps.json, …) or say with --type.`);
}

/**
 * A whole export (one object of arrays), or one array as a getAll call returned it. A bare array is of
 * the kind the caller says, else the kind its file name or its ids say.
 */
export function readJsonRecords(content: Buffer, fileName: string, kind: TransferKind | undefined): ImportRecords {
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new ImportFileError(`${path.basename(fileName)} is empty.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`${path.basename(fileName)} is not JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(value)) return { [kind ?? kindOfArray(value, fileName)]: value };
  if (kind) throw new ImportFileError(`${path.basename(fileName)} holds a whole export, not a list of ${kind}: leave out --type.`);
  const bundle = transferBundle.safeParse(value);
  if (!bundle.success) {
    const issues = bundle.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`);
    throw new ImportFileError(`${path.basename(fileName)} is not an export of ${TRANSFER_KINDS.join(', ')}:\n${issues.join('\n')}`);
  }
  return bundle.data;
}

/** The readers of each kind of file, by extension. */
export const FILE_PARSERS: Record<string, FileParser> = {
  '.json': readJsonRecords,
  '.csv': readSpreadsheetRecords,
  '.xlsx': readSpreadsheetRecords,
};

/** The records in a file's content, read by the parser of its name's extension. */
export async function readImportContent(content: Buffer, fileName: string, kind: TransferKind | undefined, context: ParseContext): Promise<ImportRecords> {
  const extension = path.extname(fileName).toLowerCase();
  const parse = FILE_PARSERS[extension];
  if (!parse) throw new ImportFileError(`Cannot import ${extension || 'files without an extension'}: the files that import are ${Object.keys(FILE_PARSERS).join(', ')}.`);
  return parse(content, path.basename(fileName), kind, context);
}

export interface ImportFileOptions extends ImportOptions {
  kind?: TransferKind;
  /** Check and count only; nothing is written. */
  dryRun: boolean;
  actor: Actor;
  /** Today in the charity's time zone. */
  today: string;
}

/**
 * Imports a file's content (or, dry, says what importing it would do); content with any problem is
 * refused (ImportRefusedError) and nothing is written.
 */
export async function importContent(db: Database, content: Buffer, fileName: string, options: ImportFileOptions): Promise<ImportPreview> {
  const records = await readImportContent(content, fileName, options.kind, { db, today: options.today });
  if (!options.dryRun) return commitImport(db, options.actor, records, options);
  const preview = await previewImport(db, records, options);
  if (preview.problems.length) throw new ImportRefusedError(preview.problems);
  return preview;
}

/** importContent for a file on disk. */
export async function importFile(db: Database, filePath: string, options: ImportFileOptions): Promise<ImportPreview> {
  return importContent(db, await readFile(filePath), filePath, options);
}
