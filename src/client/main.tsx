import './index.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LandingPage } from './app/landing-page';
import type { SignInConfig } from './lib/auth-client';
import { isSignedOutLandingVisit, isSignInInFlight, takeSignInRequest } from './lib/sign-in-state';

async function loadSignInConfig(): Promise<SignInConfig> {
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`Could not load the sign-in settings (${response.status})`);
  return (await response.json()) as SignInConfig;
}

async function loadAuthClient() {
  const [{ AuthClient }, config] = await Promise.all([import('./lib/auth-client'), loadSignInConfig()]);
  return new AuthClient(config);
}

// Spec §8: a failed sign-in is only logged, never shown.
const logSignInFailure = (error: unknown) => console.error('Sign-in failed:', error instanceof Error ? error.message : error);

async function startApp(root: Root) {
  const [{ renderApp }, config] = await Promise.all([import('./app/app'), loadSignInConfig()]);
  renderApp(root, config);
}

/**
 * A signed-out visit to / shows the landing page at once, without the app: the sign-in library, the
 * API client and the routes load when the visitor signs in (or arrives anywhere else).
 */
function showLandingPage(root: Root) {
  const signIn = () => void loadAuthClient().then((client) => client.signIn()).catch(logSignInFailure);
  if (takeSignInRequest()) signIn();
  root.render(
    <StrictMode>
      <LandingPage onSignIn={signIn} />
    </StrictMode>,
  );
  // Back from the hosted login page to this page as it was left: that sign-in was cancelled.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && isSignInInFlight()) void loadAuthClient().then((client) => client.cancelInFlight()).catch(logSignInFailure);
  });
}

const rootElement = document.getElementById('root')!;
const root = createRoot(rootElement);
if (isSignedOutLandingVisit(new URL(window.location.href))) {
  showLandingPage(root);
} else {
  startApp(root).catch((error: unknown) => {
    console.error(error);
    rootElement.textContent = `Valecare could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
}
