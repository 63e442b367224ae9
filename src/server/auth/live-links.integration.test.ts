/**
 * An invitation or reset link opens an account: it stays with the person it is for. Its token is made only as its
 * message is sent, so it is in no log line, no stored row (the queue, the outbox, a sent message's copy) and no
 * backup; with no mail server, it is with the Admin who issued it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '@/server/backup';
import { passwordLinks } from '@/server/db/schema/auth';
import { mailMessages } from '@/server/db/schema/mail';
import { createLogger } from '@/server/log';
import { createMailer, deliveriesSettled, deliverQueued } from '@/server/mail/mail';
import { LINK_VOIDED_ERROR } from '@/server/mail/link-tokens';
import { callOverHttp, tablesMatching } from '@/server/test/procedure-calls';
import { TestBrowser } from '@/server/test/sign-in-flow';
import { readableContent, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '@/server/test/test-app';
import { FORGOT_PASSWORD_PATH, NO_MAIL_SERVER_ANSWER } from './auth-pages';
import { sendPasswordReset } from '@/server/accounts/password-links';
import { addUser } from '@/server/accounts/accounts';

const LINK = /\/auth\/password\/([A-Za-z0-9_-]{20,})/;
/** The same, as a regular expression the database reads. */
const LINK_IN_SQL = '/auth/password/[A-Za-z0-9_-]{20,}';
const dir = mkdtempSync(path.join(tmpdir(), 'valecare-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let people = 0;
const newPerson = async (t: TestApp) => (await addUser(t.database.db, { email: `linked${++people}@valecare.test`, givenName: 'Lin', familyName: `Ked${people}`, role: 'Coordinator' })).user;
const storedFor = (t: TestApp, email: string) => t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email));

describe('with no mail server', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(() => t.close());

  it('gives the inviting Admin the link once to pass on, stores no message holding it, and the link works', async () => {
    const token = await t.idToken('Admin');
    const invited = await callOverHttp(t.app, { path: 'staff.invite', type: 'mutation' }, { email: 'pat.new@valecare.test', givenName: 'Pat', familyName: 'New', role: 'Coordinator' }, token);
    const { linkToPassOn } = invited.json().result.data as { id: string; linkToPassOn: string };
    expect(linkToPassOn).toMatch(new RegExp(`^${TEST_PUBLIC_URL}${LINK.source}$`));
    expect(await storedFor(t, 'pat.new@valecare.test')).toEqual([]);
    expect((await new TestBrowser(t.app).request('GET', new URL(linkToPassOn).pathname)).statusCode).toBe(200);

    // A reset link issued from the Staff screen, the same way; the list of staff never shows it again.
    const { id } = invited.json().result.data as { id: string };
    const reset = await callOverHttp(t.app, { path: 'staff.sendPasswordReset', type: 'mutation' }, { id }, token);
    expect((reset.json().result.data as { linkToPassOn: string }).linkToPassOn).toMatch(LINK);
    expect(await storedFor(t, 'pat.new@valecare.test')).toEqual([]);
    expect((await callOverHttp(t.app, { path: 'staff.list', type: 'query' }, undefined, token)).body).not.toMatch(LINK);
    // Nor did the page the link opened leave its token in the log.
    expect(lines.join('\n')).not.toContain(new URL(linkToPassOn).pathname);
    expect(lines.join('\n')).toContain('/auth/password/[Redacted]');
  });

  it('answers “Forgot your password?” by sending the person to an Admin, and issues no link', async () => {
    const person = await newPerson(t);
    const browser = new TestBrowser(t.app);
    expect((await browser.request('GET', FORGOT_PASSWORD_PATH)).body).toContain(NO_MAIL_SERVER_ANSWER);
    const asked = await browser.request('POST', FORGOT_PASSWORD_PATH, { email: person.email });
    expect(asked.body).toContain(NO_MAIL_SERVER_ANSWER);
    expect(await t.database.db.select().from(passwordLinks).where(eq(passwordLinks.userId, person.id))).toEqual([]);
  });
});

