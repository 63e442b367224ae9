import { funderInput, funderUpdate } from '@/shared/schemas/wellbeing';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation } from '@/server/trpc/procedures';
import { createFunder, listFunders, updateFunder } from './funders.service';

/** Who funds care (a grant, a council contract): the list the office keeps, which packages name and reports cut by. */
export const fundersRouter = router({
  list: permitted('funders', 'read').query(({ ctx }) => listFunders(ctx)),
  create: permittedMutation('funders', 'create', funderInput, createFunder),
  update: permittedMutation('funders', 'update', funderUpdate, updateFunder),
});
