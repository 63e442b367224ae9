import { TRPCError } from '@trpc/server';
import { ACCESS_ENDED } from '@/shared/carer-app';
import { CARER_ROLE } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import { changeAnswerInput } from '@/shared/schemas/planned-visits';
import { ownAvailabilityInput } from '@/shared/schemas/availability';
import { readAvailability, saveAvailability } from '@/server/records/availability';
import { accessStateInput, carerAppRef, resolveInput, syncInput, visitRef, visitsOfInput } from '@/shared/schemas/carer-app';
import { liveCarerAccount } from '@/server/accounts/carer-accounts';
import { type CarerContext, callSettingsOf } from '@/server/records/service-context';
import { publicProcedure, router } from '@/server/trpc/init';
import { authedProcedure, permitted, permittedMutation, permittedQuery, serviceContextOf } from '@/server/trpc/procedures';
import { getCarerAppStatus, inviteCarer, revokeCarerApp } from './carer-app.service';
import { fromCarers, markSeen, visitsOf } from './office-visits.service';
import { resolveVisit, visitsToResolve } from './resolve.service';
import { myVisits, syncVisits } from './visits.service';
import { answerChange } from './change-answers.service';
import { recordFromPhone } from './phone-wellbeing.service';
import { phoneWellbeingInput } from '@/shared/schemas/wellbeing';

const notForStaff = () => new TRPCError({ code: 'FORBIDDEN', message: 'The carer app is for carers' });

/** A call from a carer's own account, as it is now: its carer is handed on; anyone else is refused. */
const carerProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.actor.role !== CARER_ROLE) throw notForStaff();
  const carer = await liveCarerAccount(ctx.db, { email: ctx.actor.email });
  if (!carer) throw new TRPCError({ code: 'FORBIDDEN', message: ACCESS_ENDED });
  return next({ ctx: { ...ctx, carer, endedAt: null } satisfies CarerContext });
});

/**
 * A phone sending visits: from its carer's live account, or after the office ended their access, from that account's
 * last token (decision 309): for this call alone, and only to hand the office what was recorded before the end.
 */
const sendingPhone = publicProcedure.use(async ({ ctx, next }) => {
  const service = serviceContextOf(ctx);
  if (service && service.actor.role !== CARER_ROLE) throw notForStaff();
  const carer = service && (await liveCarerAccount(ctx.db, { email: service.actor.email }));
  if (service && carer) return next({ ctx: { ...service, carer, endedAt: null } satisfies CarerContext });
  const ended = ctx.refusedToken ? await ctx.endedCarer?.(ctx.refusedToken) : undefined;
  if (ended) {
    const actor: SessionUser = { email: ended.email, givenName: ended.givenName, familyName: ended.familyName, role: CARER_ROLE };
    const sending: CarerContext = { ...callSettingsOf(ctx), actor, today: ctx.todayNow(), timeOfDay: ctx.timeNow(), carer: { carerId: ended.carerId }, endedAt: ended.endedAt };
    return next({ ctx: sending });
  }
  if (service) throw new TRPCError({ code: 'FORBIDDEN', message: ACCESS_ENDED });
  throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
});

// The office's side (who has the app, inviting, ending access) and the carer's (their visits).
export const carerAppRouter = router({
  getStatus: permittedQuery('carerApp', 'read', carerAppRef, getCarerAppStatus),
  invite: permittedMutation('carerApp', 'create', carerAppRef, inviteCarer),
  revoke: permittedMutation('carerApp', 'update', carerAppRef, revokeCarerApp),
  // What carers send the office to act on: for those who act on it (Admin, Coordinator), not every reader.
  fromCarers: permitted('carerApp', 'update').query(({ ctx }) => fromCarers(ctx)),
  markSeen: permittedMutation('carerApp', 'update', visitRef, markSeen),
  // The visits on a client's or a carer's record, with the carers' notes: delivered care, read as the timesheet is.
  getVisits: permittedQuery('deliveries', 'read', visitsOfInput, visitsOf),
  toResolve: permitted('carerApp', 'update').query(({ ctx }) => visitsToResolve(ctx)),
  resolve: permittedMutation('carerApp', 'update', resolveInput, resolveVisit),
  myVisits: carerProcedure.query(({ ctx }) => myVisits(ctx)),
  sync: sendingPhone.input(syncInput).mutation(({ ctx, input }) => syncVisits(ctx, input)),
  // Wellbeing answers asked on the phone, where the charity lets carers ask: sent like the visits, recorded once each.
  sendWellbeing: sendingPhone.input(phoneWellbeingInput).mutation(({ ctx, input }) => recordFromPhone(ctx, input)),
  // A change of one week's visit the office offered: the carer accepts or declines it (needs a signal).
  answerChange: carerProcedure.input(changeAnswerInput).mutation(({ ctx, input }) => answerChange(ctx, input)),
  // When the carer can work, in their own words: read and set from their phone (needs signal to set).
  myAvailability: carerProcedure.query(({ ctx }) => readAvailability(ctx.db, ctx.carer.carerId)),
  setMyAvailability: carerProcedure.input(ownAvailabilityInput).mutation(({ ctx, input }) => saveAvailability(ctx, ctx.carer.carerId, input)),
  // Open without a sign-in: the phone asks once its own was refused (a mutation, so the token never sits in a URL).
  accessState: publicProcedure
    .input(accessStateInput)
    .mutation(async ({ ctx, input }) => ({ ended: (await ctx.carerAccessEnded?.(input.idToken)) ?? false })),
});
