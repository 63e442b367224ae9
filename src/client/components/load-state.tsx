import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** "Loading..." (or a screen's own words for it) while its data is on the way. */
export function LoadingMessage({ text = 'Loading...', className }: { text?: string; className?: string }) {
  return (
    <p className={cn('text-muted-foreground', className)} role="status">
      {text}
    </p>
  );
}

/** What went wrong, in the screen's words: data that failed to load, or a screen that failed to draw. */
export function ErrorMessage({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-destructive', className)} role="alert">
      {text}
    </p>
  );
}

/** "Loading..." while a query runs, the screen's error text if it fails, else the content. */
export function LoadState<T>({
  query,
  errorText,
  className = 'm-6',
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError'>;
  errorText: string;
  /** Where the messages stand: a page's own margin by default. */
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingMessage className={className} />;
  if (query.isError || query.data === undefined) return <ErrorMessage text={errorText} className={className} />;
  return children(query.data);
}
