import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig, { writeCompressedCopies } from '../../vite.config';
import { buildApp } from '@/server/app';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { BUILT_IN_CLIENT_ID, CARER_CLIENT_ID } from '@/server/auth/provider';
import { SESSION_ERRORS } from '@/shared/session';
import { TestBrowser } from '@/server/test/sign-in-flow';
import { createTestApp, TEST_PUBLIC_URL, testEnv } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t } = testAppForFile();

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

/** A script long enough that its compressed copies are smaller than it, as the build's are. */
const script = (name: string) => `export const ${name} = [${Array.from({ length: 200 }, (_, i) => `{ id: "v${i}", minutes: ${(i * 7) % 60} }`).join(', ')}];\n`;

describe('the web app as served', () => {
  let webRoot: string;
  let deployed: FastifyInstance;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'valecare-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Valecare</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`);
    await mkdir(path.join(webRoot, 'pages'));
    await writeFile(path.join(webRoot, 'pages', 'clients.html'), `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Valecare clients</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`);
    await writeFile(path.join(webRoot, 'assets', 'app.js'), script('app'));
    await writeFile(path.join(webRoot, 'assets', 'tiny.js'), 'console.log(1)');
    await writeFile(path.join(webRoot, 'assets', 'app.js.map'), '{"version":3,"sources":["app.tsx"]}');
    await mkdir(path.join(webRoot, 'carer', 'assets'), { recursive: true });
    await writeFile(
      path.join(webRoot, 'carer', 'index.html'),
      '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Valecare for carers</title><link rel="manifest" href="/carer/manifest.webmanifest"><script type="module" src="/carer/assets/carer.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(webRoot, 'carer', 'sw.js'), `self.addEventListener("fetch", () => {});\n${script('precache')}`);
    await writeFile(path.join(webRoot, 'carer', 'assets', 'carer.js'), script('carer'));
    await writeFile(path.join(webRoot, 'carer', 'icon-192.png'), Buffer.alloc(600, 7));
    // The compressed copies, as `vite build` writes them.
    await writeCompressedCopies(webRoot);
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

  it("answers a screen's address, and anything under it, with the screen's page; every other address with index.html", async () => {
    for (const url of ['/clients', '/clients/c-1', '/clients?search=ann', '/clients/']) {
      const page = await deployed.inject(url);
      expect({ url, status: page.statusCode, body: page.body, cache: page.headers['cache-control'] }).toEqual({ url, status: 200, body: expect.stringContaining('Valecare clients'), cache: 'no-cache' });
    }
    for (const url of ['/', '/?code=abc', '/clientsx', '/nowhere/clients', '/pages', '/dashboard']) {
      const page = await deployed.inject(url);
      expect({ url, status: page.statusCode, body: page.body }).toEqual({ url, status: 200, body: expect.stringContaining('<title>Valecare</title>') });
    }
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

  describe('compressed as the build made it', () => {
    const ALL = 'gzip, deflate, br, zstd';
    // The office's script, the carer app's, the pages answered for a route (sendFile), the carer app's page and its worker.
    const served = [
      { url: '/assets/app.js', file: 'assets/app.js', type: 'application/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { url: '/carer/assets/carer.js', file: 'carer/assets/carer.js', type: 'application/javascript; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { url: '/clients', file: 'pages/clients.html', type: 'text/html; charset=utf-8', cache: 'no-cache' },
      { url: '/nowhere', file: 'index.html', type: 'text/html; charset=utf-8', cache: 'no-cache' },
      { url: '/carer/', file: 'carer/index.html', type: 'text/html; charset=utf-8', cache: 'no-cache' },
      { url: '/carer/sw.js', file: 'carer/sw.js', type: 'application/javascript; charset=utf-8', cache: 'no-cache' },
    ];

    it.each(served)('sends $url as brotli to a browser that takes it, gzip to one that takes only gzip, and as it is otherwise', async ({ url, file, type, cache }) => {
      const raw = await readFile(path.join(webRoot, file));
      const asSent = async (acceptEncoding?: string) => {
        const response = await deployed.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
        expect(response.statusCode).toBe(200);
        // Every answer varies by what the browser accepts; the type and caching are the file's, whatever the encoding.
        expect({ url, acceptEncoding, vary: response.headers.vary, type: response.headers['content-type'], cache: response.headers['cache-control'] }).toEqual({ url, acceptEncoding, vary: 'accept-encoding', type, cache });
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        return { encoding: response.headers['content-encoding'], body: response.rawPayload };
      };

      for (const acceptEncoding of [ALL, 'br', 'br;q=1, gzip;q=0.5']) {
        const brotli = await asSent(acceptEncoding);
        expect({ acceptEncoding, encoding: brotli.encoding }).toEqual({ acceptEncoding, encoding: 'br' });
        // The copy the build made, not one compressed for the answer.
        expect(brotli.body.equals(await readFile(path.join(webRoot, `${file}.br`)))).toBe(true);
        expect(brotliDecompressSync(brotli.body).equals(raw)).toBe(true);
        expect(brotli.body.length).toBeLessThan(raw.length);
      }
      for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
        const gzip = await asSent(acceptEncoding);
        expect({ acceptEncoding, encoding: gzip.encoding }).toEqual({ acceptEncoding, encoding: 'gzip' });
        expect(gzip.body.equals(await readFile(path.join(webRoot, `${file}.gz`)))).toBe(true);
        expect(gunzipSync(gzip.body).equals(raw)).toBe(true);
      }
      for (const acceptEncoding of [undefined, 'identity', 'zstd']) {
        const plain = await asSent(acceptEncoding);
        expect({ acceptEncoding, encoding: plain.encoding }).toEqual({ acceptEncoding, encoding: undefined });
        expect(plain.body.equals(raw)).toBe(true);
      }

      const get = await deployed.inject({ method: 'GET', url, headers: { 'accept-encoding': ALL } });
      const head = await deployed.inject({ method: 'HEAD', url, headers: { 'accept-encoding': ALL } });
      expect(head.statusCode).toBe(200);
      for (const header of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary', 'etag']) {
        expect({ header, value: head.headers[header] }).toEqual({ header, value: get.headers[header] });
      }
      expect(head.body).toBe('');
    });

    it('sends a file whose copies would be no smaller as it is, and never a copy by its own name', async () => {
      expect(existsSync(path.join(webRoot, 'assets/tiny.js.br'))).toBe(false);
      const tiny = await deployed.inject({ url: '/assets/tiny.js', headers: { 'accept-encoding': ALL } });
      expect({ status: tiny.statusCode, encoding: tiny.headers['content-encoding'], vary: tiny.headers.vary, body: tiny.body }).toEqual({
        status: 200,
        encoding: undefined,
        vary: 'accept-encoding',
        body: 'console.log(1)',
      });
      for (const url of ['/assets/app.js.br', '/assets/app.js.gz', '/carer/assets/carer.js.br']) expect({ url, status: (await deployed.inject({ url, headers: { 'accept-encoding': ALL } })).statusCode }).toEqual({ url, status: 404 });
    });

    it('makes no compressed copy of an image or a source map', async () => {
      for (const file of ['carer/icon-192.png', 'assets/app.js.map']) expect({ file, copies: ['br', 'gz'].filter((copy) => existsSync(path.join(webRoot, `${file}.${copy}`))) }).toEqual({ file, copies: [] });
      const icon = await deployed.inject({ url: '/carer/icon-192.png', headers: { 'accept-encoding': ALL } });
      expect({ status: icon.statusCode, type: icon.headers['content-type'], encoding: icon.headers['content-encoding'], length: icon.rawPayload.length }).toEqual({ status: 200, type: 'image/png', encoding: undefined, length: 600 });
      expect((await deployed.inject({ url: '/assets/app.js.map', headers: { 'accept-encoding': ALL } })).statusCode).toBe(404);
    });
  });

  it('serves no source map, even one left in the web root, and the build makes none', async () => {
    expect((await deployed.inject('/assets/app.js.map')).statusCode).toBe(404);
    expect((await deployed.inject({ method: 'HEAD', url: '/assets/app.js.map' })).statusCode).toBe(404);
    // What the build writes is checked in e2e/hardening.spec.ts, which runs on the real build.
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
  });
});
