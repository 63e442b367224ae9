import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { LoadCareItem } from '@/client/components/care/load-care-item';

export type StoredPackage = RouterOutputs['packages']['getById'];

/** The package named in the address, always at its latest version: a stale one would be refused on save. */
export function LoadPackage({ id, children }: { id: string; children: (pkg: StoredPackage) => ReactNode }) {
  const trpc = useTRPC();
  const pkg = useQuery({ ...trpc.packages.getById.queryOptions({ id }), staleTime: 0 });
  return (
    <LoadCareItem what="package" query={pkg}>
      {children}
    </LoadCareItem>
  );
}
