import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { longDate } from '@/shared/compliance';
import { formatDate } from '@/shared/dates';
import { DEFAULT_REMINDER_SETTINGS } from '@/shared/schemas/reminders';
import { auditLog } from '@/server/db/schema/audit';
import { jobs } from '@/server/db/schema/jobs';
import { mailMessages } from '@/server/db/schema/mail';
import { carers } from '@/server/db/schema/people';
import { createJobRunner } from '@/server/jobs/job-runner';
import { deliveriesSettled } from '@/server/mail/mail';
import { runJobNow } from '@/server/jobs/jobs';
import { newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { testEnv } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';
import {
  addCarer,
  addExpiringCarers,
  addStaff,
  addTraining,
  DIGEST_RECIPIENTS,
  EXPECTED_DIGEST_LINES,
  inDays,
  mailSettings,
} from './reminders-test-data';
import { carerRemindersJob } from './reminders.job';
import { CARER_REMINDERS_JOB, type ReminderRunResult, REMINDERS_JOB, sendCarerReminderRun, sendDigestRun } from './reminder-runs';

const { t } = testAppForFile();
const messages = (kind: string) => t.database.db.select().from(mailMessages).where(eq(mailMessages.kind, kind)).orderBy(mailMessages.to);

beforeAll(async () => {
  await addStaff(t.database.db);
});

describe('the expiry digest', () => {
  it('is not sent when nothing is due', async () => {
    const far = await addCarer(t.database.db, { name: 'Far Off', dbs: inDays(200) });
    expect(await sendDigestRun(t.database.db, mailSettings)).toEqual({ sent: 0, recipients: [], skipped: [], messageIds: [] });
    expect(await messages('digest')).toEqual([]);
    await t.database.db.delete(carers).where(eq(carers.id, far));
  });

  it('goes to the chosen roles, leaving out disabled accounts, with the right lines grouped by carer', async () => {
    await addExpiringCarers(t.database.db);

    const result = await sendDigestRun(t.database.db, mailSettings);

    expect(result).toMatchObject({ sent: 2, recipients: DIGEST_RECIPIENTS, skipped: [] });
    expect(result.messageIds).toHaveLength(2);
    const sent = await messages('digest');
    expect(sent.map((m) => [m.to, m.status])).toEqual([
      ['admin.one@valecare.test', 'queued'],
      ['coordinator@valecare.test', 'queued'],
    ]);
    const { text, html, subject } = sent[0]!;
    expect(subject).toBe('Vale Care: 4 expiries to renew');
    for (const line of EXPECTED_DIGEST_LINES) expect(text).toContain(line);
    expect(text).not.toContain(formatDate(inDays(200)));
    expect(text).not.toContain('Cat Archived');
    expect(html).toContain('<h2>Bob Soon</h2>');
  });

  it('lists first the carers not compliant on care not yet ended, naming whose care', async () => {
    const admin = t.caller('Admin');
    const client = await admin.clients.create(newClient({ name: 'Ivy Brown' }));
    const request = await admin.requests.create(newRequest(client.id, { startDate: inDays(-30) }));
    const lapsed = await addCarer(t.database.db, { name: 'Lou Lapsed', dbs: inDays(-1), publicLiability: inDays(300) });
    await admin.packages.create({ ...newPackage(lapsed, request.id, { startDate: inDays(-7) }), override: { reason: 'Re-check booked for Friday, agreed with the family' } });

    await sendDigestRun(t.database.db, mailSettings);
    const [digest] = (await messages('digest')).filter((m) => m.subject.includes('not compliant'));
    expect(digest!.subject).toBe('Vale Care: 1 carer not compliant on live care, 5 expiries to renew');
    const line = `Lou Lapsed (MP): DBS re-check was due on ${longDate(inDays(-1))}. Gives care to Ivy Brown.`;
    expect(digest!.text).toContain(line);
    expect(digest!.text.indexOf(line)).toBeLessThan(digest!.text.indexOf('Ann Expired'));
  });
});

describe('carer reminders', () => {
  it('are off by default', async () => {
    expect(DEFAULT_REMINDER_SETTINGS.carerReminders).toBe(false);
    expect(await messages('carer-reminder')).toEqual([]);
  });

  it('go to the carer once per item and threshold, even when the job runs twice, and skip bad addresses, never with the digest', async () => {
    const admin = t.caller('Admin');
    await admin.reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, carerReminders: true });
    const dee = await addCarer(t.database.db, { name: 'Dee Carer', email: 'dee@carer.example', dbs: inDays(6) });
    await addTraining(t.database.db, dee, 'GDPR', inDays(25));
    await addCarer(t.database.db, { name: 'Eve Noaddress', dbs: inDays(20) });
    await addCarer(t.database.db, { name: 'Fay Typo', email: 'fay@', dbs: inDays(20) });

    await sendDigestRun(t.database.db, mailSettings);
    expect(await messages('carer-reminder')).toEqual([]);

    const first = await sendCarerReminderRun(t.database.db, mailSettings);
    const second = await sendCarerReminderRun(t.database.db, mailSettings);

    const reminders = await messages('carer-reminder');
    expect(reminders.filter((m) => m.to === 'dee@carer.example').map((m) => m.subject).sort()).toEqual([
      'Vale Care: your DBS expires in 6 days',
      'Vale Care: your Training: GDPR expires in 25 days',
    ]);
    expect(first.recipients).toContain('dee@carer.example');
    expect(second.recipients).not.toContain('dee@carer.example');
    expect(second.skipped.map((s) => [s.carerName, s.reason])).toEqual(
      expect.arrayContaining([
        ['Eve Noaddress', 'No e-mail on record'],
        ['Fay Typo', 'E-mail address is not valid'],
      ]),
    );
  });

  it('go out every day at 08:00 through their own job, without a digest, and only when turned on', async () => {
    await createJobRunner({ db: t.database.db, env: testEnv(), jobs: [carerRemindersJob] }).syncSchedules();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, CARER_REMINDERS_JOB));
    expect(job!.cron).toBe('0 8 * * *');
    expect(job!.nextRunAt.toLocaleTimeString('en-GB', { timeZone: job!.timeZone })).toBe('08:00:00');

    await addCarer(t.database.db, { name: 'Gil Weekly', email: 'gil@carer.example', publicLiability: inDays(7) });
    const digestsBefore = (await messages('digest')).length;
    const daily = () => runJobNow<ReminderRunResult>(t.database.db, CARER_REMINDERS_JOB, { env: testEnv() });

    expect((await daily()).recipients).toEqual(['gil@carer.example']);
    expect((await daily()).recipients).toEqual([]);
    expect((await messages('carer-reminder')).filter((m) => m.to === 'gil@carer.example')).toHaveLength(1);
    expect(await messages('digest')).toHaveLength(digestsBefore);

    await t.caller('Admin').reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, carerReminders: false });
    await addCarer(t.database.db, { name: 'Hal Off', email: 'hal@carer.example', dbs: inDays(7) });
    expect(await daily()).toMatchObject({ sent: 0, recipients: [], skipped: [] });
  });
});

