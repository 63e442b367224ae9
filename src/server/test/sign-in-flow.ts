import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BUILT_IN_CLIENT_ID } from '@/server/auth/provider';
import { TEST_PUBLIC_URL } from './test-app';

const HOST = new URL(TEST_PUBLIC_URL).host;
const REDIRECT_URI = `${TEST_PUBLIC_URL}/`;

/** Remembers cookies by name across injected requests, as a browser would for one site. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Tokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

function pathOf(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, TEST_PUBLIC_URL);
  return url.pathname + url.search;
}

/**
 * Walks the authorization-code + PKCE flow against the built-in provider the way the web app and a
 * browser do: authorize, the hosted login page, the token exchange. Returns the last login-page
 * response instead of tokens when the login is refused.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  { ip = '127.0.0.1' }: { ip?: string } = {},
): Promise<{ tokens?: Tokens; refused?: LightMyRequestResponse }> {
  const jar = new CookieJar();
  const request = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        host: HOST,
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    jar.store(response);
    return response;
  };

  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URLSearchParams({
    client_id: BUILT_IN_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await request('GET', `/auth/auth?${authorize}`);
  const interactionPath = pathOf(start.headers.location as string);
  const page = await request('GET', interactionPath);
  if (page.statusCode !== 200) throw new Error(`login page: ${page.statusCode}`);

  const login = await request('POST', `${interactionPath}/login`, credentials);
  if (login.statusCode !== 303) return { refused: login };
  const resumed = await request('GET', pathOf(login.headers.location as string));
  const callback = new URL(resumed.headers.location as string, TEST_PUBLIC_URL);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);

  const exchange = await request('POST', '/auth/token', {
    grant_type: 'authorization_code',
    code,
    client_id: BUILT_IN_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  if (exchange.statusCode !== 200) throw new Error(`token exchange: ${exchange.statusCode} ${exchange.body}`);
  return { tokens: exchange.json<Tokens>() };
}

export function refreshTokens(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: BUILT_IN_CLIENT_ID }).toString(),
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
