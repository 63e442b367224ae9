import { and, asc, eq, gte, lte, or } from 'drizzle-orm';
import { addDays } from '@/shared/dates';
import type { Executor } from '@/server/db/client';
import { deliveries } from '@/server/db/schema/deliveries';

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
