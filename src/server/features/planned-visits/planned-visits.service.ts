import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { datedVisitWarning } from '@/shared/availability';
import { daysBetween, formatShortDay } from '@/shared/dates';
import {
  MOVE_DAYS,
  plannedVisitId,
  type PlannedVisitState,
  visitStateOf,
  weekdayOf,
} from '@/shared/planned-visits';
import type { PlannedVisitChangeInput } from '@/shared/schemas/planned-visits';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { phoneContacts, visitChanges, visitPlans, visitStarts } from '@/server/db/schema/visit-plans';
import { visits } from '@/server/db/schema/visits';
import { availabilityOf } from '@/server/records/availability';
import { assignmentColumns } from '@/server/records/carer-compliance';
import { exclusionOf } from '@/server/records/carer-exclusions';
import { type DayDriving, dayDrivingOf } from '@/server/records/day-plan';
import { type ChangeRead, changeRead, matchRecorded, plannedVisitsBetween, visitChangeOf } from '@/server/records/planned-visits';
import { notFound, refused } from '@/server/records/record-errors';
import { auditChange } from '@/server/records/record-lifecycle';
import type { RecordContext, ServiceContext } from '@/server/records/service-context';
import { carerNamesOf } from '@/server/records/carer-names';

/** A visit of the office's day. */
export interface DayVisit {
  id: string;
  packageId: string;
  carerId: string;
  carerName: string;
  clientId: string;
  clientName: string;
  start: string;
  end: string;
  state: PlannedVisitState;
  change: ChangeRead | null;
  /** The times the carer recorded, for a visit done. */
  recorded: { start: string | null; end: string | null } | null;
  /** When the carer's phone said it started (the phone's time). */
  startedAt: string | null;
}

/** A carer with visits on the day, and when the office last heard from their phone (null: never). */
export interface DayPhone {
  carerId: string;
  carerName: string;
  heardAt: string | null;
}

export interface PlannedDay {
  date: string;
  /** The time the states were worked out at: now, on today. */
  asOf: string;
  visits: DayVisit[];
  phones: DayPhone[];
  /** Each carer's driving of the day, and a shorter order for visits at any time where there is one. */
  driving: DayDriving[];
}

/**
 * Every planned visit of a day, by carer and time, and where each stands: planned, started, done, late, couldn't
 * visit, not recorded or cancelled. A visit recorded from the plan carries its id; one recorded without (an older
 * phone, an extra the carer made) is matched to its package's nearest planned visit of the day.
 */
export async function getPlannedDay({ db, today, timeOfDay, env }: ServiceContext, { date }: { date: string }): Promise<PlannedDay> {
  const planned = await plannedVisitsBetween(db, date, date);
  const packageIds = [...new Set(planned.map((visit) => visit.packageId))];
  const carerIds = [...new Set(planned.map((visit) => visit.carerId))];
  const [recorded, starts, nameOf, heard] = packageIds.length
    ? await Promise.all([
        db
          .select({ packageId: visits.packageId, plannedVisitId: visits.plannedVisitId, start: visits.startTime, end: visits.endTime, couldNotVisit: visits.couldNotVisit })
          .from(visits)
          .where(and(inArray(visits.packageId, packageIds), eq(visits.date, date), inArray(visits.status, ['recorded', 'toResolve'])))
          .orderBy(visits.startTime),
        db.select().from(visitStarts).where(inArray(visitStarts.plannedVisitId, planned.map((visit) => visit.id))),
        carerNamesOf(db, carerIds),
        db.select().from(phoneContacts).where(inArray(phoneContacts.carerId, carerIds)),
      ])
    : [[], [], new Map<string, string>(), []];
  const matched = matchRecorded(planned, recorded.map((visit) => ({ ...visit, date })));
  const startOf = new Map(starts.map((start) => [start.plannedVisitId, start.startTime]));
  const now = { today, time: date === today ? timeOfDay : '00:00' };
  const dayVisits = planned.map((visit): DayVisit => {
    const done = matched.get(visit.id);
    const startedAt = startOf.get(visit.id) ?? null;
    return {
      id: visit.id,
      packageId: visit.packageId,
      carerId: visit.carerId,
      carerName: nameOf.get(visit.carerId) ?? '',
      clientId: visit.clientId,
      clientName: visit.clientName,
      start: visit.start,
      end: visit.end,
      state: visitStateOf(visit, { recorded: done && { couldNotVisit: done.couldNotVisit !== null }, started: startedAt !== null }, now),
      change: changeRead(visit.change),
      recorded: done ? { start: done.start, end: done.end } : null,
      startedAt,
    };
  });
  const heardAt = new Map(heard.map((row) => [row.carerId, row.heardAt.toISOString()]));
  const settled = new Set(dayVisits.filter((visit) => visit.state !== 'planned' && visit.state !== 'late').map((visit) => visit.id));
  const driving = await dayDrivingOf({ db, routingUrl: env.routingUrl, today, now: timeOfDay }, planned, settled);
  return {
    date,
    asOf: now.time,
    visits: dayVisits.sort((a, b) => a.carerName.localeCompare(b.carerName) || a.carerId.localeCompare(b.carerId) || a.start.localeCompare(b.start)),
    phones: carerIds
      .map((carerId) => ({ carerId, carerName: nameOf.get(carerId) ?? '', heardAt: heardAt.get(carerId) ?? null }))
      .sort((a, b) => a.carerName.localeCompare(b.carerName)),
    driving: [...driving.values()],
  };
}

