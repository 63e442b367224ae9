/**
 * Two real servers (child processes) on one PostgreSQL database find the weekly digest due, missed while no
 * server ran: between them they run it once, send one digest per member of staff and move it to its next
 * slot. PostgreSQL only: PGlite is opened by one process, so it has no second server.
 *
 * The test makes the race happen rather than hope for it, with locks it holds: both runners are stopped at
 * their first write of the schedules and freed together, so their first polls coincide; and the run that
 * claims the digest is stopped at its last step (auditing what it sent) until the other server has polled
 * again, while the slot is still being run.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHARITY_TIME_ZONE, formatDate } from '@/shared/dates';
import { DEFAULT_REMINDER_SETTINGS } from '@/shared/schemas/reminders';
import { addStaffAccount } from '@/server/test/builders';
import { type Database, type DatabaseConnection, queryRows } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { jobs } from '@/server/db/schema/jobs';
import { mailMessages } from '@/server/db/schema/mail';
import { loadEnv } from '@/server/env';
import { addCarer, addTraining, DIGEST_RECIPIENTS, inDays } from './reminders-test-data';
import { digestCron, REMINDERS_JOB } from './reminder-runs';
import { updateReminderSettings } from './reminders.service';
import { freeLoopbackPort, type ServerProcess, startServerProcess } from '@/server/launch';
import { createPostgresDatabase } from '@/server/test/test-database';
import { POLL_MS } from '@/server/jobs/job-runner';
import { listRuns, nextSlot } from '@/server/jobs/jobs';

const onPostgres = process.env.VALECARE_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const [ADMIN, COORDINATOR] = DIGEST_RECIPIENTS as [string, string];
/** Each server's database sessions carry its name (application_name), so the test can tell them apart. */
const SERVER_NAMES = ['valecare-one', 'valecare-two'];
const WAIT = { timeout: 20_000, interval: 100 };

function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

interface Runner {
  name: string;
  doing: 'starting' | 'writing schedules' | 'running the digest' | 'polled';
  /** When its last poll claimed (or tried to claim) a job. */
  polledAt?: number;
}

/**
 * What each server's job runner is doing, seen from its database sessions: waiting to write the schedules,
 * waiting to audit the digest it is running, or done with a poll (its last statement the claim).
 */
async function runners(db: Database): Promise<Runner[]> {
  const sessions = await queryRows<{ application_name: string; state: string; wait_event_type: string | null; query: string; query_started: number }>(
    db,
    sql`select application_name, state, wait_event_type, query, (extract(epoch from query_start) * 1000)::float8 as query_started
        from pg_stat_activity where datname = current_database()`,
  );
  return SERVER_NAMES.map((name) => {
    const own = sessions.filter((s) => s.application_name === name);
    const waitingAt = (statement: string) => own.some((s) => s.wait_event_type === 'Lock' && s.query.startsWith(statement));
    if (waitingAt('insert into "jobs"')) return { name, doing: 'writing schedules' };
    if (waitingAt('insert into "audit_log"')) return { name, doing: 'running the digest' };
    const claim = own.find((s) => s.state === 'idle' && s.query.startsWith('update "jobs"') && s.query.includes(' returning '));
    return claim ? { name, doing: 'polled', polledAt: claim.query_started } : { name, doing: 'starting' };
  });
}

