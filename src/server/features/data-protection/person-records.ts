import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type Executor } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';
import { packages, requests } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { visits } from '@/server/db/schema/visits';
import { visitChanges, visitPlans } from '@/server/db/schema/visit-plans';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import { trainingRecords } from '@/server/db/schema/training';
import { notes } from '@/server/db/schema/people';
import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { groupBy } from '@/shared/group-by';
import { plannedVisitId } from '@/shared/planned-visits';

// Which records are a person's: what a subject access export gathers and anonymising erases.

export type PersonKind = 'client' | CarerKind;

/** A person's id (validated by personRef) is a client's or a carer's. */
export function kindOf(personId: string): PersonKind {
  return carerKindOf(personId) ?? 'client';
}

/** "TA4" of "TA4 2AB": the district keeps reports by area possible without pointing at a home. */
export function postCodeDistrict(postCode: string): string {
  return postCode.trim().split(/\s+/)[0] ?? '';
}

/** The records that are the person's alone: their own record, notes, and their care or training records. */
export async function ownRecordIds(db: Executor, personId: string): Promise<string[]> {
  const noteRows = await db
    .select({ id: notes.id })
    .from(notes)
    .where(kindOf(personId) === 'client' ? eq(notes.clientId, personId) : eq(notes.carerId, personId));
  const noteIds = noteRows.map((n) => n.id);
  if (kindOf(personId) === 'client') {
    const requestRows = await db.select({ id: requests.id }).from(requests).where(eq(requests.clientId, personId));
    const requestIds = requestRows.map((r) => r.id);
    const packageRows = requestIds.length ? await db.select({ id: packages.id }).from(packages).where(inArray(packages.requestId, requestIds)) : [];
    const packageIds = packageRows.map((p) => p.id);
    return [personId, ...noteIds, ...requestIds, ...packageIds, ...(await deliveryIds(db, packageIds)), ...(await visitIds(db, { packageIds })), ...(await visitChangeIds(db, packageIds))];
  }
  const records = await db.select({ id: trainingRecords.id }).from(trainingRecords).where(eq(trainingRecords.ownerId, personId));
  return [personId, ...noteIds, ...records.map((r) => r.id)];
}

/**
 * The week's changes to these packages' visits, by the planned visit each changed (as the audit trail names them): a
 * cancellation's reason is about the client (in hospital, away).
 */
async function visitChangeIds(db: Executor, packageIds: string[]): Promise<string[]> {
  if (!packageIds.length) return [];
  const rows = await db
    .select({ packageId: visitChanges.packageId, slotDate: visitChanges.slotDate, slotStart: visitChanges.slotStart })
    .from(visitChanges)
    .where(inArray(visitChanges.packageId, packageIds));
  return rows.map((change) => plannedVisitId(change.packageId, change.slotDate, change.slotStart));
}

/**
 * What a client's export shows of the visits planned on these packages, by package: the week's plan, and each week's
 * changes to it (moved, cancelled with the reason, extra, and whether the carer took it up), never which carer.
 */
export async function visitPlansByPackage(db: Executor, packageIds: string[]) {
  if (!packageIds.length) return new Map<string, { visits: unknown[]; anyTimeHours: number | null; changes: unknown[] }>();
  const [plans, changes] = await Promise.all([
    db.select().from(visitPlans).where(inArray(visitPlans.packageId, packageIds)),
    db
      .select({
        packageId: visitChanges.packageId,
        id: visitChanges.id,
        slotDate: visitChanges.slotDate,
        slotStart: visitChanges.slotStart,
        extra: visitChanges.extra,
        cancelled: visitChanges.cancelled,
        reason: visitChanges.reason,
        date: visitChanges.date,
        startTime: visitChanges.startTime,
        endTime: visitChanges.endTime,
        answer: visitChanges.answer,
      })
      .from(visitChanges)
      .where(inArray(visitChanges.packageId, packageIds))
      .orderBy(visitChanges.slotDate, visitChanges.slotStart),
  ]);
  const planOf = new Map(plans.map((plan) => [plan.packageId, plan]));
  const changesOf = groupBy(changes, (change) => change.packageId);
  return new Map(
    packageIds.map((id) => {
      const plan = planOf.get(id);
      const ofPackage = (changesOf.get(id) ?? []).map(({ packageId: _own, ...change }) => change);
      return [id, { visits: plan?.visits ?? [], anyTimeHours: plan?.anyTimeHours ?? null, changes: ofPackage }];
    }),
  );
}

