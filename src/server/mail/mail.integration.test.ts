import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { mailMessages } from '@/server/db/schema/mail';
import { networkAddress, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { createTestDatabase, type TestDatabase } from '@/server/test/test-database';
import { createMailer, deliverQueued, listMessages, type Mailer, MAX_MAIL_ATTEMPTS, NO_ENCRYPTION_ERROR, queueMessage, resendMessage } from './mail';

let database: TestDatabase;
let db: Database;
let smtp: TestSmtp;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  smtp = await startTestSmtp();
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await db.delete(mailMessages);
  smtp.received.length = 0;
  smtp.signIns.length = 0;
  smtp.refuse = false;
});

const message = (to: string) => ({
  to,
  subject: 'Renewals due',
  text: 'Ann Carer: DBS 2026-12-01',
  html: '<p>Ann Carer: DBS 2026-12-01</p>',
  kind: 'digest',
});
const mailer = () => createMailer({ smtpUrl: smtp.url, smtpTls: 'required', mailFrom: 'Vale Care <office@valecare.test>' });
const stored = async (id: string) => (await db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;
/** Makes a message waiting out its backoff due now, as time passing would. */
const makeDue = (id: string) => db.update(mailMessages).set({ nextAttemptAt: sql`now()` }).where(eq(mailMessages.id, id));

describe('outgoing mail', () => {
  it('sends a queued message once, as plain text and HTML from MAIL_FROM', async () => {
    const { id } = await queueMessage(db, message('office@example.test'));
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 1, failed: 0 });
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['office@example.test']);
    expect(smtp.received[0]!.from).toBe('office@valecare.test');
    expect(smtp.received[0]!.raw).toMatch(/text\/plain[\s\S]*Ann Carer: DBS[\s\S]*text\/html[\s\S]*<p>Ann Carer/);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await stored(id)).sentAt).toBeInstanceOf(Date);
  });

  it('keeps a refused message queued with its error, retries after the backoff and delivers it exactly once', async () => {
    const { id } = await queueMessage(db, message('office@example.test'));
    smtp.refuse = true;
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 0, failed: 1 });
    const refused = await stored(id);
    expect(refused).toMatchObject({ status: 'queued', attempts: 1 });
    expect(refused.lastError).toMatch(/550/);
    expect(refused.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    smtp.refuse = false;
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 0, failed: 0 });
    await makeDue(id);
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 1, failed: 0 });
    await makeDue(id);
    await deliverQueued(db, mailer());
    expect(smtp.received).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('keeps a message queued while the SMTP server is down', async () => {
    const { id } = await queueMessage(db, message('office@example.test'));
    expect(await deliverQueued(db, createMailer({ smtpUrl: 'smtp://127.0.0.1:1', smtpTls: 'required', mailFrom: 'office@valecare.test' }))).toEqual({ sent: 0, failed: 1 });
    expect(await stored(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/) });
  });

  it('marks a message failed after the last attempt, and sends it when resent', async () => {
    const { id } = await queueMessage(db, message('office@example.test'));
    await db.update(mailMessages).set({ attempts: MAX_MAIL_ATTEMPTS - 1 }).where(eq(mailMessages.id, id));
    smtp.refuse = true;
    await deliverQueued(db, mailer());
    expect(await stored(id)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });

    smtp.refuse = false;
    expect(await resendMessage(db, id)).toBe(true);
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 1, failed: 0 });
    expect(await stored(id)).toMatchObject({ status: 'sent', lastError: null });
    expect(await resendMessage(db, 'e-nothing')).toBe(false);
  });

  it('with no SMTP_URL puts messages in the outbox unsent', async () => {
    expect(createMailer({ smtpUrl: undefined, smtpTls: 'required', mailFrom: 'office@valecare.test' })).toBeNull();
    const { id } = await queueMessage(db, message('office@example.test'));
    await deliverQueued(db, null);
    expect(await stored(id)).toMatchObject({ status: 'outbox', attempts: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends nothing queued in a transaction that rolls back', async () => {
    await db
      .transaction(async (tx) => {
        await queueMessage(tx, message('office@example.test'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await deliverQueued(db, mailer())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('never sends a message twice when two deliveries run at once (on PostgreSQL, as two servers)', async () => {
    const second = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : undefined;
    try {
      for (let i = 0; i < 30; i++) await queueMessage(db, message(`person${i}@example.test`));
      const [a, b] = await Promise.all([deliverQueued(db, mailer()), deliverQueued(second?.db ?? db, mailer())]);
      expect(a.sent + b.sent).toBe(30);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `person${i}@example.test`).sort());
    } finally {
      await second?.close();
    }
  });

  it('lists messages newest first, a page at a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = await queueMessage(db, message(`person${i}@example.test`));
      await db.update(mailMessages).set({ createdAt: sql`now() - make_interval(mins => ${10 - i})` }).where(eq(mailMessages.id, id));
      ids.push(id);
    }
    const first = await listMessages(db, { limit: 3 });
    expect(first.messages.map((m) => m.id)).toEqual([ids[4], ids[3], ids[2]]);
    const second = await listMessages(db, { limit: 3, cursor: first.nextCursor! });
    expect(second.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('mail across a network', () => {
  let remote: TestSmtp;
  beforeAll(async () => {
    remote = await startTestSmtp({ host: networkAddress() });
  });
  afterAll(() => remote.close());
  beforeEach(() => {
    remote.received.length = 0;
    remote.signIns.length = 0;
  });
  const withPassword = () => remote.url.replace('smtp://', 'smtp://office:mail-password@');
  const remoteMailer = (smtpUrl: string, smtpTls: 'required' | 'opportunistic') => createMailer({ smtpUrl, smtpTls, mailFrom: 'office@valecare.test' });

  it('is never sent in clear to a server that offers no encryption: the message stays queued with why, and no password is sent', async () => {
    const { id } = await queueMessage(db, message('office@example.test'));
    for (const url of [remote.url, withPassword(), `${withPassword()}?requireTLS=false&ignoreTLS=true`]) {
      await makeDue(id);
      expect(await deliverQueued(db, remoteMailer(url, 'required'))).toEqual({ sent: 0, failed: 1 });
      expect(await stored(id)).toMatchObject({ status: 'queued', lastError: NO_ENCRYPTION_ERROR });
    }
    expect(remote.received).toHaveLength(0);
    expect(remote.signIns).toEqual([]);
  });

  it('with SMTP_TLS=opportunistic is sent in clear only without a password', async () => {
    const { id } = await queueMessage(db, message('office@example.test'));
    expect(await deliverQueued(db, remoteMailer(withPassword(), 'opportunistic'))).toEqual({ sent: 0, failed: 1 });
    expect(await stored(id)).toMatchObject({ status: 'queued', lastError: NO_ENCRYPTION_ERROR });
    expect(remote.signIns).toEqual([]);
    await makeDue(id);
    expect(await deliverQueued(db, remoteMailer(remote.url, 'opportunistic'))).toEqual({ sent: 1, failed: 0 });
    expect(remote.received).toHaveLength(1);
  });

  it('to a server on this machine goes as it is offered, password and all (it crosses no network)', async () => {
    await queueMessage(db, message('office@example.test'));
    expect(await deliverQueued(db, remoteMailer(smtp.url.replace('smtp://', 'smtp://office:mail-password@'), 'required'))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.signIns).toEqual(['office']);
  });
});

describe('a delivery that takes a while', () => {
  it('does not send a message whose claim ran out and was taken by another delivery meanwhile', async () => {
    const queued = [await queueMessage(db, message('first@example.test')), await queueMessage(db, message('second@example.test'))];
    let other: string | undefined;
    // While the first message is sent, the other's claim runs out and another server claims it (one more attempt).
    const slow: Mailer = {
      send: async (sent) => {
        if (!other) {
          other = (sent.to === 'first@example.test' ? queued[1] : queued[0])!.id;
          await db.update(mailMessages).set({ attempts: sql`${mailMessages.attempts} + 1`, nextAttemptAt: sql`now() + interval '2 minutes'` }).where(eq(mailMessages.id, other));
        }
        await mailer()!.send(sent);
      },
    };
    expect(await deliverQueued(db, slow)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await stored(other!)).toMatchObject({ status: 'queued', attempts: 2 });
  });
});
