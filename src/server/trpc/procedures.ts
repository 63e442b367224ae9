import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { type Action, can, isStaffRole, type Resource } from '@/shared/permissions';
import { forbidden } from '@/server/records/record-errors';
import { callSettingsOf, type ServiceContext } from '@/server/records/service-context';
import { type Context, publicProcedure } from './init';

/** The service context of a call whose ID token verified; undefined when nobody is signed in. */
export function serviceContextOf(ctx: Context): ServiceContext | undefined {
  if (!ctx.user) return undefined;
  return { ...callSettingsOf(ctx), actor: ctx.user, today: ctx.todayNow(), timeOfDay: ctx.timeNow() };
}

function signedIn(ctx: Context): ServiceContext {
  const service = serviceContextOf(ctx);
  if (!service) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return service;
}

/** Needs a verified ID token; the procedure gets the service context to hand whole to its service. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: signedIn(ctx) }));

/** Needs a verified ID token of a member of staff: a carer's account reaches the carer app's procedures alone. */
export const staffProcedure = publicProcedure.use(({ ctx, next }) => {
  const service = signedIn(ctx);
  if (!isStaffRole(service.actor.role)) throw new TRPCError({ code: 'FORBIDDEN', message: 'This is for the office: your account is for the carer app.' });
  return next({ ctx: service });
});

/**
 * Needs a verified ID token whose role holds `action` on `resource`; checked before the input is read. One
 * middleware for both checks: each one tRPC runs copies the context.
 */
export function permitted(resource: Resource, action: Action) {
  return publicProcedure.meta({ resource, action }).use(({ ctx, next }) => {
    const service = signedIn(ctx);
    if (!can(service.actor.role, resource, action)) throw forbidden(service.actor.role, action, resource);
    return next({ ctx: service });
  });
}

/**
 * A service entry point: the context whole, then the input the procedure checked. tRPC hands the resolver the
 * schema's output, which TypeScript cannot see while the schema is still a type parameter; hence the cast below.
 */
type ServiceCall<I extends z.ZodType, O> = (ctx: ServiceContext, input: z.output<I>) => Promise<O>;

/** A query `action` on `resource` permits: the input checked, then the service called with the context whole. */
export function permittedQuery<I extends z.ZodType, O>(resource: Resource, action: Action, input: I, run: ServiceCall<I, O>) {
  return permitted(resource, action)
    .input(input)
    .query(({ ctx, input }) => run(ctx, input as z.output<I>));
}

/** A mutation `action` on `resource` permits: the input checked, then the service called with the context whole. */
export function permittedMutation<I extends z.ZodType, O>(resource: Resource, action: Action, input: I, run: ServiceCall<I, O>) {
  return permitted(resource, action)
    .input(input)
    .mutation(({ ctx, input }) => run(ctx, input as z.output<I>));
}
