import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/server/trpc/router';
import type { AuthClient } from './auth-client';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** One batched client for every call; each carries the ID token as the bearer header (spec §6, §7.2). */
export function createTrpcClient(auth: AuthClient) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses bigger batches (MAX_BATCH_SIZE) and longer paths.
        maxItems: 50,
        maxURLLength: 3500,
        async headers() {
          try {
            const token = await auth.getIdToken();
            return { authorization: token ? `Bearer ${token}` : '' };
          } catch {
            // The session could not be fetched (offline refresh): send no headers.
            return {};
          }
        },
      }),
    ],
  });
}
