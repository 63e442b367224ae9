import { TRPCError } from '@trpc/server';
import { type Action, can, type Resource } from '@/shared/permissions';
import { publicProcedure } from './init';

/** Needs a verified ID token. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Needs the signed-in role to hold `action` on `resource`; checked before the input is read. */
export function permitted(resource: Resource, action: Action) {
  return authedProcedure.meta({ resource, action }).use(({ ctx, next }) => {
    if (!can(ctx.user.role, resource, action)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: `Your role (${ctx.user.role}) may not ${action} ${resource}` });
    }
    return next();
  });
}
