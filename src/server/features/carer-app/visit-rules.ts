import { and, eq, gte, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import { endsAfter, timesOf, VISIT_REFUSALS, type VisitDay, visitEndDate, visitMinutes } from '@/shared/carer-app';
import { addDays, monthOfDate } from '@/shared/dates';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { visits } from '@/server/db/schema/visits';
import { clients } from '@/server/db/schema/people';
import { closedMonthAmong, type DayRefusal, dayRefusal } from '@/server/records/delivery-entries';

// What makes a visit recordable, for the phone's visits as they arrive and for the office resolving one that waited.

/** A visit's day and times (none for a visit that did not happen), on a package. */
export type VisitTimes = VisitDay & { packageId: string };

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
  const times = timesOf(visit);
  if (times && visitMinutes(times) === 0) return VISIT_REFUSALS.noLength;
  if (visit.date > limits.today) return VISIT_REFUSALS.future;
  if (times && endsAfter(times, limits)) return VISIT_REFUSALS.notEndedYet(times.end);
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

/** The day's refusal (records/delivery-entries.ts) in a carer's words. */
function visitWords(refusal: DayRefusal): string {
  switch (refusal.code) {
    case 'future':
      return VISIT_REFUSALS.future;
    case 'beforeStart':
      return VISIT_REFUSALS.beforeStart(refusal.start);
    case 'afterEnd':
      return VISIT_REFUSALS.afterEnd(refusal.end);
    case 'closedMonth':
      return VISIT_REFUSALS.closedMonth(refusal.month);
  }
}

/** Why the visit's days cannot be delivered care on the package (its dates, a closed month), whoever records it, or null. */
export async function packageRefusal(tx: Executor, visit: VisitTimes, pkg: PackageOfVisit): Promise<string | null> {
  const refusal = await dayRefusal(tx, pkg, { first: visit.date, last: visitEndDate(visit) });
  return refusal && visitWords(refusal);
}

/** Why a visit's days are beyond change (a month of them closed), or null. */
export async function closedMonthOf(tx: Executor, visit: VisitDay): Promise<string | null> {
  const month = await closedMonthAmong(tx, [visit.date, visitEndDate(visit)]);
  return month && VISIT_REFUSALS.closedMonth(month);
}

/**
 * The carer's visit this one overlaps (recorded, or waiting for the office), across midnight either side, as words;
 * null when none. `exceptId` leaves the visit itself out when the office moves it.
 */
export async function overlapOf(tx: Executor, carerId: string, visit: VisitTimes, exceptId?: string): Promise<string | null> {
  const times = timesOf(visit);
  if (!times) return null;
  const starts = sql`(${times.date}::date + ${times.start}::time)`;
  const storedStart = sql`(${visits.date} + ${visits.startTime}::time)`;
  const [other] = await tx
    .select({ date: visits.date, start: visits.startTime, end: visits.endTime })
    .from(visits)
    .where(
      and(
        eq(visits.carerId, carerId),
        notInArray(visits.status, ['turnedDown', 'withdrawn']),
        isNull(visits.couldNotVisit),
        exceptId ? ne(visits.id, exceptId) : undefined,
        gte(visits.date, addDays(visit.date, -1)),
        lte(visits.date, visitEndDate(visit)),
        sql`${storedStart} < ${starts} + make_interval(mins => ${visitMinutes(times)}::int) and ${storedStart} + make_interval(mins => ${visits.minutes}) > ${starts}`,
      ),
    )
    .limit(1);
  // Only visits given have times (couldNotVisit is null).
  return other ? VISIT_REFUSALS.overlaps(other as { date: string; start: string; end: string }) : null;
}
