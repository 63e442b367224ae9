import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, openSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, type Executor, MIGRATIONS_FOLDER, queryRows } from '@/server/db/client';
import { appSecrets, TWO_STEP_KEY_NAME } from '@/server/db/schema/auth';
import { KEY_SAFE_KEY_NAME } from '@/server/db/schema/key-information';

/** Every table a backup holds, parents before children, so a restore never breaks a foreign key. */
export const BACKUP_TABLES = [
  'postcode_deprivation',
  'clients',
  // Before the accounts: a carer's account names its carer.
  'carers',
  'users',
  'mfa_enrolments',
  'mfa_recovery_codes',
  'login_attempts',
  'login_refusals',
  'password_reset_requests',
  'audit_log',
  'notes',
  'requests',
  // Before the packages that name them.
  'funders',
  'packages',
  'visit_plans',
  'visit_changes',
  'deliveries',
  'visits',
  'visit_refusals',
  'visit_starts',
  'phone_contacts',
  'closed_months',
  'delivery_settings',
  'training_records',
  'mag_logs',
  'mag_attendees',
  'mail_messages',
  'jobs',
  'job_runs',
  'reminder_settings',
  'carer_reminders_sent',
  'compliance_settings',
  'carer_exclusions',
  'client_key_information',
  'carer_availability',
  'client_visit_times',
  'wellbeing_answers',
  'wellbeing_settings',
] as const;

/**
 * Tables a backup never holds, as each is a way in: the provider's sessions, grants, codes and refresh tokens, the
 * keys that sign its tokens and cookies, and password links. A restore makes new keys, so everyone signs in again.
 */
export const LEFT_OUT_TABLES = ['app_secrets', 'oidc_models', 'password_links'] as const;

/** Two-step set-ups, kept only when BACKUP_KEY seals the key their secrets are encrypted with. */
const TWO_STEP_TABLES: readonly string[] = ['mfa_enrolments', 'mfa_recovery_codes'];

/**
 * Tables the database keeps from others by triggers (delivery_months from deliveries): not copied, since
 * restoring their sources rebuilds them, and a copy as well would count everything twice.
 */
export const DERIVED_TABLES = ['delivery_months'] as const;

/** Tables whose ids come from a sequence, set past the restored ids afterwards. */
const SERIAL_TABLES = ['mfa_recovery_codes', 'login_attempts', 'password_reset_requests', 'audit_log', 'job_runs'] as const;
const CHUNK = 2000;
const FORMAT = 'valecare-backup';

interface Header {
  format: typeof FORMAT;
  /** 2: no sessions, tokens, links or keys in clear. A restore leaves them out of a version 1 file too. */
  version: 1 | 2;
  /** How many migrations the database had: a backup restores only into the same schema. */
  migrations: number;
  createdAt: string;
  /** The two-step key, sealed with BACKUP_KEY; without it the file holds no two-step set-up. */
  twoStepKey?: string;
  /** The key the key safe codes are sealed under, sealed with BACKUP_KEY; without it they come back unreadable. */
  keySafeKey?: string;
}

