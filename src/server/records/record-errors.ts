import { TRPCError } from '@trpc/server';
import type { Action, Resource, Role } from '@/shared/permissions';

export const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

export function notFound(what: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
}

/** The refusal of something the role may not do, in the words every procedure uses. */
export function forbidden(role: Role, action: Action, resource: Resource): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message: `Your role (${role}) may not ${action} ${resource}` });
}

export function staleVersion(): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: STALE_MESSAGE });
}

export function refused(message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message });
}

/** Refuses a change made against an older version than the stored one (when the caller sent one). */
export function checkVersion(stored: { version: number }, seen: number | undefined): void {
  if (seen !== undefined && seen !== stored.version) throw staleVersion();
}
