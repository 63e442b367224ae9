import { TRPCError } from '@trpc/server';
import { and, desc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { type CouldNotVisit, TOO_MANY_VISITS, VISIT_REFUSALS, visitDays, type VisitDay, visitEndDate, visitMinutes, VISITS_AN_HOUR } from '@/shared/carer-app';
import { addDays, monthOfDate, todayIn } from '@/shared/dates';
import type { VisitInput, VisitSent, VisitStart } from '@/shared/schemas/carer-app';
import { plannedVisitSlot } from '@/shared/planned-visits';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { closedMonths } from '@/server/db/schema/deliveries';
import { visitRefusals, visits, type VisitTold } from '@/server/db/schema/visits';
import { carers, clients } from '@/server/db/schema/people';
import { visitStarts } from '@/server/db/schema/visit-plans';
import { recordAudit } from '@/server/records/audit-trail';
import { notEndedYet } from '@/server/records/care.mappers';
import { type ChangeRead, changeRead, heardFromPhone, plannedVisitsBetween } from '@/server/records/planned-visits';
import { type KeyInformation, keyInformationOf, keySafeCodeOpener } from '@/server/records/key-information';
import { keepDayFromVisits } from '@/server/records/delivery-entries';
import { getRecordingStart } from '@/server/records/recording-start';
import { type DayDriving, dayDrivingOf } from '@/server/records/day-plan';
import type { CarerContext, ServiceContext } from '@/server/records/service-context';
import { changeRefusal, changeVisit, mayChangeSoon, withdrawVisit } from './visit-changes';
import { type WellbeingDue, wellbeingDueFor } from './phone-wellbeing.service';
import { carersSlip, givenToPhone, overlapOf, packageOf, phoneRefusal, type RecordingLimits } from './visit-rules';

/** How far back the phone is given its own visits. */
export const VISITS_SHOWN_DAYS = 30;

/**
 * "recorded": delivered care; "toResolve": kept for the office to resolve, the reason in words; "refused": the
 * carer's own slip, not kept; "duplicate": sent before, nothing changed.
 */
export type VisitAnswer = { id: string } & (
  | { result: 'recorded' }
  | { result: 'duplicate' }
  | { result: 'withdrawn' }
  | { result: 'toResolve'; reason: string }
  | { result: 'refused'; reason: string }
);

/** A visit as the phone sent it, given or not, in the columns it is stored in. */
function visitRow(visit: VisitSent, carerId: string) {
  const given = 'start' in visit;
  const times = given ? { startTime: visit.start, endTime: visit.end, minutes: visitMinutes(visit) } : { startTime: null, endTime: null, minutes: 0 };
  return {
    id: visit.id,
    carerId,
    packageId: visit.packageId,
    date: visit.date,
    ...times,
    couldNotVisit: given ? null : visit.couldNotVisit,
    note: visit.note ?? '',
    tellOffice: given ? (visit.tellOffice ?? false) : false,
    // A planned visit of another package is not this visit's: the visit is kept, the link dropped.
    plannedVisitId: visit.plannedVisitId && plannedVisitSlot(visit.plannedVisitId)?.packageId === visit.packageId ? visit.plannedVisitId : null,
  };
}
type VisitRow = ReturnType<typeof visitRow>;

/** A visit as stored, to compare a resend with. */
function sameVisit(stored: typeof visits.$inferSelect, sent: VisitRow): boolean {
  return (
    stored.carerId === sent.carerId &&
    stored.packageId === sent.packageId &&
    stored.date === sent.date &&
    stored.startTime === sent.startTime &&
    stored.endTime === sent.endTime &&
    stored.couldNotVisit === sent.couldNotVisit &&
    stored.note === sent.note &&
    stored.tellOffice === sent.tellOffice
  );
}

/** A call's limits: a phone's, and when its carer's access ended (the charity's date), if it did. */
type SendingLimits = RecordingLimits & { endedOn: string | null };

/**
 * Records each visit once, whatever was sent before, in whatever order, or at the same time: the call is one
 * transaction holding the carer's row (and the closed months against a closing), so a carer's visits are checked
 * one at a time against what is stored, and a call cut short (a server stopped mid-batch) leaves nothing of itself;
 * the visit's id decides whether it is new. A recorded visit is audited; a refused one is counted, the carer's first
 * in the hour audited in full (a duplicate changes nothing and is neither). A call that would take the carer past
 * VISITS_AN_HOUR is refused whole, for the phone to send later.
 */
export async function syncVisits(ctx: CarerContext, { visits: sent, starts = [] }: { visits: VisitInput[]; starts?: VisitStart[] }): Promise<VisitAnswer[]> {
  const { db, actor, today, timeOfDay, env, carer, endedAt } = ctx;
  await heardFromPhone(db, carer.carerId);
  if (endedAt === null) await keepStarts(db, carer.carerId, starts);
  if (sent.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${carers} where ${carers.id} = ${carer.carerId} for update`);
    // A month closed while this waits is seen: closing takes its lock against entries being written.
    await tx.execute(sql`lock table ${closedMonths} in share mode`);
    const [{ recordedThisHour }] = (await tx
      .select({ recordedThisHour: sql<number>`count(*)::int` })
      .from(visits)
      .where(and(eq(visits.carerId, carer.carerId), sql`${visits.recordedAt} > now() - interval '1 hour'`))) as [{ recordedThisHour: number }];
    const limits: SendingLimits = {
      today,
      time: timeOfDay,
      endedOn: endedAt && todayIn(env.timeZone, endedAt),
      earliest: addDays(today, -env.carerRecordingDays),
      recordingDays: env.carerRecordingDays,
      recordingFrom: (await getRecordingStart(tx)).from,
    };
    const answers: VisitAnswer[] = [];
    let recorded = recordedThisHour;
    for (const visit of sent) {
      const answer = await syncVisit(tx, actor, carer.carerId, visit, limits);
      if (answer.result === 'recorded' || answer.result === 'toResolve') {
        if (++recorded > VISITS_AN_HOUR) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_VISITS });
        // The first visit ever recorded begins the recording; the call's later ones may not go before it.
        if (answer.result === 'recorded' && 'date' in visit) limits.recordingFrom ??= monthOfDate(visit.date);
      }
      answers.push(answer);
    }
    return answers;
  });
}

/** Keeps the starts the phone sent of the carer's own planned visits (a start sent again changes nothing). */
async function keepStarts(db: Executor, carerId: string, starts: VisitStart[]): Promise<void> {
  for (const date of new Set(starts.map((start) => start.date))) {
    const theirs = new Set((await plannedVisitsBetween(db, date, date, carerId)).map((visit) => visit.id));
    const rows = starts.filter((start) => start.date === date && theirs.has(start.plannedVisitId));
    if (rows.length) {
      await db
        .insert(visitStarts)
        .values(rows.map((start) => ({ plannedVisitId: start.plannedVisitId, carerId, date, startTime: start.start })))
        .onConflictDoNothing();
    }
  }
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

/** Why a carer's change may not stand as the phone sent it (the same checks as a new visit's, and recordable by the phone), or null. */
async function newDetailsRefusal(tx: Executor, carerId: string, row: VisitRow, limits: SendingLimits): Promise<string | null> {
  const times = { packageId: row.packageId, date: row.date, start: row.startTime, end: row.endTime };
  const slip = carersSlip(times, limits);
  if (slip) return slip;
  const pkg = await packageOf(tx, row.packageId);
  if (!pkg) return VISIT_REFUSALS.notYours;
  return (await overlapOf(tx, carerId, times, row.id)) ?? (await phoneRefusal(tx, times, pkg, carerId, limits));
}

/**
 * One visit: a resend by its id; the carer's own slip or an overlap, refused for them to put right; a package that does
 * not exist, refused; one recordable only by the office (closed, given to another carer, too far back), kept for it
 * to resolve; else recorded as the day's delivered care.
 */
async function syncVisit(tx: Executor, actor: ServiceContext['actor'], carerId: string, visit: VisitInput, limits: SendingLimits): Promise<VisitAnswer> {
  const [stored] = await tx.select().from(visits).where(eq(visits.id, visit.id)).for('update');
  if ('withdraw' in visit) {
    if (!stored) return refuse(tx, actor, carerId, visit, VISIT_REFUSALS.changeNotArrived);
    if (stored.status === 'withdrawn' && stored.carerId === carerId) return { id: visit.id, result: 'duplicate' };
    const why = await changeRefusal(tx, stored, carerId, limits.endedOn, true);
    if (why) return refuse(tx, actor, carerId, visit, why);
    await withdrawVisit(tx, actor, stored);
    return { id: visit.id, result: 'withdrawn' };
  }
  const row = visitRow(visit, carerId);
  if (stored) {
    if (sameVisit(stored, row)) return { id: visit.id, result: 'duplicate' };
    if (!visit.change) return refuse(tx, actor, carerId, visit, VISIT_REFUSALS.sentWithOtherContent);
    const why = (await changeRefusal(tx, stored, carerId, limits.endedOn, false)) ?? (await newDetailsRefusal(tx, carerId, row, limits));
    if (why) return refuse(tx, actor, carerId, visit, why);
    await changeVisit(tx, actor, stored, row);
    return { id: visit.id, result: 'recorded' };
  }
  const times = { packageId: row.packageId, date: row.date, start: row.startTime, end: row.endTime };
  const slip = carersSlip(times, limits) ?? (limits.endedOn !== null && visit.date > limits.endedOn ? VISIT_REFUSALS.afterAccessEnded : null);
  if (slip) return refuse(tx, actor, carerId, visit, slip);
  const pkg = await packageOf(tx, visit.packageId);
  if (!pkg) return refuse(tx, actor, carerId, visit, VISIT_REFUSALS.notYours);
  const overlap = await overlapOf(tx, carerId, times);
  if (overlap) return refuse(tx, actor, carerId, visit, overlap);
  // Sent after the carer's access ended, a visit is the office's to accept, whatever else is said of it.
  const phone = await phoneRefusal(tx, times, pkg, carerId, limits);
  const forOffice = limits.endedOn === null ? phone : [VISIT_REFUSALS.sentAfterAccessEnded, phone].filter(Boolean).join('. ');
  if (forOffice) {
    await tx.insert(visits).values({ ...row, status: 'toResolve', reason: forOffice });
    await recordAudit(tx, actor, 'carerApp.visitToResolve', visit.id, { ...visit, carerId, minutes: row.minutes, reason: forOffice });
    return { id: visit.id, result: 'toResolve', reason: forOffice };
  }
  await tx.insert(visits).values(row);
  for (const date of visitDays(times)) await keepDayFromVisits(tx, visit.packageId, carerId, date);
  await recordAudit(tx, actor, 'carerApp.visitRecorded', visit.id, { ...visit, carerId, minutes: row.minutes });
  return { id: visit.id, result: 'recorded' };
}

export interface CarerPackage {
  id: string;
  /** How to get in, allergies and risks, whom to call: the client's key information, the code aside. */
  keyInformation: KeyInformation | null;
  clientName: string;
  address: string;
  phone: string;
  services: string[];
  notes: string;
  weeklyHours: number;
  startDate: string;
  endDate: string | null;
}

/** One of the carer's own visits as the office holds it: recorded, with the office to resolve, or turned down. */
export interface MyVisit extends VisitTold {
  id: string;
  packageId: string;
  clientName: string;
  tellOffice: boolean;
  state: 'recorded' | 'toResolve' | 'turnedDown' | 'withdrawn';
  /** Why it waits for the office (to resolve), or the office's reason (turned down). */
  reason?: string;
  /** The carer may still change it (recorded) or withdraw it (recorded or with the office) from the phone. */
  mayChange: boolean;
  /** The planned visit it gave, when recorded from the plan. */
  plannedVisitId: string | null;
}

/** How many days after today the phone is given its planned visits, to read with no signal. */
export const PLANNED_DAYS_AHEAD = 7;

/** A planned visit on the carer's phone: theirs to give, or (their package's, covered by another carer) to know of. */
export interface MyPlannedVisit {
  id: string;
  packageId: string;
  clientName: string;
  date: string;
  start: string;
  end: string;
  /** The week's change to it: offered to the carer to accept, or accepted. */
  change: ChangeRead | null;
  /** Given to another carer for the week: the carer does not go. */
  covered: boolean;
  /** What the carer needs at the door: the client's key information. */
  keyInformation: KeyInformation | null;
  /** The key safe code, on a visit of today or tomorrow the carer gives (tomorrow's, for a phone with no signal in the morning). */
  keySafeCode?: string;
}

/**
 * What the phone keeps: the carer's own packages not yet ended and still given to the phone (the client's name, address
 * and phone, the services, the package's notes and weekly hours) and their own visits of the last 30 days: those
 * recorded on packages still given to it, and those the office has to resolve or turned down (the carer reads the
 * outcome) unless the client was anonymised. Nothing else of any client.
 */
export async function myVisits(
  ctx: CarerContext,
): Promise<{ today: string; packages: CarerPackage[]; visits: MyVisit[]; planned: MyPlannedVisit[]; wellbeingDue: WellbeingDue[]; driving: DayDriving | null }> {
  const { db, today, carer } = ctx;
  await heardFromPhone(db, carer.carerId);
  const [own, recent, closed, planned] = await Promise.all([
    db
      .select({
        id: packages.id,
        clientId: clients.id,
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
    // Recorded ones of packages still given to the phone: a client archived or anonymised leaves it, their visits with them.
    db
      .select({ visit: visits, clientName: clients.name })
      .from(visits)
      .innerJoin(packages, eq(packages.id, visits.packageId))
      .innerJoin(requests, eq(requests.id, packages.requestId))
      .innerJoin(clients, eq(clients.id, requests.clientId))
      .where(
        and(
          eq(visits.carerId, carer.carerId),
          or(and(eq(visits.status, 'recorded'), givenToPhone), and(ne(visits.status, 'recorded'), isNull(clients.anonymisedAt))),
          gte(visits.date, addDays(today, -VISITS_SHOWN_DAYS)),
          lte(visits.date, today),
        ),
      )
      .orderBy(desc(visits.date), desc(visits.startTime)),
    db.select({ month: closedMonths.month }).from(closedMonths),
    plannedVisitsBetween(db, today, addDays(today, PLANNED_DAYS_AHEAD), carer.carerId),
  ]);
  const keyInfo = await keyInformationOf(db, [...new Set([...own.map((pkg) => pkg.clientId), ...planned.map((visit) => visit.clientId)])]);
  const keyInformation = (clientId: string): KeyInformation | null => {
    const found = keyInfo.get(clientId);
    return found ? { accessNotes: found.accessNotes, allergiesAndRisks: found.allergiesAndRisks, emergencyContact: found.emergencyContact } : null;
  };
  // The code only for the visits the carer goes to, today and tomorrow: nowhere else on the phone.
  const codeDays = new Set([today, addDays(today, 1)]);
  const openCode = keySafeCodeOpener(db);
  const codes = new Map<string, string>();
  for (const visit of planned) {
    if (!codeDays.has(visit.date) || visit.carerId !== carer.carerId || visit.change?.cancelled) continue;
    const code = await openCode(visit.clientId, keyInfo.get(visit.clientId)?.sealedCode ?? null);
    if (code) codes.set(visit.id, code);
  }
  const closedMonth = new Set(closed.map((row) => row.month));
  const inOpenMonth = (v: VisitDay) => !closedMonth.has(monthOfDate(v.date)) && !closedMonth.has(monthOfDate(visitEndDate(v)));
  const wellbeingDue = await wellbeingDueFor(ctx, new Set(own.map((pkg) => pkg.clientId)));
  // Today's driving between the carer's own visits, and the shorter order the office could offer: read at the door.
  const given = new Set(recent.flatMap(({ visit }) => (visit.plannedVisitId ? [visit.plannedVisitId] : [])));
  const todays = planned.filter((visit) => visit.date === today && visit.carerId === carer.carerId);
  const driving = (await dayDrivingOf({ db, routingUrl: ctx.env.routingUrl, today, now: ctx.timeOfDay }, todays, given)).get(carer.carerId) ?? null;
  return {
    today,
    wellbeingDue,
    driving,
    packages: own.map(({ streetAddress, locality, postCode, clientId, ...pkg }) => ({
      ...pkg,
      address: [streetAddress, locality, postCode].filter(Boolean).join(', '),
      keyInformation: keyInformation(clientId),
    })),
    visits: recent.map(({ visit: v, clientName }) => {
      const state = v.status as MyVisit['state'];
      const reason = state === 'toResolve' ? v.reason : state === 'turnedDown' ? v.resolution : null;
      const couldNotVisit = v.couldNotVisit as CouldNotVisit | null;
      const day = { date: v.date, start: v.startTime, end: v.endTime };
      const mayChange = mayChangeSoon(v) && inOpenMonth(day);
      return { id: v.id, packageId: v.packageId, clientName, ...day, couldNotVisit, note: v.note, tellOffice: v.tellOffice, state, ...(reason ? { reason } : {}), mayChange, plannedVisitId: v.plannedVisitId };
    }),
    planned: planned.map((visit) => ({
      id: visit.id,
      packageId: visit.packageId,
      clientName: visit.clientName,
      date: visit.date,
      start: visit.start,
      end: visit.end,
      change: changeRead(visit.change),
      covered: visit.carerId !== carer.carerId,
      keyInformation: keyInformation(visit.clientId),
      ...(codes.has(visit.id) ? { keySafeCode: codes.get(visit.id)! } : {}),
    })),
  };
}
