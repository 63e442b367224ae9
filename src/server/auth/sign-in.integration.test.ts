import { and, eq, like, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { auditLog } from '@/server/db/schema/audit';
import { loginAttempts, loginRefusals, users } from '@/server/db/schema/auth';
import {
  LOGIN_MESSAGES,
  LOGIN_WINDOW_MINUTES,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  NOT_AN_EMAIL,
} from '@/server/accounts/login-attempts';
import { addUser, removeUser } from '@/server/accounts/accounts';
import { refreshTokens, revokeToken, signInThroughProvider, TestBrowser } from '@/server/test/sign-in-flow';
import { createTestApp, type TestApp, testEnv } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t } = testAppForFile();
const ann = { email: 'ann@valecare.test', password: 'a-long-password-1' };
beforeAll(() => addUser(t.database.db, { ...ann, givenName: 'Ann', familyName: 'Lee', role: 'Coordinator' }));

/** Moves sign-in attempts back past the limit's window, as time passing would. */
async function letWindowPass(condition: ReturnType<typeof eq>) {
  await t.database.db
    .update(loginAttempts)
    .set({ at: sql`${loginAttempts.at} - make_interval(mins => ${LOGIN_WINDOW_MINUTES + 1})` })
    .where(condition);
}

function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/trpc/session.me', headers: { authorization: `Bearer ${token}` } });
}

describe('the built-in provider', () => {
  it('signs a user in with code + PKCE and issues an ID token the API accepts', async () => {
    const { tokens } = await signInThroughProvider(t.app, ann);
    expect(tokens?.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens!.id_token);
    expect(claims).toMatchObject({ email: ann.email, given_name: 'Ann', family_name: 'Lee', groups: ['Coordinator'] });
    const response = await me(tokens!.id_token);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ givenName: 'Ann', familyName: 'Lee', email: ann.email, role: 'Coordinator' });
  });

  it('refuses a wrong password on the login page without saying which part was wrong', async () => {
    const { refused } = await signInThroughProvider(t.app, { email: ann.email, password: 'wrong-password' }, { ip: '10.0.0.9' });
    expect(refused?.statusCode).toBe(401);
    expect(refused?.body).toContain(LOGIN_MESSAGES.wrongCredentials);
    const unknown = await signInThroughProvider(t.app, { email: 'nobody@valecare.test', password: 'whatever-1234' }, { ip: '10.0.0.9' });
    expect(unknown.refused?.body).toContain(LOGIN_MESSAGES.wrongCredentials);
  });

  it('locks an account after repeated failures, even with the right password from elsewhere', async () => {
    const bob = { email: 'bob@valecare.test', password: 'bobs-password-1' };
    await addUser(t.database.db, { ...bob, givenName: 'Bob', familyName: 'Ray', role: 'Finance' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await signInThroughProvider(t.app, { email: bob.email, password: 'nope-nope-nope' }, { ip: `10.1.0.${i}` });
    }
    const { refused } = await signInThroughProvider(t.app, bob, { ip: '10.2.0.1' });
    expect(refused?.statusCode).toBe(429);
    expect(refused?.body).toContain(LOGIN_MESSAGES.accountLocked);

    await letWindowPass(eq(loginAttempts.email, bob.email));
    expect((await signInThroughProvider(t.app, bob, { ip: '10.2.0.1' })).tokens).toBeDefined();
  });

  it('limits failures per address across accounts, until the window has passed', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      await signInThroughProvider(t.app, { email: `guess${i}@valecare.test`, password: 'guessing-1' }, { ip: '10.9.9.9' });
    }
    const { refused } = await signInThroughProvider(t.app, ann, { ip: '10.9.9.9' });
    expect(refused?.statusCode).toBe(429);
    expect(refused?.body).toContain(LOGIN_MESSAGES.addressLocked);
    expect((await signInThroughProvider(t.app, ann, { ip: '10.9.9.10' })).tokens).toBeDefined();

    await letWindowPass(eq(loginAttempts.ip, '10.9.9.9'));
    expect((await signInThroughProvider(t.app, ann, { ip: '10.9.9.9' })).tokens).toBeDefined();
  });

  it('refreshes tokens, also after a restart, and a revoked refresh token no longer works', async () => {
    const { tokens } = await signInThroughProvider(t.app, ann);
    // A second app on the same database is the server after a restart.
    const restarted = await buildApp({ database: t.database, env: testEnv(), clientDir: false });
    try {
      const refreshed = await refreshTokens(restarted, tokens!.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      const next = refreshed.json<{ id_token: string; refresh_token: string }>();
      expect((await me(next.id_token)).statusCode).toBe(200);
      // Public clients get a new refresh token each time; the old one is spent.
      expect((await refreshTokens(restarted, tokens!.refresh_token)).statusCode).toBe(400);
      // Used twice, a copy is racing its owner: the whole chain ends, its ID tokens with it, and it is audited.
      expect((await me(next.id_token)).statusCode).toBe(401);
      expect((await refreshTokens(restarted, next.refresh_token)).statusCode).toBe(400);
      expect(await t.database.db.select({ procedure: auditLog.procedure }).from(auditLog).where(eq(auditLog.procedure, 'auth.refreshTokenReused'))).toHaveLength(1);

      expect((await revokeToken(restarted, next.refresh_token)).statusCode).toBe(200);
      const afterRevoke = await refreshTokens(restarted, next.refresh_token);
      expect(afterRevoke.statusCode).toBe(400);
      expect(afterRevoke.json().error).toBe('invalid_grant');
    } finally {
      await restarted.close();
    }
  });

  it('ends the sessions of a removed user', async () => {
    const cy = { email: 'cy@valecare.test', password: 'cys-password-1' };
    await addUser(t.database.db, { ...cy, givenName: 'Cy', familyName: 'Fox', role: 'Trustee' });
    const { tokens } = await signInThroughProvider(t.app, cy);
    await removeUser(t.database.db, cy.email, { email: 'office@valecare.test', role: 'Admin' });
    expect((await refreshTokens(t.app, tokens!.refresh_token)).statusCode).toBe(400);
  });
});

