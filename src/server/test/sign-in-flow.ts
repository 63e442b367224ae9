import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BUILT_IN_CLIENT_ID, CARER_CLIENT_ID } from '@/server/auth/provider';
import { totpCode, totpStep } from '@/server/accounts/totp';
import { TEST_PUBLIC_URL } from './test-app';
import { CookieJar } from './cookie-jar';

const HOST = new URL(TEST_PUBLIC_URL).host;
const REDIRECT_URI = `${TEST_PUBLIC_URL}/`;

/** One browser on one address: its cookies are kept from request to request. */
export class TestBrowser {
  private readonly jar = new CookieJar();
  /** Every Set-Cookie line the browser was sent, in order. */
  readonly setCookies: string[] = [];
  /** Where the web app lives, and the provider sends the browser back to. */
  redirectUri: string;
  /** The app signing in: the office's web app unless this is a carer's phone. */
  clientId = BUILT_IN_CLIENT_ID;

  /** A carer's phone: the carer app (`/carer/`) signs in as its own client. */
  static carerPhone(app: FastifyInstance): TestBrowser {
    const phone = new TestBrowser(app);
    phone.clientId = CARER_CLIENT_ID;
    phone.redirectUri = `${TEST_PUBLIC_URL}/carer/`;
    return phone;
  }

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
    /** Sent with every request, such as the X-Forwarded-For a proxy adds. */
    private readonly headers: Record<string, string> = {},
    publicUrl = TEST_PUBLIC_URL,
  ) {
    this.redirectUri = `${publicUrl}/`;
  }

  /** This browser, its cookies and all, pointed at another server (one restored from a backup). */
  withCookiesOn(app: FastifyInstance): TestBrowser {
    const other = new TestBrowser(app, this.ip, this.headers);
    other.jar.store(this.jar.header().split('; ').filter(Boolean));
    other.redirectUri = this.redirectUri;
    other.clientId = this.clientId;
    return other;
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...this.headers,
        host: HOST,
        cookie: this.jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookie = response.headers['set-cookie'];
    const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    this.setCookies.push(...lines);
    this.jar.store(lines);
    return response;
  }

  /** The web app sends the user to the provider (naming who, if it knows); answers where the login page is and the PKCE verifier. */
  async startSignIn(loginHint?: string): Promise<{ interactionPath: string; verifier: string }> {
    const verifier = randomBytes(48).toString('base64url');
    const start = await this.request(
      'GET',
      `/auth/auth?${authorizationParams({ client_id: this.clientId, code_challenge: challengeFor(verifier), redirect_uri: this.redirectUri, login_hint: loginHint })}`,
    );
    return { interactionPath: pathOf(start.headers.location as string), verifier };
  }

  /**
   * A new tab's silent sign-in (`prompt=none`): followed through the provider until it sends the browser back to
   * the web app, with a code (exchanged here for tokens) or an error.
   */
  async signInSilently(): Promise<{ tokens?: Tokens; error?: string }> {
    const verifier = randomBytes(48).toString('base64url');
    const params = authorizationParams({ client_id: this.clientId, code_challenge: challengeFor(verifier), redirect_uri: this.redirectUri, prompt: 'none' });
    let answer = await this.request('GET', `/auth/auth?${params}`);
    let location = answer.headers.location as string | undefined;
    for (let hops = 0; location && !location.startsWith(this.redirectUri) && hops < 5; hops++) {
      answer = await this.request('GET', pathOf(location));
      location = answer.headers.location as string | undefined;
    }
    const back = new URL(location ?? '', TEST_PUBLIC_URL).searchParams;
    const code = back.get('code');
    if (!code) return { error: back.get('error') ?? `no redirect back (${answer.statusCode})` };
    const exchange = await exchangeCode(this.app, code, verifier, this.redirectUri, this.clientId);
    return exchange.statusCode === 200 ? { tokens: exchange.json<Tokens>() } : { error: `token exchange: ${exchange.statusCode}` };
  }

  /** The web app's sign-out: the provider's end-session page with the ID token as hint, its form sent (as logout.js does). */
  async signOut(idToken: string): Promise<LightMyRequestResponse> {
    const end = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: this.redirectUri });
    const page = await this.request('GET', `/auth/session/end?${end}`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    if (!xsrf) throw new Error(`no sign-out form (${page.statusCode}): ${page.body}`);
    return this.request('POST', '/auth/session/end/confirm', { xsrf, logout: 'yes' });
  }
}

export interface Tokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

export function pathOf(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, TEST_PUBLIC_URL);
  return url.pathname + url.search;
}

