import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { AuthClient, type SignInConfig } from '@/client/lib/auth-client';
import { AuthProvider } from '@/client/lib/auth';
import { createQueryClient } from '@/client/lib/query-client';
import { createTrpcClient, TRPCProvider } from '@/client/lib/trpc';
import { createAppRouter, preloadScreenAt } from './router';

/** The app: the session, the API client and its cache, and every route (the landing page among them). */
export function renderApp(rootElement: HTMLElement, config: SignInConfig): void {
  const authClient = new AuthClient(config);
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient(authClient);
  const router = createAppRouter();
  preloadScreenAt(window.location.pathname);

  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <AuthProvider client={authClient} onSignedOut={() => queryClient.clear()}>
            <RouterProvider router={router} />
            <Toaster position="top-center" />
          </AuthProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