/** The audit rows written for sign-ins from this address. */
function auditedFrom(ip: string, procedure: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.procedure, procedure), sql`${auditLog.changes}->>'ip' = ${ip}`));
}

describe('what refused sign-ins leave behind', () => {
  it('audits an address locked out once per window however many times it is refused, and counts the rest', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      await signInThroughProvider(t.app, { email: `try${i}@valecare.test`, password: 'guessing-1' }, { ip });
    }
    const browser = new TestBrowser(t.app, ip);
    const { interactionPath } = await browser.startSignIn();
    for (let i = 0; i < 200; i++) {
      const refused = await browser.request('POST', `${interactionPath}/login`, { email: `spray${i}@valecare.test`, password: 'guessing-1' });
      expect(refused.statusCode).toBe(429);
    }
    // One row per window; two when the attempts happen to straddle the end of one.
    const rows = await auditedFrom(ip, 'auth.signInRefused');
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows[0]).toMatchObject({ actorEmail: 'spray0@valecare.test', changes: { reason: LOGIN_MESSAGES.addressLocked } });
    const counted = await t.database.db.select().from(loginRefusals).where(eq(loginRefusals.ip, ip));
    expect(counted.reduce((sum, window) => sum + window.refusals, 0)).toBe(200);
    expect(await auditedFrom(ip, 'auth.signInFailed')).toHaveLength(MAX_FAILURES_PER_ADDRESS);
  });

  it('records an e-mail field that is not an address as such, never its text, and answers as for wrong details', async () => {
    const ip = '10.21.0.1';
    const junk = [
      `${'x'.repeat(5000)}@valecare.test`,
      `${'y'.repeat(250)}@valecare.test`,
      'office@valecare.test\u202Ejunk',
      'junk\u200B@valecare.test',
      'two@junk@valecare.test',
      'junk with spaces@valecare.test',
      'junk-without-an-at',
    ];
    for (const email of junk) {
      const { refused } = await signInThroughProvider(t.app, { email, password: 'guessing-1' }, { ip });
      expect(refused?.statusCode, email.slice(0, 40)).toBe(401);
      expect(refused?.body).toContain(LOGIN_MESSAGES.wrongCredentials);
    }
    const audited = await auditedFrom(ip, 'auth.signInFailed');
    expect(audited.map((row) => row.actorEmail)).toEqual(junk.map(() => NOT_AN_EMAIL));
    const attempts = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip));
    expect(attempts.map((row) => row.email)).toEqual(junk.map(() => NOT_AN_EMAIL));
    expect(await t.database.db.select().from(auditLog).where(like(auditLog.actorEmail, '%junk%'))).toEqual([]);
  });

  it('still limits an address that sends no e-mail address at all, and says so', async () => {
    const ip = '10.22.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      await signInThroughProvider(t.app, { email: `not an address ${i}`, password: 'guessing-1' }, { ip });
    }
    const { refused } = await signInThroughProvider(t.app, { email: 'not an address', password: 'guessing-1' }, { ip });
    expect(refused?.statusCode).toBe(429);
    expect(refused?.body).toContain(LOGIN_MESSAGES.addressLocked);
    expect((await auditedFrom(ip, 'auth.signInRefused'))[0]?.actorEmail).toBe(NOT_AN_EMAIL);
  });

  it('stores staff names and e-mail addresses without invisible or reordering characters', async () => {
    await addUser(t.database.db, {
      email: 'dee\u200B@valecare.test',
      password: 'dees-password-1',
      givenName: '\u202EDee',
      familyName: 'Fox\u2066',
      role: 'Coordinator',
    });
    const [dee] = await t.database.db.select().from(users).where(eq(users.email, 'dee@valecare.test'));
    expect(dee).toMatchObject({ givenName: 'Dee', familyName: 'Fox' });
  });
});

