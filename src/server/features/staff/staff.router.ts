import { TRPCError } from '@trpc/server';
import type { Action } from '@/shared/permissions';
import { staffAccountRef, staffInvite, staffSetRole } from '@/shared/schemas/staff';
import { router } from '@/server/trpc/init';
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
    if (ctx.accountsManagedAt) {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Accounts are managed at ${ctx.accountsManagedAt}` });
    }
    return next();
  });

export const staffRouter = router({
  list: permitted('staff', 'read').query(({ ctx }) => listStaff(ctx.db, ctx.accountsManagedAt)),
  invite: change('create')
    .input(staffInvite)
    .mutation(({ ctx, input }) => inviteStaff(ctx.db, ctx.user, input)),
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
    .mutation(({ ctx, input }) => sendStaffPasswordReset(ctx.db, ctx.user, input.id)),
  remove: change('delete')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => removeStaff(ctx.db, ctx.user, input.id)),
});