describe('the reminders procedures', () => {
  it('refuse invalid settings with a clear message and audit a change', async () => {
    const admin = t.caller('Admin');
    await expect(admin.reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, windows: [30, 0] })).rejects.toThrow(
      'Each window must be more than 0 days',
    );
    await expect(admin.reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, time: '25:00' })).rejects.toThrow('Time must be HH:MM');
    await expect(
      admin.reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, roles: ['Janitor'] as never }),
    ).rejects.toThrow('Unknown role');

    const saved = await admin.reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, day: 'Wednesday', time: '09:15', windows: [90, 14] });
    expect(saved).toMatchObject({ day: 'Wednesday', time: '09:15', windows: [14, 90] });
    expect(await admin.reminders.getSettings()).toMatchObject({ day: 'Wednesday', time: '09:15', windows: [14, 90] });
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.procedure, 'reminders.updateSettings'));
    expect(audited.at(-1)!.changes).toMatchObject({ day: { from: 'Monday', to: 'Wednesday' } });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, REMINDERS_JOB));
    expect(job!.cron).toBe('15 9 * * 3');
  });

  it('send the digest now, answering whom it wrote to, recorded as a run, audited and listed', async () => {
    const admin = t.caller('Admin');
    const result = await admin.reminders.sendDigestNow();
    expect(result.recipients).toEqual(expect.arrayContaining(['admin.one@valecare.test', 'coordinator@valecare.test']));
    // With no mail server, queued and kept in the outbox, and said so: none counts as sent.
    expect(result).toMatchObject({ queued: result.recipients.length, mailSetUp: false });
    expect(await admin.reminders.getMailStatus()).toEqual({ mailSetUp: false });
    await deliveriesSettled();

    const runs = await admin.reminders.listRuns({ limit: 5 });
    expect(runs[0]).toMatchObject({ job: 'digest', trigger: 'manual', status: 'succeeded', recipients: result.recipients });
    expect(runs[0]!.messages).toEqual({ queued: 0, sent: 0, failed: 0, outbox: result.recipients.length });
    expect(runs.map((run) => run.job)).toContain('carer-reminders');
    const { messages: listed } = await admin.reminders.listMessages({ limit: 50 });
    expect(listed.map((m) => m.to)).toEqual(expect.arrayContaining(['admin.one@valecare.test']));
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.procedure, 'reminders.sendDigestNow'));
    expect(audited).toHaveLength(1);
  });

  it('are refused to a Coordinator', async () => {
    await expect(t.caller('Coordinator').reminders.sendDigestNow()).rejects.toThrow('may not update reminders');
    await expect(t.caller('Coordinator').reminders.getSettings()).rejects.toThrow('may not read reminders');
  });
});
