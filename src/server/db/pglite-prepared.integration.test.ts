import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared';

let raw: PGlite;
let db: PGlite;
beforeAll(async () => {
  raw = await PGlite.create();
  await raw.exec(`create table things (id int primary key, name text not null, born date, tags text[], extra jsonb, at timestamptz default now())`);
  db = withPreparedStatements(raw, { maxPrepared: 3 });
});
afterAll(() => raw.close());

const INSERT = 'insert into things (id, name, born, tags, extra) values ($1, $2, $3, $4, $5) returning id, name, born, tags, extra';
const PREPARED = `select name from pg_prepared_statements where statement = $1`;

describe('withPreparedStatements', () => {
  it('answers a statement sent again (prepared) exactly as PGlite does, values of every kind included', async () => {
    const first = await db.query(INSERT, [1, 'Ann', '1941-05-17', ['a', 'b'], { x: 1 }]);
    const again = await db.query(INSERT, [2, "O'Brien", null, [], { y: [1, 2] }]);
    expect(first.rows).toEqual([{ id: 1, name: 'Ann', born: new Date('1941-05-17'), tags: ['a', 'b'], extra: { x: 1 } }]);
    expect(again.rows).toEqual([{ id: 2, name: "O'Brien", born: null, tags: [], extra: { y: [1, 2] } }]);
    expect(again.fields.map((f) => f.name)).toEqual(['id', 'name', 'born', 'tags', 'extra']);
    expect(again.affectedRows).toBe(1);
    // The second was bound to a statement PostgreSQL holds prepared; PGlite's own query() prepares none.
    expect((await raw.query(PREPARED, [INSERT])).rows).toHaveLength(1);
    // The whole result (fields, counts, command) as PGlite's own, with a caller's parsers as drizzle passes them.
    const all = 'select id, name, born, tags, extra, at from things where id > $1 order by id';
    for (const options of [undefined, { rowMode: 'array' as const, parsers: { 1082: (value: string) => value } }]) {
      await db.query(all, [0], options);
      expect(await db.query(all, [0], options)).toEqual(await raw.query(all, [0], options));
    }
    const changed = 'update things set name = name where id > $1';
    await db.query(changed, [0]);
    expect(await db.query(changed, [0])).toEqual(await raw.query(changed, [0]));
    const arrays = await db.query<unknown[]>('select id, name from things order by id', [], { rowMode: 'array' });
    const arraysAgain = await db.query<unknown[]>('select id, name from things order by id', [], { rowMode: 'array' });
    expect(arraysAgain.rows).toEqual(arrays.rows);
    expect(arraysAgain.rows).toEqual([
      [1, 'Ann'],
      [2, "O'Brien"],
    ]);
  });

  it('refuses bad input with the database error and its code, and goes on working', async () => {
    await expect(db.query(INSERT, [1, 'Again', null, [], null])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(INSERT, [3, null, null, [], null])).rejects.toMatchObject({ code: '23502' });
    expect((await db.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
  });

  it('closes the statement used longest ago past its limit, and prepares it again when it comes back', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      for (let twice = 0; twice < 2; twice++) expect((await db.query(`select $1::int + ${n} as n`, [1])).rows).toEqual([{ n: n + 1 }]);
    }
    expect((await raw.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n).toBe(3);
    for (let twice = 0; twice < 2; twice++) expect((await db.query(`select $1::int + 1 as n`, [41])).rows).toEqual([{ n: 42 }]);
  });

  it('runs prepared statements inside a transaction, rolled back with it, and never inside another caller’s', async () => {
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n;
    await count();
    let seenDuring: number | undefined;
    let outside: Promise<unknown> = Promise.resolve();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(INSERT, [10, 'Inside', null, [], null]);
        await tx.query(INSERT, [11, 'Inside too', null, [], null]);
        // Sent while the transaction is open: it must wait for it, not run inside it and see its rows.
        outside = count().then((n) => (seenDuring = n));
        await new Promise((resolve) => setTimeout(resolve, 30));
        expect(seenDuring).toBeUndefined();
        await tx.query(INSERT, [10, 'Twice', null, [], null]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await outside;
    expect(seenDuring).toBe(2);
    expect(await count()).toBe(2);
    await db.transaction(async (tx) => {
      await tx.query(INSERT, [12, 'Kept', null, [], null]);
    });
    expect(await count()).toBe(3);
  });
});
