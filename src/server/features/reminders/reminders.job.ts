import { todayIn } from '@/shared/dates';
import type { Env } from '@/server/env';
import { defineJob } from '@/server/jobs/jobs';
import {
  auditReminderRun,
  CARER_REMINDERS_JOB,
  digestCron,
  getReminderSettings,
  REMINDERS_JOB,
  type ReminderRunResult,
  sendCarerReminderRun,
  sendDigestRun,
} from './reminder-runs';

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
