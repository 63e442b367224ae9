import { ErrorTimeout, type User } from 'oidc-client-ts';

/** Refresh a little before expiry, so a token never expires in flight or on a clock that runs fast. */
export const CLOCK_DRIFT_SECONDS = 60;

/** No answer from the provider (offline, or a request that timed out): keep the tokens and try again later. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || error instanceof ErrorTimeout;
}

/** The expiry (epoch seconds) of the ID token, or of the access token when the ID token has none. */
function expiresAt(user: User): number {
  const idExp = typeof user.profile.exp === 'number' ? user.profile.exp : Number.POSITIVE_INFINITY;
  return Math.min(idExp, user.expires_at ?? Number.POSITIVE_INFINITY);
}

/** Whether the stored tokens are to be renewed before use: expired, or within the clock drift of it. */
export function isStale(user: User): boolean {
  return expiresAt(user) - CLOCK_DRIFT_SECONDS <= Date.now() / 1000;
}
