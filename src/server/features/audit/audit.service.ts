import { and, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { AuditQuery } from '@/shared/schemas/audit';
import { auditLog } from '@/server/db/schema/audit';
import { escapeLike } from '@/server/db/like';
import type { RecordContext } from '@/server/records/service-context';

export type AuditEntry = typeof auditLog.$inferSelect;

/** The audit trail, newest first, filtered as the audit screen asks; a page at a time. */
export async function listAudit({ db }: RecordContext, query: AuditQuery): Promise<AuditEntry[]> {
  const conditions = [
    query.actorEmail ? ilike(auditLog.actorEmail, `%${escapeLike(query.actorEmail)}%`) : undefined,
    query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
    query.procedure ? ilike(auditLog.procedure, `%${escapeLike(query.procedure)}%`) : undefined,
    query.from ? gte(auditLog.at, sql`${query.from}::date`) : undefined,
    query.to ? lt(auditLog.at, sql`${query.to}::date + 1`) : undefined,
    query.cursor ? lt(auditLog.id, query.cursor) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}
