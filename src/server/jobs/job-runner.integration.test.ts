import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { jobs } from '@/server/db/schema/jobs';
import { loadEnv } from '@/server/env';
import { createTestDatabase, type TestDatabase } from '@/server/test/test-database';
import { createJobRunner } from './job-runner';
import { defineJob, type Job, listRuns, rescheduleJob, runJobNow } from './jobs';

let database: TestDatabase;
let db: Database;
const env = loadEnv({ LOG_LEVEL: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
}, 60_000);
afterAll(() => database.close());

const HOURLY = '0 * * * *';
const jobRow = async (name: string) => (await db.select().from(jobs).where(eq(jobs.name, name)))[0]!;
/** Makes a job due now, as time passing would. */
const makeDue = (name: string, when = sql`now()`) => db.update(jobs).set({ nextRunAt: when }).where(eq(jobs.name, name));
const secondsAhead = (date: Date) => (date.getTime() - Date.now()) / 1000;

/** A job counting its runs, failing its first `failures` attempts. */
function countingJob(name: string, { failures = 0, maxAttempts = 5, ms = 0 } = {}) {
  const calls: number[] = [];
  const job: Job = defineJob({
    name,
    cron: () => HOURLY,
    maxAttempts,
    retryDelaySeconds: 30,
    run: async ({ attempt }) => {
      calls.push(attempt);
      if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
      if (calls.length <= failures) throw new Error(`failure ${calls.length}`);
      return { sent: 2, recipients: ['a@example.test', 'b@example.test'] };
    },
  });
  return { job, calls };
}

