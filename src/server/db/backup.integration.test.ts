import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '@/server/features/account/accounts';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { createTestDatabase } from '@/server/test/test-database';
import { BACKUP_TABLES, BackupError, backupDatabase, DERIVED_TABLES, restoreDatabase } from './backup';
import { type DatabaseConnection, type Executor, queryRows } from './client';
import { seedDemo } from '@/server/demo/seed-demo';

const dir = mkdtempSync(path.join(tmpdir(), 'valecare-backup-'));
let source: TestApp;
let target: DatabaseConnection;

beforeAll(async () => {
  source = await createTestApp();
  await seedDemo(source.database.db, '2026-11-22');
  const { user } = await addUser(source.database.db, {
    email: 'kept@valecare.test',
    givenName: 'K',
    familyName: 'P',
    role: 'Finance',
    password: 'kept-password-1',
  });
  // A two-step sign-in set-up, so a restore that lost it would leave the user unable to sign in as before.
  await source.database.db.execute(
    sql`insert into mfa_enrolments (user_id, encrypted_secret, confirmed_at) values (${user.id}, 'sealed-secret', now())`,
  );
  await source.database.db.execute(sql`insert into mfa_recovery_codes (user_id, code_hash) values (${user.id}, 'hash-1'), (${user.id}, 'hash-2')`);
  // An unused password link and a request for one, so a restored backup keeps both.
  await source.database.db.execute(
    sql`insert into password_links (token_hash, user_id, purpose, expires_at) values ('link-hash', ${user.id}, 'reset', now() + interval '1 hour')`,
  );
  await source.database.db.execute(sql`insert into password_reset_requests (email, ip) values ('kept@valecare.test', '10.0.0.1')`);
  // Mail and job history, so the new tables travel too.
  await source.database.db.execute(
    sql`insert into mail_messages (id, "to", subject, text, html, kind, status) values ('ekept', 'a@example.test', 'S', 'T', '<p>T</p>', 'digest', 'outbox')`,
  );
  await source.database.db.execute(sql`insert into jobs (name, cron, time_zone, next_run_at) values ('kept-job', '0 8 * * 1', 'Europe/London', now())`);
  await source.database.db.execute(sql`insert into job_runs (job, trigger, attempt, status, result) values ('kept-job', 'manual', 1, 'succeeded', '{"sent": 1}')`);
  // The demo records care given; a closed month too. The monthly sums must come back rebuilt, not copied and doubled.
  await source.database.db.execute(sql`insert into closed_months (month, closed_by) values ('2026-09', 'admin@valecare.test')`);
  target = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await source.close();
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every row of every table, in a fixed order, as JSON text: what "the same data" means. */
async function everything(db: Executor) {
  const all: Record<string, string[]> = {};
  for (const table of [...BACKUP_TABLES, ...DERIVED_TABLES]) {
    const rows = await queryRows<{ row: string }>(db, sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t order by 1`);
    all[table] = rows.map((r) => r.row);
  }
  return all;
}

describe('npm run backup / restore', () => {
  it('round-trips every row of every table', async () => {
    const file = path.join(dir, 'full.vcbak');
    const counts = await backupDatabase(source.database.db, file);
    expect(counts.clients).toBeGreaterThan(10);
    expect(counts.deliveries).toBeGreaterThan(100);
    expect(counts.audit_log).toBeGreaterThan(100);
    await restoreDatabase(target.db, file);
    expect(await everything(target.db)).toEqual(await everything(source.database.db));

    // Sequences continue after the restored ids, and the copy works as a database.
    const [{ id }] = (await queryRows<{ id: number }>(
      target.db,
      sql`insert into audit_log (actor_email, actor_role, procedure) values ('a@b', 'Admin', 'x') returning id::int as id`,
    )) as [{ id: number }];
    expect(id).toBeGreaterThan(counts.audit_log!);
  });

  it('backs up every table the product keeps', async () => {
    const tables = await queryRows<{ name: string }>(
      source.database.db,
      sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual([...BACKUP_TABLES, ...DERIVED_TABLES].sort());
  });

  it('refuses to restore into a database that holds data, changing nothing', async () => {
    const file = path.join(dir, 'again.vcbak');
    await backupDatabase(source.database.db, file);
    const before = await everything(target.db);
    await expect(restoreDatabase(target.db, file)).rejects.toThrow(/not empty/);
    expect(await everything(target.db)).toEqual(before);
  });

  it('never overwrites a file, and refuses files that are not backups', async () => {
    const existing = path.join(dir, 'existing.vcbak');
    writeFileSync(existing, 'precious');
    await expect(backupDatabase(source.database.db, existing)).rejects.toThrow('already exists');
    const empty = await createTestDatabase();
    try {
      await expect(restoreDatabase(empty.db, existing)).rejects.toThrow(BackupError);
      await expect(restoreDatabase(empty.db, path.join(dir, 'missing.vcbak'))).rejects.toThrow('No file');
      const [{ n }] = (await queryRows<{ n: number }>(empty.db, sql`select count(*)::int as n from clients`)) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
