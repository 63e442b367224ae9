import { eq } from 'drizzle-orm';
import { CHANGE_DAYS, type CouldNotVisit, VISIT_REFUSALS, visitDays } from '@/shared/carer-app';
import type { Executor } from '@/server/db/client';
import { visits, type VisitAsSent } from '@/server/db/schema/visits';
import { recordAudit } from '@/server/records/audit-trail';
import { keepDayFromVisits } from '@/server/records/delivery-entries';
import type { ServiceContext } from '@/server/records/service-context';
import { closedMonthOf } from './visit-rules';

// A carer putting their own sent visit right from the phone (decision 313): changed or withdrawn for CHANGE_DAYS after
// it was sent, while its month is open. The office keeps the first version and sees both; each is audited.

type StoredVisit = typeof visits.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the carer said of a visit, as the office keeps it beside a change. */
export const asSent = (v: Pick<StoredVisit, 'packageId' | 'date' | 'startTime' | 'endTime' | 'couldNotVisit' | 'note' | 'tellOffice'>): VisitAsSent => ({
  packageId: v.packageId,
  date: v.date,
  start: v.startTime,
  end: v.endTime,
  couldNotVisit: v.couldNotVisit as CouldNotVisit | null,
  note: v.note,
  tellOffice: v.tellOffice,
});

/** Whether the carer may still change or withdraw the visit from the phone, as the phone is told (the month aside). */
export function mayChangeSoon(stored: Pick<StoredVisit, 'status' | 'recordedAt'>, now = Date.now()): boolean {
  return (stored.status === 'recorded' || stored.status === 'toResolve') && now - stored.recordedAt.getTime() <= CHANGE_DAYS * DAY_MS;
}

/**
 * Why the carer may not change (or, `withdraw`, take back) a visit they sent, or null: only their own, before their
 * access ended, not one the office turned down or has yet to decide on (a change; a withdrawal may), within
 * CHANGE_DAYS of sending, in an open month.
 */
export async function changeRefusal(tx: Executor, stored: StoredVisit, carerId: string, endedOn: string | null, withdraw: boolean): Promise<string | null> {
  if (stored.carerId !== carerId) return VISIT_REFUSALS.sentWithOtherContent;
  if (endedOn !== null) return VISIT_REFUSALS.changeAfterAccessEnded;
  if (stored.status === 'turnedDown') return VISIT_REFUSALS.changeTurnedDown;
  if (stored.status === 'withdrawn') return VISIT_REFUSALS.changeWithdrawn;
  if (stored.status === 'toResolve' && !withdraw) return VISIT_REFUSALS.changeWithTheOffice;
  if (!mayChangeSoon(stored)) return VISIT_REFUSALS.changeTooLate(CHANGE_DAYS);
  return closedMonthOf(tx, { date: stored.date, start: stored.startTime, end: stored.endTime });
}

/** The carer's days of the stored visit and of its new version, on their packages, made again from their visits. */
async function keepDays(tx: Executor, carerId: string, ...versions: VisitAsSent[]): Promise<void> {
  const days = new Set(versions.flatMap((v) => visitDays(v).map((date) => `${v.packageId}|${date}`)));
  for (const day of days) {
    const [packageId, date] = day.split('|') as [string, string];
    await keepDayFromVisits(tx, packageId, carerId, date);
  }
}

/** Puts the carer's new details on their recorded visit, keeping the first version; its days follow. Audited. */
export async function changeVisit(
  tx: Executor,
  actor: ServiceContext['actor'],
  stored: StoredVisit,
  next: Pick<StoredVisit, 'packageId' | 'date' | 'startTime' | 'endTime' | 'minutes' | 'couldNotVisit' | 'note' | 'tellOffice'>,
): Promise<void> {
  const before = asSent(stored);
  await tx
    .update(visits)
    .set({ ...next, original: stored.original ?? before, changedAt: new Date(), seenAt: null, seenBy: null })
    .where(eq(visits.id, stored.id));
  await keepDays(tx, stored.carerId, before, asSent(next));
  await recordAudit(tx, actor, 'carerApp.visitChanged', stored.id, { before, after: asSent(next) });
}

/** Takes the carer's visit back: it counts nowhere, and the office sees it withdrawn. Audited. */
export async function withdrawVisit(tx: Executor, actor: ServiceContext['actor'], stored: StoredVisit): Promise<void> {
  await tx.update(visits).set({ status: 'withdrawn', changedAt: new Date() }).where(eq(visits.id, stored.id));
  if (stored.status === 'recorded') await keepDays(tx, stored.carerId, asSent(stored));
  await recordAudit(tx, actor, 'carerApp.visitWithdrawn', stored.id, { visit: asSent(stored), status: stored.status });
}
