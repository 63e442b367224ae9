import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openConfiguredDatabase } from '@/server/db/open';
import { loadEnv } from '@/server/env';
import type { ServerDatabase } from '@/server/launch';
import { createPostgresDatabase } from './test-database';

/**
 * Storage for a server process started by a test: a PostgreSQL database of its own in the integration
 * run's PostgreSQL pass, else a fresh PGlite data directory.
 */
export async function createServerStorage(prefix: string): Promise<{ database: ServerDatabase; remove: () => Promise<void> }> {
  if (process.env.VALECARE_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(`valecare_${prefix}_${process.pid}_${Date.now()}`);
    return { database: { databaseUrl: created.url }, remove: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `valecare-${prefix}-`));
  return { database: { dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Opens the server's database in this process (the server must be stopped when it is PGlite). */
export function openServerDatabase(database: ServerDatabase) {
  return openConfiguredDatabase(loadEnv('dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl }));
}
