import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from '@trpc/client';
import { map, tap } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { isCachedQuery } from '@/shared/cached-queries';
import { stripInvisible } from '@/shared/invisible';
import type { AppRouter } from '@/server/app-router';
import type { AuthClient } from './auth-client';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The ID token as the bearer header (spec §6, §7.2). */
function bearerHeader(auth: AuthClient) {
  return async () => {
    try {
      const token = await auth.getIdToken();
      return { authorization: token ? `Bearer ${token}` : '' };
    } catch {
      // The session could not be fetched (offline refresh): send no headers.
      return {};
    }
  };
}

/**
 * The value with every string in it (at any depth) stripped of invisible and reordering characters. Only the
 * objects on the way to a changed string are copied: a long list with none is returned as it came.
 */
export function withoutInvisible<T>(value: T): T {
  if (typeof value === 'string') return stripInvisible(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((inner: unknown, index) => {
      const clean = withoutInvisible(inner);
      if (clean !== inner) (copy ??= [...value])[index] = clean;
    });
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, inner] of Object.entries(value)) {
      const clean = withoutInvisible(inner);
      if (clean !== inner) (copy ??= { ...(value as Record<string, unknown>) })[key] = clean;
    }
    return (copy ?? value) as T;
  }
  return value;
}

/**
 * Answers are shown without invisible or reordering characters: the schemas strip them from what is saved,
 * but not from what was stored before they did, nor from sign-in e-mail addresses in the audit trail.
 */
export const showNoInvisibleText: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    next(op).pipe(map((envelope) => ({ ...envelope, result: withoutInvisible(envelope.result) })));

/**
 * A call refused for want of a session (the account's sessions were ended elsewhere, or it was disabled) has the
 * tab check its own: a refresh the provider refuses too ends it, and the form on screen keeps what was typed.
 */
function checkSessionWhenRefused(auth: AuthClient): TRPCLink<AppRouter> {
  return () =>
    ({ next, op }) =>
      next(op).pipe(
        tap({
          error: (error) => {
            if (error.data?.code === 'UNAUTHORIZED') void auth.sessionRefused();
          },
        }),
      );
}

/**
 * One client for every call: calls made together go in one batched request, except the lists and
 * reports the server answers from its copies (CACHED_QUERIES), each of which goes on its own.
 */
export function createTrpcClient(auth: AuthClient) {
  const headers = bearerHeader(auth);
  return createTRPCClient<AppRouter>({
    links: [
      checkSessionWhenRefused(auth),
      showNoInvisibleText,
      splitLink({
        condition: (op) => op.type === 'query' && isCachedQuery(op.path),
        true: httpLink({ url: '/trpc', headers }),
        // The server refuses bigger batches (MAX_BATCH_SIZE) and longer paths.
        false: httpBatchLink({ url: '/trpc', maxItems: 50, maxURLLength: 3500, headers }),
      }),
    ],
  });
}
