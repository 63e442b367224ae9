import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseConnection, openDatabase } from '@/server/db/client';

let copies = 0;

/** A test database; `url` (PostgreSQL only) lets a test open a second connection, as a second server would. */
export type TestDatabase = DatabaseConnection & { url?: string };

/**
 * A new database on the test PostgreSQL server (TEST_DATABASE_URL): empty, or a copy of `template`. `drop`
 * removes it, closing any connection still open to it.
 */
export async function createPostgresDatabase(name: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** A fresh migrated database for one test file: PGlite by default, PostgreSQL when the run asks for it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  if (template) {
    const copy = await createPostgresDatabase(`${template}_${process.pid}_${++copies}`, template);
    const database = await openDatabase({ kind: 'postgres', url: copy.url });
    return {
      ...database,
      url: copy.url,
      close: async () => {
        await database.close();
        await copy.drop();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ kind: 'pglite', pglite });
}
