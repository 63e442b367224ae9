import { visitPlanInput, visitPlanRef } from '@/shared/schemas/visit-plans';
import { router } from '@/server/trpc/init';
import { permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getVisitPlan, setVisitPlan } from './visit-plans.service';

/** A package's plan of visits in a week: read with the package, set by those who change packages. */
export const visitPlansRouter = router({
  /** { packageId, visits: [{ weekday, start, end }], anyTime: { hours } | null, plannedHours, packageWeeklyHours, version }. */
  get: permittedQuery('packages', 'read', visitPlanRef, getVisitPlan),
  set: permittedMutation('packages', 'update', visitPlanInput, setVisitPlan),
});
