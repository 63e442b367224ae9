import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@/shared/dates';
import { DEFAULT_REMINDER_SETTINGS } from '@/shared/schemas/reminders';
import { newId } from '@/server/db/ids';
import { auditLog } from '@/server/db/schema/audit';
import { users } from '@/server/db/schema/auth';
import { jobs } from '@/server/db/schema/jobs';
import { trainingRecords } from '@/server/db/schema/compliance';
import { mailMessages } from '@/server/db/schema/mail';
import { carers } from '@/server/db/schema/people';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { REMINDERS_JOB, sendReminders } from './reminders.service';

let t: TestApp;
const today = todayIn();
const mail = { today, charityName: 'Vale Care', publicUrl: 'http://valecare.test' };
const inDays = (days: number) => addDays(today, days);

async function addCarer(values: { name: string; email?: string; dbs?: string; publicLiability?: string; archived?: 'Y' | 'N' }) {
  const id = newId('m');
  await t.database.db.insert(carers).values({
    id,
    name: values.name,
    postCode: 'TA4 1AA',
    email: values.email ?? '',
    dbsExpiry: values.dbs ?? null,
    publicLiabilityExpiry: values.publicLiability ?? null,
    archived: values.archived ?? 'N',
  });
  return id;
}

async function addTraining(ownerId: string, recordName: string, expiryDate: string) {
  await t.database.db.insert(trainingRecords).values({ id: newId('t'), ownerId, expiryDate, name: '', recordName });
}

async function addUser(email: string, role: string, disabled = false) {
  await t.database.db.insert(users).values({
    id: newId('u'),
    email,
    givenName: 'Staff',
    familyName: 'Member',
    role,
    passwordHash: 'x',
    disabledAt: disabled ? new Date() : null,
  });
}

const messages = (kind: string) => t.database.db.select().from(mailMessages).where(eq(mailMessages.kind, kind)).orderBy(mailMessages.to);

beforeAll(async () => {
  t = await createTestApp();
  await addUser('admin.one@valecare.test', 'Admin');
  await addUser('coordinator@valecare.test', 'Coordinator');
  await addUser('gone@valecare.test', 'Coordinator', true);
  await addUser('trustee@valecare.test', 'Trustee');
});
afterAll(() => t.close());

describe('the expiry digest', () => {
  it('is not sent when nothing is due', async () => {
    const far = await addCarer({ name: 'Far Off', dbs: inDays(200) });
    expect(await sendReminders(t.database.db, mail)).toEqual({ sent: 0, recipients: [], skipped: [] });
    expect(await messages('digest')).toEqual([]);
    await t.database.db.delete(carers).where(eq(carers.id, far));
  });

  it('goes to the chosen roles, leaving out disabled accounts, with the right lines grouped by carer', async () => {
    const ann = await addCarer({ name: 'Ann Expired', dbs: inDays(-3), publicLiability: inDays(200) });
    await addTraining(ann, 'First Aid', inDays(45));
    const bob = await addCarer({ name: 'Bob Soon', publicLiability: inDays(10) });
    await addTraining(bob, 'Manual Handling', inDays(80));
    await addCarer({ name: 'Cat Archived', dbs: inDays(5), archived: 'Y' });

    const result = await sendReminders(t.database.db, mail);

    expect(result).toEqual({ sent: 2, recipients: ['admin.one@valecare.test', 'coordinator@valecare.test'], skipped: [] });
    const sent = await messages('digest');
    expect(sent.map((m) => [m.to, m.status])).toEqual([
      ['admin.one@valecare.test', 'queued'],
      ['coordinator@valecare.test', 'queued'],
    ]);
    const { text, html, subject } = sent[0]!;
    expect(subject).toBe('Vale Care: 4 expiries to renew');
    expect(text).toContain(`Ann Expired\n  - DBS: ${inDays(-3)}, expired 3 days ago\n    http://valecare.test/dbs`);
    expect(text).toContain(`  - Training: First Aid: ${inDays(45)}, expires in 45 days (within 60 days)`);
    expect(text).toContain(`Bob Soon\n  - Public Liability: ${inDays(10)}, expires in 10 days (within 30 days)`);
    expect(text).toContain(`  - Training: Manual Handling: ${inDays(80)}, expires in 80 days (within 90 days)`);
    expect(text).not.toContain(inDays(200));
    expect(text).not.toContain('Cat Archived');
    expect(html).toContain('<h2>Bob Soon</h2>');
  });
});

describe('carer reminders', () => {
  it('are off by default', async () => {
    expect(DEFAULT_REMINDER_SETTINGS.carerReminders).toBe(false);
    expect(await messages('carer-reminder')).toEqual([]);
  });

  it('go to the carer once per item and threshold, even when the job runs twice, and skip bad addresses', async () => {
    const admin = t.caller('Admin');
    await admin.reminders.updateSettings({ ...DEFAULT_REMINDER_SETTINGS, carerReminders: true });
    const dee = await addCarer({ name: 'Dee Carer', email: 'dee@carer.example', dbs: inDays(6) });
    await addTraining(dee, 'GDPR', inDays(25));
    await addCarer({ name: 'Eve Noaddress', dbs: inDays(20) });
    await addCarer({ name: 'Fay Typo', email: 'fay@', dbs: inDays(20) });

    const first = await sendReminders(t.database.db, mail);
    const second = await sendReminders(t.database.db, mail);

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
    expect(result.sent).toBe(result.recipients.length);

    const [run] = await admin.reminders.listRuns({ limit: 5 });
    expect(run).toMatchObject({ trigger: 'manual', status: 'succeeded', recipients: result.recipients });
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
