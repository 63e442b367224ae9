import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, openSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type MailMessage, withoutLinks } from '@/server/mail/mail';
import { type Database, type Executor, MIGRATIONS_FOLDER, queryRows } from './client';

/** Every table, parents before children, so a restore never breaks a foreign key. */
export const BACKUP_TABLES = [
  'postcode_deprivation',
  'clients',
  // Before the accounts: a carer's account names its carer.
  'carers',
  'users',
  'mfa_enrolments',
  'mfa_recovery_codes',
  'app_secrets',
  'oidc_models',
  'login_attempts',
  'login_refusals',
  'password_links',
  'password_reset_requests',
  'audit_log',
  'notes',
  'requests',
  'packages',
  'deliveries',
  'visits',
  'visit_refusals',
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
] as const;

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
  version: 1;
  /** How many migrations the database had: a backup restores only into the same schema. */
  migrations: number;
  createdAt: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

function migrationCount(): number {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
}

/** A backup holds no live link in clear: a message still waiting to be sent goes into it without its link's token. */
function forBackup(table: string, rows: unknown[]): unknown[] {
  if (table !== 'mail_messages') return rows;
  return (rows as MailMessage[]).map((row) => ({ ...row, ...withoutLinks(row) }));
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
 * Writes every row of every table to a gzip file of JSON lines, read in one repeatable-read
 * transaction so the copy is consistent even while others write (PostgreSQL).
 */
export async function backupDatabase(db: Database, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
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
        const header: Header = { format: FORMAT, version: 1, migrations: migrationCount(), createdAt: new Date().toISOString() };
        gzip.write(`${JSON.stringify(header)}\n`);
        for (const table of BACKUP_TABLES) {
          counts[table] = 0;
          for await (const rows of tableRows(tx, table)) {
            if (!gzip.write(`${JSON.stringify({ table, rows: forBackup(table, rows) })}\n`)) await once(gzip, 'drain');
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
  return counts;
}

/** Loads a backup into an empty database in one transaction: all of it, or nothing. */
export async function restoreDatabase(db: Database, file: string): Promise<Record<string, number>> {
  if (!existsSync(file)) throw new BackupError(`No file ${file}`);
  const counts: Record<string, number> = Object.fromEntries(BACKUP_TABLES.map((table) => [table, 0]));
  await db.transaction(async (tx) => {
    for (const table of BACKUP_TABLES) {
      const [{ used }] = (await queryRows<{ used: boolean }>(tx, sql`select exists (select 1 from ${sql.identifier(table)}) as used`)) as [
        { used: boolean },
      ];
      if (used) {
        throw new BackupError(`The database is not empty (${table} has rows). Restore into a new, empty database.`);
      }
    }
    let header: Header | undefined;
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
          continue;
        }
        const { table, rows } = entry as { table: string; rows: unknown[] };
        if (!(BACKUP_TABLES as readonly string[]).includes(table)) throw new BackupError(`${file} has an unknown table ${table}`);
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
    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
  });
  return counts;
}
