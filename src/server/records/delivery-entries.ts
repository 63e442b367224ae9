import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { type CouldNotVisit, hoursOfVisits, MISSED_REASON_OF } from '@/shared/carer-app';
import { addDays, monthOfDate } from '@/shared/dates';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { closedMonths, deliveries } from '@/server/db/schema/deliveries';
import { visits } from '@/server/db/schema/visits';

/** A package with care recorded is kept, so delivered hours are never lost. */
export const HAS_DELIVERIES_REFUSED = 'Care has been recorded for this package. Archive it instead, so its hours stay in the reports.';
export const deliveriesOutside = (date: string) =>
  `Care is recorded for this package on ${date}, outside the new dates. Change the dates, or remove that entry on the timesheet first.`;

/**
 * The first entry of a package outside new dates, if any: a package's dates may not change so that care
 * already recorded falls outside them.
 */
export async function entryOutside(tx: Executor, packageId: string, startDate: string, endDate: string | null): Promise<string | undefined> {
  const [outside] = await tx
    .select({ date: deliveries.date })
    .from(deliveries)
    .where(and(eq(deliveries.packageId, packageId), or(lte(deliveries.date, addDays(startDate, -1)), endDate === null ? undefined : gte(deliveries.date, addDays(endDate, 1)))))
    .orderBy(asc(deliveries.date))
    .limit(1);
  return outside?.date;
}

/** Minutes of recorded visits on `date`: those begun that day up to midnight, and those begun the day before after it. */
const minutesOnDay = (date: string) => {
  const startMinute = sql`(substr(${visits.startTime}, 1, 2)::int * 60 + substr(${visits.startTime}, 4, 2)::int)`;
  return sql<number>`coalesce(sum(case when ${visits.couldNotVisit} is not null then 0 when ${visits.date} = ${date}::date then least(${visits.minutes}, 1440 - ${startMinute}) else greatest(0, ${visits.minutes} - (1440 - ${startMinute})) end), 0)::int`;
};

/** Why the carer last said a visit of the day did not happen, if they did. */
const couldNotVisitOn = (date: string) =>
  sql<CouldNotVisit | null>`(array_agg(${visits.couldNotVisit} order by ${visits.recordedAt} desc) filter (where ${visits.couldNotVisit} is not null and ${visits.date} = ${date}::date))[1]`;

/**
 * A carer's delivered care on a package that day from their visits, on their entry for the day when their visits made
 * it (or there is none yet): their recorded visits' minutes that fall on the day (split at midnight, decision 308); with
 * none, a missed visit when they said they could not visit; with neither, no entry. An entry the office typed for them
 * is left as it is: the visits are shown beside it to reconcile, and clearing it comes back here. Another carer's visits
 * that day (the package given to them that day) make that carer's own entry, never this one (decision 311).
 */
export async function keepDayFromVisits(tx: Executor, packageId: string, carerId: string, date: string): Promise<void> {
  const [day] = await tx
    .select({ minutes: minutesOnDay(date), couldNotVisit: couldNotVisitOn(date) })
    .from(visits)
    .where(
      and(eq(visits.packageId, packageId), eq(visits.carerId, carerId), eq(visits.status, 'recorded'), gte(visits.date, addDays(date, -1)), lte(visits.date, date)),
    );
  const minutes = day?.minutes ?? 0;
  const couldNotVisit = day?.couldNotVisit ?? null;
  const figure =
    minutes > 0
      ? { status: 'delivered', hours: Math.min(24, hoursOfVisits(minutes)), reason: null }
      : couldNotVisit
        ? { status: 'missed', hours: 0, reason: MISSED_REASON_OF[couldNotVisit] }
        : null;
  const [entry] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.packageId, packageId), eq(deliveries.date, date), eq(deliveries.carerId, carerId)))
    .for('update');
  if (entry && entry.source !== 'carer') return;
  if (!figure) {
    if (entry) await tx.delete(deliveries).where(eq(deliveries.id, entry.id));
  } else if (!entry) {
    await tx.insert(deliveries).values({ id: newId('d'), packageId, carerId, date, source: 'carer', ...figure });
  } else if (entry.status !== figure.status || entry.hours !== figure.hours || entry.reason !== figure.reason) {
    await tx
      .update(deliveries)
      .set({ ...figure, version: entry.version + 1, updatedAt: new Date() })
      .where(eq(deliveries.id, entry.id));
  }
}

/** Why days of a package take no delivered care, as a code each caller words its own way (the timesheet, the phone). */
export type DayRefusal = { code: 'future' } | { code: 'beforeStart'; start: string } | { code: 'afterEnd'; end: string } | { code: 'closedMonth'; month: string };

/**
 * The first closed month among these days', or null. Read under a share lock on the closed months: changes run side
 * by side but not beside a closing, so no care slips into a month as it closes.
 */
export async function closedMonthAmong(tx: Executor, days: readonly string[]): Promise<string | null> {
  await tx.execute(sql`lock table ${closedMonths} in share mode`);
  const months = [...new Set(days.map(monthOfDate))];
  const [closed] = await tx.select({ month: closedMonths.month }).from(closedMonths).where(inArray(closedMonths.month, months)).orderBy(closedMonths.month).limit(1);
  return closed?.month ?? null;
}

/**
 * Why the days `first` to `last` of a package take no delivered care, whoever records it, or null: a day to come
 * (when `today` is given), a day outside the package's dates, a day of a closed month. The one rule of a day, for the
 * office's entries and the carers' visits alike.
 */
export async function dayRefusal(
  tx: Executor,
  pkg: { startDate: string; endDate: string | null },
  { first, last, today }: { first: string; last: string; today?: string },
): Promise<DayRefusal | null> {
  if (today !== undefined && first > today) return { code: 'future' };
  if (first < pkg.startDate) return { code: 'beforeStart', start: pkg.startDate };
  if (pkg.endDate !== null && last > pkg.endDate) return { code: 'afterEnd', end: pkg.endDate };
  const month = await closedMonthAmong(tx, [first, last]);
  return month ? { code: 'closedMonth', month } : null;
}
