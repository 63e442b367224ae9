import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobRuns, jobs } from '@/server/db/schema/jobs';
import type { Env } from '@/server/env';
import { backoffSeconds } from './backoff';
import { errorText, finishRun, type Job, type JobLog, nextSlot } from './jobs';

/** How long a claimed job is held from other servers; a run that crashes its server is retried after it. */
const LEASE_SECONDS = 15 * 60;
/** How often each server looks for due jobs. */
export const POLL_MS = 15_000;
/** Run history kept (the mail job alone records one run a minute). */
const HISTORY_DAYS = 90;

export interface JobRunnerOptions {
  db: Database;
  env: Env;
  jobs: Job[];
  log?: JobLog;
  /** How often to look for due jobs (POLL_MS). */
  pollMs?: number;
}

export interface JobRunner {
  /** Writes each job's schedule (keeping a slot already due, so a missed run still happens) and starts polling. */
  start(): Promise<void>;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
  /** Claims and runs one due job; false when none is due. Tests drive the runner with it. */
  tick(): Promise<boolean>;
  /** Writes each job's schedule without starting. */
  syncSchedules(): Promise<void>;
}

/**
 * Runs scheduled jobs kept in the database. A due job is claimed by one UPDATE whose row is picked FOR UPDATE
 * SKIP LOCKED and leased, so with several servers on one database each slot runs once. After a run the next
 * slot is counted from now: a server that was down runs a missed job once, not once per missed slot.
 */
export function createJobRunner({ db, env, jobs: definitions, log, pollMs = POLL_MS }: JobRunnerOptions): JobRunner {
  const workerId = randomUUID();
  const byName = new Map(definitions.map((job) => [job.name, job]));
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<unknown> = Promise.resolve();
  let prunedAt = 0;

  async function syncSchedules(): Promise<void> {
    for (const job of definitions) {
      const cron = await job.cron(db);
      const nextRunAt = nextSlot(cron, env.timeZone);
      const scheduleChanged = sql`${jobs.cron} <> excluded.cron or ${jobs.timeZone} <> excluded.time_zone`;
      await db
        .insert(jobs)
        .values({ name: job.name, cron, timeZone: env.timeZone, nextRunAt })
        .onConflictDoUpdate({
          target: jobs.name,
          set: {
            cron,
            timeZone: env.timeZone,
            nextRunAt: sql`case when ${scheduleChanged} then excluded.next_run_at else ${jobs.nextRunAt} end`,
          },
        });
    }
  }

  async function claim() {
    const due = db
      .select({ name: jobs.name })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, [...byName.keys()]),
          lte(jobs.nextRunAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(jobs.nextRunAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await db
      .update(jobs)
      .set({
        lockedBy: workerId,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        attempt: sql`${jobs.attempt} + 1`,
      })
      .where(inArray(jobs.name, due))
      .returning({ name: jobs.name, attempt: jobs.attempt });
    return claimed;
  }

  /**
   * Ends the run and frees the job for its next slot (counted from now, with the schedule as it is now) or for a retry,
   * in one transaction: a server stopped between the two would otherwise leave a finished run's job to run again
   * once its lease lapsed (a second digest).
   */
  async function finishAndRelease(job: Job, runId: number, ending: Parameters<typeof finishRun>[2], outcome: Parameters<typeof finishRun>[3], retryAfterSeconds: number | null): Promise<void> {
    await db.transaction(async (tx) => {
      await finishRun(tx, runId, ending, outcome);
      const mine = and(eq(jobs.name, job.name), eq(jobs.lockedBy, workerId));
      const [row] = await tx.select({ cron: jobs.cron, timeZone: jobs.timeZone }).from(jobs).where(mine);
      if (!row) return;
      const next =
        retryAfterSeconds === null
          ? { nextRunAt: nextSlot(row.cron, row.timeZone), attempt: 0 }
          : { nextRunAt: sql`now() + make_interval(secs => ${retryAfterSeconds})` };
      await tx
        .update(jobs)
        .set({ ...next, lockedBy: null, lockedUntil: null })
        .where(mine);
    });
  }

  async function tick(): Promise<boolean> {
    const claimed = await claim();
    if (!claimed) return false;
    const job = byName.get(claimed.name)!;
    const [run] = await db
      .insert(jobRuns)
      .values({ job: job.name, trigger: 'schedule', attempt: claimed.attempt })
      .returning({ id: jobRuns.id });
    try {
      const result = await job.run({ db, env, log, attempt: claimed.attempt, trigger: 'schedule' });
      await finishAndRelease(job, run!.id, 'succeeded', { result }, null);
    } catch (error) {
      const retry = claimed.attempt < job.maxAttempts;
      log?.warn({ err: error, job: job.name, attempt: claimed.attempt }, retry ? 'job failed; will retry' : 'job failed');
      await finishAndRelease(job, run!.id, retry ? 'retrying' : 'failed', { error: errorText(error) }, retry ? backoffSeconds(job.retryDelaySeconds, claimed.attempt) : null);
    }
    return true;
  }

  async function pruneHistory(): Promise<void> {
    if (Date.now() - prunedAt < 60 * 60 * 1000) return;
    prunedAt = Date.now();
    await db.delete(jobRuns).where(lt(jobRuns.startedAt, sql`now() - make_interval(days => ${HISTORY_DAYS})`));
  }

  async function poll(): Promise<void> {
    try {
      await pruneHistory();
      while (!stopped && (await tick()));
    } catch (error) {
      // The database away for a moment: the next poll tries again.
      log?.error({ err: error }, 'job runner could not reach the database');
    }
    if (!stopped) timer = setTimeout(() => (current = poll()), pollMs);
  }

  return {
    syncSchedules,
    tick,
    async start() {
      await syncSchedules();
      stopped = false;
      current = poll();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
