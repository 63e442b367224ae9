import { MutationCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import toast from 'react-hot-toast';
import { MESSAGES, QUERY_CACHE_MS, QUERY_STALE_MS, TOAST } from '@/shared/constants';
import { successMessage } from './success-messages';

/** "Error: …" with the server's message, or "Something went wrong" (spec §8). */
export function mutationErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message ? `Error: ${message}` : MESSAGES.somethingWentWrong;
}

/** Mutation options for a screen that says what happened in its own words instead of the generic success toast. */
export const OWN_SUCCESS_TOAST = { meta: { ownSuccessToast: true } } as const;

function isClientError(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_CACHE_MS,
        // Refusals (forbidden, not found, bad input) will not change by asking again.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
    mutationCache: new MutationCache({
      onSuccess: async (data, variables, _context, mutation) => {
        // Any change can show in several lists (a package changes its request's hours in service,
        // a rename shows on requests), so every cached list is refreshed; only mounted ones refetch now.
        await queryClient.invalidateQueries();
        // Said once the screen shows the change: a note saved says so as its editor clears, not while the
        // note is still there (and would be counted as unsaved).
        if (mutation.meta?.ownSuccessToast) return;
        const path = (mutation.options.mutationKey?.[0] as string[] | undefined)?.join('.') ?? '';
        toast.success(successMessage(path, data, variables), { duration: TOAST.mutationSuccessMs });
      },
      onError: (error, _variables, _context, mutation) => {
        // A refusal the form shows in place (beside the field it is about) is said once, there.
        const shownInPlace = mutation.meta?.shownInPlace as ((error: unknown) => boolean) | undefined;
        if (!shownInPlace?.(error)) toast.error(mutationErrorText(error));
      },
    }),
  });
  return queryClient;
}
