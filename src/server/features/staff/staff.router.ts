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
    const issuer = ctx.env.externalOidc?.issuer;
    if (issuer) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Accounts are managed at ${issuer}` });
    return next();
  });

export const staffRouter = router({
  list: permitted('staff', 'read').query(({ ctx }) => listStaff(ctx)),
  invite: change('create')
    .input(staffInvite)
    .mutation(({ ctx, input }) => inviteStaff(ctx, input)),
  setRole: change('update')
    .input(staffSetRole)
    .mutation(({ ctx, input }) => setStaffRole(ctx, input)),
  disable: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => disableStaff(ctx, input)),
  enable: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => enableStaff(ctx, input)),
  resetTwoStep: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => resetStaffTwoStep(ctx, input)),
  sendPasswordReset: change('update')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => sendStaffPasswordReset(ctx, input)),
  remove: change('delete')
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => removeStaff(ctx, input)),
});
