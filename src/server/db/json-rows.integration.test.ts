import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { selectRowsAsJson } from './json-rows';
import { packages, requests } from './schema/care';
import { trainingRecords } from './schema/compliance';
import { carers, clients } from './schema/people';
import { seedDemo } from '@/server/demo/seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, '2026-11-22');
}, 120_000);
afterAll(() => t.close());

describe('selectRowsAsJson', () => {
  it.each([
    ['clients', clients, eq(clients.archived, 'N'), [desc(clients.createdAt), desc(clients.id)]],
    ['carers', carers, undefined, [asc(carers.name), asc(carers.id)]],
    ['requests', requests, undefined, [desc(requests.createdAt), desc(requests.id)]],
    ['packages', packages, eq(packages.archived, 'N'), [desc(packages.createdAt), desc(packages.id)]],
    ['training records', trainingRecords, undefined, [asc(trainingRecords.id)]],
  ] as const)('gives exactly the rows and values a select gives, in order: %s', async (_, table, where, orderBy) => {
    const db = t.database.db;
    const selected = await db.select().from(table).where(where).orderBy(...orderBy);
    const fromJson = await selectRowsAsJson(db, table, where, [...orderBy]);
    expect(selected.length).toBeGreaterThan(0);
    expect(fromJson).toEqual(selected);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await selectRowsAsJson(t.database.db, clients, eq(clients.id, 'c-nobody'), [asc(clients.id)])).toEqual([]);
  });
});
