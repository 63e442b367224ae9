import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUser } from '@/server/accounts/accounts';
import { sendPasswordReset } from '@/server/accounts/password-links';
import { enrolWithSecret } from '@/server/accounts/two-step';
import { newTotpSecret } from '@/server/accounts/totp';
import { moveToFreshTotpStep, restoreClock, useTestClock } from '@/server/test/clock';
import { refreshTokens, signInThroughProvider, TestBrowser, type Tokens } from '@/server/test/sign-in-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '@/server/test/test-app';
import { createTestDatabase } from '@/server/test/test-database';
import { BACKUP_TABLES, BackupError, backupDatabase, DERIVED_TABLES, LEFT_OUT_TABLES, restoreDatabase } from './backup';
import { type DatabaseConnection, type Executor, queryRows } from '@/server/db/client';
import { appSecrets, mfaEnrolments, oidcModels, TWO_STEP_KEY_NAME, users } from '@/server/db/schema/auth';
import { seedDemo } from '@/server/demo/seed-demo';

const dir = mkdtempSync(path.join(tmpdir(), 'valecare-backup-'));
/** Kept where the backups are not; the same for a backup and its restore. */
const BACKUP_KEY = 'kept-in-the-office-safe-not-with-the-backups';
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
  // A two-step sign-in set-up, so a restore with BACKUP_KEY that lost it would leave the user unable to sign in as before.
  await enrolWithSecret(source.database.db, user.id, newTotpSecret());
  // An unused password link, which a restore leaves out, and a request for one, which it keeps.
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
  it('round-trips every row of every table it holds, two-step set-ups included with BACKUP_KEY', async () => {
    const file = path.join(dir, 'full.vcbak');
    const { rows: counts } = await backupDatabase(source.database.db, file, BACKUP_KEY);
    expect(counts.clients).toBeGreaterThan(10);
    expect(counts.deliveries).toBeGreaterThan(100);
    expect(counts.audit_log).toBeGreaterThan(100);
    expect(counts.mfa_recovery_codes).toBe(10);
    await restoreDatabase(target.db, file, BACKUP_KEY);
    expect(await everything(target.db)).toEqual(await everything(source.database.db));
    // Of the keys, the two-step key alone comes back: new ones sign tokens and cookies.
    const keys = (db: Executor) => db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets).orderBy(appSecrets.name);
    expect(await keys(target.db)).toEqual((await keys(source.database.db)).filter((key) => key.name === TWO_STEP_KEY_NAME));
    expect(await queryRows(target.db, sql`select 1 from password_links`)).toEqual([]);

    // Sequences continue after the restored ids, and the copy works as a database.
    const [{ id }] = (await queryRows<{ id: number }>(
      target.db,
      sql`insert into audit_log (actor_email, actor_role, procedure) values ('a@b', 'Admin', 'x') returning id::int as id`,
    )) as [{ id: number }];
    expect(id).toBeGreaterThan(counts.audit_log!);
  });

  it('accounts for every table the product keeps: backed up, rebuilt from others, or left out', async () => {
    const tables = await queryRows<{ name: string }>(
      source.database.db,
      sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual([...BACKUP_TABLES, ...DERIVED_TABLES, ...LEFT_OUT_TABLES].sort());
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

/** Every string in a stored value long enough to be a key or a token. */
function secretsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= 16 ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(secretsIn);
  return [];
}

const fileText = (file: string) => gunzipSync(readFileSync(file)).toString();
const me = (app: TestApp, idToken: string) =>
  app.app.inject({ method: 'GET', url: '/trpc/session.me', headers: { authorization: `Bearer ${idToken}` } });

async function restoredApp(file: string, backupKey?: string) {
  const database = await createTestDatabase();
  const result = await restoreDatabase(database.db, file, backupKey);
  return { restored: await createTestApp({ database }), result };
}

describe('a backup holds the data, never a way in', () => {
  // Before the backup: an office user signed in with a browser, an Admin signed in with two steps, a sign-in that
  // has its code and one half-way, and an unused reset link.
  const office = { email: 'office.user@valecare.test', password: 'office-password-1' };
  const admin = { email: 'office.admin@valecare.test', password: 'admin-password-1' };
  let officeBrowser: TestBrowser;
  let officeTokens: Tokens;
  let adminTokens: Tokens;
  let adminSecret: string;
  let linkPath: string;
  const file = path.join(dir, 'signed-in.vcbak');

  beforeAll(async () => {
    const db = source.database.db;
    await addUser(db, { ...office, givenName: 'Olive', familyName: 'Office', role: 'Coordinator' });
    await addUser(db, { ...admin, givenName: 'Ada', familyName: 'Admin', role: 'Admin' });
    officeBrowser = new TestBrowser(source.app);
    officeTokens = (await signInThroughProvider(source.app, office, { browser: officeBrowser })).tokens!;
    const adminSignIn = await signInThroughProvider(source.app, admin);
    adminTokens = adminSignIn.tokens!;
    adminSecret = adminSignIn.enrolment!.secret;
    await signInThroughProvider(source.app, office, { keepCode: true });
    await new TestBrowser(source.app).startSignIn();
    const { user } = await addUser(db, { email: 'link.holder@valecare.test', givenName: 'Lin', familyName: 'Holder', role: 'Finance' });
    const link = await db.transaction((tx) => sendPasswordReset(tx, { publicUrl: TEST_PUBLIC_URL, charityName: 'Vale Care', smtpUrl: undefined }, user));
    linkPath = new URL(link!).pathname;
    await backupDatabase(db, file, BACKUP_KEY);
  }, 60_000);
  beforeEach(useTestClock);
  afterEach(restoreClock);

  it('writes no session, grant, code, refresh token, password link or key in clear, and keeps the people and their password hashes', async () => {
    const text = fileText(file);
    const models = await source.database.db.select().from(oidcModels);
    expect(new Set(models.map((m) => m.type))).toEqual(new Set(['Session', 'Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken', 'Interaction']));
    for (const model of models) {
      for (const id of [model.id, model.uid, model.grantId]) if (id) expect(text, `${model.type} ${id}`).not.toContain(id);
    }
    const secrets = await source.database.db.select().from(appSecrets);
    expect(secrets.map((s) => s.name).sort()).toEqual(['mfa-secret-key', 'oidc-cookie-keys', 'oidc-signing-key']);
    for (const value of secretsIn(secrets.map((s) => s.value))) expect(text).not.toContain(value);
    const tokens = [officeTokens, adminTokens].flatMap(({ id_token, access_token, refresh_token }) => [id_token, access_token, refresh_token]);
    for (const token of [...tokens, linkPath.split('/').pop()!, adminSecret]) {
      expect(text).not.toContain(token);
    }
    for (const cookie of secretsIn(officeBrowser.setCookies.map((line) => line.split(';')[0]!.split('=')[1]))) expect(text).not.toContain(cookie);
    expect(text).not.toContain('link-hash');

    const [kept] = await source.database.db.select().from(users).where(eq(users.email, office.email));
    expect(text).toContain(kept!.passwordHash);
  });

  it('without BACKUP_KEY leaves two-step set-ups out, and says how many', async () => {
    const plain = path.join(dir, 'no-key.vcbak');
    expect((await backupDatabase(source.database.db, plain)).twoStepLeftOut).toBe(2);
    const text = fileText(plain);
    for (const { encryptedSecret } of await source.database.db.select().from(mfaEnrolments)) expect(text).not.toContain(encryptedSecret);
  });

  it('restored, honours no token, session cookie or link from before the backup; with BACKUP_KEY two-step set-ups work as before', async () => {
    const { restored, result } = await restoredApp(file, BACKUP_KEY);
    try {
      const refresh = await refreshTokens(restored.app, officeTokens.refresh_token);
      expect(refresh.statusCode).toBe(400);
      expect(refresh.json().error).toBe('invalid_grant');
      expect(await officeBrowser.withCookiesOn(restored.app).signInSilently()).toEqual({ error: 'login_required' });
      expect((await me(restored, officeTokens.id_token)).statusCode).toBe(401);
      expect((await me(restored, adminTokens.id_token)).statusCode).toBe(401);
      expect((await new TestBrowser(restored.app).request('GET', linkPath)).statusCode).toBe(410);

      // Everyone signs in again, the Admin with the authenticator app set up before the backup.
      moveToFreshTotpStep();
      const again = await signInThroughProvider(restored.app, { ...admin, totpSecret: adminSecret });
      expect(again.enrolment).toBeUndefined();
      expect((await me(restored, again.tokens!.id_token)).statusCode).toBe(200);
      const { tokens } = await signInThroughProvider(restored.app, office);
      expect((await me(restored, tokens!.id_token)).statusCode).toBe(200);
      expect(result.twoStepLeftOut).toBe(0);
    } finally {
      await restored.close();
    }
    // They were refused for the restore, not for their age: on the server they came from, they still work.
    expect((await me(source, officeTokens.id_token)).statusCode).toBe(200);
    expect((await officeBrowser.signInSilently()).tokens).toBeDefined();
    expect((await refreshTokens(source.app, officeTokens.refresh_token)).statusCode).toBe(200);
    expect((await new TestBrowser(source.app).request('GET', linkPath)).statusCode).toBe(200);
  });

  it('restored without the BACKUP_KEY it was made with, leaves two-step set-ups out: each is set up again at the next sign-in', async () => {
    const { restored, result } = await restoredApp(file);
    try {
      const again = await signInThroughProvider(restored.app, admin);
      expect(again.enrolment).toBeDefined();
      expect((await me(restored, again.tokens!.id_token)).statusCode).toBe(200);
      expect(result.twoStepLeftOut).toBe(2);
    } finally {
      await restored.close();
    }
  });

  it('leaves sessions, tokens, links and keys out of a file made before a backup left them out', async () => {
    const rowsOf = async (table: string) =>
      (await queryRows<{ row: string }>(source.database.db, sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`)).map((r) =>
        JSON.parse(r.row),
      );
    const [header, ...lines] = fileText(file).trim().split('\n');
    const older = [JSON.stringify({ ...JSON.parse(header!), version: 1, twoStepKey: undefined }), ...lines];
    for (const table of LEFT_OUT_TABLES) older.push(JSON.stringify({ table, rows: await rowsOf(table) }));
    const olderFile = path.join(dir, 'older.vcbak');
    writeFileSync(olderFile, gzipSync(`${older.join('\n')}\n`));
    const database = await createTestDatabase();
    try {
      expect((await restoreDatabase(database.db, olderFile, BACKUP_KEY)).twoStepLeftOut).toBe(2);
      for (const table of LEFT_OUT_TABLES) expect(await queryRows(database.db, sql`select 1 from ${sql.identifier(table)}`), table).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('refuses a BACKUP_KEY other than the one it was made with, restoring nothing', async () => {
    const empty = await createTestDatabase();
    try {
      await expect(restoreDatabase(empty.db, file, 'another-key-that-is-long-enough-too')).rejects.toThrow(
        new BackupError(`BACKUP_KEY is not the key ${file} was made with. Nothing was restored.`),
      );
      expect(await empty.db.select().from(users)).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