function challengeFor(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The web app's authorization request, with any parameter changed or removed (undefined). */
function authorizationParams(changes: Record<string, string | undefined> = {}): URLSearchParams {
  const params: Record<string, string | undefined> = {
    client_id: BUILT_IN_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-1',
    code_challenge: challengeFor(randomBytes(48).toString('base64url')),
    code_challenge_method: 'S256',
    ...changes,
  };
  return new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export function authorizationRequest(app: FastifyInstance, changes: Record<string, string | undefined> = {}) {
  return app.inject({ method: 'GET', url: `/auth/auth?${authorizationParams(changes)}`, headers: { host: HOST } });
}

export interface Credentials {
  email: string;
  password: string;
  /** The authenticator app's secret, for users who have set one up: the code is computed from it. */
  totpSecret?: string;
}

export interface SignInOptions {
  ip?: string;
  /** What to type on the code or set-up page instead of the app's current code (a wrong or a recovery code). */
  code?: string;
  /** Stop at the second step: its page is returned as `refused` without entering a code. */
  stopAtSecondStep?: boolean;
  /** Return the authorization code (and PKCE verifier) instead of exchanging it. */
  keepCode?: boolean;
  /** The browser to sign in with (its cookies), instead of a new one. */
  browser?: TestBrowser;
}

export interface SignInResult {
  tokens?: Tokens;
  /** The page that refused the sign-in (or the second step when asked to stop there). */
  refused?: LightMyRequestResponse;
  /** Set when the user was taken through setting up an authenticator app. */
  enrolment?: { secret: string; recoveryCodes: string[] };
  authorization?: { code: string; verifier: string };
}

/** The set-up key as the page shows it (grouped in fours), without the spaces. */
export function secretOnPage(body: string): string {
  const match = /id="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(body);
  if (!match) throw new Error('no set-up key on the page');
  return match[1]!.replace(/ /g, '');
}

function recoveryCodesOnPage(body: string): string[] {
  return [...body.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((m) => m[1]!);
}

/**
 * Walks the authorization-code + PKCE flow against the built-in provider the way the web app and a
 * browser do: authorize, the hosted login page, the second step where there is one (the code page, or
 * setting up an authenticator app, with codes computed from its secret), the token exchange. Returns
 * the page that refused the sign-in instead of tokens when it is refused.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  credentials: Credentials,
  { ip = '127.0.0.1', code, stopAtSecondStep = false, keepCode = false, browser = new TestBrowser(app, ip) }: SignInOptions = {},
): Promise<SignInResult> {
  const { interactionPath, verifier } = await browser.startSignIn();
  const page = await browser.request('GET', interactionPath);
  if (page.statusCode !== 200) throw new Error(`login page: ${page.statusCode}`);

  const login = await browser.request('POST', `${interactionPath}/login`, { email: credentials.email, password: credentials.password });
  if (login.statusCode !== 303) return { refused: login };
  let resumeAt = pathOf(login.headers.location as string);
  let enrolment: SignInResult['enrolment'];

  // The password passed; a second step follows on the same page address when the user needs one.
  if (resumeAt === interactionPath) {
    const secondStep = await browser.request('GET', interactionPath);
    if (stopAtSecondStep) return { refused: secondStep };
    const settingUp = secondStep.body.includes('id="totp-secret"');
    const secret = settingUp ? secretOnPage(secondStep.body) : credentials.totpSecret;
    const typed = code ?? (secret ? totpCode(secret, totpStep(Date.now())) : '');
    const answer = await browser.request('POST', `${interactionPath}/${settingUp ? 'enrol' : 'verify'}`, { code: typed });
    if (settingUp) {
      if (answer.statusCode !== 200) return { refused: answer };
      enrolment = { secret: secret!, recoveryCodes: recoveryCodesOnPage(answer.body) };
      resumeAt = pathOf(/class="primary" href="([^"]+)"/.exec(answer.body)?.[1]);
    } else {
      if (answer.statusCode !== 303) return { refused: answer };
      resumeAt = pathOf(answer.headers.location as string);
    }
  }

  const resumed = await browser.request('GET', resumeAt);
  const callback = new URL(resumed.headers.location as string, TEST_PUBLIC_URL);
  const authorizationCode = callback.searchParams.get('code');
  if (!authorizationCode) throw new Error(`no code in ${callback}`);
  if (keepCode) return { authorization: { code: authorizationCode, verifier }, enrolment };

  const exchange = await exchangeCode(app, authorizationCode, verifier, browser.redirectUri, browser.clientId);
  if (exchange.statusCode !== 200) throw new Error(`token exchange: ${exchange.statusCode} ${exchange.body}`);
  return { tokens: exchange.json<Tokens>(), enrolment };
}

/** The web app's token request for an authorization code. */
export function exchangeCode(app: FastifyInstance, code: string, verifier: string, redirectUri = REDIRECT_URI, clientId = BUILT_IN_CLIENT_ID) {
  return app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
}

export function refreshTokens(app: FastifyInstance, refreshToken: string, clientId = BUILT_IN_CLIENT_ID) {
  return app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).toString(),
  });
}

export function revokeToken(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/token/revocation',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: BUILT_IN_CLIENT_ID }).toString(),
  });
}
