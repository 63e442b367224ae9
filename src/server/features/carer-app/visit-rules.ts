import { and, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { endsAfter, hoursOfVisits, VISIT_REFUSALS, visitEndDate, visitMinutes } from '@/shared/carer-app';
import { addDays } from '@/shared/dates';
import { monthOfDate } from '@/shared/deliveries';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { closedMonths, deliveries, visits } from '@/server/db/schema/deliveries';
import { clients } from '@/server/db/schema/people';

// What makes a visit recordable, for the phone's visits as they arrive and for the office resolving one that waited.

/** A visit's day and times, on a package. */
export interface VisitTimes {
  packageId: string;
  date: string;
  start: string;
  end: string;
}

/** A package the office has given the carer's phone: not archived, its client neither archived nor anonymised. */
export const givenToPhone = and(eq(packages.archived, 'N'), eq(clients.archived, 'N'), isNull(clients.anonymisedAt));

/** What a phone's visits are checked against, besides what is stored: now, and how far back a phone records. */
export interface RecordingLimits {
  today: string;
  /** The time of day now (HH:MM): a visit of today may not end later. */
  time: string;
  /** The earliest day a phone may record (CARER_RECORDING_DAYS back). */
  earliest: string;
  recordingDays: number;
  /** The month recording of delivered care began: a phone never moves it back. */
  recordingFrom: string | null;
}

/** The carer's own slip, which the phone shows them to put right (no length, a day to come, not ended yet), or null. */
export function carersSlip(visit: VisitTimes, limits: Pick<RecordingLimits, 'today' | 'time'>): string | null {
  if (visitMinutes(visit) === 0) return VISIT_REFUSALS.noLength;
  if (visit.date > limits.today) return VISIT_REFUSALS.future;
  if (endsAfter(visit, limits)) return VISIT_REFUSALS.notEndedYet(visit.end);
  return null;
}

export interface PackageOfVisit {
  id: string;
  carerId: string;
  clientId: string;
  startDate: string;
  endDate: string | null;
  /** Still given to the carer's phone (see givenToPhone). */
  given: boolean;
}

export async function packageOf(tx: Executor, packageId: string): Promise<PackageOfVisit | undefined> {
  const [pkg] = await tx
    .select({
      id: packages.id,
      carerId: packages.carerId,
      clientId: clients.id,
      startDate: packages.startDate,
      endDate: packages.endDate,
      given: sql<boolean>`${givenToPhone}`,
    })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .innerJoin(clients, eq(clients.id, requests.clientId))
    .where(eq(packages.id, packageId));
  return pkg;
}

/**
 * Why the office, not the phone, must record the visit, or null: beyond what binds anyone (packageRefusal), a phone is
 * held to the package still given to it and still this carer's, the days back it may record and the month recording
 * began (decision 307). The office, resolving a visit, is held to packageRefusal alone.
 */
export async function phoneRefusal(tx: Executor, visit: VisitTimes, pkg: PackageOfVisit, carerId: string, limits: RecordingLimits): Promise<string | null> {
  if (pkg.carerId !== carerId) return VISIT_REFUSALS.givenToAnother;
  if (!pkg.given) return VISIT_REFUSALS.packageClosed;
  if (visit.date < limits.earliest) return VISIT_REFUSALS.tooOld(limits.recordingDays);
  const anyone = await packageRefusal(tx, visit, pkg);
  if (anyone) return anyone;
  if (limits.recordingFrom !== null && monthOfDate(visit.date) < limits.recordingFrom) return VISIT_REFUSALS.beforeRecording(limits.recordingFrom);
  return null;
}

/** Why the visit's days cannot be delivered care on the package (its dates, a closed month), whoever records it, or null. */
export async function packageRefusal(tx: Executor, visit: VisitTimes, pkg: PackageOfVisit): Promise<string | null> {
  if (visit.date < pkg.startDate) return VISIT_REFUSALS.beforeStart(pkg.startDate);
  if (pkg.endDate !== null && visitEndDate(visit) > pkg.endDate) return VISIT_REFUSALS.afterEnd(pkg.endDate);
  const months = [...new Set([monthOfDate(visit.date), monthOfDate(visitEndDate(visit))])];
  const [closed] = await tx.select({ month: closedMonths.month }).from(closedMonths).where(inArray(closedMonths.month, months)).orderBy(closedMonths.month).limit(1);
  return closed ? VISIT_REFUSALS.closedMonth(closed.month) : null;
}

/**
 * The carer's visit this one overlaps (recorded, or waiting for the office), across midnight either side, as words;
 * null when none. `exceptId` leaves the visit itself out when the office moves it.
 */
export async function overlapOf(tx: Executor, carerId: string, visit: VisitTimes, exceptId?: string): Promise<string | null> {
  const starts = sql`(${visit.date}::date + ${visit.start}::time)`;
  const storedStart = sql`(${visits.date} + ${visits.startTime}::time)`;
  const [other] = await tx
    .select({ date: visits.date, start: visits.startTime, end: visits.endTime })
    .from(visits)
    .where(
      and(
        eq(visits.carerId, carerId),
        ne(visits.status, 'turnedDown'),
        exceptId ? ne(visits.id, exceptId) : undefined,
        gte(visits.date, addDays(visit.date, -1)),
        lte(visits.date, visitEndDate(visit)),
        sql`${storedStart} < ${starts} + make_interval(mins => ${visitMinutes(visit)}::int) and ${storedStart} + make_interval(mins => ${visits.minutes}) > ${starts}`,
      ),
    )
    .limit(1);
  return other ? VISIT_REFUSALS.overlaps(other) : null;
}

/** Minutes of the package's recorded visits on `date`: those begun that day up to midnight, and those begun the day before after it. */
const minutesOnDay = (date: string) => {
  const startMinute = sql`(substr(${visits.startTime}, 1, 2)::int * 60 + substr(${visits.startTime}, 4, 2)::int)`;
  return sql<number>`coalesce(sum(case when ${visits.date} = ${date}::date then least(${visits.minutes}, 1440 - ${startMinute}) else greatest(0, ${visits.minutes} - (1440 - ${startMinute})) end), 0)::int`;
};

/**
 * The day's delivered care from the carer's visits: the package's recorded visits' minutes that fall on the day (split
 * at midnight, decision 308), on the day's entry when the carer's visits made it (or there is none yet). An entry the
 * office typed is left as it is: the visits are shown beside it to reconcile.
 */
export async function keepDayFromVisits(tx: Executor, packageId: string, date: string): Promise<void> {
  const [day] = await tx
    .select({ minutes: minutesOnDay(date) })
    .from(visits)
    .where(and(eq(visits.packageId, packageId), eq(visits.status, 'recorded'), gte(visits.date, addDays(date, -1)), lte(visits.date, date)));
  const hours = Math.min(24, hoursOfVisits(day?.minutes ?? 0));
  const [entry] = await tx.select().from(deliveries).where(and(eq(deliveries.packageId, packageId), eq(deliveries.date, date))).for('update');
  if (!entry) {
    await tx.insert(deliveries).values({ id: newId('d'), packageId, date, status: 'delivered', hours, source: 'carer' });
  } else if (entry.source === 'carer') {
    await tx
      .update(deliveries)
      .set({ hours, status: 'delivered', reason: null, version: entry.version + 1, updatedAt: new Date() })
      .where(eq(deliveries.id, entry.id));
  }
}
