import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';
import { jobRuns, jobs } from '@/server/db/schema/jobs';
import { mailMessages } from '@/server/db/schema/mail';
import { createJobRunner } from '@/server/jobs/job-runner';
import { listRuns, runJobNow } from '@/server/jobs/jobs';
import { createMailer, deliverQueued } from '@/server/mail/mail';
import { readableContent, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { createTestApp, type TestApp, testEnv } from '@/server/test/test-app';
import { remindersJob } from './reminders.job';
import { addExpiringCarers, addStaff, DIGEST_RECIPIENTS, EXPECTED_DIGEST_LINES, inDays } from './reminders-test-data';
import { REMINDERS_JOB } from './reminder-runs';

let t: TestApp;
let smtp: TestSmtp;
const env = testEnv({ CHARITY_NAME: 'Vale Care' });

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  await addStaff(t.database.db);
  await addExpiringCarers(t.database.db);
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(mailMessages);
  await t.database.db.delete(jobRuns);
  smtp.received.length = 0;
});

const digests = () => t.database.db.select().from(mailMessages).where(eq(mailMessages.kind, 'digest')).orderBy(mailMessages.to);

describe('the expiry digest, delivered', () => {
  it('arrives through SMTP at the staff of the chosen roles, with the due lines and not the 200-day one', async () => {
    await runJobNow(t.database.db, REMINDERS_JOB, { env });
    expect(await deliverQueued(t.database.db, createMailer({ smtpUrl: smtp.url, smtpTls: 'required', mailFrom: env.mailFrom }))).toEqual({ sent: 2, failed: 0 });

    expect(smtp.received.map((m) => m.to).sort()).toEqual(DIGEST_RECIPIENTS.map((to) => [to]));
    for (const received of smtp.received) {
      const content = readableContent(received);
      expect(content).toContain('Subject: Vale Care: 4 expiries to renew');
      for (const line of EXPECTED_DIGEST_LINES) expect(content).toContain(line);
      expect(content).not.toContain(inDays(200));
      expect(content).not.toContain('Cat Archived');
    }
    expect((await digests()).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('with no SMTP_URL lands in the outbox, listed for an Admin', async () => {
    await runJobNow(t.database.db, REMINDERS_JOB, { env });
    await deliverQueued(t.database.db, createMailer({ smtpUrl: undefined, smtpTls: 'required', mailFrom: env.mailFrom }));

    expect(smtp.received).toEqual([]);
    const { messages } = await t.caller('Admin').reminders.listMessages({ limit: 50 });
    expect(messages.map((m) => [m.to, m.kind, m.status]).sort()).toEqual(DIGEST_RECIPIENTS.map((to) => [to, 'digest', 'outbox']));
    for (const line of EXPECTED_DIGEST_LINES) expect(messages[0]!.text).toContain(line);
  });

  it.skipIf(process.env.VALECARE_TEST_DB !== 'postgres')(
    'is sent once when two servers on one PostgreSQL database find the weekly job due (PGlite is one process: there is no second server)',
    async () => {
      const second = await openDatabase({ kind: 'postgres', url: t.database.url! });
      try {
        const runners = [t.database.db, second.db].map((db) => createJobRunner({ db, env, jobs: [remindersJob] }));
        await runners[0]!.syncSchedules();
        await t.database.db.update(jobs).set({ nextRunAt: sql`now()` }).where(eq(jobs.name, REMINDERS_JOB));

        const ticks = [...(await Promise.all(runners.map((r) => r.tick()))), ...(await Promise.all(runners.map((r) => r.tick())))];

        expect(ticks.filter(Boolean)).toHaveLength(1);
        expect((await listRuns(t.database.db, REMINDERS_JOB, 10)).map((r) => [r.trigger, r.status])).toEqual([['schedule', 'succeeded']]);
        expect((await digests()).map((m) => m.to)).toEqual(DIGEST_RECIPIENTS);
      } finally {
        await second.close();
      }
    },
  );
});

describe('resending a message from the Reminders screen', () => {
  it('puts a failed message back in the queue, audited, and the next delivery sends it once', async () => {
    await runJobNow(t.database.db, REMINDERS_JOB, { env });
    const [failed] = await digests();
    await t.database.db.update(mailMessages).set({ status: 'failed', attempts: 8, lastError: 'Mailbox full' }).where(eq(mailMessages.id, failed!.id));
    await t.database.db.update(mailMessages).set({ status: 'sent' }).where(sql`${mailMessages.id} <> ${failed!.id}`);

    expect(await t.caller('Admin').reminders.resendMessage({ id: failed!.id })).toEqual({ id: failed!.id, mailSetUp: false });

    const [queued] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, failed!.id));
    expect([queued!.status, queued!.attempts, queued!.lastError]).toEqual(['queued', 0, null]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.procedure, 'reminders.resendMessage'));
    expect(audit.map((a) => a.recordId)).toContain(failed!.id);
    const mailer = createMailer({ smtpUrl: smtp.url, smtpTls: 'required', mailFrom: env.mailFrom });
    expect(await deliverQueued(t.database.db, mailer)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverQueued(t.database.db, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([[failed!.to]]);
  });

  it('refuses an unknown message with a clear message', async () => {
    await expect(t.caller('Admin').reminders.resendMessage({ id: 'e-unknown' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
  });
});
