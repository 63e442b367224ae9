import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp } from '@/server/app';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { BUILT_IN_CLIENT_ID, CARER_CLIENT_ID } from '@/server/auth/provider';
import { SESSION_ERRORS } from '@/shared/session';
import { TestBrowser } from '@/server/test/sign-in-flow';
import { createTestApp, type TestApp, TEST_PUBLIC_URL, testEnv } from '@/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function me(authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/trpc/session.me', headers: authorization === undefined ? {} : { authorization } });
}

describe('health and configuration', () => {
  it('answers /healthz with its status alone while the database answers', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('tells the web app how to sign in', async () => {
    const response = await t.app.inject('/config.json');
    expect(response.json()).toEqual({
      authority: `${TEST_PUBLIC_URL}${AUTH_PREFIX}`,
      clientId: BUILT_IN_CLIENT_ID,
      carerClientId: CARER_CLIENT_ID,
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
    const token = await broken.idToken('Admin');
    await broken.database.close();
    const response = await broken.app.inject('/healthz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    // A server fault is logged, never described to the caller (its text may carry SQL or data); a
    // session that cannot be checked is a fault too, not a refusal that signs the user out.
    const call = await broken.app.inject({ method: 'GET', url: '/trpc/clients.getAll', headers: { authorization: `Bearer ${token}` } });
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

describe('caching', () => {
  it('lets no browser or proxy keep an API or sign-in answer', async () => {
    const authorization = `Bearer ${await t.idToken('Admin')}`;
    const browser = new TestBrowser(t.app);
    const { interactionPath } = await browser.startSignIn();
    const answers = {
      'a call': await t.app.inject({ url: '/trpc/session.me', headers: { authorization } }),
      'a call answered from the kept copy': await t.app.inject({ url: '/trpc/clients.getAllNotArchived', headers: { authorization } }),
      'a batch': await t.app.inject({ url: `/trpc/session.me,clients.getAll?batch=1&input=${encodeURIComponent('{}')}`, headers: { authorization } }),
      'a change': await t.app.inject({ method: 'POST', url: '/trpc/clients.create', headers: { authorization, 'content-type': 'application/json' }, payload: '{}' }),
      'a call without a token': await t.app.inject('/trpc/session.me'),
      'the login page': await browser.request('GET', interactionPath),
      'the provider’s discovery': await t.app.inject('/auth/.well-known/openid-configuration'),
      'its keys': await t.app.inject('/auth/jwks'),
      'a refused token request': await t.app.inject({ method: 'POST', url: '/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=refresh_token' }),
      'the sign-out page': await browser.request('GET', '/auth/session/end'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect({ what, cacheControl: response.headers['cache-control'] }).toEqual({ what, cacheControl: 'no-store' });
    }
  });
});

describe('the web app as served', () => {
  let webRoot: string;
  let deployed: FastifyInstance;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'valecare-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    await writeFile(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(webRoot, 'assets', 'app.js.map'), '{"version":3,"sources":["app.tsx"]}');
    await mkdir(path.join(webRoot, 'carer', 'assets'), { recursive: true });
    await writeFile(path.join(webRoot, 'carer', 'index.html'), '<!doctype html><title>Valecare for carers</title>');
    await writeFile(path.join(webRoot, 'carer', 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(webRoot, 'carer', 'assets', 'carer.js'), 'console.log(2)');
    deployed = await buildApp({ database: t.database, env: testEnv(), clientDir: webRoot });
  });
  afterAll(async () => {
    await deployed.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each([['/'], ['/clients'], ['/assets/app.js']])('answers HEAD %s as GET, without the body', async (url) => {
    const get = await deployed.inject({ method: 'GET', url });
    const head = await deployed.inject({ method: 'HEAD', url });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    for (const header of ['content-type', 'content-length', 'cache-control', 'content-security-policy']) {
      expect({ header, value: head.headers[header] }).toEqual({ header, value: get.headers[header] });
    }
    expect(head.body).toBe('');
  });

  it('serves the carer app at /carer/, its worker and pages asked about every time, its hashed files kept a year', async () => {
    for (const url of ['/carer/', '/carer', '/carer/?sign-in', '/carer/anything']) {
      const page = await deployed.inject(url);
      expect({ url, status: page.statusCode, body: page.body }).toEqual({ url, status: 200, body: expect.stringContaining('Valecare for carers') });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await deployed.inject('/clients')).body).not.toContain('Valecare for carers');
    const worker = await deployed.inject('/carer/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await deployed.inject('/carer/assets/carer.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await deployed.inject('/assets/app.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file missing from the build is not answered with a page.
    expect((await deployed.inject('/carer/assets/gone.js')).statusCode).toBe(404);
  });

  it('serves no source map, even one left in the web root, and the build makes none', async () => {
    expect((await deployed.inject('/assets/app.js.map')).statusCode).toBe(404);
    expect((await deployed.inject({ method: 'HEAD', url: '/assets/app.js.map' })).statusCode).toBe(404);
    // What the build writes is checked in e2e/hardening.spec.ts, which runs on the real build.
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
  });
});
