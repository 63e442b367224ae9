import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TimeOff } from '@/shared/availability';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';
import { carers, clients } from './people';

/** When a carer can work, as they say it (src/shared/availability.ts): a weekly pattern and time off, set whole. */
export const carerAvailability = pgTable('carer_availability', {
  carerId: text('carer_id')
    .primaryKey()
    .references(() => carers.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<PlannedWeeklyVisit[]>().notNull().default([]),
  timeOff: jsonb('time_off').$type<TimeOff[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  /** Who said it last: the carer from their phone, or the office. */
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The times in the week a client's visits may be given (src/shared/availability.ts's weekly pattern): planning moves a
 * visit only within them. None said: visits stay at the times their plan gives.
 */
export const clientVisitTimes = pgTable('client_visit_times', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<PlannedWeeklyVisit[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
