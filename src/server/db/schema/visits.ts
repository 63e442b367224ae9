import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CouldNotVisit } from '@/shared/carer-app';
import { requiredReference } from './columns';
import { packages } from './care';
import { carers } from './people';

// The visits carers' phones send (the carer app writes them; the day of delivered care is made from them).

/** A visit as the carer told it: the day, its times or why it did not happen, and their note. */
export interface VisitTold {
  date: string;
  /** None for a visit that did not happen. */
  start: string | null;
  end: string | null;
  couldNotVisit: CouldNotVisit | null;
  note: string;
}

/** What a carer said of a visit when they first sent it: kept once they change it. */
export interface VisitAsSent extends VisitTold {
  packageId: string;
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
    /** The planned visit it gives (src/shared/planned-visits.ts), when recorded from the plan; none for an extra. */
    plannedVisitId: text('planned_visit_id'),
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
    index('visits_planned_idx').on(t.plannedVisitId),
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
