import { TRPCError } from '@trpc/server';
import type { Action } from '@/shared/permissions';
import { staffAccountRef, staffInvite, staffSetRole } from '@/shared/schemas/staff';
import { createMailer, deliverNow } from '@/server/mail/mail';
import { type Context, router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import {
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  removeStaff,
  resetStaffTwoStep,
  sendStaffPasswordReset,
  setStaffRole,
} from './staff.service';

/** A change to accounts: refused when an external issuer manages them (checked after the role, before the input). */
const change = (action: Action) =>
  permitted('staff', action).use(({ ctx, next }) => {
    const issuer = ctx.env.externalOidc?.issuer;
    if (issuer) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Accounts are managed at ${issuer}` });
    return next();
  });

/** The person waits at their inbox: the link goes now, not at the mail job's next minute. */
function deliverLinkNow({ db, env, log }: Pick<Context, 'db' | 'env' | 'log'>): void {
  void deliverNow(db, createMailer(env), log);
}

export const staffRouter = router({
  list: permitted('staff', 'read').query(({ ctx }) => listStaff(ctx.db, ctx.env.externalOidc?.issuer)),
  invite: change('create')
    .input(staffInvite)
    .mutation(async ({ ctx, input }) => {
      const user = await inviteStaff(ctx.db, ctx.env, ctx.user, input);
      deliverLinkNow(ctx);
      return user;
    }),
  setRole: change('update')
    .input(staffSetRole)
    .mutation(({ ctx, input }) => setStaffRole(ctx.db, ctx.user, input)),
  disable: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => disableStaff(ctx.db, ctx.user, input.id)),
  enable: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => enableStaff(ctx.db, ctx.user, input.id)),
  resetTwoStep: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => resetStaffTwoStep(ctx.db, ctx.user, input.id)),
  sendPasswordReset: change('update')
    .input(staffAccountRef)
    .mutation(async ({ ctx, input }) => {
      const user = await sendStaffPasswordReset(ctx.db, ctx.env, ctx.user, input.id);
      deliverLinkNow(ctx);
      return user;
    }),
  remove: change('delete')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => removeStaff(ctx.db, ctx.user, input.id)),
});
