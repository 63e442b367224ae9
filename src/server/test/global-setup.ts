import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/client';
import { buildEmptyDatabaseIfStale } from '@/server/launch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar) every test file starts from. */
    pgliteSnapshot: string;
    /** With PostgreSQL: a migrated template database every test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite snapshot, or (when TEST_DATABASE_URL is set and VALECARE_TEST_DB is
 * postgres) a template database on the server. Each test file then gets its own fresh copy.
 */
export default async function setup(project: TestProject) {
  // Once, before the workers: the servers and commands they start copy it into their new data directories.
  await buildEmptyDatabaseIfStale();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.VALECARE_TEST_DB === 'postgres') {
    if (!serverUrl) throw new Error('VALECARE_TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `valecare_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Copies made by test files are dropped by the files; sweep any a crash left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template}%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  const pglite = new PGlite();
  const database = await openDatabase({ kind: 'pglite', pglite });
  const snapshot = await pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `valecare-snapshot-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
}
