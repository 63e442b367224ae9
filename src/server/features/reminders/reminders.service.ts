import { inArray } from 'drizzle-orm';
import type { ReminderSettings } from '@/shared/schemas/reminders';
import { listRuns, rescheduleJob, runJobNow } from '@/server/jobs/jobs';
import { deliverQueuedNow, listMessages, resendMessage } from '@/server/mail/mail';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { MAIL_STATUSES, mailMessages } from '@/server/db/schema/mail';
import { notFound } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';
import { auditReminderRun, CARER_REMINDERS_JOB, digestCron, getReminderSettings, REMINDERS_JOB, type ReminderRunResult, reminderSettingsRow } from './reminder-runs';
import { remindersJob } from './reminders.job';

/** The settings as stored, or the defaults. */
export function getSettings({ db }: ServiceContext): Promise<ReminderSettings> {
  return getReminderSettings(db);
}

/** Stores valid settings (the router has parsed them), audits what changed and moves the next run to the new day and time. */
export async function updateReminderSettings({ db, actor }: Pick<ServiceContext, 'db' | 'actor'>, input: ReminderSettings): Promise<ReminderSettings> {
  return db.transaction(async (tx) => {
    const before = await getReminderSettings(tx);
    const values = { ...input, windows: [...input.windows].sort((a, b) => a - b) };
    await reminderSettingsRow.save(tx, values);
    await recordAudit(tx, actor, 'reminders.updateSettings', null, diffRecords(before, values));
    await rescheduleJob(tx, REMINDERS_JOB, digestCron(values));
    return values;
  });
}

/** Whether mail leaves the server: with no SMTP_URL every message waits in the outbox, for the screens to say so. */
export function getMailStatus({ env }: Pick<ServiceContext, 'env'>): { mailSetUp: boolean } {
  return { mailSetUp: Boolean(env.smtpUrl) };
}

/** "Resend": the message goes back in the queue for the next delivery (or the outbox), audited as the Admin's. */
export async function resendReminderMessage({ db, actor, env }: ServiceContext, { id }: { id: string }): Promise<{ id: string; mailSetUp: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await resendMessage(tx, id))) throw notFound('Message');
    await recordAudit(tx, actor, 'reminders.resendMessage', id, null);
    return { id, ...getMailStatus({ env }) };
  });
}

/** "Send digest now": a run recorded like a scheduled one, audited as the Admin's; `queued` messages, sent or kept. */
export async function sendDigestNow({ db, actor, env, log }: ServiceContext): Promise<{ queued: number; recipients: string[]; mailSetUp: boolean }> {
  const result = await runJobNow<ReminderRunResult>(db, remindersJob.name, { env, log });
  await auditReminderRun(db, actor, 'reminders.sendDigestNow', result);
  if (result.sent > 0) deliverQueuedNow({ db, env, log });
  return { queued: result.sent, recipients: result.recipients, ...getMailStatus({ env }) };
}

type MailStatus = (typeof MAIL_STATUSES)[number];

/** What became of each run's messages, by status: only `sent` left the server. */
async function messageStatuses(db: ServiceContext['db'], ids: string[]): Promise<Map<string, MailStatus>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: mailMessages.id, status: mailMessages.status }).from(mailMessages).where(inArray(mailMessages.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The outbox, newest first, a page at a time. */
export function listOutbox({ db }: ServiceContext, page: { limit: number; cursor?: string }) {
  return listMessages(db, page);
}

/** The last runs of both jobs, newest first, with what each sent and whom it skipped. */
export async function listReminderRuns({ db }: ServiceContext, { limit }: { limit: number }) {
  const runs = await listRuns(db, [REMINDERS_JOB, CARER_REMINDERS_JOB], limit);
  const outcomes = runs.map((run) => (run.result ?? {}) as Partial<ReminderRunResult>);
  const statuses = await messageStatuses(db, outcomes.flatMap((outcome) => outcome.messageIds ?? []));
  return runs.map(({ id, job, trigger, status, startedAt, finishedAt, error }, i) => {
    const outcome = outcomes[i]!;
    // Each message's status now (one deleted since, with its person's data, is not counted); a run from before
    // the ids were kept counts its messages as queued.
    const messages = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
    if (!outcome.messageIds) messages.queued = outcome.sent ?? 0;
    for (const messageId of outcome.messageIds ?? []) {
      const now = statuses.get(messageId);
      if (now) messages[now]++;
    }
    return {
      id,
      job: job === REMINDERS_JOB ? ('digest' as const) : ('carer-reminders' as const),
      trigger,
      status,
      startedAt,
      finishedAt,
      error,
      messages,
      recipients: outcome.recipients ?? [],
      skipped: outcome.skipped ?? [],
    };
  });
}
