import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** "Loading..." while a query runs, the screen's error text if it fails, else the content. */
export function LoadState<T>({
  query,
  errorText,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError'>;
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="p-6 text-muted-foreground" role="status">
        Loading...
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <p className="m-6 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-destructive" role="alert">
        {errorText}
      </p>
    );
  }
  return children(query.data);
}
