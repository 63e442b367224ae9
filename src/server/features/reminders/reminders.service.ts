import type { ReminderSettings } from '@/shared/schemas/reminders';
import { listRuns, rescheduleJob, runJobNow } from '@/server/jobs/jobs';
import { deliverQueuedNow, listMessages, resendMessage } from '@/server/mail/mail';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
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

/** "Resend": the message goes back in the queue for the next delivery, audited as the Admin's. */
export async function resendReminderMessage({ db, actor }: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    if (!(await resendMessage(tx, id))) throw notFound('Message');
    await recordAudit(tx, actor, 'reminders.resendMessage', id, null);
    return { id };
  });
}

/** "Send digest now": a run recorded like a scheduled one, audited as the Admin's. */
export async function sendDigestNow({ db, actor, env, log }: ServiceContext): Promise<Pick<ReminderRunResult, 'sent' | 'recipients'>> {
  const result = await runJobNow<ReminderRunResult>(db, remindersJob.name, { env, log });
  await auditReminderRun(db, actor, 'reminders.sendDigestNow', result);
  if (result.sent > 0) deliverQueuedNow({ db, env, log });
  return { sent: result.sent, recipients: result.recipients };
}

/** The outbox, newest first, a page at a time. */
export function listOutbox({ db }: ServiceContext, page: { limit: number; cursor?: string }) {
  return listMessages(db, page);
}

/** The last runs of both jobs, newest first, with what each sent and whom it skipped. */
export async function listReminderRuns({ db }: ServiceContext, { limit }: { limit: number }) {
  const runs = await listRuns(db, [REMINDERS_JOB, CARER_REMINDERS_JOB], limit);
  return runs.map(({ id, job, trigger, status, startedAt, finishedAt, error, result }) => {
    const outcome = (result ?? {}) as Partial<ReminderRunResult>;
    return {
      id,
      job: job === REMINDERS_JOB ? ('digest' as const) : ('carer-reminders' as const),
      trigger,
      status,
      startedAt,
      finishedAt,
      error,
      sent: outcome.sent ?? 0,
      recipients: outcome.recipients ?? [],
      skipped: outcome.skipped ?? [],
    };
  });
}
