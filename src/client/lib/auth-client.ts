import { ErrorResponse, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { MESSAGES } from '@/shared/constants';
import { type SessionUser, sessionUserFromClaims } from '@/shared/session';

import type { SignInConfig } from '@/server/auth/auth-setup';
import { IdleWatch } from './idle-session';
import { isNetworkError, isStale } from '@/browser/oidc-tokens';
import {
  IN_FLIGHT_KEY,
  isBrowserSignedIn,
  isSignInCallback,
  isSignInInFlight,
  LOGIN_KEY_PREFIX,
  markBrowserSignedIn,
  SESSION_KEY_PREFIX,
  SILENT_KEY,
} from './sign-in-state';

export type { SignInConfig };

const DEFAULT_IDLE_MINUTES = 30;
const TOKEN_REQUEST_TIMEOUT_SECONDS = 20;

export class SignInError extends Error {
  override name = 'SignInError';
}

export type SessionListener = (user: SessionUser | null) => void;
export type SignInFailureListener = (error: Error) => void;

/**
 * Sign-in by authorization code with PKCE through the hosted login page (spec §4, §7.1): the redirect,
 * the callback and its errors, refresh on expiry, and sign-out with revocation. Framework-free; the React
 * provider wraps it.
 */
export class AuthClient {
  readonly manager: UserManager;
  private readonly stateStore: WebStorageStateStore;
  private readonly sessionListeners = new Set<SessionListener>();
  private readonly failureListeners = new Set<SignInFailureListener>();
  private refreshing: Promise<User | null> | undefined;
  private endingIdleSession = false;
  /** The user's own activity; background refreshes (the dashboard polls) do not count. */
  readonly idle: IdleWatch;

  constructor(
    readonly config: SignInConfig,
    private readonly origin: string = window.location.origin,
  ) {
    // In-flight login data and the session's tokens live with the tab: a reload keeps them, closing the
    // tab ends them, and no other tab of the origin reads them.
    this.stateStore = new WebStorageStateStore({ prefix: LOGIN_KEY_PREFIX, store: window.sessionStorage });
    this.manager = new UserManager({
      authority: config.authority,
      client_id: config.clientId,
      redirect_uri: `${origin}/`,
      post_logout_redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: config.scope,
      loadUserInfo: false,
      automaticSilentRenew: false,
      monitorSession: false,
      // A token request that never answers (a weak signal that drops mid-request) fails as a network error and
      // is tried again, rather than holding every call to the server behind it.
      requestTimeoutInSeconds: TOKEN_REQUEST_TIMEOUT_SECONDS,
      userStore: new WebStorageStateStore({ prefix: SESSION_KEY_PREFIX, store: window.sessionStorage }),
      stateStore: this.stateStore,
    });
    this.idle = new IdleWatch((config.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000, window.localStorage);
  }

  onSessionChange(listener: SessionListener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  onSignInFailure(listener: SignInFailureListener): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  private emitSession(user: SessionUser | null) {
    for (const listener of this.sessionListeners) listener(user);
  }

  private fail(error: Error): never {
    for (const listener of this.failureListeners) listener(error);
    throw error;
  }

  /** The user an OIDC user's ID token describes; refuses (and forgets) a token missing any required claim. */
  private async sessionUser(user: User): Promise<SessionUser> {
    try {
      return sessionUserFromClaims(user.profile as Record<string, unknown>, this.config.groupsClaim);
    } catch (error) {
      await this.manager.removeUser();
      throw error;
    }
  }

  /** Starts sign-in: off to the hosted login page. */
  async signIn(): Promise<void> {
    if (await this.getSession()) throw new SignInError(MESSAGES.alreadySignedIn);
    window.sessionStorage.setItem(IN_FLIGHT_KEY, '1');
    await this.manager.signinRedirect();
  }

  /**
   * Whether this tab may join the browser's sign-in without the password: someone signed in in another of its tabs
   * and used it within the idle limit, with the built-in provider (whose session the app's own pages keep), and no
   * sign-in is under way here.
   */
  maySignInSilently(): boolean {
    return isBrowserSignedIn() && !this.idle.isIdle() && new URL(this.config.authority).origin === this.origin && !this.isSignInInFlight();
  }

  /** Signs in through the provider's session (`prompt=none`): back signed in, or signed out if it has ended. */
  async signInSilently(): Promise<void> {
    window.sessionStorage.setItem(IN_FLIGHT_KEY, '1');
    window.sessionStorage.setItem(SILENT_KEY, '1');
    await this.manager.signinRedirect({ prompt: 'none' });
  }

  /** True when the URL is the hosted page sending the user back (with a code or an error). */
  static isCallback(url: URL): boolean {
    return isSignInCallback(url);
  }

  isSignInInFlight(): boolean {
    return isSignInInFlight();
  }

  /** Forgets the state and PKCE verifier of an unfinished sign-in. */
  async clearInFlight(): Promise<void> {
    window.sessionStorage.removeItem(IN_FLIGHT_KEY);
    for (const key of await this.stateStore.getAllKeys()) await this.stateStore.remove(key);
  }

  /** The user came back from the hosted page by the browser's history: that sign-in is cancelled. */
  async cancelInFlight(): Promise<void> {
    if (!this.isSignInInFlight()) return;
    await this.clearInFlight();
    this.fail(new SignInError(MESSAGES.signInCanceled));
  }

  /**
   * Completes sign-in from the callback URL; every failure clears the in-flight data and is reported, but a silent
   * sign-in that found no session to join only leaves the tab signed out.
   */
  async completeSignIn(url: string): Promise<SessionUser | null> {
    const params = new URL(url).searchParams;
    const silent = window.sessionStorage.getItem(SILENT_KEY) === '1';
    window.sessionStorage.removeItem(SILENT_KEY);
    try {
      const error = params.get('error');
      if (error && silent) {
        await this.clearInFlight();
        markBrowserSignedIn(false);
        return null;
      }
      if (error) {
        throw new SignInError(params.get('error_description') || (error === 'access_denied' ? MESSAGES.userCancelled : error));
      }
      if (!params.get('state')) throw new SignInError(MESSAGES.userCancelled);
      let user: User;
      try {
        user = await this.manager.signinRedirectCallback(url);
      } catch (cause) {
        if (cause instanceof ErrorResponse) throw new SignInError(cause.error_description || cause.error || MESSAGES.userCancelled);
        if (cause instanceof Error && /state/i.test(cause.message)) throw new SignInError(MESSAGES.stateMismatch);
        throw cause;
      }
      if (!user.access_token) throw new SignInError(MESSAGES.noAccessToken);
      if (!(await this.manager.getUser())) throw new SignInError(MESSAGES.noSessionAfterSignIn);
      const sessionUser = await this.sessionUser(user);
      this.idle.record({ force: true });
      window.sessionStorage.removeItem(IN_FLIGHT_KEY);
      markBrowserSignedIn(true);
      this.emitSession(sessionUser);
      return sessionUser;
    } catch (error) {
      await this.clearInFlight();
      return this.fail(error instanceof Error ? error : new SignInError(String(error)));
    }
  }

  /** The stored OIDC user, refreshed when expired (allowing for clock drift) or when forced. */
  private async currentUser(forceRefresh = false): Promise<User | null> {
    const user = await this.manager.getUser();
    if (!user) return null;
    if (!forceRefresh && !isStale(user)) return user;
    this.refreshing ??= this.refresh(user).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(user: User): Promise<User | null> {
    if (!user.refresh_token) {
      await this.manager.removeUser();
      this.emitSession(null);
      return null;
    }
    try {
      return await this.manager.signinSilent();
    } catch (error) {
      // Offline: keep the tokens and try again later. Anything else (revoked, expired): forget them.
      if (isNetworkError(error)) throw error;
      await this.manager.removeUser();
      this.emitSession(null);
      return null;
    }
  }

  /** The signed-in user, or null; a refusal to refresh ends the session. */
  async getSession(): Promise<SessionUser | null> {
    const user = await this.currentUser();
    if (!user) return null;
    try {
      return await this.sessionUser(user);
    } catch {
      this.emitSession(null);
      return null;
    }
  }

  /**
   * The server refused the session's token: a refresh asks the provider whether the session still stands. Refused
   * there too (ended elsewhere, the account disabled or its role changed), the session ends here; offline, it stays.
   */
  async sessionRefused(): Promise<void> {
    // Signed out already: nothing to refresh (currentUser answers null).
    await this.currentUser(true).catch(() => undefined);
  }

  /** The ID token to send as the bearer token, refreshed as needed; null when signed out. */
  async getIdToken({ forceRefresh = false } = {}): Promise<string | null> {
    return (await this.currentUser(forceRefresh))?.id_token ?? null;
  }

  /**
   * The user did something (pointer, keyboard, back to the tab). Tokens are refreshed once they are
   * half-way to the idle limit, so a long spell of work without server calls (typing a long note)
   * never finds the refresh token lapsed.
   */
  async noteActivity(): Promise<void> {
    if (!this.idle.record()) return;
    const user = await this.manager.getUser();
    const issuedAt = user?.profile.iat;
    if (!user?.refresh_token || typeof issuedAt !== 'number') return;
    if (Date.now() - issuedAt * 1000 >= this.idle.idleMs / 2) await this.currentUser(true).catch(() => undefined);
  }

  /** Signs out a session left idle past the limit; answers whether it did. */
  async signOutIfIdle(clearLocalData?: () => void): Promise<boolean> {
    if (this.endingIdleSession || !this.idle.isIdle()) return false;
    this.endingIdleSession = true;
    try {
      if (!(await this.manager.getUser())) return false;
      await this.signOut(clearLocalData);
      return true;
    } finally {
      this.endingIdleSession = false;
    }
  }

  /**
   * Revokes the refresh token (errors ignored), forgets tokens and local data, then visits the hosted
   * logout page so the provider's session ends too.
   */
  async signOut(clearLocalData: () => void = () => {}): Promise<void> {
    this.idle.forget();
    const user = await this.manager.getUser();
    if (user?.refresh_token) {
      await this.manager.revokeTokens(['refresh_token']).catch(() => undefined);
    }
    await this.manager.removeUser();
    await this.clearInFlight();
    markBrowserSignedIn(false);
    clearLocalData();
    this.emitSession(null);
    const home = `${this.origin}/`;
    if (this.config.logoutUrl) {
      const url = new URL(this.config.logoutUrl);
      url.searchParams.set('client_id', this.config.clientId);
      url.searchParams.set('logout_uri', home);
      window.location.assign(url.toString());
      return;
    }
    try {
      await this.manager.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: home });
    } catch (cause) {
      console.error(MESSAGES.logoutFailed, cause);
      window.location.assign(home);
    }
  }
}
