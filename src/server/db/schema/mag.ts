import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idsOfKind } from '../ids';
import { recordColumns, requiredReference } from './columns';

export const magLogs = pgTable(
  'mag_logs',
  {
    id: text('id').primaryKey(),
    ...recordColumns(),
    date: date('date', { mode: 'string' }).notNull(),
    totalClients: integer('total_clients').notNull().default(0),
    totalFamily: integer('total_family').notNull().default(0),
    totalVolunteers: integer('total_volunteers').notNull().default(0),
    totalMps: integer('total_mps').notNull().default(0),
    otherAttendees: integer('other_attendees').notNull().default(0),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    check('mag_logs_id_prefix', idsOfKind(t.id, 'magLog')),
    check('mag_logs_archived', sql`${t.archived} in ('Y', 'N')`),
    check(
      'mag_logs_counts',
      sql`least(${t.totalClients}, ${t.totalFamily}, ${t.totalVolunteers}, ${t.totalMps}, ${t.otherAttendees}) >= 0`,
    ),
    index('mag_logs_date_idx').on(t.date),
  ],
);

/**
 * Who attended a MAG session. The log keeps its own copy of each attendee's name (and a client's
 * address), so it stays readable when the person is later renamed, archived or removed.
 */
export const magAttendees = pgTable(
  'mag_attendees',
  {
    magLogId: requiredReference('mag_log_id', () => magLogs.id, 'cascade'),
    personId: text('person_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    archived: text('archived').notNull().default('N'),
    address: jsonb('address'),
  },
  (t) => [
    primaryKey({ columns: [t.magLogId, t.personId] }),
    check('mag_attendees_kind', sql`${t.kind} in ('client', 'mp', 'volunteer')`),
    index('mag_attendees_person_idx').on(t.personId),
  ],
);
