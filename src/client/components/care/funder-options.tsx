import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/client/components/ui/native-select';
import { useTRPC } from '@/client/lib/trpc';

/** The office's list of funders, archived ones too (packages and reports still name them). */
export function useFunders() {
  const trpc = useTRPC();
  return useQuery(trpc.funders.list.queryOptions());
}

/** A funder's name, or what to say when the care names none. */
export function useFunderName(funderId: string | null | undefined): string {
  const funders = useFunders().data ?? [];
  if (!funderId) return 'None said';
  return funders.find((funder) => funder.id === funderId)?.name ?? '';
}

/**
 * A choice of funder: the ones in use, and `keep` (the one already chosen) even when archived, after a first choice
 * with the words `none`. The value is the funder's id, '' for none.
 */
export function FunderSelect({ none, keep, ...select }: ComponentProps<typeof NativeSelect> & { none: string; keep?: string | null }) {
  const funders = useFunders().data ?? [];
  return (
    <NativeSelect {...select}>
      <option value="">{none}</option>
      {funders
        .filter((funder) => !funder.archived || funder.id === keep)
        .map((funder) => (
          <option key={funder.id} value={funder.id}>
            {funder.archived ? `${funder.name} (archived)` : funder.name}
          </option>
        ))}
    </NativeSelect>
  );
}