/** What a backup or restore wrote. */
export interface BackupResult {
  rows: Record<string, number>;
  /** People whose two-step set-up was left out for want of BACKUP_KEY: after a restore they set it up again. */
  twoStepLeftOut: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const scryptKey = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** BACKUP_KEY may be a passphrase: scrypt makes it an AES-256 key, with a salt of the file's own. */
async function sealed(value: string, backupKey: string): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await scryptKey(backupKey, salt, 32), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [salt, iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

async function unsealed(text: string, backupKey: string, file: string): Promise<string> {
  try {
    const [salt, iv, tag, body] = text.split('.').map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', await scryptKey(backupKey, salt, 32), iv).setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new BackupError(`BACKUP_KEY is not the key ${file} was made with. Nothing was restored.`);
  }
}

/** Two-step set-ups confirmed, among rows of mfa_enrolments. */
const confirmedSetUps = (rows: unknown[]) => (rows as { confirmed_at: string | null }[]).filter((row) => row.confirmed_at).length;

function migrationCount(): number {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
}

async function* tableRows(tx: Executor, table: string): AsyncGenerator<unknown[]> {
  for (let offset = 0; ; offset += CHUNK) {
    const [result] = await queryRows<{ rows: unknown[] | string }>(
      tx,
      sql`select coalesce(json_agg(t), '[]'::json) as rows from (select * from ${sql.identifier(table)} order by 1, 2 limit ${CHUNK} offset ${offset}) t`,
    );
    const list = typeof result!.rows === 'string' ? (JSON.parse(result!.rows) as unknown[]) : result!.rows;
    if (list.length === 0) return;
    yield list;
    if (list.length < CHUNK) return;
  }
}

/**
 * Writes every row of the backed-up tables to a gzip file of JSON lines, read in one repeatable-read
 * transaction so the copy is consistent even while others write (PostgreSQL). Two-step set-ups go in only
 * with a `backupKey`, which seals the key that reads them.
 */
export async function backupDatabase(db: Database, file: string, backupKey?: string): Promise<BackupResult> {
  const counts: Record<string, number> = {};
  let twoStepLeftOut = 0;
  let fd: number;
  try {
    // Never overwrite an earlier backup.
    fd = openSync(file, 'wx');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'EEXIST' ? `${file} already exists: choose a new file name` : `Cannot write ${file}: ${code}`);
  }
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream('', { fd }));
  try {
    await db.transaction(
      async (tx) => {
        const [twoStepKey] = await tx.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, TWO_STEP_KEY_NAME));
        const [keySafeKey] = await tx.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_SAFE_KEY_NAME));
        const header: Header = {
          format: FORMAT,
          version: 2,
          migrations: migrationCount(),
          createdAt: new Date().toISOString(),
          twoStepKey: backupKey && twoStepKey ? await sealed(JSON.stringify(twoStepKey.value), backupKey) : undefined,
          keySafeKey: backupKey && keySafeKey ? await sealed(JSON.stringify(keySafeKey.value), backupKey) : undefined,
        };
        gzip.write(`${JSON.stringify(header)}\n`);
        for (const table of BACKUP_TABLES) {
          counts[table] = 0;
          for await (const rows of tableRows(tx, table)) {
            if (TWO_STEP_TABLES.includes(table) && !header.twoStepKey) {
              if (table === 'mfa_enrolments') twoStepLeftOut += confirmedSetUps(rows);
              continue;
            }
            if (!gzip.write(`${JSON.stringify({ table, rows })}\n`)) await once(gzip, 'drain');
            counts[table] += rows.length;
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(file, { force: true });
    throw error;
  }
  gzip.end();
  await written;
  return { rows: counts, twoStepLeftOut };
}

/**
 * Loads a backup into an empty database in one transaction: all of it, or nothing. Two-step set-ups come back
 * only with the `backupKey` the file was made with; never sessions, tokens, links or keys, even from an older file.
 */
export async function restoreDatabase(db: Database, file: string, backupKey?: string): Promise<BackupResult> {
  if (!existsSync(file)) throw new BackupError(`No file ${file}`);
  const counts: Record<string, number> = Object.fromEntries(BACKUP_TABLES.map((table) => [table, 0]));
  let twoStepLeftOut = 0;
  await db.transaction(async (tx) => {
    for (const table of [...BACKUP_TABLES, ...LEFT_OUT_TABLES]) {
      const [{ used }] = (await queryRows<{ used: boolean }>(tx, sql`select exists (select 1 from ${sql.identifier(table)}) as used`)) as [
        { used: boolean },
      ];
      if (used) {
        throw new BackupError(`The database is not empty (${table} has rows). Restore into a new, empty database.`);
      }
    }
    let header: Header | undefined;
    let twoStepKey: string | undefined;
    let keySafeKey: string | undefined;
    // Opened only now: lines read before the loop starts would be lost.
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as Header | { table: string; rows: unknown[] };
        if (!header) {
          header = entry as Header;
          if (header.format !== FORMAT) throw new BackupError(`${file} is not a Valecare backup`);
          if (header.migrations !== migrationCount()) {
            throw new BackupError(
              `${file} was made with ${header.migrations} migrations and this version has ${migrationCount()}: restore it with the version that made it.`,
            );
          }
          if (header.twoStepKey && backupKey) twoStepKey = await unsealed(header.twoStepKey, backupKey, file);
          if (header.keySafeKey && backupKey) keySafeKey = await unsealed(header.keySafeKey, backupKey, file);
          continue;
        }
        const { table, rows } = entry as { table: string; rows: unknown[] };
        if ((LEFT_OUT_TABLES as readonly string[]).includes(table)) continue;
        if (!(BACKUP_TABLES as readonly string[]).includes(table)) throw new BackupError(`${file} has an unknown table ${table}`);
        if (TWO_STEP_TABLES.includes(table) && !twoStepKey) {
          if (table === 'mfa_enrolments') twoStepLeftOut += confirmedSetUps(rows);
          continue;
        }
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
        );
        counts[table]! += rows.length;
      }
    } catch (error) {
      if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
        throw new BackupError(`${file} is not a readable Valecare backup`);
      }
      throw error;
    }
    if (!header) throw new BackupError(`${file} is empty`);
    if (twoStepKey) await tx.insert(appSecrets).values({ name: TWO_STEP_KEY_NAME, value: JSON.parse(twoStepKey) as unknown });
    if (keySafeKey) await tx.insert(appSecrets).values({ name: KEY_SAFE_KEY_NAME, value: JSON.parse(keySafeKey) as unknown });
    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
  });
  return { rows: counts, twoStepLeftOut };
}
