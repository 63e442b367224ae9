import { todayIn } from '@/shared/dates';
import type { SessionUser } from '@/shared/session';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import { createMailer, deliverNow } from '@/server/mail/mail';
import { defineJob, type JobLog, listRuns, runJobNow } from '@/server/jobs/jobs';
import {
  auditReminderRun,
  CARER_REMINDERS_JOB,
  digestCron,
  getReminderSettings,
  REMINDERS_JOB,
  type ReminderRunResult,
  sendCarerReminderRun,
  sendDigestRun,
} from './reminders.service';

/** Who the audit trail names for a run nobody pressed a button for. */
const SCHEDULE = { email: 'schedule', role: '' } as const;

const mailSettingsOf = (env: Env) => ({ today: todayIn(env.timeZone), charityName: env.charityName, publicUrl: env.publicUrl });

/** The weekly digest, at the day and time an Admin set. */
export const remindersJob = defineJob<ReminderRunResult>({
  name: REMINDERS_JOB,
  cron: async (db) => digestCron(await getReminderSettings(db)),
  run: async ({ db, env, trigger }) => {
    const result = await sendDigestRun(db, mailSettingsOf(env));
    if (trigger === 'schedule') await auditReminderRun(db, SCHEDULE, 'reminders.scheduledDigest', result);
    return result;
  },
});

/** The carers' reminders every day at 08:00 (TZ_CHARITY), so each goes on the day its threshold is reached. */
export const carerRemindersJob = defineJob<ReminderRunResult>({
  name: CARER_REMINDERS_JOB,
  cron: () => '0 8 * * *',
  run: async ({ db, env }) => {
    const result = await sendCarerReminderRun(db, mailSettingsOf(env));
    if (result.sent > 0) await auditReminderRun(db, SCHEDULE, 'reminders.scheduledCarerReminders', result);
    return result;
  },
});

/** "Send digest now": a run recorded like a scheduled one, audited as the Admin's. */
export async function sendDigestNow(
  db: Database,
  actor: SessionUser,
  context: { env: Env; log: JobLog },
): Promise<Pick<ReminderRunResult, 'sent' | 'recipients'>> {
  const result = await runJobNow<ReminderRunResult>(db, REMINDERS_JOB, context);
  await auditReminderRun(db, actor, 'reminders.sendDigestNow', result);
  // The Admin is waiting to see it go: delivered now, not at the mail job's next minute.
  if (result.sent > 0) void deliverNow(db, createMailer(context.env), context.log);
  return { sent: result.sent, recipients: result.recipients };
}

/** The last runs of both jobs, newest first, with what each sent and whom it skipped. */
export async function listReminderRuns(db: Database, limit: number) {
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
