import type { ReactNode } from 'react';

/** What a tab or list says when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{children}</p>;
}