// The proxy is at 10.0.0.2 and appends the address it saw to whatever X-Forwarded-For the caller sent.
describe.each([
  ['a hop count', '1'],
  ["the proxy's address", '10.0.0.2'],
])('behind a reverse proxy trusted by %s (TRUST_PROXY=%s)', (_how, trustProxy) => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
  });
  afterAll(() => proxied.close());

  const signInFrom = (socketAddress: string, email: string, forwardedFor: string) =>
    signInThroughProvider(proxied.app, { email, password: 'guessing-1' }, {
      browser: new TestBrowser(proxied.app, socketAddress, { 'x-forwarded-for': forwardedFor }),
    });
  const throughProxy = (email: string, forwardedFor: string) => signInFrom('10.0.0.2', email, forwardedFor);
  const addressesRecorded = async () =>
    (await proxied.database.db.selectDistinct({ ip: loginAttempts.ip }).from(loginAttempts)).map((row) => row.ip).sort();

  it('limits the address the proxy saw, however the caller rotates what it sends', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const { refused } = await throughProxy(`rotate${i}@valecare.test`, `198.51.100.${i}, 203.0.113.7`);
      expect(refused?.statusCode).toBe(401);
    }
    const { refused } = await throughProxy('rotate@valecare.test', '198.51.100.99, 203.0.113.7');
    expect(refused?.statusCode).toBe(429);
    expect(refused?.body).toContain(LOGIN_MESSAGES.addressLocked);
    expect(await addressesRecorded()).toEqual(['203.0.113.7']);
    // Another client behind the same proxy is not locked out with it.
    expect((await throughProxy('rotate@valecare.test', '203.0.113.8')).refused?.statusCode).toBe(401);
  });

  if (trustProxy !== '1') {
    it('believes no X-Forwarded-For from an address that is not the proxy', async () => {
      await signInFrom('10.0.0.9', 'direct@valecare.test', '203.0.113.200');
      expect(await addressesRecorded()).toContain('10.0.0.9');
      expect(await addressesRecorded()).not.toContain('203.0.113.200');
    });
  }
});
