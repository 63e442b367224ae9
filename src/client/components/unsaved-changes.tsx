import { createContext, type ReactNode, type RefObject, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { useAuth } from '@/client/lib/auth';

/** "Stay" (the default, focused first) or "Leave without saving". */
export function LeaveConfirmDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Leave without saving?"
      description="You have changes that are not saved. If you leave now, they will be lost."
      keepLabel="Stay"
      confirmLabel="Leave without saving"
      onKeep={onStay}
      onConfirm={onLeave}
    />
  );
}

/**
 * Asks before the app navigates away and lets the browser ask before a reload or closing the tab.
 * Mounted only while there are changes: React Router keeps one blocker at a time.
 */
function RouteGuard({ allowed, withinPage = true }: { allowed: RefObject<boolean>; withinPage?: boolean }) {
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    !allowed.current && (currentLocation.pathname !== nextLocation.pathname || (withinPage && currentLocation.search !== nextLocation.search));
  const blocker = useBlocker(shouldBlock);
  const { client } = useAuth();
  useEffect(() => {
    // Signing out (by hand or when idle) leaves the page at once: the session is gone, and a prompt would
    // keep the record on screen.
    let signedIn = true;
    const stopWatching = client.onSessionChange((user) => {
      signedIn = user !== null;
    });
    const warn = (event: BeforeUnloadEvent) => {
      if (signedIn) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      stopWatching();
      window.removeEventListener('beforeunload', warn);
    };
  }, [client]);
  return <LeaveConfirmDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

/**
 * Guards a form screen while `dirty`: render `guard`, and navigate after a successful save through
 * `leaveAfterSave`, which is never asked about. A screen that keeps its unsaved work when its own query
 * string changes (the timesheet's week) passes `withinPage: false`.
 */
export function useUnsavedChanges(
  dirty: boolean,
  { withinPage = true }: { withinPage?: boolean } = {},
): { guard: ReactNode; leaveAfterSave: (go: () => void) => void } {
  const allowed = useRef(false);
  const leaveAfterSave = useCallback((go: () => void) => {
    allowed.current = true;
    go();
  }, []);
  return { guard: dirty ? <RouteGuard allowed={allowed} withinPage={withinPage} /> : null, leaveAfterSave };
}

/** Parts of a dialog (such as a Notes tab) report unsaved work here; see useUnsavedInDialog. */
const UnsavedReport = createContext<((key: string, dirty: boolean) => void) | null>(null);

/** Reports this part's unsaved work to the dialog around it, if any. */
export function useReportUnsaved(dirty: boolean) {
  const report = useContext(UnsavedReport);
  const key = useId();
  useEffect(() => {
    report?.(key, dirty);
    return () => report?.(key, false);
  }, [report, key, dirty]);
}

/**
 * For a dialog whose parts may hold unsaved work: `confirmThen(action)` runs the action at once, or after
 * "Leave without saving" when something is unsaved. Put the parts inside `scope(...)` and render `prompt`.
 */
export function useUnsavedInDialog() {
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<(() => void) | null>(null);
  const report = useCallback((key: string, dirty: boolean) => {
    setDirtyParts((parts) => {
      if (parts.has(key) === dirty) return parts;
      const next = new Set(parts);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const dirty = dirtyParts.size > 0;
  const allowed = useRef(false);
  useEffect(() => {
    if (dirty) allowed.current = false;
  }, [dirty]);
  const confirmThen = useCallback((action: () => void) => (dirty ? setPending(() => action) : action()), [dirty]);
  const scope = (children: ReactNode) => <UnsavedReport.Provider value={report}>{children}</UnsavedReport.Provider>;
  const prompt = (
    <>
      {dirty && <RouteGuard allowed={allowed} />}
      <LeaveConfirmDialog
        open={pending !== null}
        onStay={() => setPending(null)}
        onLeave={() => {
          const action = pending;
          setPending(null);
          setDirtyParts(new Set());
          // The action may navigate (Edit) while this guard is still mounted.
          allowed.current = true;
          action?.();
        }}
      />
    </>
  );
  return { dirty, confirmThen, scope, prompt };
}
