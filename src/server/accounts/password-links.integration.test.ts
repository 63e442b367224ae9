import type { StaffRole } from '@/shared/permissions';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema/audit';
import { passwordLinks, passwordResetRequests } from '@/server/db/schema/auth';
import { mailMessages } from '@/server/db/schema/mail';
import { createMailer, deliveriesSettled, deliverQueued } from '@/server/mail/mail';
import { readableContent, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { refreshTokens, signInThroughProvider, TestBrowser } from '@/server/test/sign-in-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '@/server/test/test-app';
import { FORGOT_PASSWORD_PATH } from '@/server/auth/auth-pages';
import { escapeHtmlText } from '@/shared/html';
import { LOGIN_MESSAGES, MAX_FAILURES_PER_ACCOUNT } from './login-attempts';
import { RESET_REQUESTS_PER_EMAIL, RESET_REQUESTS_PER_IP, sendInvitation, sendPasswordReset } from './password-links';
import { PASSWORD_PAGE_MESSAGES } from '@/server/auth/password-pages';
import { PASSWORD_MESSAGES } from './password-policy';
import { addUser, checkPassword, disableUser, enableUser } from './accounts';

let t: TestApp;
let smtp: TestSmtp;
const ADMIN_ACTOR = { email: 'office@valecare.test', role: 'Admin' as const };
const UNUSABLE = 'This link has expired or has already been used';
const SENT = 'If an account uses that address, we have sent it a link';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { CHARITY_NAME: 'Vale Care', SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let people = 0;
/** A new member of staff with a known password. */
async function newStaff(role: StaffRole = 'Coordinator') {
  const credentials = { email: `person${++people}@valecare.test`, password: `old-password-${people}` };
  const { user } = await addUser(t.database.db, { ...credentials, givenName: `Person${people}`, familyName: 'Lee', role });
  return { user, ...credentials };
}

const messagesTo = (email: string) => t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(mailMessages.createdAt);

/** The newest message the address received, as written: its link's token is made only as it is sent. */
async function receivedBy(email: string): Promise<string> {
  await deliverQueued(t.database.db, createMailer({ smtpUrl: smtp.url, smtpTls: 'required', mailFrom: 'office@valecare.test' }));
  const newest = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  if (!newest) throw new Error(`nothing reached ${email}`);
  return readableContent(newest);
}

/** The path of the link in the newest message the address received. */
async function linkSentTo(email: string): Promise<string> {
  const link = new RegExp(`${TEST_PUBLIC_URL}(/auth/password/[A-Za-z0-9_-]+)`).exec(await receivedBy(email))?.[1];
  if (!link) throw new Error(`no link sent to ${email}`);
  return link;
}

const site = () => ({ publicUrl: TEST_PUBLIC_URL, charityName: 'Vale Care', smtpUrl: smtp.url });

function choose(path: string, password: string, confirm = password, browser = new TestBrowser(t.app)) {
  return browser.request('POST', path, { username: 'ignored', password, confirm });
}

/** Asks for a reset link, and waits for it to be made and sent: the answer goes first. */
async function askForLink(email: string, ip = '10.50.0.1') {
  const answer = await new TestBrowser(t.app, ip).request('POST', FORGOT_PASSWORD_PATH, { email });
  await deliveriesSettled();
  return answer;
}

describe('an invitation', () => {
  it('e-mails a one-time link, stored only as its hash, valid 72 hours, naming the charity', async () => {
    const { user } = await newStaff();
    await t.database.db.transaction((tx) => sendInvitation(tx, site(), user, ADMIN_ACTOR));

    const [message] = await messagesTo(user.email);
    expect(message).toMatchObject({ subject: 'Vale Care: your Valecare account', kind: 'invitation' });
    expect(message!.text).toContain('Vale Care has given you an account on Valecare');
    expect(message!.text).toContain('within 72 hours');
    const path = await linkSentTo(user.email);
    expect(await receivedBy(user.email)).toContain(`<a href="${TEST_PUBLIC_URL}${path}">${TEST_PUBLIC_URL}${path}</a>`);
    const token = path.split('/').at(-1)!;
    const [link] = await t.database.db.select().from(passwordLinks).where(eq(passwordLinks.userId, user.id));
    expect(link!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(link)).not.toContain(token);
    const hours = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 2);
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.procedure, 'auth.invitationSent'));
    expect(audited).toMatchObject({ actorEmail: ADMIN_ACTOR.email, recordId: user.id });

    const page = await new TestBrowser(t.app).request('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose your password');
    expect(page.body).toMatch(/<input id="new-password" name="password" type="password" autocomplete="new-password"/);
    expect(page.body).toMatch(/<input id="confirm-password" name="confirm" type="password" autocomplete="new-password"/);
  });

  it('lets an Admin choose a password, then takes them through setting up two-step sign-in at their first sign-in', async () => {
    const { user } = await newStaff('Admin');
    await t.database.db.transaction((tx) => sendInvitation(tx, site(), user, ADMIN_ACTOR));
    const set = await choose(await linkSentTo(user.email), 'my admin passphrase');
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Your password is set');
    // Straight to the sign-in form (the app opens it for "/?sign-in"), not the landing page.
    expect(set.body).toContain(`href="${TEST_PUBLIC_URL}/?sign-in"`);

    const { tokens, enrolment } = await signInThroughProvider(t.app, { email: user.email, password: 'my admin passphrase' });
    expect(enrolment?.recoveryCodes.length).toBeGreaterThan(0);
    expect(tokens?.id_token).toBeTruthy();
  });
});

