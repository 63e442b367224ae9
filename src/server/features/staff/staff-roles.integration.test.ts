/**
 * Rights follow the account as it is now, not the 15-minute ID token: people sign in through the login page,
 * and their next call after a change to their account is judged by the account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole as Role } from '@/shared/permissions';
import { SESSION_SEEN_LIVE_MS } from '@/server/auth/oidc-adapter';
import { addUser } from '@/server/accounts/accounts';
import { users } from '@/server/db/schema/auth';
import { moveClock, restoreClock, useTestClock } from '@/server/test/clock';
import { callOverHttp, databaseFingerprint, errorOf } from '@/server/test/procedure-calls';
import { refreshTokens, signInThroughProvider, type Tokens } from '@/server/test/sign-in-flow';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let people = 0;

beforeAll(async () => {
  // Two-step sign-in for Admins is the default: a session that passed it is what an Admin's rights need.
  t = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'Admin' } });
});
afterAll(() => t.close());
beforeEach(useTestClock);
afterEach(restoreClock);

async function signedIn(role: Role) {
  const n = ++people;
  const credentials = { email: `roles${n}@valecare.test`, password: `roles-password-${n}` };
  const { user } = await addUser(t.database.db, { ...credentials, givenName: 'Rory', familyName: `Lane${n}`, role });
  const { tokens } = await signInThroughProvider(t.app, credentials);
  return { id: user.id, tokens: tokens! };
}

const call = (path: string, token: string, input?: unknown) => callOverHttp(t.app, { path, type: path === 'staff.list' || path === 'session.me' ? 'query' : 'mutation' }, input, token);
const roleOf = async (token: string) => (await call('session.me', token)).json().result?.data?.role as Role | undefined;
const refreshed = async (tokens: Tokens) => {
  const response = await refreshTokens(t.app, tokens.refresh_token!);
  return response.statusCode === 200 ? response.json<Tokens>() : undefined;
};

describe('a role changed by an Admin', () => {
  it('ends the person’s sessions and refresh tokens: the demoted Admin cannot promote themselves back with the token they hold', async () => {
    const demoted = await signedIn('Admin');
    const other = await signedIn('Admin');
    const office = await signedIn('Admin');
    expect((await call('staff.list', demoted.tokens.id_token)).statusCode).toBe(200);

    expect((await call('staff.setRole', office.tokens.id_token, { id: demoted.id, role: 'Coordinator' })).statusCode).toBe(200);

    const before = await databaseFingerprint(t.database.db);
    for (const [path, input] of [
      ['staff.setRole', { id: demoted.id, role: 'Admin' }],
      ['staff.setRole', { id: other.id, role: 'Trustee' }],
      ['staff.list', undefined],
    ] as const) {
      expect((await call(path, demoted.tokens.id_token, input)).statusCode).toBe(401);
    }
    expect(await refreshed(demoted.tokens)).toBeUndefined();
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect(await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, other.id))).toEqual([{ role: 'Admin' }]);
  });

  it('is the role of the person’s next call, however it was changed (here straight in the table, as another server would)', async () => {
    const person = await signedIn('Coordinator');
    expect(await roleOf(person.tokens.id_token)).toBe('Coordinator');
    await t.database.db.update(users).set({ role: 'Finance' }).where(eq(users.id, person.id));
    moveClock(SESSION_SEEN_LIVE_MS);
    expect(await roleOf(person.tokens.id_token)).toBe('Finance');
    // Finance reads no MPs, though the token's groups claim still says Coordinator.
    expect((await callOverHttp(t.app, { path: 'mps.getAll', type: 'query' }, undefined, person.tokens.id_token)).statusCode).toBe(403);
  });

  it('is never one’s own: an Admin changing their own role is refused and nothing changes', async () => {
    const admin = await signedIn('Admin');
    const before = await databaseFingerprint(t.database.db);
    const response = await call('staff.setRole', admin.tokens.id_token, { id: admin.id, role: 'Coordinator' });
    expect(response.statusCode).toBe(412);
    expect(errorOf(response)?.message).toBe('You cannot change the role of your own account');
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect(await roleOf(admin.tokens.id_token)).toBe('Admin');
  });
});

describe('a promotion to a role that needs two-step sign-in', () => {
  it('gives a session that signed in with a password alone none of the role’s rights, nor does its refresh', async () => {
    const person = await signedIn('Coordinator');
    // Promoted where this server does not see it (no session ended): the check itself must refuse.
    await t.database.db.update(users).set({ role: 'Admin' }).where(eq(users.id, person.id));
    moveClock(SESSION_SEEN_LIVE_MS);
    expect((await call('staff.list', person.tokens.id_token)).statusCode).toBe(401);
    const renewed = await refreshed(person.tokens);
    if (renewed) expect((await call('staff.list', renewed.id_token)).statusCode).toBe(401);
  });

  it('through the Staff screen ends the sessions, and the next sign-in asks the person to set up two steps', async () => {
    const office = await signedIn('Admin');
    const credentials = { email: `roles${++people}@valecare.test`, password: `roles-password-${people}` };
    const { user } = await addUser(t.database.db, { ...credentials, givenName: 'Pat', familyName: 'Moor', role: 'Coordinator' });
    const before = (await signInThroughProvider(t.app, credentials)).tokens!;
    expect((await call('staff.setRole', office.tokens.id_token, { id: user.id, role: 'Admin' })).statusCode).toBe(200);
    expect((await call('session.me', before.id_token)).statusCode).toBe(401);
    expect(await refreshed(before)).toBeUndefined();
    const again = await signInThroughProvider(t.app, credentials, { stopAtSecondStep: true });
    expect(again.refused?.body).toContain('id="totp-secret"');
  });
});
