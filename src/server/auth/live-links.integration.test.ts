/**
 * An invitation or reset link opens an account: it stays with the person it is for. Not in a log line, not in the
 * outbox or a sent message once it has gone, not in a backup; with no mail server, with the Admin who issued it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '@/server/db/backup';
import { passwordLinks } from '@/server/db/schema/auth';
import { mailMessages } from '@/server/db/schema/mail';
import { createLogger } from '@/server/log';
import { createMailer, deliveriesSettled, deliverQueued } from '@/server/mail/mail';
import { callOverHttp } from '@/server/test/procedure-calls';
import { TestBrowser } from '@/server/test/sign-in-flow';
import { readableContent, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '@/server/test/test-app';
import { FORGOT_PASSWORD_PATH, NO_MAIL_SERVER_ANSWER } from './auth-pages';
import { sendPasswordReset } from '@/server/features/account/password-links';
import { addUser } from '@/server/features/account/accounts';

const LINK = /\/auth\/password\/([A-Za-z0-9_-]{20,})/;
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
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const site = () => ({ publicUrl: TEST_PUBLIC_URL, charityName: 'Vale Care', smtpUrl: smtp.url });

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
    expect(await deliverQueued(t.database.db, createMailer({ smtpUrl: smtp.url, smtpTls: 'required', mailFrom: 'office@valecare.test' }))).toMatchObject({ sent: 1 });
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

  it('writes a message still waiting to be sent into a backup without its link', async () => {
    const person = await newPerson(t);
    await t.database.db.transaction((tx) => sendPasswordReset(tx, site(), person));
    const [waiting] = await storedFor(t, person.email);
    const token = LINK.exec(waiting!.text)![1]!;
    const file = path.join(dir, `waiting-${people}.vcbak`);
    await backupDatabase(t.database.db, file);
    const backup = gunzipSync(readFileSync(file)).toString();
    expect(backup).toContain(person.email);
    expect(backup).not.toContain(token);
  });
});
