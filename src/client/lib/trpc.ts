import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { isCachedQuery } from '@/shared/cached-queries';
import type { AppRouter } from '@/server/trpc/router';
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
 * One client for every call: calls made together go in one batched request, except the lists and
 * reports the server answers from its copies (CACHED_QUERIES), each of which goes on its own.
 */
export function createTrpcClient(auth: AuthClient) {
  const headers = bearerHeader(auth);
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'query' && isCachedQuery(op.path),
        true: httpLink({ url: '/trpc', headers }),
        // The server refuses bigger batches (MAX_BATCH_SIZE) and longer paths.
        false: httpBatchLink({ url: '/trpc', maxItems: 50, maxURLLength: 3500, headers }),
      }),
    ],
  });
}