describe.skipIf(!onPostgres)('two servers on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let observer: DatabaseConnection | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(`valecare_two_servers_${process.pid}_${Date.now()}`);
    // Migrates the new database, as a server would.
    const seeding = await openConfiguredDatabase(loadEnv({ DATABASE_URL: database.url }));
    try {
      const db = seeding.db;
      await addStaffAccount(db, { email: ADMIN, givenName: 'Ada', familyName: 'Admin', role: 'Admin' });
      await addStaffAccount(db, { email: COORDINATOR, givenName: 'Cora', familyName: 'Coordinator', role: 'Coordinator' });
      const carer = await addCarer(db, { name: 'Dee Due', dbs: inDays(10) });
      await addTraining(db, carer, 'First Aid', inDays(45));
      // Saving the settings writes the job's row with their schedule (Monday 08:00)…
      await updateReminderSettings({ db, actor: { email: ADMIN, givenName: 'Ada', familyName: 'Admin', role: 'Admin' } }, DEFAULT_REMINDER_SETTINGS);
      // …whose slot passed an hour ago while no server ran.
      await db.update(jobs).set({ nextRunAt: sql`now() - interval '1 hour'` }).where(eq(jobs.name, REMINDERS_JOB));
    } finally {
      await seeding.close();
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await observer?.close();
    await database?.drop();
  });

  it('run the missed weekly digest once between them and move it to its next slot', { timeout: 90_000 }, async () => {
    observer = await openConfiguredDatabase(loadEnv({ DATABASE_URL: database!.url }));
    const db = observer.db;

    await db.transaction(async (auditHeld) => {
      await auditHeld.execute(sql`lock table audit_log in share mode`);
      await db.transaction(async (jobHeld) => {
        await jobHeld.select({ name: jobs.name }).from(jobs).where(eq(jobs.name, REMINDERS_JOB)).for('update');
        const ports = [await freeLoopbackPort(), await freeLoopbackPort()];
        const started = await Promise.allSettled(
          SERVER_NAMES.map((name, i) => startServerProcess({ port: ports[i]!, database: { databaseUrl: withApplicationName(database!.url, name) } })),
        );
        for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
        for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
        // Both runners have started and wait on the digest's row, neither having polled yet.
        await vi.waitFor(async () => expect((await runners(db)).map((r) => r.doing)).toEqual(['writing schedules', 'writing schedules']), WAIT);
      });

      // Freed together, they poll at once: one claims the digest, the other finds it taken.
      const other = await vi.waitFor(async () => {
        const now = await runners(db);
        expect(now.map((r) => r.doing).sort()).toEqual(['polled', 'running the digest']);
        return now.find((r) => r.doing === 'polled')!;
      }, WAIT);
      // The other's next poll comes while the slot is still being run (it is still due): the lease keeps it out.
      await vi.waitFor(
        async () => {
          const again = (await runners(db)).find((r) => r.name === other.name)!;
          expect(again.doing).toBe('polled');
          expect(again.polledAt).toBeGreaterThan(other.polledAt!);
        },
        { timeout: POLL_MS + WAIT.timeout, interval: 250 },
      );
    });

    const run = await vi.waitFor(async () => {
      const [newest] = await listRuns(db, REMINDERS_JOB, 10);
      expect(newest?.finishedAt, 'a finished run of the digest').toBeTruthy();
      return newest!;
    }, WAIT);
    expect((await listRuns(db, REMINDERS_JOB, 10)).map((r) => [r.trigger, r.status])).toEqual([['schedule', 'succeeded']]);
    const digests = await db.select().from(mailMessages).where(eq(mailMessages.kind, 'digest')).orderBy(mailMessages.to);
    expect(digests.map((m) => m.to)).toEqual([ADMIN, COORDINATOR]);
    for (const digest of digests) {
      expect(digest.text).toContain(`Dee Due\n  - DBS: ${formatDate(inDays(10))}, expires in 10 days (within 30 days)`);
      expect(digest.text).toContain(`  - Training: First Aid: ${formatDate(inDays(45))}, expires in 45 days (within 60 days)`);
    }
    const [job] = await db.select().from(jobs).where(eq(jobs.name, REMINDERS_JOB));
    expect(job!.nextRunAt).toEqual(nextSlot(digestCron(DEFAULT_REMINDER_SETTINGS), CHARITY_TIME_ZONE, run.finishedAt!));
    expect(job!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect([job!.lockedBy, job!.lockedUntil, job!.attempt]).toEqual([null, null, 0]);

    for (const server of servers) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Started its runner (the line follows it) and logged no warning or error (a failed job, the database away).
      expect(server.output()).toContain(`Valecare is ready at ${server.url}`);
      expect(server.output()).not.toMatch(/"level":(40|50|60)/);
    }
  });
});
