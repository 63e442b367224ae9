import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { AuthClient, type SignInConfig } from './lib/auth-client';
import { AuthProvider } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient, TRPCProvider } from './lib/trpc';

async function start() {
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`Could not load the sign-in settings (${response.status})`);
  const config = (await response.json()) as SignInConfig;

  const authClient = new AuthClient(config);
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient(authClient);
  const router = createAppRouter();

  createRoot(document.getElementById('root')!).render(
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

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = `Valecare could not start: ${error instanceof Error ? error.message : String(error)}`;
});
