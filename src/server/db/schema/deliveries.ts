import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CouldNotVisit } from '@/shared/carer-app';
import { requiredReference } from './columns';
import { packages } from './care';
import { carers } from './people';

/**
 * The care one carer gave on a package on one day: hours delivered, or a visit missed with its reason. One entry per
 * package, carer and day, as the timesheet has one cell there (a row per package and carer).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    packageId: requiredReference('package_id', () => packages.id, 'restrict'),
    /**
     * The carer who gave the day's care (or missed it): the package's carer when the office entered the day, or the
     * carer whose visits made it. It never changes, so a package given to another carer later keeps each day's carer.
     */
    carerId: requiredReference('carer_id', () => carers.id, 'restrict'),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    hours: numeric('hours', { precision: 4, scale: 2, mode: 'number' }).notNull().default(0),
    reason: text('reason'),
    note: text('note').notNull().default(''),
    /**
     * Who gave the figure: "office" (typed on the timesheet) or "carer" (the sum of the day's visits from the carer
     * app, kept as visits arrive). The office's figure is never overwritten by a visit.
     */
    source: text('source').notNull().default('office'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deliveries_id_prefix', sql`${t.id} like 'd%'`),
    check('deliveries_status', sql`${t.status} in ('delivered', 'missed')`),
    check('deliveries_hours', sql`${t.hours} between 0 and 24`),
    check('deliveries_source', sql`${t.source} in ('office', 'carer')`),
    // A missed visit gives no hours and says why; a delivered one has no reason.
    check(
      'deliveries_missed',
      sql`(${t.status} = 'missed' and ${t.hours} = 0 and ${t.reason} is not null) or (${t.status} = 'delivered' and ${t.reason} is null)`,
    ),
    uniqueIndex('deliveries_package_date_carer_idx').on(t.packageId, t.date, t.carerId),
    index('deliveries_date_idx').on(t.date),
    index('deliveries_carer_date_idx').on(t.carerId, t.date),
  ],
);

/** What a carer said of a visit when they first sent it: kept once they change it. */
export interface VisitAsSent {
  packageId: string;
  date: string;
  start: string | null;
  end: string | null;
  couldNotVisit: CouldNotVisit | null;
  note: string;
  tellOffice: boolean;
}

/**
 * A visit a carer recorded on their phone, under the id the phone made: sent any number of times, in any order, it is
 * stored once. The office never changes it (its correction goes on the day's entry, and the carer's own record
 * stays); the carer may change or withdraw it for a few days (decision 313), its first version kept. A visit
 * whose end is earlier than its start ended the next morning; its minutes count on each day they fall.
 */
export const visits = pgTable(
  'visits',
  {
    /** A UUID made by the phone. */
    id: text('id').primaryKey(),
    carerId: requiredReference('carer_id', () => carers.id, 'restrict'),
    packageId: requiredReference('package_id', () => packages.id, 'restrict'),
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:MM, the phone's local time; none for a visit that did not happen. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    minutes: integer('minutes').notNull(),
    /** Why a visit did not happen ("Couldn't visit"), one of COULD_NOT_VISIT; null for a visit given. */
    couldNotVisit: text('could_not_visit'),
    note: text('note').notNull().default(''),
    /**
     * "recorded": the day's delivered care; "toResolve": sent, but not recordable as it stands (its package closed or
     * given to another carer, the carer's access ended): waits in Visits to resolve; "turnedDown": the office said no;
     * "withdrawn": the carer took it back (decision 313).
     */
    status: text('status').notNull().default('recorded'),
    /** Why it waited for the office, in the carer's words. */
    reason: text('reason'),
    /** How the office resolved it, and its reason where it gave one (turned down, recorded anyway). */
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Who resolved it, as the audit trail names people. */
    resolvedBy: text('resolved_by'),
    /** The carer marked the note "The office needs to know": it waits on the Dashboard until someone marks it seen. */
    tellOffice: boolean('tell_office').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** Who marked it seen, as the audit trail names people. */
    seenBy: text('seen_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the carer last changed or withdrew it from their phone. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /** The visit as first sent, once the carer has changed it: the office reads both. */
    original: jsonb('original').$type<VisitAsSent>(),
  },
  (t) => [
    check('visits_times', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    // A visit given lasts less than a day (an end earlier than the start is the next morning's); one that did not
    // happen has no times.
    check(
      'visits_minutes',
      sql`(${t.couldNotVisit} is null and ${t.startTime} is not null and ${t.endTime} is not null and ${t.minutes} between 1 and 1439) or (${t.couldNotVisit} in ('noAnswer', 'clientCancelled', 'clientAway', 'carerCouldNotCome') and ${t.startTime} is null and ${t.endTime} is null and ${t.minutes} = 0)`,
    ),
    check('visits_status', sql`${t.status} in ('recorded', 'toResolve', 'turnedDown', 'withdrawn')`),
    index('visits_carer_date_idx').on(t.carerId, t.date),
    index('visits_package_date_idx').on(t.packageId, t.date),
    index('visits_for_the_office_idx').on(t.recordedAt).where(sql`(${t.tellOffice} or ${t.couldNotVisit} is not null) and ${t.seenAt} is null`),
    index('visits_to_resolve_idx').on(t.recordedAt).where(sql`${t.status} = 'toResolve'`),
  ],
);

/**
 * Visits a carer's phone sent that were refused, counted per carer and hour rather than audited one by one: a phone
 * can send them without end, and they must not bury the audit trail. The hour's first is audited in full.
 */
export const visitRefusals = pgTable(
  'visit_refusals',
  {
    carerId: requiredReference('carer_id', () => carers.id, 'cascade'),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    refusals: integer('refusals').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.carerId, t.windowStart] })],
);

/** Months whose figures have gone to funders: no entry in them changes until an Admin reopens the month. */
export const closedMonths = pgTable(
  'closed_months',
  {
    /** The month as YYYY-MM. */
    month: text('month').primaryKey(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: text('closed_by').notNull(),
  },
  (t) => [check('closed_months_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/**
 * When the charity began recording delivered care, as an Admin set it, one row; with no row (or no month) the
 * month of the first entry stands. Months before it are "not recorded" in the Delivered Care Report.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: text('id').primaryKey().default('default'),
    /** The first month recorded, as YYYY-MM. */
    recordedFrom: text('recorded_from'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_settings_one_row', sql`${t.id} = 'default'`),
    check('delivery_settings_recorded_from', sql`${t.recordedFrom} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * The entries of each package and carer in each month, summed: kept by triggers on `deliveries` (migrations 0009 and
 * 0020), so reports over a year of daily entries read a few rows a package instead of every day. Never written by the
 * app.
 */
export const deliveryMonths = pgTable(
  'delivery_months',
  {
    packageId: requiredReference('package_id', () => packages.id, 'cascade'),
    /** The entries' own carer, whoever the package's carer is now. */
    carerId: requiredReference('carer_id', () => carers.id, 'cascade'),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    hours: numeric('hours', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    missed: integer('missed').notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.carerId, t.month] }), index('delivery_months_month_idx').on(t.month)],
);
