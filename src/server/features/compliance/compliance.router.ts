import { complianceSettings } from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation } from '@/server/trpc/procedures';
import { getSettings, updateComplianceSettings } from './compliance.service';

export const complianceRouter = router({
  getSettings: permitted('compliance', 'read').query(({ ctx }) => getSettings(ctx)),
  updateSettings: permittedMutation('compliance', 'update', complianceSettings, updateComplianceSettings),
});