/** A client's wellbeing answers, oldest first: every score, answer and decline, and what matters to them; never who asked. */
export async function wellbeingOf(db: Executor, clientId: string) {
  const rows = await db.select().from(wellbeingAnswers).where(eq(wellbeingAnswers.clientId, clientId)).orderBy(wellbeingAnswers.askedOn, wellbeingAnswers.recordedAt);
  return rows.map(({ carerId: _whoAsked, clientId: _theirs, version: _version, ...answers }) => answers);
}

/** The entries of care given on these packages (by this carer alone, when given: an entry keeps the carer of its day). */
async function deliveryIds(db: Executor, packageIds: string[], carerId?: string): Promise<string[]> {
  if (!packageIds.length) return [];
  const rows = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(inArray(deliveries.packageId, packageIds), carerId ? eq(deliveries.carerId, carerId) : undefined));
  return rows.map((d) => d.id);
}

/** The packages a carer holds now, and those they gave care on before the package was given to another carer. */
export async function carersPackageIds(db: Executor, carerId: string): Promise<string[]> {
  const [held, served] = await Promise.all([
    db.select({ id: packages.id }).from(packages).where(eq(packages.carerId, carerId)),
    db.selectDistinct({ id: deliveries.packageId }).from(deliveries).where(eq(deliveries.carerId, carerId)),
  ]);
  return [...new Set([...held, ...served].map((p) => p.id))];
}

/**
 * The visits phones sent on these packages (or by this carer): those recorded, and those refused, known only by
 * their audit entry (the visit's id and the package it was sent for).
 */
async function visitIds(db: Executor, { packageIds, carerId }: { packageIds: string[]; carerId?: string }): Promise<string[]> {
  if (!packageIds.length && !carerId) return [];
  const [recorded, refused] = await Promise.all([
    db
      .select({ id: visits.id })
      .from(visits)
      .where(or(packageIds.length ? inArray(visits.packageId, packageIds) : undefined, carerId ? eq(visits.carerId, carerId) : undefined)),
    packageIds.length
      ? db
          .selectDistinct({ id: sql<string>`${auditLog.recordId}` })
          .from(auditLog)
          .where(and(eq(auditLog.procedure, 'carerApp.visitRefused'), inArray(sql`${auditLog.changes}->>'packageId'`, packageIds)))
      : [],
  ]);
  return [...new Set([...recorded, ...refused].map((v) => v.id))];
}

/** A carer's packages, the care they gave on them and their visits: theirs, but about a client, so shared with that client's history. */
export async function carerPackageIds(db: Executor, personId: string): Promise<string[]> {
  if (kindOf(personId) === 'client') return [];
  const packageIds = await carersPackageIds(db, personId);
  return [...packageIds, ...(await deliveryIds(db, packageIds, personId)), ...(await visitIds(db, { packageIds, carerId: personId }))];
}

/** A visit as a subject access export shows it: its day and times, and the carer's note. */
export interface ExportedVisit {
  packageId: string;
  date: string;
  /** None for a visit that did not happen (couldNotVisit says why). */
  start: string | null;
  end: string | null;
  couldNotVisit: string | null;
  minutes: number;
  note: string;
  recordedAt: string;
}

/** The visits phones recorded on these packages, or by this carer, oldest first. */
export async function visitsFor(db: Executor, where: { packageIds: string[] } | { carerId: string }): Promise<ExportedVisit[]> {
  if ('packageIds' in where && !where.packageIds.length) return [];
  const rows = await db
    .select()
    .from(visits)
    .where('packageIds' in where ? inArray(visits.packageId, where.packageIds) : eq(visits.carerId, where.carerId))
    .orderBy(visits.date, visits.startTime);
  return rows.map((v) => ({ packageId: v.packageId, date: v.date, start: v.startTime, end: v.endTime, couldNotVisit: v.couldNotVisit, minutes: v.minutes, note: v.note, recordedAt: v.recordedAt.toISOString() }));
}

/** The care given on each of these packages (by this carer alone, when given), by date: what a subject access export shows of it. */
export async function deliveriesByPackage(db: Executor, packageIds: string[], carerId?: string) {
  const byPackage = new Map<string, { date: string; status: string; hours: number; reason: string | null; note: string }[]>();
  if (!packageIds.length) return byPackage;
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(inArray(deliveries.packageId, packageIds), carerId ? eq(deliveries.carerId, carerId) : undefined))
    .orderBy(deliveries.date);
  for (const row of rows) {
    byPackage.set(row.packageId, [...(byPackage.get(row.packageId) ?? []), { date: row.date, status: row.status, hours: row.hours, reason: row.reason, note: row.note }]);
  }
  return byPackage;
}
