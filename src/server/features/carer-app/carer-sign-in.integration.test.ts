import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_CLIENT_ID, CARER_CLIENT_ID, CARER_SESSION_SECONDS, carerRefreshTokenSeconds, SESSION_SECONDS } from '@/server/auth/provider';
import { oidcModels, users } from '@/server/db/schema/auth';
import { addUser } from '@/server/accounts/accounts';
import { newCarer } from '@/server/test/builders';
import { moveClock, restoreClock, useTestClock } from '@/server/test/clock';
import { pathOf, refreshTokens, signInThroughProvider, TestBrowser, type Tokens } from '@/server/test/sign-in-flow';
import { createLogger } from '@/server/log';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '@/server/test/test-app';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let people = 0;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('info', { write: (line: string) => void logLines.push(line) }) });
});
afterAll(() => t.close());
beforeEach(useTestClock);
afterEach(restoreClock);

/** A volunteer invited to the carer app who set their password from the invitation, as a carer does on their phone. */
async function invitedCarer() {
  const n = ++people;
  const carer = newCarer({ name: `Cara Phone ${n}` });
  const created = await t.caller('Admin').volunteers.create({ ...carer, details: { ...carer.details, email: `cara${n}@carers.example` } });
  const { linkToPassOn } = await t.caller('Coordinator').carerApp.invite({ carerId: created.id });
  const phone = TestBrowser.carerPhone(t.app);
  const password = `a carer's own password ${n}`;
  const set = await phone.request('POST', pathOf(linkToPassOn!), { password, confirm: password });
  return { carerId: created.id, credentials: { email: created.details.email!, password }, set };
}

const call = (path: string, idToken: string) => t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: { authorization: `Bearer ${idToken}` } });

async function accessEnded(idToken: string): Promise<boolean> {
  const response = await t.app.inject({ method: 'POST', url: '/trpc/carerApp.accessState', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ idToken }) });
  return response.json().result.data.ended;
}

async function refreshed(refreshToken: string): Promise<Tokens | undefined> {
  const response = await refreshTokens(t.app, refreshToken, CARER_CLIENT_ID);
  return response.statusCode === 200 ? response.json<Tokens>() : undefined;
}

/** When the provider's stored row of this kind for the account's newest sign-in expires, in ms from now. */
async function expiresIn(type: 'Session' | 'RefreshToken', accountId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ expiresAt: oidcModels.expiresAt })
    .from(oidcModels)
    .where(and(eq(oidcModels.type, type), sql`${oidcModels.payload}->>'accountId' = ${accountId}`))
    .orderBy(sql`${oidcModels.expiresAt} desc`)
    .limit(1);
  return row!.expiresAt!.getTime() - Date.now();
}

