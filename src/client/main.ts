import './index.css';
import { fetchScreenCode } from './app/screen-code';
import type { SignInConfig } from './lib/auth-client';
import { isSignedOutLandingVisit, isSignInInFlight, LANDING_TEMPLATE_ID, LOADING_TEMPLATE_ID, SIGN_IN_BUTTON_ATTRIBUTE, takeSignInRequest } from './lib/sign-in-state';

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

/**
 * A signed-out visit to / shows the landing page at once, as the build drew it into the page (landing-markup.tsx):
 * no React, no sign-in library, no API client. Those load when the visitor signs in (or arrives anywhere else).
 */
/** A page the build drew into index.html (app/landing-markup.tsx), in place of what `rootElement` shows. */
function showDrawnAtBuild(rootElement: HTMLElement, templateId: string) {
  const template = document.getElementById(templateId) as HTMLTemplateElement;
  rootElement.replaceChildren(template.content.cloneNode(true));
}

function showLandingPage(rootElement: HTMLElement) {
  const signIn = () => void loadAuthClient().then((client) => client.signIn()).catch(logSignInFailure);
  if (takeSignInRequest()) signIn();
  showDrawnAtBuild(rootElement, LANDING_TEMPLATE_ID);
  for (const button of rootElement.querySelectorAll(`[${SIGN_IN_BUTTON_ATTRIBUTE}]`)) button.addEventListener('click', signIn);
  // Back from the hosted login page to this page as it was left: that sign-in was cancelled.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && isSignInInFlight()) void loadAuthClient().then((client) => client.cancelInFlight()).catch(logSignInFailure);
  });
}

/** The app did not arrive (no signal, the server restarting): said plainly, with a way to try again. */
function showNotStarted(rootElement: HTMLElement, error: unknown) {
  console.error(error);
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = 'm-6 flex max-w-xl flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4';
  const text = document.createElement('p');
  text.className = 'text-destructive';
  text.textContent = 'Valecare could not be loaded. Check the connection, then try again.';
  const again = document.createElement('button');
  again.type = 'button';
  again.className = 'rounded-md border bg-background px-4 py-2 text-sm font-medium shadow-xs hover:bg-accent';
  again.textContent = 'Try again';
  again.addEventListener('click', () => window.location.reload());
  box.append(text, again);
  rootElement.replaceChildren(box);
}

async function startApp(rootElement: HTMLElement) {
  // On screen while the app's code comes, rather than a blank page (a screen's page has it drawn already): the app's
  // first drawing replaces it.
  if (!rootElement.hasChildNodes()) showDrawnAtBuild(rootElement, LOADING_TEMPLATE_ID);
  fetchScreenCode(window.location.pathname);
  const [{ renderApp }, config] = await Promise.all([import('./app/app'), loadSignInConfig()]);
  renderApp(rootElement, config);
}

const rootElement = document.getElementById('root')!;
if (isSignedOutLandingVisit(new URL(window.location.href))) showLandingPage(rootElement);
else startApp(rootElement).catch((error: unknown) => showNotStarted(rootElement, error));
