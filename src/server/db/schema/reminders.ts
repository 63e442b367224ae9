import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { requiredReference } from './columns';
import { carers } from './people';

/** The expiry digest's settings, one row; defaults are those of the issue (Monday 08:00, Admin and Coordinator). */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    id: text('id').primaryKey().default('default'),
    day: text('day').notNull(),
    time: text('time').notNull(),
    roles: text('roles').array().notNull(),
    windows: integer('windows').array().notNull(),
    carerReminders: boolean('carer_reminders').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reminder_settings_one_row', sql`${t.id} = 'default'`)],
);

/**
 * Reminders sent to carers, one row per item and threshold: inserted in the transaction that queues the
 * message, so however many servers or runs there are, each reminder goes once.
 */
export const carerRemindersSent = pgTable('carer_reminders_sent', {
  /** What was reminded of, its expiry date and threshold (see reminderKey). */
  key: text('key').primaryKey(),
  carerId: requiredReference('carer_id', () => carers.id, 'cascade'),
  threshold: integer('threshold').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
