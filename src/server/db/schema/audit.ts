import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only record of every change to data and every sign-in event. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    procedure: text('procedure').notNull(),
    recordId: text('record_id'),
    changes: jsonb('changes'),
  },
  (t) => [index('audit_log_record_idx').on(t.recordId), index('audit_log_at_idx').on(t.at)],
);
