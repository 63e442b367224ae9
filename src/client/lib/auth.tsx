import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type Action, can, type Resource } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import { AuthClient } from './auth-client';

export type Session = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

interface AuthContextValue {
  session: Session;
  client: AuthClient;
  signIn: () => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

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

  useEffect(() => {
    const toSession = (user: SessionUser | null): Session => (user ? { status: 'signed-in', user } : { status: 'signed-out' });
    const unsubscribeSession = client.onSessionChange((user) => setSession(toSession(user)));
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
      const user = await client.getSession().catch(() => null);
      if (!cancelled) setSession(toSession(user));
    })();

    return () => {
      cancelled = true;
      unsubscribeSession();
      unsubscribeFailure();
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [client]);

  const signIn = useCallback(() => {
    client.signIn().catch((error: unknown) => console.error('Sign-in failed:', error instanceof Error ? error.message : error));
  }, [client]);
  const signOut = useCallback(() => client.signOut(onSignedOut), [client, onSignedOut]);

  const value = useMemo(() => ({ session, client, signIn, signOut }), [session, client, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The signed-in user; only for screens behind the signed-in layout. */
export function useSessionUser(): SessionUser {
  const { session } = useAuth();
  if (session.status !== 'signed-in') throw new Error('No signed-in user');
  return session.user;
}

/** Whether the signed-in role may do `action` on `resource`; the UI hides what this forbids. */
export function useCan(resource: Resource, action: Action): boolean {
  const { session } = useAuth();
  return session.status === 'signed-in' && can(session.user.role, resource, action);
}
