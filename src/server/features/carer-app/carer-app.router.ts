import { TRPCError } from '@trpc/server';
import { ACCESS_ENDED } from '@/shared/carer-app';
import { CARER_ROLE } from '@/shared/permissions';
import { accessStateInput, carerAppRef, syncInput, visitRef, visitsOfInput } from '@/shared/schemas/carer-app';
import { noInput } from '@/shared/schemas/common';
import { liveCarerAccount } from '@/server/records/carer-accounts';
import { publicProcedure, router } from '@/server/trpc/init';
import { authedProcedure, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getCarerAppStatus, inviteCarer, revokeCarerApp } from './carer-app.service';
import { fromCarers, markSeen, visitsOf } from './office-visits.service';
import { myVisits, syncVisits } from './visits.service';

/** A call from a carer's own account, as it is now: its carer is handed on; anyone else is refused. */
const carerProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.actor.role !== CARER_ROLE) throw new TRPCError({ code: 'FORBIDDEN', message: 'The carer app is for carers' });
  const carer = await liveCarerAccount(ctx.db, { email: ctx.actor.email });
  if (!carer) throw new TRPCError({ code: 'FORBIDDEN', message: ACCESS_ENDED });
  return next({ ctx: { ...ctx, carer } });
});

// The office's side (who has the app, inviting, ending access) and the carer's (their visits).
export const carerAppRouter = router({
  getStatus: permittedQuery('carerApp', 'read', carerAppRef, getCarerAppStatus),
  invite: permittedMutation('carerApp', 'create', carerAppRef, inviteCarer),
  revoke: permittedMutation('carerApp', 'update', carerAppRef, revokeCarerApp),
  // What carers send the office to act on: for those who act on it (Admin, Coordinator), not every reader.
  fromCarers: permittedQuery('carerApp', 'update', noInput, fromCarers),
  markSeen: permittedMutation('carerApp', 'update', visitRef, markSeen),
  // The visits on a client's or a carer's record, with the carers' notes: delivered care, read as the timesheet is.
  getVisits: permittedQuery('deliveries', 'read', visitsOfInput, visitsOf),
  myVisits: carerProcedure.query(({ ctx }) => myVisits(ctx, ctx.carer)),
  sync: carerProcedure.input(syncInput).mutation(({ ctx, input }) => syncVisits(ctx, ctx.carer, input.visits)),
  // Open without a sign-in: the phone asks once its own was refused (a mutation, so the token never sits in a URL).
  accessState: publicProcedure
    .input(accessStateInput)
    .mutation(async ({ ctx, input }) => ({ ended: (await ctx.carerAccessEnded?.(input.idToken)) ?? false })),
});
