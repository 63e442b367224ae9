import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withNamedStatements } from './pg-named-statements';
import { withPreparedStatements } from './pglite-prepared';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '@/server/paths';
import * as audit from './schema/audit';
import * as auth from './schema/auth';
import * as care from './schema/care';
import * as compliance from './schema/compliance';
import * as exclusions from './schema/exclusions';
import * as mag from './schema/mag';
import * as training from './schema/training';
import * as deliveries from './schema/deliveries';
import * as deprivation from './schema/deprivation';
import * as jobs from './schema/jobs';
import * as mail from './schema/mail';
import * as people from './schema/people';
import * as reminders from './schema/reminders';
import * as visits from './schema/visits';

export const schema = { ...people, ...care, ...deliveries, ...compliance, ...training, ...mag, ...exclusions, ...deprivation, ...audit, ...auth, ...mail, ...jobs, ...reminders, ...visits };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: services take either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** The rows of a raw SQL query, on either driver. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

export interface DatabaseConnection {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string; pglite?: PGlite };

/**
 * A quarter of PGlite's default 128 MB of shared buffers: the same speed on fifty times today's data (the
 * operating system caches the files), and about 110 MB less memory held for the life of the server.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * The migrated empty database every new PGlite data directory starts as a copy of: written by the build
 * (launch.ts), since making a database cluster takes PGlite about two seconds where copying this takes a tenth
 * of one. The migrations still run after, so a copy older than the newest migration only leaves them more to do.
 */
export const EMPTY_DATABASE = path.join(PROJECT_ROOT, 'dist/empty-database');

/** PGlite on a data directory: one not made yet starts as a copy of EMPTY_DATABASE where the build wrote it. */
function openPglite(dataDir: string | undefined): PGlite {
  if (dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(path.join(EMPTY_DATABASE, 'PG_VERSION'))) {
    cpSync(EMPTY_DATABASE, dataDir, { recursive: true });
  }
  return new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
}

/** Opens PostgreSQL (when a URL is given) or PGlite, and applies the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseConnection> {
  if (target.kind === 'postgres') {
    // JIT compilation doubles the cost of the short report queries this product runs; it pays only for long ones.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on next use.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    const db = drizzlePg({ client: withNamedStatements(pool), schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const client = target.pglite ?? openPglite(target.dataDir);
  const db = drizzlePglite({ client: withPreparedStatements(client), schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