export const CHANGE_MESSAGES = {
  past: 'A visit already past cannot be changed: the carer records what happened',
  noSuchVisit: (date: string, start: string) => `There is no planned visit on ${formatShortDay(date)} at ${start}`,
  tooFar: `A visit moves at most ${MOVE_DAYS} days either way: change the plan for a lasting change`,
  notRunning: 'The package does not run on that day',
  ownCarer: 'That is the package’s own carer: undo the cover instead',
  slotTaken: (date: string, start: string) => `There is already a visit on ${formatShortDay(date)} at ${start}`,
  nothingToUndo: 'The visit has no change to undo',
} as const;

/** What the audit trail keeps of a visit's change: plain words, no more. */
const changeAudited = (row: typeof visitChanges.$inferSelect | undefined) =>
  row
    ? { cancelled: row.cancelled, reason: row.reason, date: row.date, start: row.startTime, end: row.endTime, carerId: row.carerId, override: row.complianceOverride }
    : null;

/**
 * One week's change to a planned visit, offered to the carer who is to give it: a move (within MOVE_DAYS, while the
 * package runs), a cancellation with its reason, a cover (through the compliance gate; the client's reason not to
 * be matched with the carer is answered beside it, as the package form warns of it), an extra visit, or an undo.
 * A move keeps a cover and a cover keeps a move; a cancellation replaces both. Audited; none may touch the past.
 */
export function changePlannedVisit(ctx: RecordContext, input: PlannedVisitChangeInput) {
  return ctx.db.transaction((tx) => changeWithin(tx, ctx, input));
}

/** Several changes at once, all or none, audited as `procedure`; a move carries `reason` (why the office moved it) to the carer. */
export function changeVisitsInOne(ctx: RecordContext, inputs: readonly PlannedVisitChangeInput[], { reason, procedure }: { reason: string; procedure: string }) {
  return ctx.db.transaction(async (tx) => {
    const changed = [];
    for (const input of inputs) changed.push(await changeWithin(tx, ctx, input, { reason, procedure }));
    return changed;
  });
}

