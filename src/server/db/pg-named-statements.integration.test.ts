import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '@/server/test/test-database';
import { withNamedStatements } from './pg-named-statements';

const onPostgres = process.env.VALECARE_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('withNamedStatements', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createPostgresDatabase(`named_${process.pid}`);
    // One connection, so the statements it prepared can be read back from it.
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // pool.end() resolves before its connection has closed, so the forced drop after it may end that connection
    // first: the pool then reports it, as the product's pool does, rather than throw it at the test run.
    pool.on('error', () => undefined);
    await pool.query('create table things (id int primary key, name text not null)');
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const preparedOnTheConnection = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map((r) => r.statement);

  it('names a statement sent a second time, in and out of a transaction, and answers as before', async () => {
    const db = drizzle({ client: withNamedStatements(pool) });
    const insert = (id: number, name: string) => db.execute(sql`insert into things (id, name) values (${id}, ${name}) returning id, name`);
    expect((await insert(1, 'Ann')).rows).toEqual([{ id: 1, name: 'Ann' }]);
    expect(await preparedOnTheConnection()).toEqual([]);
    expect((await insert(2, 'Bob')).rows).toEqual([{ id: 2, name: 'Bob' }]);
    const count = () => db.execute<{ n: number }>(sql`select count(*)::int as n from things where id > ${0}`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select count(*)::int as n from things where id > ${0}`);
      await tx.execute(sql`select count(*)::int as n from things where id > ${0}`);
    });
    expect((await count()).rows).toEqual([{ n: 2 }]);
    expect(await preparedOnTheConnection()).toEqual([
      'insert into things (id, name) values ($1, $2) returning id, name',
      'select count(*)::int as n from things where id > $1',
    ]);
    // A refused statement is refused with its code, and the named statement goes on working.
    await expect(insert(1, 'Again')).rejects.toMatchObject({ cause: { code: '23505' } });
    expect((await insert(3, 'Cy')).rows).toEqual([{ id: 3, name: 'Cy' }]);
  });
});
