import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { type ReactNode, useState } from 'react';
import type { AuthClient } from '@/client/lib/auth-client';
import { AuthProvider, useAuth } from '@/client/lib/auth';
import { TRPCProvider } from '@/client/lib/trpc';
import type { Role } from '@/shared/permissions';
import type { AppRouter } from '@/server/app-router';

/** A sign-in that is always of this role: what the providers need of it in a screen's test. */
export function signedInAs(role: Role): AuthClient {
  return {
    onSessionChange: () => () => {},
    onSignInFailure: () => () => {},
    cancelInFlight: async () => {},
    signOutIfIdle: async () => false,
    noteActivity: async () => {},
    getSession: async () => ({ givenName: 'Test', familyName: 'User', email: 'test@example.org', role }),
  } as unknown as AuthClient;
}

/** As the app's router does, a screen is drawn once the sign-in is known. */
function OnceSessionKnown({ children }: { children: ReactNode }) {
  return useAuth().session.status === 'loading' ? null : children;
}

/** `children` inside the app's providers: signed in as `role`, the server answering through `link`. */
export function SignedIn({ role, link, children }: { role: Role; link: TRPCLink<AppRouter>; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={createTRPCClient<AppRouter>({ links: [link] })} queryClient={queryClient}>
        <AuthProvider client={signedInAs(role)}>
          <OnceSessionKnown>{children}</OnceSessionKnown>
        </AuthProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