async function changeWithin(tx: Executor, ctx: RecordContext, input: PlannedVisitChangeInput, { reason: moveReason = null, procedure = 'plannedVisits.change' }: { reason?: string | null; procedure?: string } = {}) {
  const [pkg] = await tx
    .select({ carerId: packages.carerId, startDate: packages.startDate, endDate: packages.endDate, archived: packages.archived, clientId: requests.clientId, visits: visitPlans.visits })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .leftJoin(visitPlans, eq(visitPlans.packageId, packages.id))
    .where(eq(packages.id, input.packageId))
    .for('update', { of: packages });
  if (!pkg || pkg.archived === 'Y') throw notFound('Package');
  const runsOn = (date: string) => date >= pkg.startDate && (pkg.endDate === null || date <= pkg.endDate);
  if (input.date < ctx.today) throw refused(CHANGE_MESSAGES.past);
  const slot = { packageId: input.packageId, slotDate: input.date, slotStart: input.start };
  const [stored] = await tx
    .select()
    .from(visitChanges)
    .where(and(eq(visitChanges.packageId, slot.packageId), eq(visitChanges.slotDate, slot.slotDate), eq(visitChanges.slotStart, slot.slotStart)))
    .for('update');
  const inPlan = runsOn(input.date) && (pkg.visits ?? []).some((visit) => visit.weekday === weekdayOf(input.date) && visit.start === input.start);
  if (input.action === 'extra') {
    if (!runsOn(input.date)) throw refused(CHANGE_MESSAGES.notRunning);
    if (inPlan || stored) throw refused(CHANGE_MESSAGES.slotTaken(input.date, input.start));
  } else if (!inPlan && !stored?.extra) {
    throw refused(CHANGE_MESSAGES.noSuchVisit(input.date, input.start));
  }
  const id = plannedVisitId(input.packageId, input.date, input.start);
  // An extra visit cancelled is taken away: it was never in the plan.
  if (input.action === 'undo' || (input.action === 'cancel' && stored?.extra)) {
    if (!stored) throw refused(CHANGE_MESSAGES.nothingToUndo);
    await tx.delete(visitChanges).where(eq(visitChanges.id, stored.id));
    await auditChange(tx, ctx, procedure, id, changeAudited(stored), null);
    return { id, change: null, excluded: null, warnings: [] };
  }
  let columns: Partial<typeof visitChanges.$inferInsert>;
  let coverCarer: string | null = null;
  if (input.action === 'move') {
    if (input.to.date < ctx.today) throw refused(CHANGE_MESSAGES.past);
    if (Math.abs(daysBetween(input.date, input.to.date)) > MOVE_DAYS) throw refused(CHANGE_MESSAGES.tooFar);
    if (!runsOn(input.to.date)) throw refused(CHANGE_MESSAGES.notRunning);
    columns = { cancelled: false, reason: moveReason, date: input.to.date, startTime: input.to.start, endTime: input.to.end };
  } else if (input.action === 'cancel') {
    columns = { cancelled: true, reason: input.reason, date: null, startTime: null, endTime: null, carerId: null, complianceOverride: null, complianceOverrideBy: null };
  } else {
    coverCarer = input.carerId ?? null;
    if (input.action === 'cover' && input.carerId === pkg.carerId) throw refused(CHANGE_MESSAGES.ownCarer);
    const override = coverCarer ? await assignmentColumns(tx, ctx, coverCarer, input.override) : null;
    const compliance = { carerId: coverCarer, complianceOverride: override?.complianceOverride ?? null, complianceOverrideBy: override?.complianceOverrideBy ?? null };
    columns =
      input.action === 'extra'
        ? { extra: true, date: input.date, startTime: input.start, endTime: input.end, ...compliance }
        : { cancelled: false, reason: stored?.cancelled ? null : (stored?.reason ?? null), ...compliance };
  }
  const [saved] = await tx
    .insert(visitChanges)
    .values({ id: randomUUID(), ...slot, ...columns, madeBy: ctx.actor.email })
    .onConflictDoUpdate({
      target: [visitChanges.packageId, visitChanges.slotDate, visitChanges.slotStart],
      set: { ...columns, answer: 'offered', answeredAt: null, madeBy: ctx.actor.email, madeAt: new Date(), version: (stored?.version ?? 0) + 1 },
    })
    .returning();
  await auditChange(tx, ctx, procedure, id, changeAudited(stored), changeAudited(saved));
  // Said, not refused: the carer answers the offer, and may well take a visit outside the times they gave.
  const planned = (pkg.visits ?? []).find((visit) => visit.weekday === weekdayOf(input.date) && visit.start === input.start);
  const visit = { date: saved!.date ?? input.date, start: saved!.startTime ?? input.start, end: saved!.endTime ?? planned?.end ?? input.start };
  const giver = saved!.carerId ?? pkg.carerId;
  const availability = (await availabilityOf(tx, [giver])).get(giver);
  const warning = availability && !saved!.cancelled ? datedVisitWarning((await carerNamesOf(tx, [giver])).get(giver) ?? '', visit, availability) : null;
  return {
    id,
    change: changeRead(visitChangeOf(saved!)),
    excluded: coverCarer ? await exclusionOf(tx, pkg.clientId, coverCarer) : null,
    warnings: warning ? [warning] : [],
  };
}
