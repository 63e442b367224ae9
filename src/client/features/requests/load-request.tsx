import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { LoadCareItem } from '@/client/components/care/load-care-item';

export type StoredRequest = RouterOutputs['requests']['getById'];

/** The request named in the address, always at its latest version: a stale one would be refused on save. */
export function LoadRequest({ id, children }: { id: string | null; children: (request: StoredRequest) => ReactNode }) {
  const trpc = useTRPC();
  const request = useQuery({ ...trpc.requests.getById.queryOptions({ id: id ?? '' }), enabled: Boolean(id), staleTime: 0 });
  return (
    <LoadCareItem what="request" query={id ? request : null}>
      {children}
    </LoadCareItem>
  );
}
