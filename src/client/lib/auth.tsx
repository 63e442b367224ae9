import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type Action, can, type Resource } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import { AuthClient } from './auth-client';
import { forgetDrafts } from './drafts';
import { forgetReturnTo, rememberReturnTo } from './sign-in-state';

export type Session = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

interface AuthContextValue {
  session: Session;
  client: AuthClient;
  signIn: () => void;
  signOut: () => Promise<void>;
  /** Whether the person chose to sign out (not an idle limit or a session ended elsewhere): where they were is not kept. */
  signedOutByChoice: () => boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** What counts as the user's own activity; the app's background refreshes do not. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
const IDLE_CHECK_MS = 15_000;

/**
 * While signed in, watches the user's activity and signs them out once they have been idle past the
 * limit (checked on a timer, and first thing when they act or come back to the tab).
 */
function useIdleSignOut(client: AuthClient, signedIn: boolean, onSignedOut?: () => void) {
  useEffect(() => {
    if (!signedIn) return;
    const onActivity = () => {
      void client.signOutIfIdle(onSignedOut).then((signedOut) => {
        if (!signedOut) return client.noteActivity();
      });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') onActivity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibilityChange);
    const timer = window.setInterval(() => void client.signOutIfIdle(onSignedOut), IDLE_CHECK_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.clearInterval(timer);
    };
  }, [client, signedIn, onSignedOut]);
}

function cameBackThroughHistory(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward';
}

/** Determines the session once (finishing a sign-in callback if this page load is one) and keeps it current. */
export function AuthProvider({
  client,
  onSignedOut,
  children,
}: {
  client: AuthClient;
  /** Clears what the app keeps locally (the query cache) when the user signs out. */
  onSignedOut?: () => void;
  children: ReactNode;
}) {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  /** Whether the person chose to sign out: where they were is then not kept. */
  const chosen = useRef(false);

  useEffect(() => {
    const toSession = (user: SessionUser | null): Session => (user ? { status: 'signed-in', user } : { status: 'signed-out' });
    const unsubscribeSession = client.onSessionChange((user) => {
      if (user) forgetDrafts({ exceptOf: user.email });
      // A session that ended by itself comes back here after sign-in: noted now, as an idle sign-out leaves the page
      // for the provider's before the screen is drawn again.
      else if (!chosen.current) rememberReturnTo(`${window.location.pathname}${window.location.search}${window.location.hash}`);
      setSession(toSession(user));
    });
    // Spec §8: a failed sign-in is only logged, never shown.
    const unsubscribeFailure = client.onSignInFailure((error) => console.error('Sign-in failed:', error.message));
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void client.cancelInFlight().catch(() => undefined);
    };
    window.addEventListener('pageshow', onPageShow);

    let cancelled = false;
    (async () => {
      const url = new URL(window.location.href);
      if (AuthClient.isCallback(url)) {
        await client.completeSignIn(url.href).catch(() => undefined);
        window.history.replaceState(null, '', '/');
      } else if (cameBackThroughHistory()) {
        await client.cancelInFlight().catch(() => undefined);
      }
      // A session left idle past the limit (the tab closed, the computer asleep) ends instead of resuming;
      // nothing is cached locally yet.
      if (await client.signOutIfIdle().catch(() => false)) return;
      const user = await client.getSession().catch(() => null);
      // A new tab of a browser signed in elsewhere joins that sign-in, and lands where it was opened.
      if (!user && !cancelled && client.maySignInSilently()) {
        rememberReturnTo(`${window.location.pathname}${window.location.search}${window.location.hash}`);
        // Away to the provider; should the page stay (no network), the tab is simply signed out.
        if (await client.signInSilently().then(() => true, () => false)) return;
      }
      if (!cancelled) setSession(toSession(user));
    })();

    return () => {
      cancelled = true;
      unsubscribeSession();
      unsubscribeFailure();
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [client]);

  useIdleSignOut(client, session.status === 'signed-in', onSignedOut);

  const signIn = useCallback(() => {
    client.signIn().catch((error: unknown) => console.error('Sign-in failed:', error instanceof Error ? error.message : error));
  }, [client]);
  const signOut = useCallback(() => {
    chosen.current = true;
    forgetReturnTo();
    forgetDrafts();
    return client.signOut(onSignedOut);
  }, [client, onSignedOut]);
  const signedOutByChoice = useCallback(() => chosen.current, []);

  const value = useMemo(() => ({ session, client, signIn, signOut, signedOutByChoice }), [session, client, signIn, signOut, signedOutByChoice]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** Whether the signed-in role may do `action` on `resource`; the UI hides what this forbids. */
export function useCan(resource: Resource, action: Action): boolean {
  const { session } = useAuth();
  return session.status === 'signed-in' && can(session.user.role, resource, action);
}