describe('a reset link', () => {
  it('sets the password once, ends the sessions signed in with the old one, voids other links and is audited', async () => {
    const person = await newStaff();
    const { tokens } = await signInThroughProvider(t.app, person);
    await t.database.db.transaction((tx) => sendInvitation(tx, site(), person.user, ADMIN_ACTOR));
    const invitation = await linkSentTo(person.email);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const reset = await linkSentTo(person.email);
    expect((await messagesTo(person.email)).at(-1)).toMatchObject({ subject: 'Vale Care: reset your Valecare password', kind: 'password-reset' });

    expect((await choose(reset, 'a brand new passphrase')).statusCode).toBe(200);
    expect(await checkPassword(t.database.db, person.email, 'a brand new passphrase')).toBeDefined();
    expect(await checkPassword(t.database.db, person.email, person.password)).toBeUndefined();
    expect((await refreshTokens(t.app, tokens!.refresh_token)).statusCode).toBe(400);

    for (const used of [reset, invitation]) {
      const again = await choose(used, 'yet another passphrase');
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain(UNUSABLE);
    }
    expect(await checkPassword(t.database.db, person.email, 'a brand new passphrase')).toBeDefined();
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.procedure, 'auth.passwordSet'));
    expect(audited.filter((row) => row.recordId === person.user.id)).toMatchObject([{ actorEmail: person.email, changes: { through: 'reset link' } }]);
  });

  it('lifts the lock on an account that had too many failed sign-ins', async () => {
    const person = await newStaff();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await signInThroughProvider(t.app, { email: person.email, password: 'not-my-password' }, { ip: `10.54.0.${i}` });
    }
    const locked = await signInThroughProvider(t.app, person, { ip: '10.54.1.1' });
    expect(locked.refused?.body).toContain(LOGIN_MESSAGES.accountLocked);

    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    expect((await choose(await linkSentTo(person.email), 'unlocked passphrase')).statusCode).toBe(200);
    expect((await signInThroughProvider(t.app, { email: person.email, password: 'unlocked passphrase' }, { ip: '10.54.1.1' })).tokens).toBeDefined();
  });

  it('voids the older link when a newer one of the same kind is sent', async () => {
    const person = await newStaff();
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const older = await linkSentTo(person.email);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    expect((await new TestBrowser(t.app).request('GET', older)).statusCode).toBe(410);
    expect((await new TestBrowser(t.app).request('GET', await linkSentTo(person.email))).statusCode).toBe(200);
  });

  it('once expired shows the clear page and sets nothing', async () => {
    const person = await newStaff();
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const path = await linkSentTo(person.email);
    await t.database.db.update(passwordLinks).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(passwordLinks.userId, person.user.id));

    const page = await new TestBrowser(t.app).request('GET', path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(UNUSABLE);
    expect(page.body).toContain(`href="${FORGOT_PASSWORD_PATH}"`);
    expect((await choose(path, 'an expired passphrase')).statusCode).toBe(410);
    expect(await checkPassword(t.database.db, person.email, person.password)).toBeDefined();
  });

  it('refuses mismatched, short and common passwords with the reason, and stays usable', async () => {
    const person = await newStaff();
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const path = await linkSentTo(person.email);
    const cases = [
      ['a good passphrase', 'a good passphrasf', PASSWORD_PAGE_MESSAGES.mismatch],
      ['elevenchars', 'elevenchars', PASSWORD_MESSAGES.tooShort],
      ['password1234', 'password1234', PASSWORD_MESSAGES.tooCommon],
    ] as const;
    for (const [password, confirm, message] of cases) {
      const refused = await choose(path, password, confirm);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.body).toContain(`role="alert" id="password-error">${message}`);
      expect(refused.body).toContain('aria-invalid="true"');
    }
    expect(await checkPassword(t.database.db, person.email, person.password)).toBeDefined();
    expect((await choose(path, 'a good passphrase')).statusCode).toBe(200);
  });
});