describe('a carer signing in on their phone', () => {
  it('is sent from setting their password to the carer app, signs in as its client and reaches their own visits', async () => {
    const { set, credentials, carerId } = await invitedCarer();
    expect(set.body).toContain(`href="${TEST_PUBLIC_URL}/carer/?sign-in"`);
    // The office sees the invitation until the carer first signs in, then that they have the app.
    const status = () => t.caller('Coordinator').carerApp.getStatus({ carerId });
    expect(await status()).toMatchObject({ state: 'invited' });
    const { tokens } = await signInThroughProvider(t.app, credentials, { browser: TestBrowser.carerPhone(t.app) });
    expect((await call('carerApp.myVisits', tokens!.id_token)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ state: 'active' });
    // Ended and invited again: invited until they sign in once more.
    await t.caller('Coordinator').carerApp.revoke({ carerId });
    expect(await status()).toMatchObject({ state: 'ended' });
    await t.caller('Coordinator').carerApp.invite({ carerId });
    expect(await status()).toMatchObject({ state: 'invited' });
  });

  it('is asked for the address the office invited, not a work one, and signing in again finds it filled in', async () => {
    const phone = TestBrowser.carerPhone(t.app);
    const { interactionPath } = await phone.startSignIn('cara.again@carers.example');
    const page = await phone.request('GET', interactionPath);
    expect(page.body).toContain('Use the e-mail address and password you set from the office’s invitation.');
    expect(page.body).not.toContain('work e-mail');
    expect(page.body).toMatch(/id="email"[^>]*value="cara\.again@carers\.example"/);
    // The office's own sign-in still asks for a work address.
    const office = new TestBrowser(t.app);
    expect((await office.request('GET', (await office.startSignIn()).interactionPath)).body).toContain('Use your work e-mail address and password.');
  });

  it('stays signed in for 30 days, however long the phone is without signal, and no longer', async () => {
    const { credentials, carerId } = await invitedCarer();
    const { tokens } = await signInThroughProvider(t.app, credentials, { browser: TestBrowser.carerPhone(t.app) });
    const [account] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.carerId, carerId));
    // The session and its refresh token are kept for the 30 days, not the office's 12 hours.
    expect(await expiresIn('Session', account!.id)).toBeGreaterThan(CARER_SESSION_SECONDS * 1000 - DAY);
    expect(await expiresIn('RefreshToken', account!.id)).toBeGreaterThan(CARER_SESSION_SECONDS * 1000 - DAY);
    // Nine days in a valley with no signal, then a renewal: the carer is still signed in.
    moveClock(9 * DAY);
    const later = await refreshed(tokens!.refresh_token);
    expect(later).toBeDefined();
    moveClock(21 * DAY + 60_000);
    expect(await refreshed(later!.refresh_token)).toBeUndefined();
  });

  it('a refresh token lasts to the end of the 30 days from signing in', () => {
    const start = 1_800_000_000;
    expect(carerRefreshTokenSeconds(start, start)).toBe(CARER_SESSION_SECONDS);
    expect(carerRefreshTokenSeconds(start, start + CARER_SESSION_SECONDS - 60)).toBe(60);
    expect(carerRefreshTokenSeconds(start, start + CARER_SESSION_SECONDS + 60)).toBe(1);
  });

  it('ends at the office’s word: after revoke the phone can neither call nor renew, and is told its access ended', async () => {
    const { credentials, carerId } = await invitedCarer();
    const { tokens } = await signInThroughProvider(t.app, credentials, { browser: TestBrowser.carerPhone(t.app) });
    // Days without signal: the phone's ID token expired long ago, and its access stands.
    moveClock(3 * DAY);
    expect(await accessEnded(tokens!.id_token)).toBe(false);
    await t.caller('Coordinator').carerApp.revoke({ carerId });
    expect((await call('carerApp.myVisits', tokens!.id_token)).statusCode).toBe(401);
    expect(await refreshed(tokens!.refresh_token)).toBeUndefined();
    // Refused, the phone asks with the token it last held: its access ended, so it wipes what it keeps.
    expect(await accessEnded(tokens!.id_token)).toBe(true);
    // A token older than the longest sign-in is told nothing.
    moveClock(31 * DAY);
    expect(await accessEnded(tokens!.id_token)).toBe(false);
  });

  it('keeps the token out of the log when the state is asked for by GET, which is refused', async () => {
    const { credentials } = await invitedCarer();
    const { tokens } = await signInThroughProvider(t.app, credentials, { browser: TestBrowser.carerPhone(t.app) });
    const input = encodeURIComponent(JSON.stringify({ idToken: tokens!.id_token }));
    expect((await t.app.inject({ method: 'GET', url: `/trpc/carerApp.accessState?input=${input}` })).statusCode).toBe(405);
    expect(logLines.some((line) => line.includes('carerApp.accessState'))).toBe(true);
    const [, payload, signature] = tokens!.id_token.split('.');
    expect(logLines.filter((line) => line.includes(payload!) || line.includes(signature!))).toEqual([]);
  });

  it('is told nothing of another carer’s or the office’s tokens, nor of one altered', async () => {
    const { credentials } = await invitedCarer();
    const { tokens } = await signInThroughProvider(t.app, credentials, { browser: TestBrowser.carerPhone(t.app) });
    const [header, payload, signature] = tokens!.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = [header, Buffer.from(JSON.stringify({ ...claims, sub: 'u-nobody' })).toString('base64url'), signature].join('.');
    expect(await accessEnded(altered)).toBe(false);
    // An office token (another audience) of an account that is no carer's.
    expect(await accessEnded(await t.idToken('Coordinator'))).toBe(false);
  });

  it('is for carers only: staff who sign in through the carer app are told so, and keep no sign-in from it', async () => {
    const staff = { email: `staff${++people}@valecare.test`, password: `staff password ${people}` };
    const {
      user: { id },
    } = await addUser(t.database.db, { ...staff, givenName: 'Stan', familyName: 'Office', role: 'Trustee' });
    const phone = TestBrowser.carerPhone(t.app);
    const { refused, tokens } = await signInThroughProvider(t.app, staff, { browser: phone });
    expect(tokens).toBeUndefined();
    expect(refused!.statusCode).toBe(403);
    expect(refused!.body).toContain('This app is for carers');
    expect(refused!.body).toContain(`href="${TEST_PUBLIC_URL}/"`);
    // No session was made, so no cookie of one, and a silent office sign-in from that browser finds none.
    const sessions = () => t.database.db.select().from(oidcModels).where(and(eq(oidcModels.type, 'Session'), sql`${oidcModels.payload}->>'accountId' = ${id}`));
    expect(await sessions()).toEqual([]);
    expect(phone.setCookies.filter((line) => /^_session=[^;]/.test(line))).toEqual([]);
    phone.clientId = BUILT_IN_CLIENT_ID;
    phone.redirectUri = `${TEST_PUBLIC_URL}/`;
    expect(await phone.signInSilently()).toEqual({ error: 'login_required' });
    // The same person through the office's app is signed in as ever, for a working day.
    const office = new TestBrowser(t.app);
    const signedIn = await signInThroughProvider(t.app, staff, { browser: office });
    expect((await call('session.me', signedIn.tokens!.id_token)).statusCode).toBe(200);
    // That office sign-in joined from the carer app, silently, gives it nothing and stays a working day long.
    office.clientId = CARER_CLIENT_ID;
    office.redirectUri = `${TEST_PUBLIC_URL}/carer/`;
    expect(await office.signInSilently()).toEqual({ error: 'login_required' });
    expect(await expiresIn('Session', id)).toBeLessThanOrEqual(SESSION_SECONDS * 1000);
  });
});
