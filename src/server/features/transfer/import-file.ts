import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImportAnswer, type ImportCounts, IMPORT_TYPES, type ImportType, PREVIEW_RECORDS } from '@/shared/import-api';
import { ID_PREFIX, TRANSFER_KINDS, transferBundle, type TransferKind } from '@/shared/schemas/transfer';
import type { Database } from '@/server/db/client';
import type { Actor } from '@/server/records/service-context';
import { databaseErrorCode } from '@/server/trpc/init';
import { readSheetRecords } from './spreadsheet-import';
import { MAX_IMPORT_ROWS } from './slices';
import type { Mapping } from './spreadsheet-columns';
import { commitImport, previewImport } from './import';
import { ImportFileError, type ImportIssue, type ImportOptions, type ImportPreview, ImportRefusedError, type ImportRecords, ImportStoppedError } from './import-contract';


export function isImportType(value: string): value is ImportType {
  return Object.hasOwn(IMPORT_TYPES, value);
}

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

/** How deep a record's values go at most: an export's MAG log's attendee's address is five levels down. */
const MAX_NESTING = 16;

/** Whether a parsed JSON value has lists or objects nested deeper than `limit`; walked without recursion. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const inner of Object.values(item)) stack.push([inner, depth + 1]);
  }
  return false;
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
  if (nestedDeeperThan(value, MAX_NESTING)) {
    throw new ImportFileError(`${path.basename(fileName)} holds values nested more than ${MAX_NESTING} deep, which no record is: nothing was imported.`);
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

const READERS = { json: ['.json'], spreadsheet: ['.csv', '.xlsx'] } as const;

/** How a file is read, by its name's extension. */
function readerOf(fileName: string): keyof typeof READERS {
  const extension = path.extname(fileName).toLowerCase();
  const reader = (Object.keys(READERS) as (keyof typeof READERS)[]).find((r) => (READERS[r] as readonly string[]).includes(extension));
  if (!reader) throw new ImportFileError(`Cannot import ${extension || 'files without an extension'}: the files that import are ${Object.values(READERS).flat().join(', ')}.`);
  return reader;
}

export interface ImportFileOptions extends ImportOptions {
  kind?: TransferKind;
  /** Check and count only; nothing is written. */
  dryRun: boolean;
  actor: Actor;
  /** Today in the charity's time zone. */
  today: string;
  /** A spreadsheet's columns as the person chose them; else the ones its headings suggest. */
  mapping?: Mapping;
  /** A spreadsheet's names with tidy capitals (on unless said). */
  tidyCapitals?: boolean;
}

const byRow = <T extends { index: number }>(list: T[]) => list.sort((a, b) => a.index - b.index);

/** Nothing done: no record of any kind created, updated or skipped. */
const noCounts = () => Object.fromEntries(TRANSFER_KINDS.map((kind) => [kind, { create: 0, update: 0, skip: 0 }])) as ImportCounts;

/**
 * Imports a file's content, or (dry) says what importing it would do: what the Import screen's upload and
 * `npm run import` both do. Any problem refuses the whole file (`committed: false`, nothing written) unless the
 * invalid rows are to be skipped; a spreadsheet's findings name its rows and headings, and the answer carries
 * its columns. A file that cannot be read at all is an ImportFileError.
 */
export async function importContent(db: Database, content: Buffer, fileName: string, options: ImportFileOptions): Promise<ImportAnswer> {
  const name = path.basename(fileName);
  options.onProgress?.({ stage: 'reading', written: 0, total: 0 });
  const sheet = readerOf(name) === 'spreadsheet' ? await readSheetRecords(content, name, options.kind, { db, today: options.today }, options) : undefined;
  const located = (issues: ImportIssue[]) => (sheet ? issues.map(sheet.locate) : issues);
  const answer = (preview: ImportPreview, committed = !options.dryRun): ImportAnswer => ({
    committed,
    sheet: sheet?.columns,
    counts: preview.counts,
    problems: located(preview.problems),
    warnings: [...(sheet?.warnings ?? []), ...located(preview.warnings)],
    // A sheet's rows that could not be read as records are skipped too: all of them in the order of the sheet.
    ...(preview.skipped ? { skipped: sheet ? byRow([...sheet.problems, ...located(preview.skipped)]) : preview.skipped } : {}),
    records: sheet ? byRow([...sheet.rejected, ...(preview.records ?? []).map((r) => ({ ...r, index: sheet.rowOf(r.index) }))]).slice(0, PREVIEW_RECORDS) : preview.records,
  });
  // A problem of row 1, the headings (a column nobody chose), is the whole sheet's: it is never skipped.
  if (sheet?.problems.some((p) => p.index === 1)) return { ...answer({ problems: [], warnings: [], counts: noCounts() }, false), problems: sheet.problems };
  const records = sheet?.records ?? readJsonRecords(content, name, options.kind);
  const total = Object.values(records).reduce((sum, list) => sum + (list?.length ?? 0), 0);
  if (total > MAX_IMPORT_ROWS) throw new ImportFileError(`${name} holds more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} records: split it into smaller files.`);
  const planning: ImportOptions = { ...options, fileName: name, placeOf: sheet?.placeOf };
  if (sheet?.problems.length && options.invalidRows !== 'skip') {
    // Refused, with the rows that could be read previewed beside the problems of those that could not.
    const preview = await previewImport(db, records, planning);
    return { ...answer(preview, false), problems: byRow([...sheet.problems, ...located(preview.problems)]) };
  }
  options.onProgress?.({ stage: 'checking', written: 0, total: 0 });
  try {
    return answer(options.dryRun ? await previewImport(db, records, planning) : await commitImport(db, options.actor, records, planning));
  } catch (error) {
    if (error instanceof ImportRefusedError) return answer({ problems: error.problems, warnings: [], counts: noCounts() }, false);
    const stopped = error instanceof ImportStoppedError ? error : undefined;
    // A value the checks let through that the database cannot hold: the person's data, never a fault to log.
    const code = databaseErrorCode(stopped?.cause ?? error);
    if (code?.startsWith('22') || code?.startsWith('23')) {
      const outcome = stopped?.written
        ? `the first ${stopped.written.toLocaleString('en-GB')} of its ${stopped.total.toLocaleString('en-GB')} records were imported, the others were not. Fix the file and import it again: the records already imported are skipped`
        : 'nothing was imported';
      throw new ImportFileError(`${name} holds a value the database cannot store (${code}): ${outcome}.`);
    }
    throw stopped?.cause ?? error;
  }
}

/** importContent for a file on disk. */
export async function importFile(db: Database, filePath: string, options: ImportFileOptions): Promise<ImportAnswer> {
  return importContent(db, await readFile(filePath), filePath, options);
}
