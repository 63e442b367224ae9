import { wellbeingInput, wellbeingListInput, wellbeingSettingsInput } from '@/shared/schemas/wellbeing';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { recordWellbeing, reviewsDue } from '@/server/records/wellbeing';
import { getWellbeingSettings, listWellbeing, updateWellbeingSettings } from './wellbeing.service';

/** A client's wellbeing as the ONS asks it (src/shared/wellbeing.ts): answers about health, for Admin and Coordinator. */
export const wellbeingRouter = router({
  /** { clientId, askedOn, lifeSatisfaction?, worthwhile?, happy?, anxious?, lonely?, mattersMost?, declined? } → the answers held. */
  record: permittedMutation('wellbeing', 'create', wellbeingInput, (ctx, input) => recordWellbeing(ctx, input)),
  list: permittedQuery('wellbeing', 'read', wellbeingListInput, listWellbeing),
  /** The clients to ask within the fortnight, or overdue: first since their care began, or at a review. */
  reviewsDue: permitted('wellbeing', 'read').query(({ ctx }) => reviewsDue(ctx)),
  getSettings: permitted('wellbeingSettings', 'read').query(({ ctx }) => getWellbeingSettings(ctx)),
  updateSettings: permittedMutation('wellbeingSettings', 'update', wellbeingSettingsInput, updateWellbeingSettings),
});
