import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_SEEN_LIVE_MS } from '@/server/auth/oidc-adapter';
import { refreshTokenSeconds, SESSION_SECONDS } from '@/server/auth/provider';
import { oidcModels } from '@/server/db/schema/auth';
import { addUser, removeUser } from '@/server/accounts/accounts';
import { createLogger } from '@/server/log';
import { moveClock, restoreClock, useTestClock } from '@/server/test/clock';
import { exchangeCode, refreshTokens, signInThroughProvider, TestBrowser, type Tokens } from '@/server/test/sign-in-flow';
import { createTestApp } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const { t } = testAppForFile();
let people = 0;

beforeEach(useTestClock);
afterEach(restoreClock);

async function newUser(app = t) {
  const n = ++people;
  const credentials = { email: `session${n}@valecare.test`, password: `session-password-${n}` };
  await addUser(app.database.db, { ...credentials, givenName: 'Sam', familyName: `Day${n}`, role: 'Coordinator' });
  return credentials;
}

async function signedIn(app = t, browser?: TestBrowser) {
  const credentials = await newUser(app);
  const { tokens } = await signInThroughProvider(app.app, credentials, { browser });
  return { credentials, tokens: tokens! };
}

function me(idToken: string, app = t) {
  return app.app.inject({ method: 'GET', url: '/trpc/session.me', headers: { authorization: `Bearer ${idToken}` } });
}

async function refreshed(refreshToken: string, app = t): Promise<Tokens | undefined> {
  const response = await refreshTokens(app.app, refreshToken);
  return response.statusCode === 200 ? response.json<Tokens>() : undefined;
}

