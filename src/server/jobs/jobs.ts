import { CronExpressionParser } from 'cron-parser';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHARITY_TIME_ZONE } from '@/shared/dates';
import type { Database, Executor } from '@/server/db/client';
import { jobRuns, jobs } from '@/server/db/schema/jobs';
import type { Env } from '@/server/env';

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type JobRun = typeof jobRuns.$inferSelect;

export interface JobContext {
  db: Database;
  env: Env;
  log: JobLog | undefined;
  /** 1 for a slot's first try, more on retries. */
  attempt: number;
  trigger: 'schedule' | 'manual';
}

export interface Job<Result = unknown> {
  name: string;
  /** The schedule (five-field cron, in TZ_CHARITY); read at start-up, changed at run time with rescheduleJob. */
  cron: (db: Database) => Promise<string> | string;
  /** What the run did, stored with it (JSON). Throwing fails the attempt. */
  run: (ctx: JobContext) => Promise<Result>;
  /** Tries per slot before the run is recorded as failed and the job waits for its next slot. */
  maxAttempts: number;
  /** The wait before the first retry; it doubles on each further one, up to an hour. */
  retryDelaySeconds: number;
}

const registry = new Map<string, Job>();

/** Declares a job; its name is how runJobNow, rescheduleJob and listRuns find it. */
export function defineJob<Result>(
  job: Pick<Job<Result>, 'name' | 'cron' | 'run'> & Partial<Pick<Job, 'maxAttempts' | 'retryDelaySeconds'>>,
): Job<Result> {
  const defined: Job<Result> = { maxAttempts: 5, retryDelaySeconds: 60, ...job };
  registry.set(job.name, defined as Job);
  return defined;
}

function registeredJob(name: string): Job {
  const job = registry.get(name);
  if (!job) throw new Error(`No job named "${name}"`);
  return job;
}

/** The first slot of a cron schedule after `from`; throws on an invalid expression. */
export function nextSlot(cron: string, timeZone: string, from: Date = new Date()): Date {
  return CronExpressionParser.parse(cron, { tz: timeZone, currentDate: from }).next().toDate();
}

/**
 * Changes a job's schedule now (an Admin changed the digest's day or time): the next run is the new schedule's
 * next slot. Call it in the transaction that saves the setting. The time zone stays the one the runner set,
 * `timeZone` only for a job it has not seen yet.
 */
export async function rescheduleJob(db: Executor, name: string, cron: string, timeZone = CHARITY_TIME_ZONE): Promise<void> {
  const [existing] = await db.select({ timeZone: jobs.timeZone }).from(jobs).where(eq(jobs.name, name));
  const zone = existing?.timeZone ?? timeZone;
  const nextRunAt = nextSlot(cron, zone);
  await db
    .insert(jobs)
    .values({ name, cron, timeZone: zone, nextRunAt })
    .onConflictDoUpdate({ target: jobs.name, set: { cron, nextRunAt, attempt: 0 } });
}

/** The last runs of a job (or of several, interleaved), newest first. */
export async function listRuns(db: Executor, job: string | readonly string[], limit: number): Promise<JobRun[]> {
  const names = typeof job === 'string' ? [job] : [...job];
  return db.select().from(jobRuns).where(inArray(jobRuns.job, names)).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id)).limit(limit);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a job at once, outside its schedule ("Send digest now"), recorded like a scheduled run; its error is thrown on. */
export async function runJobNow<Result = unknown>(
  db: Database,
  name: string,
  { env, log }: { env: Env; log?: JobLog },
): Promise<Result> {
  const job = registeredJob(name);
  const [run] = await db.insert(jobRuns).values({ job: name, trigger: 'manual', attempt: 1 }).returning({ id: jobRuns.id });
  try {
    const result = await job.run({ db, env, log, attempt: 1, trigger: 'manual' });
    await finishRun(db, run!.id, 'succeeded', { result });
    return result as Result;
  } catch (error) {
    await finishRun(db, run!.id, 'failed', { error: errorText(error) });
    throw error;
  }
}

export async function finishRun(
  db: Executor,
  id: number,
  status: JobRun['status'],
  outcome: { result?: unknown; error?: string },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ status, finishedAt: new Date(), result: outcome.result ?? null, error: outcome.error ?? null })
    .where(eq(jobRuns.id, id));
}
