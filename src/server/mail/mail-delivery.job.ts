import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import { defineJob, type JobLog } from '@/server/jobs/jobs';
import { createMailer, deliverQueued } from './mail';

/** Sends what is queued, every minute; a refused message waits out its own backoff, so the job itself never retries. */
export const mailDeliveryJob = defineJob({
  name: 'mail-delivery',
  cron: () => '* * * * *',
  maxAttempts: 1,
  run: ({ db, env }) => deliverQueued(db, createMailer(env.smtpUrl, env.mailFrom)),
});

/**
 * Sends what is queued now rather than at the next minute (a digest sent by hand, a password link), without
 * being waited for: the caller answers at once, and a failure waits for the scheduled run like any other.
 */
export function deliverSoon(db: Database, env: Pick<Env, 'smtpUrl' | 'mailFrom'>, log?: JobLog): void {
  deliverQueued(db, createMailer(env.smtpUrl, env.mailFrom)).catch((error: unknown) => log?.warn({ err: error }, 'mail delivery failed'));
}
