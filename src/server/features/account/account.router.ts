import { changePasswordInput, confirmTwoStepInput } from '@/shared/schemas/account';
import { noInput } from '@/shared/schemas/common';
import { router } from '@/server/trpc/init';
import { authedProcedure } from '@/server/trpc/procedures';
import { changeOwnPassword, confirmTwoStep, getAccount, resetOwnTwoStep, signOutEverywhere, startTwoStep } from './account.service';

/** My account: every signed-in user, about their own sign-in only. */
export const accountRouter = router({
  get: authedProcedure.query(({ ctx }) => getAccount(ctx.db, ctx.env, ctx.user)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx.db, ctx.env, ctx.user, input, ctx.clientIp)),
  startTwoStep: authedProcedure.input(noInput).mutation(({ ctx }) => startTwoStep(ctx.db, ctx.env, ctx.user)),
  confirmTwoStep: authedProcedure
    .input(confirmTwoStepInput)
    .mutation(({ ctx, input }) => confirmTwoStep(ctx.db, ctx.env, ctx.user, input.code)),
  resetTwoStep: authedProcedure.input(noInput).mutation(({ ctx }) => resetOwnTwoStep(ctx.db, ctx.env, ctx.user)),
  signOutEverywhere: authedProcedure.input(noInput).mutation(({ ctx }) => signOutEverywhere(ctx.db, ctx.env, ctx.user)),
});
