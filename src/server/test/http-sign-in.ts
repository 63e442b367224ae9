import { createHash, randomBytes } from 'node:crypto';
import { createTRPCClient, httpLink } from '@trpc/client';
import { BUILT_IN_CLIENT_ID } from '@/server/auth/provider';
import type { AppRouter } from '@/server/app-router';
import { CookieJar } from './cookie-jar';

/** What the token endpoint gives the web app: the ID token is the API's bearer, the refresh token renews it. */
export interface HttpTokens {
  id_token: string;
  refresh_token: string;
}

/**
 * Signs a built-in user in over HTTP exactly as the web app and a browser do (authorization code with
 * PKCE, the hosted login page, the token exchange) and returns the ID token the API takes as bearer.
 * For users who sign in with a password alone (no authenticator app). `serverUrl` must be the server's
 * PUBLIC_URL, where the web app (the redirect target) lives.
 */
export async function signInOverHttp(serverUrl: string, credentials: { email: string; password: string }): Promise<string> {
  return (await signInForTokens(serverUrl, credentials)).id_token;
}

/** As signInOverHttp, answering both tokens. */
export async function signInForTokens(serverUrl: string, credentials: { email: string; password: string }): Promise<HttpTokens> {
  const jar = new CookieJar();
  const redirectUri = `${serverUrl}/`;
  const request = async (method: 'GET' | 'POST', pathOrUrl: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(pathOrUrl, serverUrl), {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    jar.store(response.headers.getSetCookie());
    // Read every body, so no connection is left waiting on one.
    return { status: response.status, location: response.headers.get('location'), body: await response.text() };
  };
  type Answer = Awaited<ReturnType<typeof request>>;
  const redirectTarget = (answer: Answer, step: string) => {
    if (!answer.location) throw new Error(`sign-in of ${credentials.email}: ${step} answered ${answer.status} without a redirect`);
    return answer.location;
  };

  const verifier = randomBytes(48).toString('base64url');
  const authorize = new URLSearchParams({
    client_id: BUILT_IN_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const interaction = redirectTarget(await request('GET', `/auth/auth?${authorize}`), 'authorize');
  const page = await request('GET', interaction);
  if (page.status !== 200) throw new Error(`sign-in of ${credentials.email}: the login page answered ${page.status}`);

  const login = await request('POST', `${new URL(interaction, serverUrl).pathname}/login`, credentials);
  if (login.status !== 303) throw new Error(`sign-in of ${credentials.email} was refused (${login.status})`);
  const resumeAt = redirectTarget(login, 'login');
  if (new URL(resumeAt, serverUrl).pathname === new URL(interaction, serverUrl).pathname) {
    throw new Error(`sign-in of ${credentials.email} asks for a second step (an authenticator app): use a role that signs in with a password alone`);
  }
  const resumed = await request('GET', resumeAt);
  const code = new URL(redirectTarget(resumed, 'resume'), serverUrl).searchParams.get('code');
  if (!code) throw new Error(`sign-in of ${credentials.email}: no authorization code`);

  const exchange = await request('POST', '/auth/token', {
    grant_type: 'authorization_code',
    code,
    client_id: BUILT_IN_CLIENT_ID,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (exchange.status !== 200) throw new Error(`sign-in of ${credentials.email}: token exchange ${exchange.status} ${exchange.body}`);
  return JSON.parse(exchange.body) as HttpTokens;
}

/** The web app's token refresh; answers the new tokens, or the status the server refused it with. */
export async function refreshOverHttp(serverUrl: string, refreshToken: string): Promise<HttpTokens | { refused: number }> {
  const response = await fetch(new URL('/auth/token', serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: BUILT_IN_CLIENT_ID }).toString(),
  });
  const body = await response.text();
  return response.ok ? (JSON.parse(body) as HttpTokens) : { refused: response.status };
}

/**
 * A typed API client for a running server, signed in with the ID token. One HTTP request per call
 * (no batching), so every answer belongs to exactly one procedure.
 */
export function apiClient(serverUrl: string, idToken: string, { timeoutMs = 30_000 }: { timeoutMs?: number } = {}) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${serverUrl}/trpc`,
        headers: { authorization: `Bearer ${idToken}` },
        // A call that hangs is a failure to report, not a wait without end.
        fetch: (input, init) => {
          const timeout = AbortSignal.timeout(timeoutMs);
          return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
        },
      }),
    ],
  });
}
export type ApiClient = ReturnType<typeof apiClient>;
