import { hoursReportInput } from '@/shared/schemas/analytics';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import { type Breakdown, type CareItems, getCrossSection, getHoursReport } from './analytics.service';

const crossSection = (items: CareItems) =>
  permitted('analytics', 'read').query(({ ctx }) => getCrossSection(ctx.db, ctx.today(), items));

const hoursReport = <B extends Breakdown>(items: CareItems, breakdown: B) =>
  permitted('analytics', 'read')
    .input(hoursReportInput)
    .query(({ ctx, input }) => getHoursReport(ctx.db, ctx.today(), { items, breakdown, startYear: input.startYear }));

export const analyticsRouter = router({
  getActivePackagesCrossSection: crossSection('packages'),
  getActiveRequestsCrossSection: crossSection('requests'),
  getRequestsReport: hoursReport('requests', 'localities'),
  getPackagesReport: hoursReport('packages', 'localities'),
  getRequestsDeprivationReport: hoursReport('requests', 'deprivationCategories'),
  getPackagesDeprivationReport: hoursReport('packages', 'deprivationCategories'),
});