describe('session lifetime', () => {
  it('a refresh token lapses after 30 minutes unused', async () => {
    const { tokens } = await signedIn();
    moveClock(31 * MINUTE);
    const response = await refreshTokens(t.app, tokens.refresh_token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('each use starts another 30 minutes, but never past 12 hours from signing in', async () => {
    const { tokens } = await signedIn();
    const signedInAt = Date.now();
    let refreshToken = tokens.refresh_token;
    // A user at work all day: the app refreshes every 25 minutes.
    while (Date.now() + 25 * MINUTE < signedInAt + 12 * HOUR) {
      moveClock(25 * MINUTE);
      const next = await refreshed(refreshToken);
      expect(next, `refresh at ${(Date.now() - signedInAt) / HOUR} h`).toBeDefined();
      refreshToken = next!.refresh_token;
    }
    moveClock(signedInAt + 12 * HOUR + MINUTE - Date.now());
    expect(await refreshed(refreshToken)).toBeUndefined();
  });

  it('the last refresh token of the day runs only to the end of the 12 hours', () => {
    const start = 1_800_000_000;
    expect(refreshTokenSeconds(start, start, 30 * 60)).toBe(30 * 60);
    expect(refreshTokenSeconds(start, start + SESSION_SECONDS - 10 * 60, 30 * 60)).toBe(10 * 60);
    expect(refreshTokenSeconds(start, start + SESSION_SECONDS + 60, 30 * 60)).toBe(1);
  });

  it('SESSION_IDLE_MINUTES sets the idle limit, for the provider and the web app', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5' } });
    try {
      expect((await short.app.inject({ method: 'GET', url: '/config.json' })).json().idleMinutes).toBe(5);
      const first = await signedIn(short);
      moveClock(4 * MINUTE);
      const next = await refreshed(first.tokens.refresh_token, short);
      expect(next).toBeDefined();
      moveClock(6 * MINUTE);
      expect(await refreshed(next!.refresh_token, short)).toBeUndefined();
    } finally {
      await short.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/config.json' })).json().idleMinutes).toBe(30);
  });

  it('asks for the password again on every sign-in, even while the provider remembers the browser', async () => {
    const browser = new TestBrowser(t.app);
    const { credentials } = await signedIn();
    expect((await signInThroughProvider(t.app, credentials, { browser })).tokens).toBeDefined();
    const { interactionPath } = await browser.startSignIn();
    const page = await browser.request('GET', interactionPath);
    expect(page.body).toContain('id="password"');
  });

  it('a new sign-in in the same browser starts a new 12 hours', async () => {
    const browser = new TestBrowser(t.app);
    const { credentials } = await signedIn();
    await signInThroughProvider(t.app, credentials, { browser });
    moveClock(11 * HOUR);
    const { tokens } = await signInThroughProvider(t.app, credentials, { browser });
    let refreshToken = tokens!.refresh_token;
    // Past the first sign-in's 12 hours, still in use.
    for (let i = 0; i < 4; i++) {
      moveClock(25 * MINUTE);
      const next = await refreshed(refreshToken);
      expect(next).toBeDefined();
      refreshToken = next!.refresh_token;
    }
  });
});

describe('one sign-in serves the browser', () => {
  it('a new tab signs in silently through the provider’s session, and the first tab’s tokens and refresh go on working', async () => {
    const browser = new TestBrowser(t.app);
    const { tokens: first } = await signedIn(t, browser);
    const second = await browser.signInSilently();
    expect(second.error).toBeUndefined();
    expect(decodeJwt(second.tokens!.id_token).sub).toBe(decodeJwt(first.id_token).sub);
    for (const tokens of [first, second.tokens!]) {
      expect((await me(tokens.id_token)).statusCode).toBe(200);
      expect(await refreshed(tokens.refresh_token)).toBeDefined();
    }
  });

  it('a second sign-in with the password in another tab leaves the first tab signed in', async () => {
    const browser = new TestBrowser(t.app);
    const { credentials, tokens: first } = await signedIn(t, browser);
    const again = (await signInThroughProvider(t.app, credentials, { browser })).tokens!;
    for (const tokens of [first, again]) {
      expect((await me(tokens.id_token)).statusCode).toBe(200);
      expect(await refreshed(tokens.refresh_token)).toBeDefined();
    }
  });

  it('a silent sign-in with no live session, or after signing out, is refused with login_required and no tokens', async () => {
    expect(await new TestBrowser(t.app).signInSilently()).toEqual({ error: 'login_required' });
    const browser = new TestBrowser(t.app);
    const { tokens } = await signedIn(t, browser);
    await browser.signOut(tokens.id_token);
    expect(await browser.signInSilently()).toEqual({ error: 'login_required' });
  });
});

describe('ending a session', () => {
  it('refuses an ID token at once when its session is signed out, refreshed ones too', async () => {
    const browser = new TestBrowser(t.app);
    const { tokens } = await signedIn(t, browser);
    expect(decodeJwt(tokens.id_token).sid).toEqual(expect.any(String));
    const renewed = (await refreshed(tokens.refresh_token))!;
    expect(decodeJwt(renewed.id_token).sid).toBe(decodeJwt(tokens.id_token).sid);
    for (const idToken of [tokens.id_token, renewed.id_token]) expect((await me(idToken)).statusCode).toBe(200);

    expect((await browser.signOut(renewed.id_token)).statusCode).toBe(303);
    for (const idToken of [tokens.id_token, renewed.id_token]) {
      const response = await me(idToken);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.data.code).toBe('UNAUTHORIZED');
    }
  });

  it('signing out with a valid ID token from a browser without the session’s cookie ends that session and its refresh tokens', async () => {
    const { tokens } = await signedIn();
    const other = await signedIn();
    // A forged hint (the signature altered) ends nothing: the provider refuses it.
    const forged = `${other.tokens.id_token.slice(0, -4)}${other.tokens.id_token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await expect(new TestBrowser(t.app).signOut(forged)).rejects.toThrow(/no sign-out form \(400\)/);
    expect((await me(other.tokens.id_token)).statusCode).toBe(200);

    expect((await new TestBrowser(t.app).signOut(tokens.id_token)).statusCode).toBe(303);
    expect((await me(tokens.id_token)).statusCode).toBe(401);
    expect(await refreshed(tokens.refresh_token)).toBeUndefined();
    // Only that session: the other person's goes on.
    expect((await me(other.tokens.id_token)).statusCode).toBe(200);
    expect(await refreshed(other.tokens.refresh_token)).toBeDefined();
  });

  it('refuses the ID token of a removed user at once, and a token that names no session', async () => {
    const { credentials, tokens } = await signedIn();
    await removeUser(t.database.db, credentials.email, { email: 'office@valecare.test', role: 'Admin' });
    expect((await me(tokens.id_token)).statusCode).toBe(401);
    expect((await me(await t.idToken('Admin'))).statusCode).toBe(200);
    expect((await me(await t.idToken('Admin', { sid: undefined }))).statusCode).toBe(401);
    expect((await me(await t.idToken('Admin', { sid: 'no-such-session' }))).statusCode).toBe(401);
  });

  it('sees a session ended by another process within SESSION_SEEN_LIVE_MS, without asking the database on every call', async () => {
    const { tokens } = await signedIn();
    const sid = decodeJwt(tokens.id_token).sid as string;
    expect((await me(tokens.id_token)).statusCode).toBe(200);
    // As the `user` command or a second server would: straight to the table, not through this server.
    await t.database.db.delete(oidcModels).where(and(eq(oidcModels.type, 'Session'), eq(oidcModels.uid, sid)));
    expect((await me(tokens.id_token)).statusCode).toBe(200);
    moveClock(SESSION_SEEN_LIVE_MS / 2);
    expect((await me(tokens.id_token)).statusCode).toBe(200);
    moveClock(SESSION_SEEN_LIVE_MS / 2);
    expect((await me(tokens.id_token)).statusCode).toBe(401);
  });

  it('keeps every token out of the log: sign-in, the callback, API calls and sign-out', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    try {
      const browser = new TestBrowser(logged.app);
      const credentials = await newUser(logged);
      const { authorization } = await signInThroughProvider(logged.app, credentials, { browser, keepCode: true });
      const { code, verifier } = authorization!;
      // The browser comes back to the web app with the code in the address.
      await browser.request('GET', `/?code=${code}&state=state-1`);
      const tokens = (await exchangeCode(logged.app, code, verifier)).json<Tokens>();
      expect((await me(tokens.id_token, logged)).statusCode).toBe(200);
      expect((await browser.signOut(tokens.id_token)).statusCode).toBe(303);

      const log = lines.join('');
      expect(log).toContain('/auth/session/end?id_token_hint=[Redacted]');
      expect(log).toContain('/?code=[Redacted]');
      for (const secret of [tokens.id_token, tokens.refresh_token, tokens.access_token, code, verifier]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('cookies when PUBLIC_URL is https', () => {
  it('are all Secure, though the request reaches the server over plain HTTP and no proxy is trusted', async () => {
    const publicUrl = 'https://valecare.test';
    const https = await createTestApp({ env: { PUBLIC_URL: publicUrl, TRUST_PROXY: undefined } });
    try {
      const browser = new TestBrowser(https.app, '127.0.0.1', {}, publicUrl);
      const { tokens } = await signedIn(https, browser);
      expect((await browser.signOut(tokens.id_token)).statusCode).toBe(303);
      expect(browser.setCookies.length).toBeGreaterThan(0);
      for (const line of browser.setCookies) expect(line).toMatch(/;\s*secure\b/i);
    } finally {
      await https.close();
    }
  });
});
