import { TRPCError } from '@trpc/server';
import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { endsAfter, hoursOfVisits, minutesByDay, TOO_MANY_VISITS, VISIT_REFUSALS, visitEndDate, visitMinutes, VISITS_AN_HOUR } from '@/shared/carer-app';
import { addDays } from '@/shared/dates';
import { monthOfDate } from '@/shared/deliveries';
import type { VisitInput } from '@/shared/schemas/carer-app';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { closedMonths, deliveries, visitRefusals, visits } from '@/server/db/schema/deliveries';
import { carers, clients } from '@/server/db/schema/people';
import { recordAudit } from '@/server/records/audit-trail';
import { notEndedYet } from '@/server/records/care.mappers';
import { getRecordingStart } from '@/server/records/recording-start';
import type { ServiceContext } from '@/server/records/service-context';

/** How far back the phone is given its own visits. */
export const VISITS_SHOWN_DAYS = 30;

export type VisitAnswer = { id: string } & ({ result: 'recorded' } | { result: 'duplicate' } | { result: 'refused'; reason: string });

/** A visit as stored, to compare a resend with. */
function sameVisit(stored: typeof visits.$inferSelect, sent: VisitInput, carerId: string): boolean {
  return (
    stored.carerId === carerId &&
    stored.packageId === sent.packageId &&
    stored.date === sent.date &&
    stored.startTime === sent.start &&
    stored.endTime === sent.end &&
    stored.note === (sent.note ?? '') &&
    stored.tellOffice === (sent.tellOffice ?? false)
  );
}

/** A package the office has given the carer's phone: not archived, its client neither archived nor anonymised. */
const givenToPhone = and(eq(packages.archived, 'N'), eq(clients.archived, 'N'), isNull(clients.anonymisedAt));

/** What a call's visits are checked against, besides what is stored: the day, and how far back a phone records. */
interface RecordingLimits {
  today: string;
  /** The time of day now (HH:MM): a visit of today may not end later. */
  time: string;
  /** The earliest day a phone may record (CARER_RECORDING_DAYS back). */
  earliest: string;
  recordingDays: number;
  /** The month recording of delivered care began: a phone never moves it back. */
  recordingFrom: string | null;
}

/** A visit's start, as a timestamp of the phone's local time (its date and start time). */
const startsAt = (date: string, start: string) => sql`(${date}::date + ${start}::time)`;

/** Why the visit may not be recorded, or null: its package, its days and its length, against what is stored now. */
async function refusalOf(tx: Executor, carerId: string, visit: VisitInput, limits: RecordingLimits): Promise<string | null> {
  const minutes = visitMinutes(visit);
  if (minutes === 0) return VISIT_REFUSALS.noLength;
  const endDate = visitEndDate(visit);
  const [pkg] = await tx
    .select({ startDate: packages.startDate, endDate: packages.endDate, given: sql<boolean>`${givenToPhone}` })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .innerJoin(clients, eq(clients.id, requests.clientId))
    .where(and(eq(packages.id, visit.packageId), eq(packages.carerId, carerId)));
  if (!pkg) return VISIT_REFUSALS.notYours;
  if (!pkg.given) return VISIT_REFUSALS.packageClosed;
  if (visit.date > limits.today) return VISIT_REFUSALS.future;
  if (endsAfter(visit, { today: limits.today, time: limits.time })) return VISIT_REFUSALS.notEndedYet(visit.end);
  if (visit.date < limits.earliest) return VISIT_REFUSALS.tooOld(limits.recordingDays);
  if (visit.date < pkg.startDate) return VISIT_REFUSALS.beforeStart(pkg.startDate);
  if (pkg.endDate !== null && endDate > pkg.endDate) return VISIT_REFUSALS.afterEnd(pkg.endDate);
  const months = [...new Set([monthOfDate(visit.date), monthOfDate(endDate)])];
  const [closed] = await tx.select({ month: closedMonths.month }).from(closedMonths).where(inArray(closedMonths.month, months)).orderBy(closedMonths.month).limit(1);
  if (closed) return VISIT_REFUSALS.closedMonth(closed.month);
  if (limits.recordingFrom !== null && monthOfDate(visit.date) < limits.recordingFrom) return VISIT_REFUSALS.beforeRecording(limits.recordingFrom);
  // Against the carer's visits of the day before to the day after: a visit lasts less than a day, either side.
  const starts = startsAt(visit.date, visit.start);
  const storedStart = sql`(${visits.date} + ${visits.startTime}::time)`;
  const [other] = await tx
    .select({ date: visits.date, start: visits.startTime, end: visits.endTime })
    .from(visits)
    .where(
      and(
        eq(visits.carerId, carerId),
        gte(visits.date, addDays(visit.date, -1)),
        lte(visits.date, endDate),
        sql`${storedStart} < ${starts} + make_interval(mins => ${minutes}) and ${storedStart} + make_interval(mins => ${visits.minutes}) > ${starts}`,
      ),
    )
    .limit(1);
  return other ? VISIT_REFUSALS.overlaps(other) : null;
}

