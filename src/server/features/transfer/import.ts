import { todayIn } from '@/shared/dates';
import type { Database, Executor } from '@/server/db/client';
import { recordAudit } from '@/server/records/audit-trail';
import type { Actor } from '@/server/records/service-context';
import { checkLiveCare } from './import-compliance';
import { IMPORT_PROCEDURE, type ImportIssue, type ImportOptions, type ImportPreview, type ImportRecords, ImportRefusedError } from './import-contract';
import { countActions, planImport, recordKey } from './import-plan';
import { previewRecords } from './import-preview';
import { buildRows } from './import-rows';
import { writeRows } from './import-write';

// Importing a whole export, or the records of a spreadsheet: every record is checked by the schemas the services use
// and every reference against the file and the database (import-plan.ts, against what import-stored.ts reads), then
// made into rows (import-rows.ts) and written in batches (import-write.ts), not one service call per record; nothing
// is written unless all of it is right, or, when the person chooses, the records that are right and none of the others.

/**
 * The plan of the records that can be imported, with their rows and the problems of the whole (a record's own,
 * then the packages' carers): all of them, or, with invalid rows skipped, those left when every record with a
 * problem is left out, and again for any record that named one left out.
 */
async function planTheGood(tx: Executor, records: ImportRecords, options: ImportOptions, by: string, audited: boolean) {
  const leftOut = new Set<string>();
  const skipped: ImportIssue[] = [];
  const today = options.today ?? todayIn();
  const override = options.overrideReason ? { reason: options.overrideReason, by } : undefined;
  for (;;) {
    const plan = await planImport(tx, records, options, leftOut);
    const rows = plan.problems.length ? undefined : await buildRows(tx, plan, { audited });
    const problems = rows ? await checkLiveCare(tx, rows, plan.stored, today, override) : plan.problems;
    if (!problems.length || options.invalidRows !== 'skip') return { plan, rows, problems, skipped };
    skipped.push(...problems);
    for (const problem of problems) leftOut.add(recordKey(problem.kind, problem.index));
  }
}

/**
 * What an import would do, with every problem it has (or, skipping invalid rows, every row it would skip); nothing
 * is written. Its reads take no transaction: checking a large file takes seconds, and the embedded database would
 * keep everyone else waiting for a transaction's end.
 */
export async function previewImport(db: Database, records: ImportRecords, options: ImportOptions): Promise<ImportPreview> {
  const { plan, rows, problems, skipped } = await planTheGood(db, records, options, '', false);
  return {
    problems,
    warnings: plan.warnings,
    counts: countActions(rows?.planned ?? plan.planned),
    ...skippedPart(options, skipped),
    records: previewRecords(records, plan.planned, [...problems, ...skipped]),
  };
}

const skippedPart = (options: ImportOptions, skipped: ImportIssue[]) => (options.invalidRows === 'skip' ? { skipped } : {});

/** The import writing into each database now, if any: the next waits for it, so that each plans against what the last wrote. */
const writing = new WeakMap<Database, Promise<unknown>>();

function afterOtherImports<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const mine = (writing.get(db) ?? Promise.resolve()).then(work, work);
  writing.set(db, mine.catch(() => undefined));
  return mine;
}

/**
 * Imports the records, or nothing when there is any problem (ImportRefusedError); with invalid rows skipped, the
 * good ones, answering the others. They are checked as a preview is, without a transaction, then written a batch at
 * a time (import-write.ts), so that everyone else is answered meanwhile (decision 305); one import writes at a time.
 * Each record created or updated has its own audit row; the import has one more, with the counts, as `transfer.import`.
 */
export function commitImport(db: Database, actor: Actor, records: ImportRecords, options: ImportOptions): Promise<ImportPreview> {
  return afterOtherImports(db, async () => {
    const { plan, rows, problems, skipped } = await planTheGood(db, records, options, actor.email, true);
    if (problems.length || !rows) throw new ImportRefusedError(problems);
    await writeRows(db, rows, actor, options.fileName, (written, total) => options.onProgress?.({ stage: 'writing', written, total }));
    const counts = countActions(rows.planned);
    await recordAudit(db, actor, IMPORT_PROCEDURE, null, {
      ...(options.fileName ? { file: options.fileName } : {}),
      counts,
      onDuplicate: options.onDuplicate,
      warnings: plan.warnings.length,
      ...(options.invalidRows === 'skip' ? { skippedRecords: new Set(skipped.map((p) => recordKey(p.kind, p.index))).size } : {}),
    });
    return { problems: [], warnings: plan.warnings, counts, ...skippedPart(options, skipped), records: previewRecords(records, plan.planned, skipped) };
  });
}
