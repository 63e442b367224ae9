import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';
import { packages } from './care';
import { carers } from './people';

/**
 * A package's plan of visits in a week (src/shared/visit-plans.ts): one to a package, the whole of it replaced when it
 * changes, carried on to the package that renews it. A package with none has no plan yet.
 */
export const visitPlans = pgTable(
  'visit_plans',
  {
    packageId: text('package_id')
      .primaryKey()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** The visits at set times, in the order the week runs: [{ weekday: 1–7, start: 'HH:MM', end: 'HH:MM' }]. */
    visits: jsonb('visits').$type<PlannedWeeklyVisit[]>().notNull().default([]),
    /** Hours given at no set time in the week (befriending, shopping); null for none. */
    anyTimeHours: numeric('any_time_hours', { precision: 6, scale: 2, mode: 'number' }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('visit_plans_any_time', sql`${t.anyTimeHours} is null or ${t.anyTimeHours} > 0`)],
);

/**
 * One week's change to a planned visit (src/shared/planned-visits.ts), named by its slot (package, day and time in the
 * plan), or an extra visit (its slot its own day and time): moved, cancelled with the reason, or given to another
 * carer. Offered to the carer who is to give it, until they accept or decline. One change to a slot: a later one
 * takes its place.
 */
export const visitChanges = pgTable(
  'visit_changes',
  {
    id: text('id').primaryKey(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    slotDate: date('slot_date', { mode: 'string' }).notNull(),
    slotStart: text('slot_start').notNull(),
    extra: boolean('extra').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    reason: text('reason'),
    /** Moved to (an extra: held on) this day and times; null where the plan's stand. */
    date: date('date', { mode: 'string' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** The carer covering (or giving the extra); null for the package's own. A carer deleted takes their offers with them. */
    carerId: text('carer_id').references(() => carers.id, { onDelete: 'cascade' }),
    /** Why a carer who was not compliant was given the visit anyway, by whom and when. */
    complianceOverride: text('compliance_override'),
    complianceOverrideBy: text('compliance_override_by'),
    answer: text('answer').notNull().default('offered'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    madeBy: text('made_by').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('visit_changes_slot_idx').on(t.packageId, t.slotDate, t.slotStart),
    index('visit_changes_date_idx').on(t.slotDate),
    check('visit_changes_answer', sql`${t.answer} in ('offered', 'accepted', 'declined')`),
    check('visit_changes_times', sql`(${t.startTime} is null) = (${t.endTime} is null) and (${t.startTime} is null) = (${t.date} is null)`),
    check('visit_changes_extra', sql`not ${t.extra} or (${t.date} is not null and not ${t.cancelled})`),
  ],
);

/** A carer's phone said a planned visit started (the visit itself is sent when it ends): the office's day shows it. */
export const visitStarts = pgTable('visit_starts', {
  plannedVisitId: text('planned_visit_id').primaryKey(),
  carerId: text('carer_id')
    .notNull()
    .references(() => carers.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  /** HH:MM, the phone's local time. */
  startTime: text('start_time').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When the office last heard from a carer's phone: a phone with no signal reports later, and Today says so. */
export const phoneContacts = pgTable('phone_contacts', {
  carerId: text('carer_id')
    .primaryKey()
    .references(() => carers.id, { onDelete: 'cascade' }),
  heardAt: timestamp('heard_at', { withTimezone: true }).notNull().defaultNow(),
});
