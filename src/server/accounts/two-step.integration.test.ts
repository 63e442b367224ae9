import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema/audit';
import { loginAttempts, mfaEnrolments, oidcModels, users } from '@/server/db/schema/auth';
import { authenticatorQrCode } from './totp';
import { LOGIN_MESSAGES, LOGIN_WINDOW_MINUTES, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './login-attempts';
import { checkSecondFactor, enrolWithSecret, isEnrolled, RECOVERY_CODE_COUNT, resetMfa } from './two-step';
import { newTotpSecret, totpCode, totpStep } from './totp';
import { addUser, disableUser, enableUser, type NewUser, removeUser } from './accounts';
import { moveToFreshTotpStep, restoreClock, useTestClock } from '@/server/test/clock';
import { refreshTokens, signInThroughProvider, TestBrowser } from '@/server/test/sign-in-flow';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test starts at the beginning of an authenticator time step, so its codes stay current throughout.
beforeEach(() => {
  useTestClock();
  moveToFreshTotpStep();
});
afterEach(restoreClock);

const office = { email: 'office@valecare.test', role: '' } as const;
let people = 0;

/** A new member of staff with a password (and, given a secret, an authenticator app already set up). */
async function staff(role: NewUser['role'], { totpSecret }: { totpSecret?: string } = {}) {
  const n = ++people;
  const credentials = { email: `person${n}@valecare.test`, password: `password-of-person-${n}` };
  const { user } = await addUser(t.database.db, { ...credentials, givenName: `Person${n}`, familyName: 'Lee', role });
  if (totpSecret) await enrolWithSecret(t.database.db, user.id, totpSecret);
  return { ...credentials, user, totpSecret };
}

/** The code the app shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => totpCode(secret, totpStep(Date.now()) + steps);

async function audited(email: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, email)).orderBy(auditLog.id);
  return rows.map((row) => row.procedure);
}

/** Moves an account's or an address's sign-in attempts back past the limit's window, as time passing would. */
async function letWindowPass(where: { email?: string; ip?: string }) {
  await t.database.db
    .update(loginAttempts)
    .set({ at: sql`${loginAttempts.at} - make_interval(mins => ${LOGIN_WINDOW_MINUTES + 1})` })
    .where(where.email ? eq(loginAttempts.email, where.email) : eq(loginAttempts.ip, where.ip!));
}

async function liveProviderRows(accountId: string) {
  const rows = await t.database.db
    .select({ type: oidcModels.type })
    .from(oidcModels)
    .where(sql`${oidcModels.payload}->>'accountId' = ${accountId}`);
  return rows.map((row) => row.type);
}

describe('setting up two-step sign-in', () => {
  it('takes an Admin through setting up an authenticator app at their first sign-in', async () => {
    const admin = await staff('Admin');
    const browser = new TestBrowser(t.app);
    const { refused: setUpPage } = await signInThroughProvider(t.app, admin, { browser, stopAtSecondStep: true });
    expect(setUpPage?.statusCode).toBe(200);
    expect(setUpPage?.body).toContain('Set up two-step sign-in');

    const { tokens, enrolment } = await signInThroughProvider(t.app, admin);
    expect(tokens?.id_token).toBeTruthy();
    const secret = enrolment!.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code encodes the otpauth address for this account and secret; reloading shows the same one.
    expect(setUpPage?.body).toContain(authenticatorQrCode(admin.email, secret));
    expect(enrolment!.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(enrolment!.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await isEnrolled(t.database.db, admin.user.id)).toBe(true);
    expect(await audited(admin.email)).toEqual(['auth.mfaEnrolled', 'auth.signIn']);

    // From now on the password is followed by the code page, and the app's codes work.
    const { refused: codePage } = await signInThroughProvider(t.app, admin, { stopAtSecondStep: true });
    expect(codePage?.body).toContain('Enter your code');
    const next = await signInThroughProvider(t.app, { ...admin, totpSecret: secret }, { code: codeAt(secret, 1) });
    expect(next.tokens?.id_token).toBeTruthy();
  });

  it('refuses a wrong first code and keeps the same key on the page', async () => {
    const admin = await staff('Test');
    const wrong = await signInThroughProvider(t.app, admin, { code: '000000' });
    expect(wrong.refused?.statusCode).toBe(401);
    expect(wrong.refused?.body).toContain(LOGIN_MESSAGES.wrongEnrolmentCode);
    expect(await isEnrolled(t.database.db, admin.user.id)).toBe(false);
    expect(await audited(admin.email)).toEqual(['auth.mfaFailed']);
  });

  it('stores the secret encrypted, bound to its user', async () => {
    const secret = newTotpSecret();
    const a = await staff('Admin', { totpSecret: secret });
    const b = await staff('Admin', { totpSecret: newTotpSecret() });
    const [row] = await t.database.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, a.user.id));
    expect(row!.encryptedSecret).not.toContain(secret);
    expect(row!.encryptedSecret).toMatch(/^v1\./);
    // Copied onto another user's row, the secret does not decrypt.
    await t.database.db.update(mfaEnrolments).set({ encryptedSecret: row!.encryptedSecret }).where(eq(mfaEnrolments.userId, b.user.id));
    await expect(checkSecondFactor(t.database.db, b.user.id, codeAt(secret))).rejects.toThrow();
  });
});

