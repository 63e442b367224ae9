import path from 'node:path';
import { type Database, openDatabase } from '@/server/db/client';
import { migratedDataDir, removeDataDir, type RunningServer, startServer } from './server';

/**
 * A server of a spec file's own on `port`, for tests the shared server cannot hold: on a migrated database that `seed`
 * fills first. Stopping it removes its data too.
 */
export async function startSeededServer(port: number, seed: (db: Database) => Promise<void>): Promise<RunningServer> {
  const dataDir = migratedDataDir();
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await seed(database.db);
    await database.close();
    const server = await startServer({ port, dataDir });
    return {
      ...server,
      stop: async (signal) => {
        const exit = await server.stop(signal);
        removeDataDir(dataDir);
        return exit;
      },
    };
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
}
