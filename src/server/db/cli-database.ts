import type { Env } from '@/server/env';
import type { Database } from './client';
import { DataDirBusyError, openConfiguredDatabase } from './open';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line task on the configured database and returns its exit code: 0 with the task's
 * output printed; 2 with a clear message when the database is in use or the task refuses the input
 * (an error of one of `refusals`). Anything else is a fault and is thrown.
 */
export async function runOnDatabase(env: Env, task: (db: Database) => Promise<string>, refusals: ErrorClass[] = []): Promise<number> {
  let database;
  try {
    database = await openConfiguredDatabase(env);
  } catch (error) {
    console.error(error instanceof DataDirBusyError ? error.message : `Cannot open the database: ${(error as Error).message}`);
    return 2;
  }
  try {
    console.log(await task(database.db));
    return 0;
  } catch (error) {
    if (refusals.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}
