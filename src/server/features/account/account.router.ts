import { changePasswordInput, confirmTwoStepInput, resetTwoStepInput, startTwoStepInput } from '@/shared/schemas/account';
import { noInput } from '@/shared/schemas/common';
import { router } from '@/server/trpc/init';
import { staffProcedure } from '@/server/trpc/procedures';
import { changeOwnPassword, confirmTwoStep, getAccount, resetOwnTwoStep, signOutEverywhere, startTwoStep } from './account.service';

/** My account: every signed-in user, about their own sign-in only. */
export const accountRouter = router({
  get: staffProcedure.query(({ ctx }) => getAccount(ctx)),
  changePassword: staffProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
  startTwoStep: staffProcedure.input(startTwoStepInput).mutation(({ ctx, input }) => startTwoStep(ctx, input)),
  confirmTwoStep: staffProcedure.input(confirmTwoStepInput).mutation(({ ctx, input }) => confirmTwoStep(ctx, input)),
  resetTwoStep: staffProcedure.input(resetTwoStepInput).mutation(({ ctx, input }) => resetOwnTwoStep(ctx, input)),
  signOutEverywhere: staffProcedure.input(noInput).mutation(({ ctx }) => signOutEverywhere(ctx)),
});
