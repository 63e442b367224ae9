import { and, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { AuditQuery } from '@/shared/schemas/audit';
import { auditLog } from '@/server/db/schema/audit';
import { escapeLike } from '@/server/db/like';
import type { RecordContext } from '@/server/records/service-context';
import { actedBy, recordNamed, recordNames, staffNames } from './record-names';
import { searchKey } from '@/shared/search-key';

/** An entry with the names it is read by: the record's as it is now, and the staff member's who acted. */
export type AuditEntry = typeof auditLog.$inferSelect & { recordName: string | null; actorName: string | null };

/** The audit trail, newest first, filtered as the audit screen asks; a page at a time. */
export async function listAudit({ db }: RecordContext, query: AuditQuery): Promise<AuditEntry[]> {
  const conditions = [
    query.actorEmail ? ilike(auditLog.actorEmail, `%${escapeLike(query.actorEmail)}%`) : undefined,
    query.actor?.trim() ? actedBy(auditLog.actorEmail, query.actor) : undefined,
    query.recordName && searchKey(query.recordName) ? recordNamed(auditLog.recordId, query.recordName) : undefined,
    query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
    query.procedure ? ilike(auditLog.procedure, `%${escapeLike(query.procedure)}%`) : undefined,
    query.from ? gte(auditLog.at, sql`${query.from}::date`) : undefined,
    query.to ? lt(auditLog.at, sql`${query.to}::date + 1`) : undefined,
    query.cursor ? lt(auditLog.id, query.cursor) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  const [names, staff] = await Promise.all([recordNames(db, rows.map((row) => row.recordId)), staffNames(db, rows.map((row) => row.actorEmail))]);
  return rows.map((row) => ({ ...row, recordName: (row.recordId && names.get(row.recordId)) || null, actorName: staff.get(row.actorEmail) ?? null }));
}
