import { complianceSettings } from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import { getComplianceSettings } from '@/server/records/carer-compliance';
import { updateComplianceSettings } from './compliance.service';

export const complianceRouter = router({
  getSettings: permitted('compliance', 'read').query(({ ctx }) => getComplianceSettings(ctx.db)),
  updateSettings: permitted('compliance', 'update')
    .input(complianceSettings)
    .mutation(({ ctx, input }) => updateComplianceSettings(ctx.db, ctx.user, input)),
});