describe('signing in with a second factor', () => {
  it('does not sign in on the password alone', async () => {
    const admin = await staff('Admin', { totpSecret: newTotpSecret() });
    const browser = new TestBrowser(t.app);
    const { interactionPath } = await browser.startSignIn();
    const login = await browser.request('POST', `${interactionPath}/login`, { email: admin.email, password: admin.password });
    expect(login.headers.location).toBe(interactionPath);
    // Skipping the code page and going back to the provider only starts the sign-in again.
    const resume = await browser.request('GET', interactionPath.replace('/interaction/', '/auth/'));
    expect(resume.headers.location).toMatch(/^\/auth\/interaction\//);
    expect(resume.headers.location).not.toContain('code=');
    expect(await liveProviderRows(admin.user.id)).toEqual([]);
  });

  it('accepts codes one step either side of now, each once', async () => {
    const secret = newTotpSecret();
    const admin = await staff('Admin', { totpSecret: secret });
    const earlier = await signInThroughProvider(t.app, admin, { code: codeAt(secret, -1) });
    expect(earlier.tokens).toBeDefined();
    const again = await signInThroughProvider(t.app, admin, { code: codeAt(secret, -1) });
    expect(again.refused?.statusCode).toBe(401);
    expect(again.refused?.body).toContain(LOGIN_MESSAGES.wrongCode);
    expect((await signInThroughProvider(t.app, admin, { code: codeAt(secret, 0) })).tokens).toBeDefined();
    expect((await signInThroughProvider(t.app, admin, { code: codeAt(secret, 2) })).refused?.statusCode).toBe(401);
    // An earlier step than one already used is spent too.
    expect((await signInThroughProvider(t.app, admin, { code: codeAt(secret, -1) })).refused?.statusCode).toBe(401);
    expect(await audited(admin.email)).toEqual(['auth.signIn', 'auth.mfaFailed', 'auth.signIn', 'auth.mfaFailed', 'auth.mfaFailed']);
  });

  it('accepts each recovery code once, typed with or without dashes', async () => {
    const admin = await staff('Admin');
    const { enrolment } = await signInThroughProvider(t.app, admin);
    const [first, second] = enrolment!.recoveryCodes;
    expect((await signInThroughProvider(t.app, admin, { code: first! })).tokens).toBeDefined();
    expect((await signInThroughProvider(t.app, admin, { code: first! })).refused?.statusCode).toBe(401);
    const typed = second!.replace(/-/g, ' ').toUpperCase();
    expect((await signInThroughProvider(t.app, admin, { code: typed })).tokens).toBeDefined();
  });

  it('asks enrolled users of any role for their code; others of roles that do not need one sign in with a password', async () => {
    const coordinator = await staff('Coordinator');
    expect((await signInThroughProvider(t.app, coordinator)).tokens).toBeDefined();
    const secret = newTotpSecret();
    await enrolWithSecret(t.database.db, coordinator.user.id, secret);
    const { refused } = await signInThroughProvider(t.app, coordinator, { stopAtSecondStep: true });
    expect(refused?.body).toContain('Enter your code');
    expect((await signInThroughProvider(t.app, { ...coordinator, totpSecret: secret })).tokens).toBeDefined();
  });

  it('refuses an unknown or disabled account before any second step', async () => {
    const admin = await staff('Admin', { totpSecret: newTotpSecret() });
    await disableUser(t.database.db, admin.email, office);
    const { refused } = await signInThroughProvider(t.app, admin);
    expect(refused?.statusCode).toBe(403);
    expect(refused?.body).toContain(LOGIN_MESSAGES.accountDisabled);
  });
});

describe('limits on wrong codes', () => {
  it('locks the account after repeated wrong codes (429), from any address, until the window has passed', async () => {
    const secret = newTotpSecret();
    const admin = await staff('Admin', { totpSecret: secret });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const { refused } = await signInThroughProvider(t.app, admin, { ip: `10.20.0.${i}`, code: '000000' });
      expect(refused?.statusCode).toBe(401);
    }
    const locked = await signInThroughProvider(t.app, { ...admin, totpSecret: secret }, { ip: '10.20.1.1' });
    expect(locked.refused?.statusCode).toBe(429);
    expect(locked.refused?.body).toContain(LOGIN_MESSAGES.accountLocked);
    expect(await audited(admin.email)).toEqual([...Array(MAX_FAILURES_PER_ACCOUNT).fill('auth.mfaFailed'), 'auth.signInRefused']);

    await letWindowPass({ email: admin.email });
    expect((await signInThroughProvider(t.app, { ...admin, totpSecret: secret }, { ip: '10.20.1.1' })).tokens).toBeDefined();
  });

  it('does not let a right password reset the count of wrong codes', async () => {
    const admin = await staff('Admin', { totpSecret: newTotpSecret() });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await signInThroughProvider(t.app, admin, { ip: '10.21.0.1', code: '111111' });
    expect((await signInThroughProvider(t.app, admin, { ip: '10.21.0.2', stopAtSecondStep: true })).refused?.statusCode).toBe(429);
  });

  it('locks an address after repeated wrong codes and passwords, on the code page too, until the window has passed', async () => {
    const ip = '10.22.0.1';
    const secret = newTotpSecret();
    const admin = await staff('Admin', { totpSecret: secret });
    const browser = new TestBrowser(t.app, ip);
    // The password step passes before the address is locked: the code page then answers 429 as well.
    const { interactionPath } = await browser.startSignIn();
    await browser.request('POST', `${interactionPath}/login`, { email: admin.email, password: admin.password });

    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const other = await staff('Test', { totpSecret: newTotpSecret() });
      await signInThroughProvider(t.app, i % 2 ? other : { ...other, password: 'not-their-password' }, { ip, code: '222222' });
    }
    const onCodePage = await browser.request('POST', `${interactionPath}/verify`, { code: codeAt(secret) });
    expect(onCodePage.statusCode).toBe(429);
    expect(onCodePage.body).toContain(LOGIN_MESSAGES.addressLocked);
    const elsewhere = await signInThroughProvider(t.app, { ...admin, totpSecret: secret }, { ip: '10.22.0.2' });
    expect(elsewhere.tokens).toBeDefined();

    await letWindowPass({ ip });
    expect((await signInThroughProvider(t.app, { ...admin, totpSecret: secret }, { ip, code: codeAt(secret, 1) })).tokens).toBeDefined();
  });
});

