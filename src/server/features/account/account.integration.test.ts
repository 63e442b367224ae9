import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, MAX_FAILURES_PER_ACCOUNT } from '@/server/accounts/login-attempts';
import { addUser, checkPassword } from '@/server/accounts/accounts';
import { totpCode, totpStep } from '@/server/accounts/totp';
import { auditLog } from '@/server/db/schema/audit';
import { loginAttempts, mfaEnrolments, passwordLinks } from '@/server/db/schema/auth';
import { sendPasswordReset } from '@/server/accounts/password-links';
import { PASSWORD_MESSAGES } from '@/server/accounts/password-policy';
import { callOverHttp, errorOf } from '@/server/test/procedure-calls';
import { refreshTokens, signInThroughProvider, type Tokens } from '@/server/test/sign-in-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '@/server/test/test-app';
import { ACCOUNT_MESSAGES } from './account.service';

let t: TestApp;
// The test callers are signed in as <role>@valecare.test: these are their accounts.
const COORDINATOR = { email: 'coordinator@valecare.test', password: 'first-password-of-coordinator' };
const FINANCE = { email: 'finance@valecare.test', password: 'first-password-of-finance' };

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t.database.db, { ...COORDINATOR, givenName: 'Cora', familyName: 'Ordinator', role: 'Coordinator' });
  await addUser(t.database.db, { ...FINANCE, givenName: 'Fin', familyName: 'Ance', role: 'Finance' });
});
afterAll(() => t.close());

const audited = (procedure: string) => t.database.db.select().from(auditLog).where(eq(auditLog.procedure, procedure));

describe('changing one’s own password', () => {
  const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
    t.caller('Coordinator').account.changePassword({ currentPassword, newPassword, confirmPassword });

  it('asks for the current password, and a wrong one counts as a failed sign-in', async () => {
    await expect(change('not-the-password', 'a-brand-new-passphrase')).rejects.toThrow(ACCOUNT_MESSAGES.wrongPassword);
    expect(await checkPassword(t.database.db, COORDINATOR.email, COORDINATOR.password)).toBeDefined();
    expect(await audited('account.changePasswordRefused')).toHaveLength(1);
  });

  it('refuses a short password, a common one and two that differ, changing nothing', async () => {
    await expect(change(COORDINATOR.password, 'short-pass1')).rejects.toThrow('Passwords have at least 12 characters');
    await expect(change(COORDINATOR.password, 'a-brand-new-passphrase', 'a-brand-new-passphrasf')).rejects.toThrow('The two new passwords do not match');
    await expect(change(COORDINATOR.password, 'password1234')).rejects.toThrow('This password is too common: choose another');
    expect(await checkPassword(t.database.db, COORDINATOR.email, COORDINATOR.password)).toBeDefined();
  });

  it('sets the new password: it signs in and the old one does not; audited', async () => {
    await change(COORDINATOR.password, 'a-brand-new-passphrase');
    expect(await checkPassword(t.database.db, COORDINATOR.email, 'a-brand-new-passphrase')).toBeDefined();
    expect(await checkPassword(t.database.db, COORDINATOR.email, COORDINATOR.password)).toBeUndefined();
    const [entry] = await audited('account.changePassword');
    expect(entry).toMatchObject({ actorEmail: COORDINATOR.email, changes: null });
  });
});

describe('a password changed from My account', () => {
  it('ends one’s other sessions and voids reset links sent before, and this session goes on', async () => {
    const credentials = { email: 'mover@valecare.test', password: 'movers-first-password' };
    const { user } = await addUser(t.database.db, { ...credentials, givenName: 'Mo', familyName: 'Ver', role: 'Coordinator' });
    const here = (await signInThroughProvider(t.app, credentials)).tokens!;
    const elsewhere = (await signInThroughProvider(t.app, credentials)).tokens!;
    await t.database.db.transaction((tx) => sendPasswordReset(tx, { publicUrl: TEST_PUBLIC_URL, charityName: 'Vale Care', smtpUrl: 'smtp://127.0.0.1:9' }, user));

    const input = { currentPassword: credentials.password, newPassword: 'movers-second-password', confirmPassword: 'movers-second-password' };
    expect((await callOverHttp(t.app, { path: 'account.changePassword', type: 'mutation' }, input, here.id_token)).statusCode).toBe(200);

    const me = (tokens: Tokens) => callOverHttp(t.app, { path: 'session.me', type: 'query' }, undefined, tokens.id_token);
    expect((await me(here)).statusCode).toBe(200);
    expect((await refreshTokens(t.app, here.refresh_token!)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await refreshTokens(t.app, elsewhere.refresh_token!)).statusCode).toBe(400);
    expect(await t.database.db.select().from(passwordLinks).where(and(eq(passwordLinks.userId, user.id), isNull(passwordLinks.usedAt)))).toEqual([]);
  });

  it('refuses one’s own e-mail address or name, changing nothing', async () => {
    const credentials = { email: 'samename@valecare.test', password: 'samenames-first-password' };
    await addUser(t.database.db, { ...credentials, givenName: 'Samantha', familyName: 'Ellingworth', role: 'Coordinator' });
    const { id_token: token } = (await signInThroughProvider(t.app, credentials)).tokens!;
    for (const newPassword of [credentials.email, 'Samantha Ellingworth']) {
      const response = await callOverHttp(t.app, { path: 'account.changePassword', type: 'mutation' }, { currentPassword: credentials.password, newPassword, confirmPassword: newPassword }, token);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)?.message).toBe(PASSWORD_MESSAGES.ownIdentity);
    }
    expect(await checkPassword(t.database.db, credentials.email, credentials.password)).toBeDefined();
  });
});

