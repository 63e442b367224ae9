import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PREFIX, BUILT_IN_CLIENT_ID } from '@/server/auth/provider';
import { SESSION_ERRORS } from '@/shared/session';
import { createTestApp, type TestApp, TEST_PUBLIC_URL } from '@/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function me(authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/trpc/session.me', headers: authorization === undefined ? {} : { authorization } });
}

describe('health and configuration', () => {
  it('answers /healthz with the database kind while the database answers', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('tells the web app how to sign in', async () => {
    const response = await t.app.inject('/config.json');
    expect(response.json()).toEqual({
      authority: `${TEST_PUBLIC_URL}${AUTH_PREFIX}`,
      clientId: BUILT_IN_CLIENT_ID,
      scope: 'openid email profile',
      groupsClaim: 'groups',
      idleMinutes: 30,
    });
  });

  it('sends security headers on every response, including the provider’s own', async () => {
    for (const url of ['/healthz', '/auth/.well-known/openid-configuration']) {
      const { headers } = await t.app.inject(url);
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('refuses bodies over the limit before reading them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/session.me',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('bearer ID tokens', () => {
  const claims = { email: 'x@valecare.test', given_name: 'X', family_name: 'Y', groups: ['Admin'] };

  it('accepts a token signed by the provider for this client', async () => {
    const response = await me(`Bearer ${await t.idToken('Admin')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.role).toBe('Admin');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a bearer with no token', 'Bearer '],
    ['a malformed token', 'Bearer not.a.token'],
  ])('answers UNAUTHORIZED for %s', async (_what, header) => {
    const response = await me(header);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.data.code).toBe('UNAUTHORIZED');
  });

  it('refuses an expired token', async () => {
    const token = await t.idToken('Admin', { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 1000 });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('u1')
      .setIssuer(`${TEST_PUBLIC_URL}${AUTH_PREFIX}`)
      .setAudience(BUILT_IN_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses a token for another audience or from another issuer', async () => {
    expect((await me(`Bearer ${await t.idToken('Admin', { aud: 'another-app' })}`)).statusCode).toBe(401);
    expect((await me(`Bearer ${await t.idToken('Admin', { iss: 'https://evil.example/auth' })}`)).statusCode).toBe(401);
  });

  it('refuses alg: none', async () => {
    const token = new UnsecuredJWT(claims)
      .setSubject('u1')
      .setIssuer(`${TEST_PUBLIC_URL}${AUTH_PREFIX}`)
      .setAudience(BUILT_IN_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses a valid signature whose claims lack what a session needs', async () => {
    expect((await me(`Bearer ${await t.idToken('Admin', { given_name: undefined })}`)).statusCode).toBe(401);
    expect((await me(`Bearer ${await t.idToken('Admin', { groups: ['Volunteer'] })}`)).statusCode).toBe(401);
    expect(SESSION_ERRORS.role('Volunteer')).toContain('not a valid role');
  });
});

describe('database health', () => {
  it('answers 503 when the database stops answering', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject('/healthz');
    expect(response.statusCode).toBe(503);
    // A server fault is logged, never described to the caller (its text may carry SQL or data).
    const call = await broken.app.inject({
      method: 'GET',
      url: '/trpc/clients.getAll',
      headers: { authorization: `Bearer ${await broken.idToken('Admin')}` },
    });
    expect(call.statusCode).toBe(500);
    expect(call.json().error.message).toBe('Something went wrong on the server');
    await broken.app.close();
  });
});

describe('limits', () => {
  it('refuses a batch of more calls than the limit with 400', async () => {
    const paths = Array.from({ length: 51 }, () => 'session.me').join(',');
    const response = await t.app.inject({
      method: 'GET',
      url: `/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${await t.idToken('Admin')}` },
    });
    expect(response.statusCode).toBe(400);
  });
});
