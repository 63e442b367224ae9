import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { visitPlans } from '@/server/db/schema/visit-plans';

/** Gives a renewed package's successor the same plan of visits: the care goes on as agreed. */
export async function copyVisitPlan(tx: Executor, fromPackageId: string, toPackageId: string): Promise<void> {
  const [stored] = await tx.select().from(visitPlans).where(eq(visitPlans.packageId, fromPackageId));
  if (stored) await tx.insert(visitPlans).values({ packageId: toPackageId, visits: stored.visits, anyTimeHours: stored.anyTimeHours });
}