/** Minutes of the package's visits on `date`: those begun that day up to midnight, and those begun the day before after it. */
const minutesOnDay = (date: string) => {
  const startMinute = sql`(substr(${visits.startTime}, 1, 2)::int * 60 + substr(${visits.startTime}, 4, 2)::int)`;
  return sql<number>`coalesce(sum(case when ${visits.date} = ${date}::date then least(${visits.minutes}, 1440 - ${startMinute}) else greatest(0, ${visits.minutes} - (1440 - ${startMinute})) end), 0)::int`;
};

/**
 * The day's delivered care from the carer's visits: the package's visits' minutes that fall on the day (split at
 * midnight), on the day's entry when the carer's visits made it (or there is none yet). An entry the office typed is
 * left as it is: the visits are shown beside it to reconcile.
 */
async function keepDayFromVisits(tx: Executor, packageId: string, date: string): Promise<void> {
  const [day] = await tx
    .select({ minutes: minutesOnDay(date) })
    .from(visits)
    .where(and(eq(visits.packageId, packageId), gte(visits.date, addDays(date, -1)), lte(visits.date, date)));
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

/**
 * Records each visit once, whatever was sent before, in whatever order, or at the same time: the call is one
 * transaction holding the carer's row (and the closed months against a closing), so a carer's visits are checked
 * one at a time against what is stored, and a call cut short (a server stopped mid-batch) leaves nothing of itself;
 * the visit's id decides whether it is new. A recorded visit is audited; a refused one is counted, the carer's first
 * in the hour audited in full (a duplicate changes nothing and is neither). A call that would take the carer past
 * VISITS_AN_HOUR is refused whole, for the phone to send later.
 */
export async function syncVisits(ctx: ServiceContext, carer: { carerId: string }, sent: VisitInput[]): Promise<VisitAnswer[]> {
  const { db, actor, today, timeOfDay, env } = ctx;
  if (sent.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${carers} where ${carers.id} = ${carer.carerId} for update`);
    // A month closed while this waits is seen: closing takes its lock against entries being written.
    await tx.execute(sql`lock table ${closedMonths} in share mode`);
    const [{ recordedThisHour }] = (await tx
      .select({ recordedThisHour: sql<number>`count(*)::int` })
      .from(visits)
      .where(and(eq(visits.carerId, carer.carerId), sql`${visits.recordedAt} > now() - interval '1 hour'`))) as [{ recordedThisHour: number }];
    const limits: RecordingLimits = {
      today,
      time: timeOfDay,
      earliest: addDays(today, -env.carerRecordingDays),
      recordingDays: env.carerRecordingDays,
      recordingFrom: (await getRecordingStart(tx)).from,
    };
    const answers: VisitAnswer[] = [];
    let recorded = recordedThisHour;
    for (const visit of sent) {
      const answer = await syncVisit(tx, actor, carer.carerId, visit, limits);
      if (answer.result === 'recorded') {
        if (++recorded > VISITS_AN_HOUR) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_VISITS });
        // The first visit ever recorded begins the recording; the call's later ones may not go before it.
        limits.recordingFrom ??= monthOfDate(visit.date);
      }
      answers.push(answer);
    }
    return answers;
  });
}

/** Counts a refused visit of the carer in this hour: how many so far, this one included. */
async function countRefusal(tx: Executor, carerId: string): Promise<number> {
  const [row] = await tx
    .insert(visitRefusals)
    .values({ carerId, windowStart: sql`date_trunc('hour', now())` })
    .onConflictDoUpdate({ target: [visitRefusals.carerId, visitRefusals.windowStart], set: { refusals: sql`${visitRefusals.refusals} + 1`, lastAt: sql`now()` } })
    .returning({ refusals: visitRefusals.refusals });
  return row!.refusals;
}

async function refuse(tx: Executor, actor: ServiceContext['actor'], carerId: string, visit: VisitInput, reason: string): Promise<VisitAnswer> {
  if ((await countRefusal(tx, carerId)) === 1) {
    await recordAudit(tx, actor, 'carerApp.visitRefused', visit.id, { ...visit, reason, later: 'This carer’s later refusals in the same hour are counted, not listed' });
  }
  return { id: visit.id, result: 'refused', reason };
}

async function syncVisit(tx: Executor, actor: ServiceContext['actor'], carerId: string, visit: VisitInput, limits: RecordingLimits): Promise<VisitAnswer> {
  const [stored] = await tx.select().from(visits).where(eq(visits.id, visit.id));
  if (stored) {
    if (sameVisit(stored, visit, carerId)) return { id: visit.id, result: 'duplicate' };
    return refuse(tx, actor, carerId, visit, VISIT_REFUSALS.sentWithOtherContent);
  }
  const reason = await refusalOf(tx, carerId, visit, limits);
  if (reason) return refuse(tx, actor, carerId, visit, reason);
  const minutes = visitMinutes(visit);
  await tx.insert(visits).values({ id: visit.id, carerId, packageId: visit.packageId, date: visit.date, startTime: visit.start, endTime: visit.end, minutes, note: visit.note ?? '', tellOffice: visit.tellOffice ?? false });
  for (const day of minutesByDay(visit)) await keepDayFromVisits(tx, visit.packageId, day.date);
  await recordAudit(tx, actor, 'carerApp.visitRecorded', visit.id, { ...visit, carerId, minutes });
  return { id: visit.id, result: 'recorded' };
}

export interface CarerPackage {
  id: string;
  clientName: string;
  address: string;
  phone: string;
  services: string[];
  notes: string;
  weeklyHours: number;
  startDate: string;
  endDate: string | null;
}

export interface RecordedVisit {
  id: string;
  packageId: string;
  date: string;
  start: string;
  end: string;
  note: string;
  tellOffice: boolean;
  state: 'recorded';
}

/**
 * What the phone keeps: the carer's own packages not yet ended and still given to the phone (the client's name, address
 * and phone, the services, the package's notes and weekly hours) and their own visits on them of the last 30 days.
 * Nothing else of any client.
 */
export async function myVisits({ db, today }: ServiceContext, carer: { carerId: string }): Promise<{ today: string; packages: CarerPackage[]; visits: RecordedVisit[] }> {
  const [own, recent] = await Promise.all([
    db
      .select({
        id: packages.id,
        clientName: clients.name,
        streetAddress: packages.streetAddress,
        locality: packages.locality,
        postCode: packages.postCode,
        phone: clients.phone,
        services: packages.services,
        notes: packages.notes,
        weeklyHours: packages.weeklyHours,
        startDate: packages.startDate,
        endDate: packages.endDate,
      })
      .from(packages)
      .innerJoin(requests, eq(requests.id, packages.requestId))
      .innerJoin(clients, eq(clients.id, requests.clientId))
      .where(and(eq(packages.carerId, carer.carerId), givenToPhone, notEndedYet(packages.endDate, today)))
      .orderBy(clients.name),
    // Of packages still given to the phone: a client archived or anonymised leaves it, their visits with them.
    db
      .select({ visit: visits })
      .from(visits)
      .innerJoin(packages, eq(packages.id, visits.packageId))
      .innerJoin(requests, eq(requests.id, packages.requestId))
      .innerJoin(clients, eq(clients.id, requests.clientId))
      .where(and(eq(visits.carerId, carer.carerId), givenToPhone, gte(visits.date, addDays(today, -VISITS_SHOWN_DAYS)), lte(visits.date, today)))
      .orderBy(desc(visits.date), desc(visits.startTime)),
  ]);
  return {
    today,
    packages: own.map(({ streetAddress, locality, postCode, ...pkg }) => ({ ...pkg, address: [streetAddress, locality, postCode].filter(Boolean).join(', ') })),
    visits: recent.map(({ visit: v }) => ({ id: v.id, packageId: v.packageId, date: v.date, start: v.startTime, end: v.endTime, note: v.note, tellOffice: v.tellOffice, state: 'recorded' as const })),
  };
}