describe('job runner', () => {
  it('runs a due job once, records the run with its result and waits for the next slot', async () => {
    const { job, calls } = countingJob('due-once');
    const runner = createJobRunner({ db, env, jobs: [job] });
    await runner.syncSchedules();
    expect(await runner.tick()).toBe(false);
    await makeDue(job.name);
    expect(await runner.tick()).toBe(true);
    expect(await runner.tick()).toBe(false);
    expect(calls).toEqual([1]);
    const [run] = await listRuns(db, job.name, 10);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'schedule', error: null, result: { sent: 2, recipients: ['a@example.test', 'b@example.test'] } });
    expect(run!.finishedAt).toBeInstanceOf(Date);
    const row = await jobRow(job.name);
    expect(row).toMatchObject({ attempt: 0, lockedBy: null, timeZone: 'Europe/London' });
    expect(secondsAhead(row.nextRunAt)).toBeGreaterThan(0);
    expect(secondsAhead(row.nextRunAt)).toBeLessThanOrEqual(3600);
  });

  it('after downtime runs a missed job once, not once per missed slot', async () => {
    const { job, calls } = countingJob('missed');
    await createJobRunner({ db, env, jobs: [job] }).syncSchedules();
    // Three days down: seventy-two hourly slots passed.
    await makeDue(job.name, sql`now() - interval '3 days'`);
    const restarted = createJobRunner({ db, env, jobs: [job] });
    await restarted.syncSchedules();
    while (await restarted.tick());
    expect(calls).toEqual([1]);
    expect(secondsAhead((await jobRow(job.name)).nextRunAt)).toBeGreaterThan(0);
  });

  it('retries a failing job with a growing backoff and records every attempt', async () => {
    const { job, calls } = countingJob('flaky', { failures: 2 });
    const runner = createJobRunner({ db, env, jobs: [job] });
    await runner.syncSchedules();
    await makeDue(job.name);
    await runner.tick();
    expect(secondsAhead((await jobRow(job.name)).nextRunAt)).toBeCloseTo(30, -1);
    expect(await runner.tick()).toBe(false);
    await makeDue(job.name);
    await runner.tick();
    expect(secondsAhead((await jobRow(job.name)).nextRunAt)).toBeCloseTo(60, -1);
    await makeDue(job.name);
    await runner.tick();
    expect(calls).toEqual([1, 2, 3]);
    const runs = await listRuns(db, job.name, 10);
    expect(runs.map((r) => [r.attempt, r.status, r.error])).toEqual([
      [3, 'succeeded', null],
      [2, 'retrying', 'failure 2'],
      [1, 'retrying', 'failure 1'],
    ]);
    expect((await jobRow(job.name)).attempt).toBe(0);
  });

  it('records a job that fails every attempt as failed and waits for its next slot', async () => {
    const { job } = countingJob('broken', { failures: 99, maxAttempts: 2 });
    const runner = createJobRunner({ db, env, jobs: [job] });
    await runner.syncSchedules();
    await makeDue(job.name);
    await runner.tick();
    await makeDue(job.name);
    await runner.tick();
    expect((await listRuns(db, job.name, 10)).map((r) => r.status)).toEqual(['failed', 'retrying']);
    const row = await jobRow(job.name);
    expect(row.attempt).toBe(0);
    expect(secondsAhead(row.nextRunAt)).toBeGreaterThan(0);
  });

  it('runs a job now on request, recorded as a manual run, and throws its error', async () => {
    const { job } = countingJob('on-request', { failures: 1 });
    await expect(runJobNow(db, job.name, { env })).rejects.toThrow('failure 1');
    expect(await runJobNow(db, job.name, { env })).toEqual({ sent: 2, recipients: ['a@example.test', 'b@example.test'] });
    expect((await listRuns(db, job.name, 10)).map((r) => [r.trigger, r.status])).toEqual([
      ['manual', 'succeeded'],
      ['manual', 'failed'],
    ]);
    await expect(runJobNow(db, 'no-such-job', { env })).rejects.toThrow(/No job named/);
  });

  it('takes a new schedule at run time', async () => {
    const { job } = countingJob('rescheduled');
    await createJobRunner({ db, env, jobs: [job] }).syncSchedules();
    await rescheduleJob(db, job.name, '0 8 * * 1');
    const row = await jobRow(job.name);
    expect(row.cron).toBe('0 8 * * 1');
    const weekday = row.nextRunAt.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'Europe/London' });
    const time = row.nextRunAt.toLocaleTimeString('en-GB', { timeZone: 'Europe/London' });
    expect([weekday, time]).toEqual(['Monday', '08:00:00']);
    // A restart keeps the new slot when the job's schedule still reads the same.
    await createJobRunner({ db, env, jobs: [{ ...job, cron: () => '0 8 * * 1' }] }).syncSchedules();
    expect((await jobRow(job.name)).nextRunAt).toEqual(row.nextRunAt);
  });

  it('runs a job while the app writes in transactions on the same connection', async () => {
    const { job, calls } = countingJob('alongside-app');
    const runner = createJobRunner({ db, env, jobs: [job], pollMs: 10 });
    await runner.syncSchedules();
    await makeDue(job.name);
    await runner.start();
    const writes = Array.from({ length: 20 }, (_, i) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.005)`);
        await rescheduleJob(tx, `app-${i}`, HOURLY);
      }),
    );
    await Promise.all(writes);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runner.stop();
    expect(calls).toEqual([1]);
    expect(await db.$count(jobs, sql`${jobs.name} like 'app-%'`)).toBe(20);
  });

  it.skipIf(process.env.VALECARE_TEST_DB !== 'postgres')(
    'with two servers on one PostgreSQL database runs a due job once (PGlite is one process: there is no second server)',
    async () => {
      const second = await openDatabase({ kind: 'postgres', url: database.url! });
      try {
        const { job, calls } = countingJob('two-servers', { ms: 200 });
        const runners = [createJobRunner({ db, env, jobs: [job], pollMs: 10 }), createJobRunner({ db: second.db, env, jobs: [job], pollMs: 10 })];
        await runners[0]!.syncSchedules();
        await makeDue(job.name);
        await Promise.all(runners.map((runner) => runner.start()));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await Promise.all(runners.map((runner) => runner.stop()));
        expect(calls).toEqual([1]);
        expect(await listRuns(db, job.name, 10)).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
