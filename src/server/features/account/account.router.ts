import { changePasswordInput, confirmTwoStepInput, resetTwoStepInput, startTwoStepInput } from '@/shared/schemas/account';
import { noInput } from '@/shared/schemas/common';
import { router } from '@/server/trpc/init';
import { authedProcedure } from '@/server/trpc/procedures';
import { changeOwnPassword, confirmTwoStep, getAccount, resetOwnTwoStep, signOutEverywhere, startTwoStep } from './account.service';

/** My account: every signed-in user, about their own sign-in only. */
export const accountRouter = router({
  get: authedProcedure.query(({ ctx }) => getAccount(ctx)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
  startTwoStep: authedProcedure.input(startTwoStepInput).mutation(({ ctx, input }) => startTwoStep(ctx, input)),
  confirmTwoStep: authedProcedure.input(confirmTwoStepInput).mutation(({ ctx, input }) => confirmTwoStep(ctx, input)),
  resetTwoStep: authedProcedure.input(resetTwoStepInput).mutation(({ ctx, input }) => resetOwnTwoStep(ctx, input)),
  signOutEverywhere: authedProcedure.input(noInput).mutation(({ ctx }) => signOutEverywhere(ctx)),
});
