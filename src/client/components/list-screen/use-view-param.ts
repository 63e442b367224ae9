import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The record whose view dialog a list shows, kept in the address as `?view=<id>`, so a link (the header
 * search's results) opens it and closing it removes the parameter. Changes replace the history entry.
 */
export function useViewParam(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setViewing = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('view');
          else next.set('view', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get('view') || null, setViewing];
}
