import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, checkPassword } from '@/server/auth/users.service';
import { totpCode, totpStep } from '@/server/auth/totp';
import { auditLog } from '@/server/db/schema/audit';
import { signInThroughProvider } from '@/server/test/sign-in-flow';
import { createTestApp, type TestApp } from '@/server/test/test-app';
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

describe('one’s own two-step sign-in', () => {
  it('is set up with the app’s first code, giving recovery codes once, and reset', async () => {
    const finance = t.caller('Finance');
    expect((await finance.account.get()).account?.twoStep).toEqual({ on: false, required: false, recoveryCodesLeft: 0 });

    const { secret, qrCodeSvg } = await finance.account.startTwoStep();
    expect(qrCodeSvg).toMatch(/^<svg /);
    await expect(finance.account.confirmTwoStep({ code: 'abc' })).rejects.toThrow('Enter the 6-digit code your app shows');
    const code = totpCode(secret.replace(/\s/g, ''), totpStep(Date.now()));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expect(finance.account.confirmTwoStep({ code: wrong })).rejects.toThrow(ACCOUNT_MESSAGES.wrongCode);

    const { recoveryCodes } = await finance.account.confirmTwoStep({ code });
    expect(recoveryCodes).toHaveLength(10);
    expect((await finance.account.get()).account?.twoStep).toEqual({ on: true, required: false, recoveryCodesLeft: 10 });
    await expect(finance.account.startTwoStep()).rejects.toThrow(ACCOUNT_MESSAGES.alreadySetUp);
    expect(await audited('account.twoStepSetUp')).toHaveLength(1);

    await finance.account.resetTwoStep();
    expect((await finance.account.get()).account?.twoStep.on).toBe(false);
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
