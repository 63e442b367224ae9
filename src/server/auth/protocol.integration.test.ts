import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oidcModels } from '@/server/db/schema/auth';
import { AUTHORIZATION_CODE_SECONDS, SIGN_IN_START_WINDOW, SIGN_IN_STARTS_PER_ADDRESS, TOO_MANY_SIGN_IN_STARTS } from '@/server/auth/provider';
import { addUser } from '@/server/accounts/accounts';
import { moveClock, restoreClock, useTestClock } from '@/server/test/clock';
import { authorizationRequest, exchangeCode, signInThroughProvider } from '@/server/test/sign-in-flow';
import { TEST_PUBLIC_URL } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t } = testAppForFile();
const dee = { email: 'dee@valecare.test', password: 'dees-password-1' };
beforeAll(() => addUser(t.database.db, { ...dee, givenName: 'Dee', familyName: 'Moss', role: 'Coordinator' }));
afterEach(restoreClock);

/** Where the provider sent the browser: back to the app with an error, or to its login page. */
function redirectedTo(response: { headers: Record<string, unknown> }): URL {
  return new URL(String(response.headers.location), TEST_PUBLIC_URL);
}

describe('authorization codes', () => {
  it('live at most 60 seconds', async () => {
    expect(AUTHORIZATION_CODE_SECONDS).toBeLessThanOrEqual(60);
    const { authorization } = await signInThroughProvider(t.app, dee, { keepCode: true });
    const [row] = await t.database.db
      .select({ payload: oidcModels.payload })
      .from(oidcModels)
      .where(and(eq(oidcModels.type, 'AuthorizationCode'), sql`${oidcModels.payload}->>'accountId' is not null`))
      .orderBy(sql`${oidcModels.expiresAt} desc`)
      .limit(1);
    const { iat, exp } = row!.payload as { iat: number; exp: number };
    expect(exp - iat).toBeLessThanOrEqual(60);
    expect((await exchangeCode(t.app, authorization!.code, authorization!.verifier)).statusCode).toBe(200);
  });

  it('are refused once expired', async () => {
    const { authorization } = await signInThroughProvider(t.app, dee, { keepCode: true });
    useTestClock();
    moveClock((AUTHORIZATION_CODE_SECONDS + 1) * 1000);
    const response = await exchangeCode(t.app, authorization!.code, authorization!.verifier);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('are refused with the wrong PKCE verifier, or a second time', async () => {
    const { authorization } = await signInThroughProvider(t.app, dee, { keepCode: true });
    expect((await exchangeCode(t.app, authorization!.code, 'x'.repeat(43))).json().error).toBe('invalid_grant');
    const again = await signInThroughProvider(t.app, dee, { keepCode: true });
    expect((await exchangeCode(t.app, again.authorization!.code, again.authorization!.verifier)).statusCode).toBe(200);
    expect((await exchangeCode(t.app, again.authorization!.code, again.authorization!.verifier)).statusCode).toBe(400);
  });
});

describe('PKCE', () => {
  it('refuses the plain method and a request without a challenge', async () => {
    for (const changes of [{ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) }, { code_challenge: undefined, code_challenge_method: undefined }]) {
      const response = await authorizationRequest(t.app, changes);
      const target = redirectedTo(response);
      expect(target.origin + target.pathname).toBe(`${TEST_PUBLIC_URL}/`);
      expect(target.searchParams.get('error')).toBe('invalid_request');
    }
  });
});

describe('redirect URIs', () => {
  it('must match the registered one exactly', async () => {
    const variants = [
      `${TEST_PUBLIC_URL}/callback`,
      `${TEST_PUBLIC_URL}/?next=1`,
      `${TEST_PUBLIC_URL}`,
      TEST_PUBLIC_URL.replace('http://', 'https://') + '/',
      TEST_PUBLIC_URL.replace('valecare.test', 'valecare.test.evil.example') + '/',
      `${TEST_PUBLIC_URL}/#fragment`,
    ];
    for (const redirectUri of variants) {
      const response = await authorizationRequest(t.app, { redirect_uri: redirectUri });
      // Never sent anywhere: the provider shows its own error page.
      expect(response.statusCode, redirectUri).toBe(400);
      expect(response.headers.location, redirectUri).toBeUndefined();
      expect(response.body).toContain('redirect_uri');
    }
  });

  it('must be the same at the token exchange as in the authorization request', async () => {
    const { authorization } = await signInThroughProvider(t.app, dee, { keepCode: true });
    const response = await exchangeCode(t.app, authorization!.code, authorization!.verifier, `${TEST_PUBLIC_URL}/other`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });
});

describe('what the provider offers', () => {
  it('advertises only the flows and client authentication the web app uses, and serves no other', async () => {
    const discovery = (await t.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration', headers: { host: 'valecare.test' } })).json();
    expect(discovery).toMatchObject({
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile'],
    });
    for (const absent of ['pushed_authorization_request_endpoint', 'dpop_signing_alg_values_supported', 'userinfo_endpoint', 'token_endpoint_auth_signing_alg_values_supported']) {
      expect(discovery).not.toHaveProperty(absent);
    }
    const pushed = await t.app.inject({ method: 'POST', url: '/auth/request', headers: { host: 'valecare.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'client_id=valecare' });
    expect(pushed.statusCode).toBe(404);
    expect((await authorizationRequest(t.app, { response_type: 'id_token' })).headers.location ?? '').not.toContain('id_token=');
  });
});

describe('sign-in starts', () => {
  it(`are limited to ${SIGN_IN_STARTS_PER_ADDRESS} per network address in ${SIGN_IN_START_WINDOW}, with a plain message; other addresses go on`, async () => {
    const start = (ip: string) => t.app.inject({ method: 'GET', url: `/auth/auth?${new URLSearchParams({ client_id: 'valecare', response_type: 'code' })}`, remoteAddress: ip, headers: { host: 'valecare.test' } });
    for (let i = 0; i < SIGN_IN_STARTS_PER_ADDRESS; i++) expect((await start('10.77.0.1')).statusCode).not.toBe(429);
    const refused = await start('10.77.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_SIGN_IN_STARTS);
    expect((await start('10.77.0.2')).statusCode).not.toBe(429);
  });
});
