import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseConnection, openDatabase } from '@/server/db/client';

let copies = 0;

/** A test database; `url` (PostgreSQL only) lets a test open a second connection, as a second server would. */
export type TestDatabase = DatabaseConnection & { url?: string };

/** A fresh migrated database for one test file: PGlite by default, PostgreSQL when the run asks for it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  if (template) {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `${template}_${process.pid}_${++copies}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      ...database,
      url: url.toString(),
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ kind: 'pglite', pglite });
}
