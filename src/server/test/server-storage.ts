import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openConfiguredDatabase } from '@/server/db/open';
import { loadEnv } from '@/server/env';
import type { ServerDatabase } from '@/server/launch';

/**
 * Storage for a server process started by a test: a PostgreSQL database of its own in the integration
 * run's PostgreSQL pass, else a fresh PGlite data directory.
 */
export async function createServerStorage(prefix: string): Promise<{ database: ServerDatabase; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.VALECARE_TEST_DB === 'postgres' && serverUrl) {
    const name = `valecare_${prefix}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      database: { databaseUrl: url.toString() },
      remove: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `valecare-${prefix}-`));
  return { database: { dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Opens the server's database in this process (the server must be stopped when it is PGlite). */
export function openServerDatabase(database: ServerDatabase) {
  return openConfiguredDatabase(loadEnv('dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl }));
}
