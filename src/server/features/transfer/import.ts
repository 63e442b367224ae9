import type { Database } from '@/server/db/client';
import { recordAudit } from '@/server/records/audit-trail';
import type { Actor } from '@/server/records/service-context';
import { type ImportOptions, type ImportPreview, type ImportRecords, ImportRefusedError } from './import-contract';
import { countActions, planImport } from './import-plan';
import { buildRows } from './import-rows';
import { writeRows } from './import-write';

// Importing a whole export, or the records of a spreadsheet, in one transaction: every record is checked by the
// schemas the services use and every reference against the file and the database (import-plan.ts, against what
// import-stored.ts reads), then made into rows (import-rows.ts) and written in chunks (import-write.ts), not one
// service call per record; nothing is written unless all of it is right.

/** What an import would do, with every problem it has; nothing is written. */
export async function previewImport(db: Database, records: ImportRecords, options: ImportOptions): Promise<ImportPreview> {
  return db.transaction(async (tx) => {
    const plan = await planImport(tx, records, options);
    const rows = plan.problems.length ? undefined : await buildRows(tx, plan);
    return { problems: plan.problems, warnings: plan.warnings, counts: countActions(rows?.planned ?? plan.planned) };
  });
}

/**
 * Imports the records in one transaction, or nothing when there is any problem (ImportRefusedError).
 * Audited once, with the counts, as `transfer.import`.
 */
export async function commitImport(db: Database, actor: Actor, records: ImportRecords, options: ImportOptions): Promise<ImportPreview> {
  return db.transaction(async (tx) => {
    const plan = await planImport(tx, records, options);
    if (plan.problems.length) throw new ImportRefusedError(plan.problems);
    const rows = await buildRows(tx, plan);
    await writeRows(tx, rows);
    const counts = countActions(rows.planned);
    await recordAudit(tx, actor, 'transfer.import', null, { counts, onDuplicate: options.onDuplicate, warnings: plan.warnings.length });
    return { problems: [], warnings: plan.warnings, counts };
  });
}
