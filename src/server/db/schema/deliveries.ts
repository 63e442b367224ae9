import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idsOfKind } from '../ids';
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
    check('deliveries_id_prefix', idsOfKind(t.id, 'delivery')),
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
    /** What a volunteer's mileage is paid at: the HMRC approved rate (45p a mile for the first 10,000 a year) by default. */
    pencePerMile: integer('mileage_pence_per_mile').notNull().default(45),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_settings_one_row', sql`${t.id} = 'default'`),
    check('delivery_settings_mileage', sql`${t.pencePerMile} between 0 and 500`),
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
