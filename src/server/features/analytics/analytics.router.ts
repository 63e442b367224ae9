import { deliveredReportInput, hoursReportInput } from '@/shared/schemas/analytics';
import { wellbeingReportInput } from '@/shared/schemas/wellbeing';
import { monthInput } from '@/shared/schemas/deliveries';
import { router } from '@/server/trpc/init';
import { permitted, permittedQuery } from '@/server/trpc/procedures';
import { type Breakdown, type CareItems, getCrossSection, getHoursReport } from './analytics.service';
import { getDeliveredReport, getDeliveredThisMonth } from './delivered-report';
import { getVisitMeasures } from './visit-measures';
import { getWellbeingReport } from './wellbeing-report';

const crossSection = (items: CareItems) => permitted('analytics', 'read').query(({ ctx }) => getCrossSection(ctx, items));

const hoursReport = <B extends Breakdown>(items: CareItems, breakdown: B) =>
  permitted('analytics', 'read')
    .input(hoursReportInput)
    .query(({ ctx, input }) => getHoursReport(ctx, { items, breakdown, startYear: input.startYear }));

export const analyticsRouter = router({
  getActivePackagesCrossSection: crossSection('packages'),
  getActiveRequestsCrossSection: crossSection('requests'),
  getRequestsReport: hoursReport('requests', 'localities'),
  getPackagesReport: hoursReport('packages', 'localities'),
  getRequestsDeprivationReport: hoursReport('requests', 'deprivationCategories'),
  getPackagesDeprivationReport: hoursReport('packages', 'deprivationCategories'),
  // Planned against delivered care. Carers are named only to roles that may read that kind of carer.
  getDeliveredReport: permittedQuery('analytics', 'read', deliveredReportInput, getDeliveredReport),
  // A month's visits: planned, recorded, missed, late and continuity, in all, by locality and by carer.
  getVisitMeasures: permittedQuery('analytics', 'read', monthInput, getVisitMeasures),
  // Wellbeing before and after care, for a period and a funder: totals only, small groups withheld from those who may not read answers.
  getWellbeingReport: permittedQuery('analytics', 'read', wellbeingReportInput, getWellbeingReport),
  // The dashboard's figures for the month so far, for the roles that read delivered care.
  getDeliveredThisMonth: permitted('deliveries', 'read').query(({ ctx }) => getDeliveredThisMonth(ctx)),
});