describe('one’s own two-step sign-in', () => {
  const currentPassword = FINANCE.password;

  it('is set up with the password and the app’s first code, giving recovery codes once, and reset with the password and a code', async () => {
    const finance = t.caller('Finance');
    expect((await finance.account.get()).account?.twoStep).toEqual({ on: false, required: false, recoveryCodesLeft: 0 });

    const { secret, qrCodeSvg } = await finance.account.startTwoStep({ currentPassword });
    expect(qrCodeSvg).toMatch(/^<svg /);
    await expect(finance.account.confirmTwoStep({ currentPassword, code: 'abc' })).rejects.toThrow('Enter the 6-digit code your app shows');
    const code = totpCode(secret.replace(/\s/g, ''), totpStep(Date.now()));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expect(finance.account.confirmTwoStep({ currentPassword, code: wrong })).rejects.toThrow(ACCOUNT_MESSAGES.wrongCode);

    const { recoveryCodes } = await finance.account.confirmTwoStep({ currentPassword, code });
    expect(recoveryCodes).toHaveLength(10);
    expect((await finance.account.get()).account?.twoStep).toEqual({ on: true, required: false, recoveryCodesLeft: 10 });
    await expect(finance.account.startTwoStep({ currentPassword })).rejects.toThrow(ACCOUNT_MESSAGES.alreadySetUp);
    expect(await audited('account.twoStepSetUp')).toHaveLength(1);

    // On, it is turned off only with a code from the app or a recovery code as well.
    await expect(finance.account.resetTwoStep({ currentPassword, code: 'not-a-recovery-code' })).rejects.toThrow(ACCOUNT_MESSAGES.wrongResetCode);
    expect((await finance.account.get()).account?.twoStep.on).toBe(true);
    await finance.account.resetTwoStep({ currentPassword, code: recoveryCodes[0]! });
    expect((await finance.account.get()).account?.twoStep.on).toBe(false);
  });

  it('is changed by nobody holding only the token: a wrong password is refused, changes nothing, and counts towards the lock-out', async () => {
    const trustee = t.caller('Trustee');
    const credentials = { email: 'trustee@valecare.test', password: 'first-password-of-trustee' };
    const { user } = await addUser(t.database.db, { ...credentials, givenName: 'Tru', familyName: 'Stee', role: 'Trustee' });
    const wrong = 'the-thief-guesses-this';
    await expect(trustee.account.startTwoStep({ currentPassword: wrong })).rejects.toThrow(ACCOUNT_MESSAGES.wrongPassword);
    await expect(trustee.account.confirmTwoStep({ currentPassword: wrong, code: '123456' })).rejects.toThrow(ACCOUNT_MESSAGES.wrongPassword);
    await expect(trustee.account.resetTwoStep({ currentPassword: wrong, code: '123456' })).rejects.toThrow(ACCOUNT_MESSAGES.wrongPassword);
    expect(await t.database.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, user.id))).toEqual([]);
    expect((await audited('account.twoStepRefused')).filter((entry) => entry.actorEmail === credentials.email)).toHaveLength(3);
    const refusals = await t.database.db.select().from(loginAttempts).where(and(eq(loginAttempts.email, credentials.email), eq(loginAttempts.succeeded, false)));
    expect(refusals).toHaveLength(3);
    // Enough wrong guesses lock the account out of trying, as at the sign-in page, right password or not.
    for (let guess = refusals.length; guess < MAX_FAILURES_PER_ACCOUNT; guess++) {
      await expect(trustee.account.startTwoStep({ currentPassword: wrong })).rejects.toThrow(ACCOUNT_MESSAGES.wrongPassword);
    }
    await expect(trustee.account.startTwoStep({ currentPassword: credentials.password })).rejects.toThrow(LOGIN_MESSAGES.accountLocked);
  });
});

describe('one’s own sessions', () => {
  it('lists every browser signed in and signs out of all of them', async () => {
    const password = 'a-brand-new-passphrase';
    const first = await signInThroughProvider(t.app, { email: COORDINATOR.email, password });
    const second = await signInThroughProvider(t.app, { email: COORDINATOR.email, password });
    const call = (path: string, idToken: string) =>
      t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: { authorization: `Bearer ${idToken}` } });

    const { sessions } = (await call('account.get', first.tokens!.id_token)).json().result.data.account;
    expect(sessions).toHaveLength(2);
    expect(Date.now() - Date.parse(sessions[0].signedInAt)).toBeLessThan(60_000);

    const out = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.signOutEverywhere',
      headers: { authorization: `Bearer ${second.tokens!.id_token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect((await call('session.me', first.tokens!.id_token)).statusCode).toBe(401);
    expect((await call('session.me', second.tokens!.id_token)).statusCode).toBe(401);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.procedure, 'account.signOutEverywhere')))).toHaveLength(1);
  });
});

describe('with an external issuer', () => {
  it('says accounts are managed there and changes nothing', async () => {
    const external = await createTestApp({ env: { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'valecare' } });
    try {
      const caller = external.caller('Coordinator');
      expect(await caller.account.get()).toEqual({ managedBy: 'https://id.example.org', account: null });
      await expect(caller.account.changePassword({ currentPassword: 'x', newPassword: 'a-brand-new-passphrase', confirmPassword: 'a-brand-new-passphrase' })).rejects.toThrow(
        ACCOUNT_MESSAGES.external('https://id.example.org'),
      );
    } finally {
      await external.close();
    }
  });
});
