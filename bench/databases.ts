import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addUser } from '@/server/accounts/accounts';
import { type Database, queryRows } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { loadEnv } from '@/server/env';
import type { ServerDatabase } from '@/server/launch';
import { type DataSetSize, insertDataSet } from './data-set';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/** The member of staff the benchmark signs in as: a Coordinator signs in with a password alone. */
export const BENCH_USER = { email: 'bench.coordinator@valecare.test', password: 'bench-password-1', givenName: 'Bench', familyName: 'Coordinator', role: 'Coordinator' } as const;

/** A database made for one measurement and removed after it; never the user's data. */
export interface BenchDatabase {
  kind: DatabaseKind;
  target: ServerDatabase;
  /** What it is, for the report. */
  description: string;
  /** Another database holding the same data, for a second server to own (none may have this one open). */
  copy: () => Promise<BenchDatabase>;
  remove: () => Promise<void>;
}

function pgliteVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
}

export function newPgliteDatabase(): BenchDatabase {
  return pgliteDatabaseIn(mkdtempSync(path.join(os.tmpdir(), 'valecare-bench-')));
}

function pgliteDatabaseIn(dataDir: string): BenchDatabase {
  return {
    kind: 'PGlite',
    target: { dataDir },
    description: `PGlite ${pgliteVersion()}, file-backed in a new temporary directory`,
    copy: async () => {
      const copyDir = mkdtempSync(path.join(os.tmpdir(), 'valecare-bench-'));
      cpSync(dataDir, copyDir, { recursive: true });
      return pgliteDatabaseIn(copyDir);
    },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The PostgreSQL server to use: DATABASE_URL, else the usual local one, when it answers. */
export async function reachablePostgres(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let postgresDatabases = 0;

/**
 * A new database on the server (a copy of `template` where one is named), dropped afterwards: the database
 * the URL names is never written.
 */
export async function newPostgresDatabase(serverUrl: string, template?: string): Promise<BenchDatabase> {
  const name = `valecare_bench_${process.pid}_${Date.now()}_${++postgresDatabases}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  const { rows: versionNumber } = await admin.query<{ server_version_num: string }>('show server_version_num');
  // A copy made page by page through the write-ahead log (PostgreSQL 15's default) leaves hundreds of megabytes
  // for the next checkpoints to write while the first operations are timed; FILE_COPY copies the files between
  // two checkpoints and leaves the server quiet.
  const strategy = template && Number(versionNumber[0]!.server_version_num) >= 150_000 ? ' strategy file_copy' : '';
  await admin.query(`create database ${name}${template ? ` template ${template}${strategy}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    target: { databaseUrl: url.toString() },
    description: `PostgreSQL ${rows[0]!.server_version.split(' ')[0]} on ${url.hostname} (a new database, dropped afterwards)`,
    copy: () => newPostgresDatabase(serverUrl, name),
    remove: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The settings that open the database. */
export function envOf(database: BenchDatabase) {
  const target = database.target;
  return loadEnv('dataDir' in target ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl });
}

/**
 * Brings a database just filled to the state of one that grew over years and is looked after: VACUUM (ANALYZE)
 * gathers fresh statistics and marks every page all-visible, and CHECKPOINT writes it all out. Left to itself,
 * PostgreSQL's autovacuum and its next checkpoint would come at a time of their own choosing: in one side's
 * rounds and not the other's (two full runs put PostgreSQL's ratios up to 17% apart where PGlite's held).
 */
export async function settleDatabase(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
  await db.execute(sql`checkpoint`);
}

/** Runs `task` on a database opened for it, closed afterwards. */
export async function withOpened<T>(database: BenchDatabase, task: (db: Database) => Promise<T>): Promise<T> {
  const connection = await openConfiguredDatabase(envOf(database));
  try {
    return await task(connection.db);
  } finally {
    await connection.close();
  }
}

/** Runs `task` on a new, empty PGlite database (migrated), removed afterwards. */
export async function withEmptyPglite<T>(task: (db: Database) => Promise<T>): Promise<T> {
  const target = newPgliteDatabase();
  try {
    return await withOpened(target, task);
  } finally {
    await target.remove();
  }
}

/** Clients the single-record operations take in turn: current ones with care on record. */
const SAMPLE_CLIENTS = 50;

/**
 * Migrates the database, fills it with a data set and adds the benchmark's member of staff. Answers
 * the clients the single-record operations work on.
 */
export async function fillDatabase(database: BenchDatabase, size: DataSetSize, today: string): Promise<string[]> {
  const connection = await openConfiguredDatabase(envOf(database));
  try {
    await insertDataSet(connection.db, size, today);
    await addUser(connection.db, BENCH_USER);
    await settleDatabase(connection.db);
    const rows = await queryRows<{ id: string }>(
      connection.db,
      sql`select id from clients where archived = 'N' and exists (select 1 from requests where client_id = clients.id)
        order by id limit ${SAMPLE_CLIENTS}`,
    );
    return rows.map((row) => row.id);
  } finally {
    await connection.close();
  }
}
