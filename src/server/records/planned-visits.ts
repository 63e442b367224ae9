// The planned visits of some days, as the office's Today, the carer's phone and the month's measures read them: the
// packages' plans unfolded over the days, with the week's changes (src/shared/planned-visits.ts).
import { and, between, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { type ChangeAnswer, type DatedVisit, MOVE_DAYS, type PlanOfPackage, unfoldPlans, type VisitChange } from '@/shared/planned-visits';
import { minuteOfDay } from '@/shared/carer-app';
import { addDays } from '@/shared/dates';
import { groupBy } from '@/shared/group-by';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { clients } from '@/server/db/schema/people';
import { visits } from '@/server/db/schema/visits';
import { phoneContacts, visitChanges, visitPlans } from '@/server/db/schema/visit-plans';
import { carerNamesOf } from './carer-names';

export type VisitChangeRow = typeof visitChanges.$inferSelect;

export const visitChangeOf = (row: VisitChangeRow): VisitChange => ({
  id: row.id,
  packageId: row.packageId,
  slotDate: row.slotDate,
  slotStart: row.slotStart,
  extra: row.extra,
  cancelled: row.cancelled,
  reason: row.reason,
  date: row.date,
  start: row.startTime,
  end: row.endTime,
  carerId: row.carerId,
  answer: row.answer as ChangeAnswer,
  version: row.version,
});

/** What the office is told of a week's change to a visit. */
export interface ChangeRead {
  kind: 'moved' | 'cancelled' | 'cover' | 'extra';
  answer: ChangeAnswer;
  reason: string | null;
  /** Where a moved visit was planned. */
  from: { date: string; start: string } | null;
  version: number;
}

export function changeRead(change: VisitChange | null): ChangeRead | null {
  if (!change) return null;
  const moved = change.date !== null && !change.extra && (change.date !== change.slotDate || change.start !== change.slotStart);
  const kind = change.extra ? 'extra' : change.cancelled ? 'cancelled' : change.carerId && !moved ? 'cover' : 'moved';
  return { kind, answer: change.answer, reason: change.reason, from: moved ? { date: change.slotDate, start: change.slotStart } : null, version: change.version };
}

/** A planned visit with the client it is for. */
export interface ClientVisit extends DatedVisit {
  clientId: string;
  clientName: string;
  /** Where the care is given: the package's locality and post code. */
  locality: string;
  postCode: string;
}

/** Plans of packages in care: not archived, their client neither archived nor anonymised. */
const inCare = and(eq(packages.archived, 'N'), eq(clients.archived, 'N'), isNull(clients.anonymisedAt));

/**
 * The planned visits from `from` to `to`, of everyone or (`carerId`) those a carer is to give: of their own packages
 * and the visits given to them to cover. One query for the plans, one for the week's changes.
 */
export async function plannedVisitsBetween(db: Executor, from: string, to: string, carerId?: string): Promise<ClientVisit[]> {
  const [earliest, latest] = [addDays(from, -MOVE_DAYS), addDays(to, MOVE_DAYS)];
  // A carer's covers name packages of other carers: found first, their plans read with the carer's own.
  const changes = (
    await db
      .select()
      .from(visitChanges)
      .where(between(visitChanges.slotDate, earliest, latest))
  ).map(visitChangeOf);
  const covered = carerId ? [...new Set(changes.filter((change) => change.carerId === carerId).map((change) => change.packageId))] : [];
  const whose: SQL | undefined = carerId ? or(eq(packages.carerId, carerId), covered.length ? inArray(packages.id, covered) : undefined) : undefined;
  const rows = await db
    .select({
      packageId: packages.id,
      carerId: packages.carerId,
      startDate: packages.startDate,
      endDate: packages.endDate,
      visits: visitPlans.visits,
      clientId: clients.id,
      clientName: clients.name,
      locality: packages.locality,
      postCode: packages.postCode,
    })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .innerJoin(clients, eq(clients.id, requests.clientId))
    .leftJoin(visitPlans, eq(visitPlans.packageId, packages.id))
    .where(and(inCare, whose, lte(packages.startDate, latest), or(isNull(packages.endDate), gte(packages.endDate, earliest))));
  const plans: PlanOfPackage[] = rows.map((row) => ({ ...row, visits: row.visits ?? [] }));
  const clientOf = new Map(rows.map((row) => [row.packageId, { clientId: row.clientId, clientName: row.clientName, locality: row.locality, postCode: row.postCode }]));
  return unfoldPlans(plans, changes, from, to)
    .filter((visit) => !carerId || visit.carerId === carerId || visit.packageCarerId === carerId)
    .map((visit) => ({ ...visit, ...clientOf.get(visit.packageId)! }));
}

/** Notes that the carer's phone called: the office's Today says when it last heard from each phone. */
export async function heardFromPhone(db: Executor, carerId: string): Promise<void> {
  await db.insert(phoneContacts).values({ carerId }).onConflictDoUpdate({ target: phoneContacts.carerId, set: { heardAt: new Date() } });
}

/** What a carer recorded that may give a planned visit: its package, day, the plan's id if it carries one, and its start. */
export interface RecordedForPlan {
  packageId: string;
  date: string;
  plannedVisitId: string | null;
  start: string | null;
}

/**
 * Which recorded visit gives which planned one: by the plan's id it carries; else (an older phone, the office's
 * record) the unmatched planned visit of its package and day nearest its start. Cancelled visits take none.
 */
export function matchRecorded<R extends RecordedForPlan>(planned: readonly DatedVisit[], recorded: readonly R[]): Map<string, R> {
  const ids = new Set(planned.map((visit) => visit.id));
  const matched = new Map<string, R>();
  for (const visit of recorded) if (visit.plannedVisitId && ids.has(visit.plannedVisitId) && !matched.has(visit.plannedVisitId)) matched.set(visit.plannedVisitId, visit);
  // The rest are matched within their package's day: a month of the office's records is thousands of them.
  const dayOf = (visit: { packageId: string; date: string }) => `${visit.packageId}/${visit.date}`;
  const plannedOfDay = groupBy(planned, (visit) => (visit.change?.cancelled ? null : dayOf(visit)));
  const minutes = (time: string | null) => (time ? minuteOfDay(time) : 0);
  for (const visit of recorded.filter((v) => !v.plannedVisitId || !ids.has(v.plannedVisitId))) {
    const nearest = (plannedOfDay.get(dayOf(visit)) ?? [])
      .filter((p) => !matched.has(p.id))
      .sort((a, b) => Math.abs(minutes(a.start) - minutes(visit.start)) - Math.abs(minutes(b.start) - minutes(visit.start)))[0];
    if (nearest) matched.set(nearest.id, visit);
  }
  return matched;
}

/** A planned visit nothing was recorded for, as the weekly digest names it. */
export interface UnrecordedVisit {
  date: string;
  start: string;
  end: string;
  carerName: string;
  clientName: string;
}

/** The day's planned visits (not cancelled) that no carer recorded, given or not, by time. */
export async function unrecordedVisitsOn(db: Executor, date: string): Promise<UnrecordedVisit[]> {
  const planned = (await plannedVisitsBetween(db, date, date)).filter((visit) => !visit.change?.cancelled);
  if (!planned.length) return [];
  const recorded = await db
    .select({ packageId: visits.packageId, date: visits.date, plannedVisitId: visits.plannedVisitId, start: visits.startTime })
    .from(visits)
    .where(and(inArray(visits.packageId, [...new Set(planned.map((visit) => visit.packageId))]), eq(visits.date, date), inArray(visits.status, ['recorded', 'toResolve'])));
  const matched = matchRecorded(planned, recorded);
  const missing = planned.filter((visit) => !matched.has(visit.id));
  if (!missing.length) return [];
  const names = await carerNamesOf(db, missing.map((visit) => visit.carerId));
  return missing.map((visit) => ({ date, start: visit.start, end: visit.end, carerName: names.get(visit.carerId) ?? '', clientName: visit.clientName }));
}
