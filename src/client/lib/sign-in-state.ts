import { SIGN_IN_PARAM } from '@/shared/constants';
/**
 * What a page load can tell about sign-in from the URL and browser storage alone, without the OpenID
 * client library: the landing page uses it to decide whether it needs the app at all.
 */

/** The template in index.html that holds the landing page as the build drew it (app/landing-markup.tsx). */
export const LANDING_TEMPLATE_ID = 'landing-page';
/** The template in index.html that holds the app's loading screen, shown until the app draws its own. */
export const LOADING_TEMPLATE_ID = 'loading-screen';
/** Marks the landing page's sign-in buttons: drawn by the build without React, the page's own script wires them up. */
export const SIGN_IN_BUTTON_ATTRIBUTE = 'data-sign-in';

/** The session (tokens) lives in the tab's sessionStorage under this prefix: it survives reloads, not the tab. */
export const SESSION_KEY_PREFIX = 'valecare.session.';
/** An unfinished sign-in (state, PKCE verifier) lives in the tab's sessionStorage under this prefix. */
export const LOGIN_KEY_PREFIX = 'valecare.login.';
/** Set in sessionStorage while the tab is away at the hosted login page. */
export const IN_FLIGHT_KEY = 'valecare.login-in-flight';

/** True when the URL is the hosted page sending the user back (with a code or an error). */
export function isSignInCallback(url: URL): boolean {
  return url.pathname === '/' && (url.searchParams.has('code') || url.searchParams.has('error'));
}

export function isSignInInFlight(): boolean {
  return window.sessionStorage.getItem(IN_FLIGHT_KEY) === '1';
}

/**
 * Kept in the browser's localStorage while someone is signed in in one of its tabs: a new tab then signs in through
 * the provider's session, without the password. Only that it is so, never a token.
 */
const BROWSER_SIGNED_IN_KEY = 'valecare.browser-signed-in';
/** Set in the tab while a silent sign-in is away at the provider: its refusal means signed out, not a failure. */
export const SILENT_KEY = 'valecare.login-silent';

export function markBrowserSignedIn(signedIn: boolean): void {
  if (signedIn) window.localStorage.setItem(BROWSER_SIGNED_IN_KEY, '1');
  else window.localStorage.removeItem(BROWSER_SIGNED_IN_KEY);
}

export function isBrowserSignedIn(): boolean {
  return window.localStorage.getItem(BROWSER_SIGNED_IN_KEY) === '1';
}

function hasStoredSession(): boolean {
  return Object.keys(window.sessionStorage).some((key) => key.startsWith(SESSION_KEY_PREFIX));
}

/**
 * A visitor at / with nothing to finish: no session kept, no sign-in coming back or under way, none in another tab
 * to join. Such a visit needs only the landing page; anything else needs the app.
 */
export function isSignedOutLandingVisit(url: URL): boolean {
  return url.pathname === '/' && !isSignInCallback(url) && !isSignInInFlight() && !hasStoredSession() && !isBrowserSignedIn();
}

/** An app address opened signed out (an e-mail's link, a bookmark), kept in the tab until sign-in lands there. */
const RETURN_TO_KEY = 'valecare.return-to';

/** Only a path of this site: `//elsewhere` or `/\elsewhere` would leave it. */
function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && path !== '/';
}

export function rememberReturnTo(path: string): void {
  if (isOwnPath(path)) window.sessionStorage.setItem(RETURN_TO_KEY, path);
}

/** Where sign-in should land, if a signed-out visit asked for somewhere. */
export function returnToAfterSignIn(): string | undefined {
  const path = window.sessionStorage.getItem(RETURN_TO_KEY);
  return path !== null && isOwnPath(path) ? path : undefined;
}

export function forgetReturnTo(): void {
  window.sessionStorage.removeItem(RETURN_TO_KEY);
}

/**
 * Whether this page was opened as "/?sign-in" (the link after setting a password), to open the sign-in form at once.
 * The address is made "/" first, so that Back from the form comes to the landing page, not to another sign-in.
 */
export function takeSignInRequest(): boolean {
  const url = new URL(window.location.href);
  if (url.pathname !== '/' || !url.searchParams.has(SIGN_IN_PARAM)) return false;
  window.history.replaceState(null, '', '/');
  return true;
}
