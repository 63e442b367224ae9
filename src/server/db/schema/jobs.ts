import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per scheduled job: its schedule, when it is next due and who holds it while it runs. */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  timeZone: text('time_zone').notNull(),
  /** The next slot, or the next retry after a failure. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** Failed attempts at the current slot. */
  attempt: integer('attempt').notNull().default(0),
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'retrying', 'failed'] as const;

/** Every run of every job with its outcome (kept by us: a job's schedule row says nothing of the past). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    /** 'schedule' or 'manual' (run now). */
    trigger: text('trigger').notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('running'),
    error: text('error'),
    result: jsonb('result'),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt)],
);
