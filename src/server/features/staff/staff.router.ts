import { TRPCError } from '@trpc/server';
import type { Action } from '@/shared/permissions';
import { staffAccountRef, type StaffAccountRef, staffInvite, staffSetRole } from '@/shared/schemas/staff';
import type { ServiceContext } from '@/server/records/service-context';
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

/** A change to one account, named by its id. */
const accountChange = <T>(action: Action, act: (ctx: ServiceContext, account: StaffAccountRef) => Promise<T>) =>
  change(action)
    .input(staffAccountRef)
    .mutation(({ ctx, input }) => act(ctx, input));

export const staffRouter = router({
  list: permitted('staff', 'read').query(({ ctx }) => listStaff(ctx)),
  invite: change('create')
    .input(staffInvite)
    .mutation(({ ctx, input }) => inviteStaff(ctx, input)),
  setRole: change('update')
    .input(staffSetRole)
    .mutation(({ ctx, input }) => setStaffRole(ctx, input)),
  disable: accountChange('update', disableStaff),
  enable: accountChange('update', enableStaff),
  resetTwoStep: accountChange('update', resetStaffTwoStep),
  sendPasswordReset: accountChange('update', sendStaffPasswordReset),
  remove: accountChange('delete', removeStaff),
});
