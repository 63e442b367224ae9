import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadState } from '@/client/components/load-state';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { loadErrorText } from '@/client/components/care/care-display';

export type StoredRequest = RouterOutputs['requests']['getById'];

const WORDS = { notFound: 'Request not found', failed: 'Error loading request' };
/** An address without an id names no request. */
const NO_ID = { data: undefined, isPending: false, isError: true } as const;

/** The request named in the address, always at its latest version: a stale one would be refused on save. */
export function LoadRequest({ id, children }: { id: string | null; children: (request: StoredRequest) => ReactNode }) {
  const trpc = useTRPC();
  const request = useQuery({ ...trpc.requests.getById.queryOptions({ id: id ?? '' }), enabled: Boolean(id), staleTime: 0 });
  return (
    <LoadState query={id ? request : NO_ID} errorText={id ? loadErrorText(request.error, WORDS) : WORDS.notFound}>
      {children}
    </LoadState>
  );
}
