import { TRPCError } from '@trpc/server';
import { type Action, can, type Resource } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import type { ServiceContext } from '@/server/records/service-context';
import { type Context, publicProcedure } from './init';

/** Needs a verified ID token. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * Needs a verified ID token whose role holds `action` on `resource`; checked before the input is read. One
 * middleware for both checks: each one tRPC runs copies the context.
 */
export function permitted(resource: Resource, action: Action) {
  return publicProcedure.meta({ resource, action }).use(({ ctx, next }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
    if (!can(ctx.user.role, resource, action)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: `Your role (${ctx.user.role}) may not ${action} ${resource}` });
    }
    return next({ ctx: { ...ctx, user: ctx.user } });
  });
}

/** What services need, from a signed-in procedure's context. */
export function serviceContext(ctx: Context & { user: SessionUser }): ServiceContext {
  return { db: ctx.db, actor: ctx.user, today: ctx.today(), deprivationMaxDecile: ctx.deprivationMaxDecile };
}

/**
 * Drops related records the role may not read (Finance reads volunteers but not their training
 * records), so no procedure leaks another resource's data through a nested include.
 */
export function onlyReadable<T extends object>(role: SessionUser['role'], record: T, nested: Partial<Record<keyof T, Resource>>): T {
  const copy = { ...record };
  for (const [key, resource] of Object.entries(nested) as [keyof T, Resource][]) {
    if (!can(role, resource, 'read')) delete copy[key];
  }
  return copy;
}
