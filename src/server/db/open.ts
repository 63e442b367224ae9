import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@/server/env';
import { type DatabaseConnection, openDatabase } from './client';

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite files may be opened by one process only: a lock file holds the owner's pid. A lock left by a
 * process that is gone is taken over; one held by a running process refuses.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'valecare.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirBusyError(
          `The database in ${dataDir} is in use by another process (pid ${owner}), usually the running server: stop the server first.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`);
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (locked). */
export async function openConfiguredDatabase(env: Env): Promise<DatabaseConnection> {
  if (env.databaseUrl) return openDatabase({ kind: 'postgres', url: env.databaseUrl });
  const unlock = lockDataDir(env.dataDir);
  try {
    const connection = await openDatabase({ kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') });
    return {
      ...connection,
      close: async () => {
        try {
          await connection.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
