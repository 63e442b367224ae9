import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './service-context';
import type { Executor } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

function flatten(value: unknown, prefix: string, out: Record<string, unknown>): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

/** The fields that differ between two versions of a record, by dotted path (lists compare whole). */
export function diffRecords(before: unknown, after: unknown): FieldChanges {
  const a = flatten(before ?? {}, '', {});
  const b = flatten(after ?? {}, '', {});
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changes[key] = { from: a[key] ?? null, to: b[key] ?? null };
  }
  return changes;
}

/** Appends one audit row; call inside the transaction that makes the change. */
export async function recordAudit(
  tx: Executor,
  /** Who acted; the role is empty for a sign-in that did not get as far as knowing the user. */
  actor: Actor,
  procedure: string,
  recordId: string | null,
  changes: FieldChanges | Record<string, unknown> | null,
): Promise<void> {
  await tx.insert(auditLog).values({ actorEmail: actor.email, actorRole: actor.role, procedure, recordId, changes });
}

/**
 * recordAudit's row as an insert for a statement that also makes the change (a `with` part), written only when
 * `condition` holds. Its values may be placeholders of a statement built once; the changes are JSON text.
 */
export function auditRowWhere(actor: { email: unknown; role: unknown }, procedure: unknown, recordId: unknown, changesJson: unknown, condition: SQL): SQL {
  const columns = [auditLog.actorEmail, auditLog.actorRole, auditLog.procedure, auditLog.recordId, auditLog.changes].map((column) => sql.identifier(column.name));
  return sql`insert into ${auditLog} (${sql.join(columns, sql`, `)})
    select ${actor.email}, ${actor.role}, ${procedure}, ${recordId}, ${changesJson}::jsonb where ${condition}`;
}
