import { defineJob } from '@/server/jobs/jobs';
import { createMailer, deliverQueued } from './mail';

/** Sends what is queued, every minute; a refused message waits out its own backoff, so the job itself never retries. */
export const mailDeliveryJob = defineJob({
  name: 'mail-delivery',
  cron: () => '* * * * *',
  maxAttempts: 1,
  run: ({ db, env }) => deliverQueued(db, createMailer(env)),
});

