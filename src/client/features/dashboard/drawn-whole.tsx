import { createContext, type ReactNode, useCallback, useContext, useId, useLayoutEffect, useRef, useState } from 'react';

/** What a section tells the overview about one of its queries: answered (or failed), or still on its way. */
type Report = (id: string, answered: boolean) => void;

const ReportAnswer = createContext<Report | undefined>(undefined);

/**
 * Tells the nearest DrawnWhole whether `query` has its first answer yet. A query not asked (not enabled) waits for
 * nothing; a query that failed is answered, its section says so.
 */
export function useFirstAnswer(query: { status: 'pending' | 'error' | 'success'; fetchStatus: 'fetching' | 'paused' | 'idle' }): void {
  const report = useContext(ReportAnswer);
  const id = useId();
  const answered = query.status !== 'pending' || query.fetchStatus === 'idle';
  useLayoutEffect(() => report?.(id, answered), [report, id, answered]);
  useLayoutEffect(() => () => report?.(id, true), [report, id]);
}

/**
 * Draws its children once every query they ask for has its first answer, `waiting` until then. Sections that came
 * one by one pushed what was already on screen down the page, under the reader's finger (a layout shift Lighthouse
 * scored 0.42); drawn whole, nothing moves. Refreshes afterwards change figures in place.
 */
export function DrawnWhole({ waiting, children }: { waiting: ReactNode; children: ReactNode }) {
  const pending = useRef(new Set<string>());
  // The sections report in their own layout effects, which run before this one's: only then is "none pending" true.
  const mounted = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const report = useCallback<Report>((id, answered) => {
    if (answered) pending.current.delete(id);
    else pending.current.add(id);
    if (mounted.current && pending.current.size === 0) setDrawn(true);
  }, []);
  useLayoutEffect(() => {
    mounted.current = true;
    if (pending.current.size === 0) setDrawn(true);
  }, []);
  return (
    <ReportAnswer.Provider value={drawn ? undefined : report}>
      {!drawn && waiting}
      <div hidden={!drawn}>{children}</div>
    </ReportAnswer.Provider>
  );
}
