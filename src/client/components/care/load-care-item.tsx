import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadState } from '@/client/components/load-state';
import { loadErrorText } from './care-display';
import { CARE_ITEMS, type CareItem } from './care-items';


/** An address without an id names no item. */
const NO_ID = { data: undefined, isPending: false, isError: true } as const;

/**
 * The request or package a screen is opened for: "Loading...", then the screen, or why not ("Request not
 * found" when there is none by that id, or the query is null for an address without an id).
 */
export function LoadCareItem<T>({
  what,
  query,
  children,
}: {
  what: CareItem;
  query: Pick<UseQueryResult<T, unknown>, 'data' | 'isPending' | 'isError' | 'error'> | null;
  children: (item: T) => ReactNode;
}) {
  const { notFound, loadError } = CARE_ITEMS[what];
  return (
    <LoadState query={query ?? NO_ID} errorText={query ? loadErrorText(query.error, { notFound, failed: loadError }) : notFound}>
      {children}
    </LoadState>
  );
}
