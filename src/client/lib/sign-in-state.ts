/**
 * What a page load can tell about sign-in from the URL and browser storage alone, without the OpenID
 * client library: the landing page uses it to decide whether it needs the app at all.
 */

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

function hasStoredSession(): boolean {
  return Object.keys(window.sessionStorage).some((key) => key.startsWith(SESSION_KEY_PREFIX));
}

/**
 * A visitor at / with nothing to finish: no session kept, no sign-in coming back or under way. Such a
 * visit needs only the landing page; anything else needs the app.
 */
export function isSignedOutLandingVisit(url: URL): boolean {
  return url.pathname === '/' && !isSignInCallback(url) && !isSignInInFlight() && !hasStoredSession();
}
