import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { isNetworkError, isStale } from '@/browser/oidc-tokens';
import type { SignInConfig } from '@/server/auth/auth-setup';
import { type SessionUser, sessionUserFromClaims } from '@/shared/session';

/** Where the carer's sign-in stands on this phone. */
export type CarerSession =
  /** Signed in: the tokens may be stale, and are renewed when there is signal. */
  | { status: 'signed-in'; user: SessionUser; sub: string }
  /** The sign-in lapsed or was refused on renewal: visits wait until the carer signs in again. */
  | { status: 'sign-in-again'; user: SessionUser; sub: string }
  | { status: 'signed-out' };

export class SignInNeededError extends Error {
  override name = 'SignInNeededError';
}

/**
 * The carer app's sign-in, by code with PKCE through the hosted sign-in page as the office's app does, but kept in
 * the phone's storage rather than the tab's: the app is closed and opened again, for days, between visits. It never
 * signs out on its own; a lapsed sign-in only stops sending until the carer signs in again.
 */
export class CarerAuth {
  readonly manager: UserManager;
  private refreshing: Promise<User> | undefined;

  constructor(
    readonly config: SignInConfig,
    origin = window.location.origin,
  ) {
    const store = new WebStorageStateStore({ prefix: 'valecare.carer.', store: window.localStorage });
    this.manager = new UserManager({
      authority: config.authority,
      client_id: config.carerClientId,
      redirect_uri: `${origin}/carer/`,
      post_logout_redirect_uri: `${origin}/carer/`,
      response_type: 'code',
      scope: config.scope,
      loadUserInfo: false,
      automaticSilentRenew: false,
      monitorSession: false,
      requestTimeoutInSeconds: 20,
      userStore: store,
      stateStore: store,
    });
  }

  /** True when the hosted page has sent the phone back with a code or an error. */
  static isCallback(url: URL): boolean {
    return url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
  }

  /** Finishes a sign-in from the callback address; a refusal there is the page's error text. */
  async completeSignIn(url: string): Promise<void> {
    await this.manager.signinRedirectCallback(url);
  }

  /** Signs in on the provider's page: signing in again, the address of the sign-in that lapsed is filled in. */
  async signIn(): Promise<void> {
    const email = (await this.manager.getUser())?.profile.email;
    await this.manager.signinRedirect(email ? { login_hint: email } : undefined);
  }

  /** Joins the browser's sign-in to the office's app (a carer sent here from it) without asking again, if it stands. */
  async joinSignIn(): Promise<void> {
    await this.manager.signinRedirect({ prompt: 'none' });
  }

  /** The carer's session as stored, without asking the server. */
  async session(): Promise<CarerSession> {
    const user = await this.manager.getUser();
    if (!user) return { status: 'signed-out' };
    const sessionUser = sessionUserFromClaims(user.profile as Record<string, unknown>, this.config.groupsClaim);
    return { status: user.refresh_token || !isStale(user) ? 'signed-in' : 'sign-in-again', user: sessionUser, sub: user.profile.sub };
  }

  /**
   * The ID token to send, renewed first when stale or when `force`d (the server refused it). No signal: the network
   * error is thrown and the tokens kept. Renewal refused: SignInNeededError, and the carer must sign in again.
   */
  async idToken({ force = false } = {}): Promise<string> {
    const user = await this.manager.getUser();
    if (!user) throw new SignInNeededError('Not signed in');
    if (!force && !isStale(user)) return user.id_token!;
    if (!user.refresh_token) throw new SignInNeededError('The sign-in has lapsed');
    // One renewal at a time: a refresh token is used once, and a second use would end the sign-in.
    this.refreshing ??= this.renew().finally(() => (this.refreshing = undefined));
    return (await this.refreshing).id_token!;
  }

  /** The ID token last held, expired or not: the server tells the phone by it whether the carer's access ended. */
  async lastIdToken(): Promise<string | undefined> {
    return (await this.manager.getUser())?.id_token;
  }

  private async renew(): Promise<User> {
    try {
      const renewed = await this.manager.signinSilent();
      if (!renewed?.id_token) throw new SignInNeededError('The sign-in has lapsed');
      return renewed;
    } catch (error) {
      if (isNetworkError(error)) throw error;
      // Refused: the sign-in is over. The tokens go; who it was stays readable for the screen until a new sign-in.
      const user = await this.manager.getUser();
      if (user) await this.manager.storeUser(Object.assign(user, { refresh_token: undefined, expires_at: 0 }));
      throw new SignInNeededError('The sign-in has lapsed');
    }
  }

  /** Forgets the tokens on this phone; with signal, the refresh token is revoked first and the provider's session ended. */
  async signOut({ online }: { online: boolean }): Promise<void> {
    const user = await this.manager.getUser();
    if (online && user?.refresh_token) await this.manager.revokeTokens(['refresh_token']).catch(() => undefined);
    await this.manager.removeUser();
    await this.manager.clearStaleState();
    if (online && user?.id_token) {
      await this.manager.signoutRedirect({ id_token_hint: user.id_token }).catch(() => window.location.assign('/carer/'));
    }
  }
}
