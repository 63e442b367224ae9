import { eq } from 'drizzle-orm';
import { inWeekOrder, NO_PLAN, plannedVisitWords, planWeeklyHours, type VisitPlan } from '@/shared/visit-plans';
import type { VisitPlanInput } from '@/shared/schemas/visit-plans';
import { packages } from '@/server/db/schema/care';
import { visitPlans } from '@/server/db/schema/visit-plans';
import { checkVersion, notFound } from '@/server/records/record-errors';
import { auditChange } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';

/** A package's plan as the office reads it: with its hours in a week beside the package's own. */
export interface VisitPlanRead extends VisitPlan {
  packageId: string;
  /** The plan's hours in a week. */
  plannedHours: number;
  /** The package's weekly hours, which the plan is set against. */
  packageWeeklyHours: number;
  /** The plan's version, for the next change to name; 0 while the package has none. */
  version: number;
}

type PlanRow = typeof visitPlans.$inferSelect;

const planOf = (row: PlanRow | null | undefined): VisitPlan =>
  row ? { visits: row.visits, anyTime: row.anyTimeHours === null ? null : { hours: row.anyTimeHours } } : NO_PLAN;

function planRead(packageId: string, packageWeeklyHours: number, row: PlanRow | null | undefined): VisitPlanRead {
  const plan = planOf(row);
  return { packageId, ...plan, plannedHours: planWeeklyHours(plan), packageWeeklyHours, version: row?.version ?? 0 };
}

/** The plan as the audit trail compares it: each visit in words, and the hours at any time. */
const planAudited = (plan: VisitPlan) => ({ visits: plan.visits.map(plannedVisitWords), anyTimeHours: plan.anyTime?.hours ?? null });

export async function getVisitPlan({ db }: RecordContext, { packageId }: { packageId: string }): Promise<VisitPlanRead> {
  const [found] = await db
    .select({ weeklyHours: packages.weeklyHours, plan: visitPlans })
    .from(packages)
    .leftJoin(visitPlans, eq(visitPlans.packageId, packages.id))
    .where(eq(packages.id, packageId));
  if (!found) throw notFound('Package');
  return planRead(packageId, found.weeklyHours, found.plan);
}

/** Replaces a package's plan with the one sent, against the version the office last saw. */
export function setVisitPlan(ctx: RecordContext, input: VisitPlanInput): Promise<VisitPlanRead> {
  return ctx.db.transaction(async (tx) => {
    // The package is locked so it cannot go (or renew) under its plan.
    const [pkg] = await tx.select({ weeklyHours: packages.weeklyHours }).from(packages).where(eq(packages.id, input.packageId)).for('update');
    if (!pkg) throw notFound('Package');
    const [stored] = await tx.select().from(visitPlans).where(eq(visitPlans.packageId, input.packageId)).for('update');
    checkVersion({ version: stored?.version ?? 0 }, input.version);
    const plan: VisitPlan = { visits: inWeekOrder(input.visits), anyTime: input.anyTime ?? null };
    const columns = { visits: plan.visits, anyTimeHours: plan.anyTime?.hours ?? null, version: (stored?.version ?? 0) + 1, updatedAt: new Date() };
    const [saved] = await tx
      .insert(visitPlans)
      .values({ packageId: input.packageId, ...columns })
      .onConflictDoUpdate({ target: visitPlans.packageId, set: columns })
      .returning();
    await auditChange(tx, ctx, 'visitPlans.set', input.packageId, planAudited(planOf(stored)), planAudited(plan));
    return planRead(input.packageId, pkg.weeklyHours, saved);
  });
}
