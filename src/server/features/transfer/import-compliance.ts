import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@/server/db/client';
import { packages } from '@/server/db/schema/care';
import { trainingRecords } from '@/server/db/schema/training';
import { carers } from '@/server/db/schema/people';
import { complianceOfCarers, notCompliantMessage, type TrainingByOwner } from '@/server/records/carer-compliance';
import type { ImportIssue } from './import-contract';
import type { Rows } from './import-rows';
import { canonical, type Stored } from './import-stored';

// The package form's rule on an import (records/carer-compliance.ts, assignmentColumns): a package not yet ended,
// given to a carer (new, or given to another carer than before), needs a carer who is compliant, or a reason.

/** Why carers who are not compliant are given packages anyway, and who said so. */
export interface ImportOverride {
  reason: string;
  by: string;
}

type Columns = Record<string, unknown>;

/** A table's rows as the import leaves them: stored, then overwritten by what it updates, then what it inserts. */
function afterImport(rows: Rows, table: PgTable, stored: Iterable<Columns & { id: string }>): Map<string, Columns> {
  const after = new Map<string, Columns>();
  for (const row of stored) after.set(row.id, row);
  for (const update of rows.updates) if (update.table === table) after.set(update.id, { ...after.get(update.id), ...update.columns });
  for (const row of rows.inserts.get(table) ?? []) after.set(row.id as string, row);
  return after;
}

/**
 * Each package the import gives to a carer who, with the import's records, is not compliant today: a problem naming
 * the carer and what has lapsed, or, with the importing person's reason, the reason kept on the package with their
 * name and the time, and in its audit row, as the package form keeps them. A package given to a compliant carer loses
 * any reason it had, as the form clears it. Ended packages are history and are not checked. A reason written in the
 * file is never kept (import-plan.ts warns of it): whoever wrote the file, it is the importing person who decides.
 */
export async function checkLiveCare(tx: Executor, rows: Rows, stored: Stored, today: string, override: ImportOverride | undefined): Promise<ImportIssue[]> {
  const plannedById = new Map(rows.planned.packages.map((p) => [p.id, p]));
  const given = new Map<string, Columns>();
  const written = [...(rows.inserts.get(packages) ?? []).map((row) => [row.id as string, row] as const), ...rows.updates.filter((u) => u.table === packages).map((u) => [u.id, u.columns] as const)];
  for (const [id, columns] of written) if (!stored.packageCarers.has(id) || columns.carerId !== stored.packageCarers.get(id)) given.set(id, columns);
  const live = [...given].filter(([, columns]) => columns.endDate === null || (columns.endDate as string) >= today);
  if (live.length === 0) return [];

  const carerIds = [...new Set(live.map(([, columns]) => columns.carerId as string))];
  const carerAfter = afterImport(rows, carers, carerIds.flatMap((id) => stored.carers.get(id) ?? []));
  const storedTraining = await tx.select().from(trainingRecords).where(inArray(trainingRecords.ownerId, carerIds));
  const training: TrainingByOwner = new Map();
  for (const r of afterImport(rows, trainingRecords, storedTraining).values()) {
    if (r.archived !== 'N') continue;
    const owner = r.ownerId as string;
    training.set(owner, [...(training.get(owner) ?? []), { recordName: r.recordName as string, expiryDate: (r.expiryDate as string | null) ?? '' }]);
  }
  const dates = carerIds.map((id) => {
    const carer = carerAfter.get(id) ?? {};
    return { id, dbsExpiry: (carer.dbsExpiry as string | null) ?? null, publicLiabilityExpiry: (carer.publicLiabilityExpiry as string | null) ?? null };
  });
  const compliance = await complianceOfCarers(tx, dates, today, undefined, training);

  const problems: ImportIssue[] = [];
  const at = new Date();
  const before = await storedOverrides(tx, live.map(([id]) => id).filter((id) => stored.packageCarers.has(id)));
  for (const [id, columns] of live) {
    const planned = plannedById.get(id)!;
    const carerId = columns.carerId as string;
    const { status } = compliance.get(carerId)!;
    if (status === 'Not compliant' && !override) {
      const name = (carerAfter.get(carerId)?.name as string | undefined) ?? carerId;
      problems.push({ kind: 'packages', index: planned.index, id: planned.data.id, column: 'carerId', message: notCompliantMessage(name, compliance.get(carerId)!, 'import') });
      continue;
    }
    const kept = status === 'Not compliant' ? { complianceOverride: override!.reason, complianceOverrideBy: override!.by, complianceOverrideAt: at } : { complianceOverride: null, complianceOverrideBy: null, complianceOverrideAt: null };
    Object.assign(columns, kept);
    const audit = rows.audits.get(id);
    if (!audit) continue;
    const old = before.get(id) ?? { complianceOverride: null, complianceOverrideBy: null, complianceOverrideAt: null };
    for (const [key, value] of Object.entries(kept) as [keyof typeof kept, string | Date | null][]) {
      if (canonical(value) !== canonical(old[key])) audit[key] = { from: old[key], to: value };
    }
  }
  return problems;
}

/** The reasons stored on packages the import gives to another carer, for their audit rows. */
async function storedOverrides(tx: Executor, ids: string[]) {
  const found = new Map<string, Pick<typeof packages.$inferSelect, 'complianceOverride' | 'complianceOverrideBy' | 'complianceOverrideAt'>>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await tx
      .select({ id: packages.id, complianceOverride: packages.complianceOverride, complianceOverrideBy: packages.complianceOverrideBy, complianceOverrideAt: packages.complianceOverrideAt })
      .from(packages)
      .where(inArray(packages.id, chunk));
    for (const { id, ...row } of rows) found.set(id, row);
  }
  return found;
}