describe('with a mail server', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
  });
  afterEach(() => {
    smtp.refuse = false;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const site = () => ({ publicUrl: TEST_PUBLIC_URL, charityName: 'Vale Care', smtpUrl: smtp.url });
  const mailer = () => createMailer({ smtpUrl: smtp.url, smtpTls: 'required', mailFrom: 'office@valecare.test' });
  /** The path of the link in the newest message the address received. */
  const linkReceivedBy = (email: string) => {
    const newest = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    const path = newest && LINK.exec(readableContent(newest))?.[0];
    if (!path) throw new Error(`no link reached ${email}`);
    return path;
  };
  const statusOf = async (path: string) => (await new TestBrowser(t.app).request('GET', path)).statusCode;
  /** Makes a message waiting out its backoff due now, as time passing would. */
  const dueNow = (id: string) => t.database.db.update(mailMessages).set({ nextAttemptAt: sql`now()` }).where(eq(mailMessages.id, id));

  it('answers “Forgot your password?” for an address with an account before making its link, as it answers one without', async () => {
    const person = await newPerson(t);
    const linksOf = () => t.database.db.select().from(passwordLinks).where(eq(passwordLinks.userId, person.id));
    const asked = await new TestBrowser(t.app).request('POST', FORGOT_PASSWORD_PATH, { email: person.email });
    const atAnswer = await linksOf();
    await deliveriesSettled();
    expect(asked.statusCode).toBe(200);
    expect(atAnswer).toEqual([]);
    expect(await linksOf()).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes(person.email))).toBe(true);
  });

  it('keeps a sent message without its link: the person received it, and the stored copy shows it redacted', async () => {
    const person = await newPerson(t);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person));
    expect(await deliverQueued(t.database.db, mailer())).toMatchObject({ sent: 1 });
    const received = smtp.received.find((m) => m.to.includes(person.email))!;
    expect(readableContent(received)).toMatch(LINK);
    const [stored] = await storedFor(t, person.email);
    expect(stored).toMatchObject({ status: 'sent' });
    for (const part of [stored!.text, stored!.html]) {
      expect(part).not.toMatch(LINK);
      expect(part).toContain('/auth/password/[Redacted]');
    }
  });

  it('moves a message waiting for a mail server that has gone to the outbox without its link', async () => {
    const person = await newPerson(t);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person));
    await deliverQueued(t.database.db, null);
    const [stored] = await storedFor(t, person.email);
    expect(stored).toMatchObject({ status: 'outbox' });
    expect(stored!.text).not.toMatch(LINK);
  });

  it('writes no link that works into a backup, while its message waits or once it is sent', async () => {
    const person = await newPerson(t);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person));
    const backup = async (when: string) => {
      const file = path.join(dir, `${when}-${people}.vcbak`);
      await backupDatabase(t.database.db, file);
      return gunzipSync(readFileSync(file)).toString();
    };
    const whileWaiting = await backup('waiting');
    expect(whileWaiting).toContain(person.email);
    expect(whileWaiting).not.toMatch(LINK);
    await deliverQueued(t.database.db, mailer());
    const token = LINK.exec(linkReceivedBy(person.email))![1]!;
    expect(await backup('sent')).not.toContain(token);
  });

  it('keeps an invitation a refusing mail server left waiting without a link that works, listed, logged or stored; it is made as the message goes, anew each time', async () => {
    const admin = await t.idToken('Admin');
    const email = 'wyn.waiting@valecare.test';
    smtp.refuse = true;
    const invited = await callOverHttp(t.app, { path: 'staff.invite', type: 'mutation' }, { email, givenName: 'Wyn', familyName: 'Waiting', role: 'Coordinator' }, admin);
    expect(invited.json().result.data).toMatchObject({ linkToPassOn: null });
    await deliveriesSettled();
    const [waiting] = await storedFor(t, email);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/550/) });
    const listed = await callOverHttp(t.app, { path: 'reminders.listMessages', type: 'query' }, { limit: 50 }, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('/auth/password/[Redacted]');
    expect(listed.body).not.toMatch(LINK);
    expect(await tablesMatching(t.database.db, LINK_IN_SQL)).toEqual([]);

    // Tried again once the server takes mail: the link arrives, works, and counts its 72 hours from now.
    smtp.refuse = false;
    await dueNow(waiting!.id);
    expect(await deliverQueued(t.database.db, mailer())).toEqual({ sent: 1, failed: 0 });
    const first = linkReceivedBy(email);
    expect(await statusOf(first)).toBe(200);
    const [link] = await t.database.db.select().from(passwordLinks).where(eq(passwordLinks.messageId, waiting!.id));
    expect(link!.createdAt.getTime()).toBeGreaterThan(waiting!.createdAt.getTime());
    expect((link!.expiresAt.getTime() - link!.createdAt.getTime()) / 3_600_000).toBeCloseTo(72, 2);
    expect(await storedFor(t, email)).toMatchObject([{ status: 'sent', text: expect.stringContaining('/auth/password/[Redacted]') }]);
    expect(await tablesMatching(t.database.db, LINK_IN_SQL)).toEqual([]);

    // Sent again from the Reminders screen: a new link, and the one before opens nothing.
    expect((await callOverHttp(t.app, { path: 'reminders.resendMessage', type: 'mutation' }, { id: waiting!.id }, admin)).statusCode).toBe(200);
    expect(await deliverQueued(t.database.db, mailer())).toEqual({ sent: 1, failed: 0 });
    const second = linkReceivedBy(email);
    expect(second).not.toBe(first);
    expect(await statusOf(first)).toBe(410);
    expect(await statusOf(second)).toBe(200);
    expect(await tablesMatching(t.database.db, LINK_IN_SQL)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(LINK);
  });

  it('sends only the newer of two reset links that waited: the older, voided by it, is not sent and says why', async () => {
    const person = await newPerson(t);
    smtp.refuse = true;
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person));
    const [older] = await storedFor(t, person.email);
    await deliverQueued(t.database.db, mailer());
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person));
    smtp.refuse = false;
    await dueNow(older!.id);
    await deliverQueued(t.database.db, mailer());

    const stored = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, person.email)).orderBy(mailMessages.createdAt);
    expect(stored.map((m) => [m.status, m.lastError])).toEqual([
      ['failed', LINK_VOIDED_ERROR],
      ['sent', null],
    ]);
    expect(smtp.received.filter((m) => m.to.includes(person.email))).toHaveLength(1);
    expect(await statusOf(linkReceivedBy(person.email))).toBe(200);
  });
});
