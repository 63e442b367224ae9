import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { hoursOfVisits, MAX_VISIT_MINUTES, VISIT_REFUSALS, visitMinutes } from '@/shared/carer-app';
import { addDays } from '@/shared/dates';
import { monthOfDate } from '@/shared/deliveries';
import type { VisitInput } from '@/shared/schemas/carer-app';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { closedMonths, deliveries, visits } from '@/server/db/schema/deliveries';
import { carers, clients } from '@/server/db/schema/people';
import { recordAudit } from '@/server/records/audit-trail';
import { notEndedYet } from '@/server/records/care.mappers';
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
    stored.note === (sent.note ?? '')
  );
}

/** Why the visit may not be recorded, or null: its package, its day and its length, against what is stored now. */
async function refusalOf(tx: Executor, carerId: string, visit: VisitInput, today: string): Promise<string | null> {
  const length = visitMinutes(visit);
  if (length <= 0) return VISIT_REFUSALS.endsBeforeStart;
  if (length > MAX_VISIT_MINUTES) return VISIT_REFUSALS.tooLong;
  const [pkg] = await tx
    .select({ startDate: packages.startDate, endDate: packages.endDate })
    .from(packages)
    .where(and(eq(packages.id, visit.packageId), eq(packages.carerId, carerId)));
  if (!pkg) return VISIT_REFUSALS.notYours;
  if (visit.date > today) return VISIT_REFUSALS.future;
  if (visit.date < pkg.startDate) return VISIT_REFUSALS.beforeStart(pkg.startDate);
  if (pkg.endDate !== null && visit.date > pkg.endDate) return VISIT_REFUSALS.afterEnd(pkg.endDate);
  const [closed] = await tx.select({ month: closedMonths.month }).from(closedMonths).where(eq(closedMonths.month, monthOfDate(visit.date)));
  if (closed) return VISIT_REFUSALS.closedMonth(closed.month);
  const [other] = await tx
    .select({ date: visits.date, start: visits.startTime, end: visits.endTime })
    .from(visits)
    .where(and(eq(visits.carerId, carerId), eq(visits.date, visit.date), sql`${visits.startTime} < ${visit.end} and ${visits.endTime} > ${visit.start}`))
    .limit(1);
  return other ? VISIT_REFUSALS.overlaps(other) : null;
}

/**
 * The day's delivered care from the carer's visits: the sum of the package's visits that day, on the day's entry
 * when the carer's visits made it (or there is none yet). An entry the office typed is left as it is: the visits are
 * shown beside it to reconcile.
 */
async function keepDayFromVisits(tx: Executor, packageId: string, date: string): Promise<void> {
  const [day] = await tx
    .select({ minutes: sql<number>`coalesce(sum(${visits.minutes}), 0)::int` })
    .from(visits)
    .where(and(eq(visits.packageId, packageId), eq(visits.date, date)));
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
 * the visit's id decides whether it is new. Each answer is audited (a duplicate changes nothing and is not).
 */
export async function syncVisits(ctx: ServiceContext, carer: { carerId: string }, sent: VisitInput[]): Promise<VisitAnswer[]> {
  const { db, actor, today } = ctx;
  if (sent.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${carers} where ${carers.id} = ${carer.carerId} for update`);
    // A month closed while this waits is seen: closing takes its lock against entries being written.
    await tx.execute(sql`lock table ${closedMonths} in share mode`);
    const answers: VisitAnswer[] = [];
    for (const visit of sent) answers.push(await syncVisit(tx, actor, carer.carerId, visit, today));
    return answers;
  });
}

async function syncVisit(tx: Executor, actor: ServiceContext['actor'], carerId: string, visit: VisitInput, today: string): Promise<VisitAnswer> {
  const [stored] = await tx.select().from(visits).where(eq(visits.id, visit.id));
  if (stored) {
    if (sameVisit(stored, visit, carerId)) return { id: visit.id, result: 'duplicate' };
    await recordAudit(tx, actor, 'carerApp.visitRefused', visit.id, { ...visit, reason: VISIT_REFUSALS.sentWithOtherContent });
    return { id: visit.id, result: 'refused', reason: VISIT_REFUSALS.sentWithOtherContent };
  }
  const reason = await refusalOf(tx, carerId, visit, today);
  if (reason) {
    await recordAudit(tx, actor, 'carerApp.visitRefused', visit.id, { ...visit, reason });
    return { id: visit.id, result: 'refused', reason };
  }
  const minutes = visitMinutes(visit);
  await tx.insert(visits).values({ id: visit.id, carerId, packageId: visit.packageId, date: visit.date, startTime: visit.start, endTime: visit.end, minutes, note: visit.note ?? '' });
  await keepDayFromVisits(tx, visit.packageId, visit.date);
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
  state: 'recorded';
}

/**
 * What the phone keeps: the carer's own packages not yet ended (the client's name, address and phone, the services,
 * the package's notes and weekly hours) and their own visits of the last 30 days. Nothing else of any client.
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
      .where(and(eq(packages.carerId, carer.carerId), eq(packages.archived, 'N'), notEndedYet(packages.endDate, today)))
      .orderBy(clients.name),
    db
      .select()
      .from(visits)
      .where(and(eq(visits.carerId, carer.carerId), gte(visits.date, addDays(today, -VISITS_SHOWN_DAYS)), lte(visits.date, today)))
      .orderBy(desc(visits.date), desc(visits.startTime)),
  ]);
  return {
    today,
    packages: own.map(({ streetAddress, locality, postCode, ...pkg }) => ({ ...pkg, address: [streetAddress, locality, postCode].filter(Boolean).join(', ') })),
    visits: recent.map((v) => ({ id: v.id, packageId: v.packageId, date: v.date, start: v.startTime, end: v.endTime, note: v.note, state: 'recorded' as const })),
  };
}
