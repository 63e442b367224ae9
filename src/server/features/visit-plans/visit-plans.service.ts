import { eq } from 'drizzle-orm';
import { AVAILABILITY_MESSAGES, type Availability, withinPattern } from '@/shared/availability';
import { inWeekOrder, NO_PLAN, plannedVisitWords, planWeeklyHours, type VisitPlan } from '@/shared/visit-plans';
import type { VisitPlanInput } from '@/shared/schemas/visit-plans';
import type { Executor } from '@/server/db/client';
import { packages } from '@/server/db/schema/care';
import { carers } from '@/server/db/schema/people';
import { availabilityOf } from '@/server/records/availability';
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
  /** Visits outside the times the package's carer said they can work. */
  warnings: string[];
}

type PlanRow = typeof visitPlans.$inferSelect;

const planOf = (row: PlanRow | null | undefined): VisitPlan =>
  row ? { visits: row.visits, anyTime: row.anyTimeHours === null ? null : { hours: row.anyTimeHours } } : NO_PLAN;

/** The carer of the package, as the plan's warnings name them, and when they said they can work. */
interface PlanCarer {
  name: string;
  availability: Availability | undefined;
}

function planRead(packageId: string, packageWeeklyHours: number, row: PlanRow | null | undefined, carer: PlanCarer): VisitPlanRead {
  const plan = planOf(row);
  const weekly = carer.availability?.weekly ?? [];
  const warnings = plan.visits.filter((visit) => !withinPattern(visit, weekly)).map((visit) => AVAILABILITY_MESSAGES.outside(carer.name, visit));
  return { packageId, ...plan, plannedHours: planWeeklyHours(plan), packageWeeklyHours, version: row?.version ?? 0, warnings };
}

async function planCarer(db: Executor, carerId: string): Promise<PlanCarer> {
  const [carer] = await db.select({ name: carers.name }).from(carers).where(eq(carers.id, carerId));
  return { name: carer?.name ?? '', availability: (await availabilityOf(db, [carerId])).get(carerId) };
}

/** The plan as the audit trail compares it: each visit in words, and the hours at any time. */
const planAudited = (plan: VisitPlan) => ({ visits: plan.visits.map((visit) => `${plannedVisitWords(visit)}${visit.pinned ? ' (pinned)' : ''}`), anyTimeHours: plan.anyTime?.hours ?? null });

export async function getVisitPlan({ db }: RecordContext, { packageId }: { packageId: string }): Promise<VisitPlanRead> {
  const [found] = await db
    .select({ weeklyHours: packages.weeklyHours, carerId: packages.carerId, plan: visitPlans })
    .from(packages)
    .leftJoin(visitPlans, eq(visitPlans.packageId, packages.id))
    .where(eq(packages.id, packageId));
  if (!found) throw notFound('Package');
  return planRead(packageId, found.weeklyHours, found.plan, await planCarer(db, found.carerId));
}

/** Replaces a package's plan with the one sent, against the version the office last saw. */
export function setVisitPlan(ctx: RecordContext, input: VisitPlanInput): Promise<VisitPlanRead> {
  return ctx.db.transaction(async (tx) => {
    // The package is locked so it cannot go (or renew) under its plan.
    const [pkg] = await tx.select({ weeklyHours: packages.weeklyHours, carerId: packages.carerId }).from(packages).where(eq(packages.id, input.packageId)).for('update');
    if (!pkg) throw notFound('Package');
    const [stored] = await tx.select().from(visitPlans).where(eq(visitPlans.packageId, input.packageId)).for('update');
    checkVersion({ version: stored?.version ?? 0 }, input.version);
    // Pinned is kept only where it is so: a plan reads the same however its form sent it.
    const plan: VisitPlan = { visits: inWeekOrder(input.visits).map(({ pinned, ...visit }) => (pinned ? { ...visit, pinned } : visit)), anyTime: input.anyTime ?? null };
    const columns = { visits: plan.visits, anyTimeHours: plan.anyTime?.hours ?? null, version: (stored?.version ?? 0) + 1, updatedAt: new Date() };
    const [saved] = await tx
      .insert(visitPlans)
      .values({ packageId: input.packageId, ...columns })
      .onConflictDoUpdate({ target: visitPlans.packageId, set: columns })
      .returning();
    await auditChange(tx, ctx, 'visitPlans.set', input.packageId, planAudited(planOf(stored)), planAudited(plan));
    return planRead(input.packageId, pkg.weeklyHours, saved, await planCarer(tx, pkg.carerId));
  });
}