describe('ending access at once', () => {
  it('reset-mfa clears the authenticator app and ends sessions; the next sign-in sets it up again', async () => {
    const secret = newTotpSecret();
    const admin = await staff('Admin', { totpSecret: secret });
    const { tokens } = await signInThroughProvider(t.app, { ...admin, totpSecret: secret });
    await resetMfa(t.database.db, admin.email, office);
    expect(await isEnrolled(t.database.db, admin.user.id)).toBe(false);
    expect(await liveProviderRows(admin.user.id)).toEqual([]);
    expect((await refreshTokens(t.app, tokens!.refresh_token)).statusCode).toBe(400);
    const { enrolment } = await signInThroughProvider(t.app, admin);
    expect(enrolment?.secret).not.toBe(secret);
    expect(await audited(office.email)).toContain('auth.mfaReset');
  });

  it('disable ends sessions and refresh tokens at once; enable lets the user sign in again', async () => {
    const trustee = await staff('Trustee');
    const { tokens } = await signInThroughProvider(t.app, trustee);
    await disableUser(t.database.db, trustee.email, office);
    expect(await liveProviderRows(trustee.user.id)).toEqual([]);
    const refresh = await refreshTokens(t.app, tokens!.refresh_token);
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');

    await enableUser(t.database.db, trustee.email, office);
    expect((await signInThroughProvider(t.app, trustee)).tokens).toBeDefined();
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorEmail, office.email), eq(auditLog.recordId, trustee.user.id)));
    expect(entries.map((e) => e.procedure)).toEqual(['auth.userDisabled', 'auth.userEnabled']);
  });

  it('refuses refresh for a disabled user even if a token escaped being revoked', async () => {
    const finance = await staff('Finance');
    const { tokens } = await signInThroughProvider(t.app, finance);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, finance.user.id));
    expect((await refreshTokens(t.app, tokens!.refresh_token)).statusCode).toBe(400);
  });

  it('remove ends sessions and takes the authenticator app with the account', async () => {
    const admin = await staff('Admin', { totpSecret: newTotpSecret() });
    const { tokens } = await signInThroughProvider(t.app, admin);
    await removeUser(t.database.db, admin.email, office);
    expect(await liveProviderRows(admin.user.id)).toEqual([]);
    expect((await refreshTokens(t.app, tokens!.refresh_token)).statusCode).toBe(400);
    expect(await t.database.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, admin.user.id))).toEqual([]);
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  it('decides which roles must set up an authenticator app', async () => {
    const other = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'Finance' } });
    try {
      await addUser(other.database.db, { email: 'fin@valecare.test', password: 'finance-password-1', givenName: 'F', familyName: 'N', role: 'Finance' });
      await addUser(other.database.db, { email: 'adm@valecare.test', password: 'admin-password-1', givenName: 'A', familyName: 'D', role: 'Admin' });
      const finance = await signInThroughProvider(other.app, { email: 'fin@valecare.test', password: 'finance-password-1' }, { stopAtSecondStep: true });
      expect(finance.refused?.body).toContain('Set up two-step sign-in');
      const admin = await signInThroughProvider(other.app, { email: 'adm@valecare.test', password: 'admin-password-1' });
      expect(admin.tokens).toBeDefined();
      expect(admin.enrolment).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
