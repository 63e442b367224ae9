import { createContext, type ReactNode, type RefObject, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { type BlockerFunction, useBlocker, useLocation } from 'react-router';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { useAuth } from '@/client/lib/auth';
import { type Draft, DRAFT_RESTORED, keepDraft, takeDraft } from '@/client/lib/drafts';
import { TOAST } from '@/shared/constants';

/** How a form hands over its unsaved work when the session ends under it, and takes it back after sign-in. */
export interface DraftKeeping {
  read: () => Draft;
  restore: (draft: Draft) => void;
}

/**
 * A react-hook-form form's draft: its values, and on an edit form the stored version they were typed over, which
 * the save then sends, so that a record someone changed meanwhile is refused as stale rather than overwritten.
 */
export function formDraft<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'reset'>,
  version?: { current: number | undefined; set: (version: number) => void },
): DraftKeeping {
  return {
    read: () => ({ values: form.getValues(), ...(version?.current === undefined ? {} : { version: version.current }) }),
    restore: ({ values, version: typedOver }) => {
      // Against the form's own defaults, so the fields count as changed and the guard asks before leaving.
      form.reset(values as T, { keepDefaultValues: true });
      if (typedOver !== undefined) version?.set(typedOver);
    },
  };
}

/**
 * An edit form's draft and the version its save sends: the stored record's, or a restored draft's (see formDraft).
 * `setVersion` takes a version the record moved to by the form's own doing (a rename).
 */
export function useVersionedDraft<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getValues' | 'reset'>, storedVersion: number | undefined) {
  const [version, setVersion] = useState(storedVersion);
  return { version, setVersion, draft: formDraft(form, { current: version, set: setVersion }) };
}

/** The address a draft is kept under: the form's path and query string. */
function useDraftAddress(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

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
function RouteGuard({ allowed, withinPage = true, draft }: { allowed: RefObject<boolean>; withinPage?: boolean; draft?: RefObject<DraftKeeping | undefined> }) {
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    !allowed.current && (currentLocation.pathname !== nextLocation.pathname || (withinPage && currentLocation.search !== nextLocation.search));
  const blocker = useBlocker(shouldBlock);
  const { client, session, signedOutByChoice } = useAuth();
  const account = session.status === 'signed-in' ? session.user.email : undefined;
  const address = useDraftAddress();
  useEffect(() => {
    // Signing out (by hand or when idle) leaves the page at once: the session is gone, and a prompt would
    // keep the record on screen. A session that ended by itself keeps what was typed, for after sign-in.
    let signedIn = true;
    const stopWatching = client.onSessionChange((user) => {
      const kept = draft?.current;
      if (signedIn && user === null && kept && account && !signedOutByChoice()) keepDraft(account, address, kept.read());
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
  }, [client, draft, account, address, signedOutByChoice]);
  return <LeaveConfirmDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

/** Once, as the form opens: what the signed-in account typed here before its session ended, given back. */
function useRestoredDraft(draft: RefObject<DraftKeeping | undefined>) {
  const { session } = useAuth();
  const account = session.status === 'signed-in' ? session.user.email : undefined;
  const address = useDraftAddress();
  const opened = useRef({ account, address });
  useEffect(() => {
    const { account, address } = opened.current;
    if (!account || !draft.current) return;
    const kept = takeDraft(account, address);
    if (!kept) return;
    draft.current.restore(kept);
    toast(DRAFT_RESTORED, { duration: TOAST.draftRestoredMs, icon: '↩️' });
  }, [draft]);
}

/**
 * Guards a form screen while `dirty`: render `guard`, and navigate after a successful save through
 * `leaveAfterSave`, which is never asked about. A screen that keeps its unsaved work when its own query
 * string changes (the timesheet's week) passes `withinPage: false`. A form that passes `draft` keeps its
 * unsaved work when the session ends under it, and gets it back when the same person signs in again.
 */
export function useUnsavedChanges(
  dirty: boolean,
  { withinPage = true, draft }: { withinPage?: boolean; draft?: DraftKeeping } = {},
): { guard: ReactNode; leaveAfterSave: (go: () => void) => void } {
  const allowed = useRef(false);
  const leaveAfterSave = useCallback((go: () => void) => {
    allowed.current = true;
    go();
  }, []);
  const kept = useRef(draft);
  // Before any effect reads it: the restore as the form opens, and the session's end.
  useLayoutEffect(() => {
    kept.current = draft;
  });
  useRestoredDraft(kept);
  return { guard: dirty ? <RouteGuard allowed={allowed} withinPage={withinPage} draft={kept} /> : null, leaveAfterSave };
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