describe('Forgot your password?', () => {
  it('is linked from the sign-in page', async () => {
    const browser = new TestBrowser(t.app);
    const { interactionPath } = await browser.startSignIn();
    const login = await browser.request('GET', interactionPath);
    expect(login.body).toContain(`<a href="${FORGOT_PASSWORD_PATH}">Forgot your password?</a>`);
    expect((await browser.request('GET', FORGOT_PASSWORD_PATH)).body).toContain('<label for="email">E-mail address</label>');
  });

  it('gives the same answer for an unknown address and a disabled account, and sends them nothing', async () => {
    const known = await newStaff();
    const disabled = await newStaff();
    await disableUser(t.database.db, disabled.email, ADMIN_ACTOR);
    const answers = await Promise.all([known.email, 'nobody@valecare.test', disabled.email].map((email) => askForLink(email, '10.51.0.1')));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(SENT);
    }
    expect(answers[1]!.body).toBe(answers[0]!.body);
    expect(await messagesTo(known.email)).toHaveLength(1);
    expect(await messagesTo('nobody@valecare.test')).toEqual([]);
    expect(await messagesTo(disabled.email)).toEqual([]);
  });

  it('a link to a disabled account sets nothing', async () => {
    const person = await newStaff();
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const reset = await linkSentTo(person.email);
    await disableUser(t.database.db, person.email, ADMIN_ACTOR);
    expect((await choose(reset, 'a disabled passphrase')).statusCode).toBe(410);
    expect((await signInThroughProvider(t.app, { email: person.email, password: 'a disabled passphrase' })).refused?.body).toContain(
      LOGIN_MESSAGES.wrongCredentials,
    );
  });

  it('a link sent before a disable stays void once the account is enabled again', async () => {
    const person = await newStaff();
    await t.database.db.transaction((tx) => sendInvitation(tx, site(), person.user, ADMIN_ACTOR));
    const invitation = await linkSentTo(person.email);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const reset = await linkSentTo(person.email);
    await disableUser(t.database.db, person.email, ADMIN_ACTOR);
    await enableUser(t.database.db, person.email, ADMIN_ACTOR);
    for (const link of [invitation, reset]) expect((await choose(link, 'a passphrase from before')).statusCode).toBe(410);
    expect(await checkPassword(t.database.db, person.email, person.password)).toBeDefined();
  });

  it('refuses the person’s own e-mail address or name as the new password, and the link still works', async () => {
    const person = await newStaff();
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person.user));
    const reset = await linkSentTo(person.email);
    const refused = await choose(reset, person.email);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(escapeHtmlText(PASSWORD_MESSAGES.ownIdentity));
    expect((await choose(reset, 'a passphrase of their own')).statusCode).toBe(200);
  });

  it(`is limited to ${RESET_REQUESTS_PER_EMAIL} requests an hour per address and ${RESET_REQUESTS_PER_IP} per client, known account or not`, async () => {
    for (const email of [(await newStaff()).email, 'unknown@valecare.test']) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) expect((await askForLink(email, `10.52.0.${i}`)).statusCode).toBe(200);
      const limited = await askForLink(email, '10.52.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.body).toContain(PASSWORD_PAGE_MESSAGES.tooManyForEmail);
    }

    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++) expect((await askForLink(`spray${i}@valecare.test`, '10.53.0.1')).statusCode).toBe(200);
    const limited = await askForLink('spray-more@valecare.test', '10.53.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(PASSWORD_PAGE_MESSAGES.tooManyFromNetwork);

    // An hour later the address may ask again.
    await t.database.db.update(passwordResetRequests).set({ at: sql`${passwordResetRequests.at} - interval '61 minutes'` });
    expect((await askForLink('spray-more@valecare.test', '10.53.0.1')).statusCode).toBe(200);
  });

  it('answers a field that is not an e-mail address with how to fill it in', async () => {
    const answer = await askForLink('not an address');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(PASSWORD_PAGE_MESSAGES.notAnEmail);
  });
});
