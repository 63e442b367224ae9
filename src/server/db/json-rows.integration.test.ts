import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { rowAsJson, rowFromJson, selectRowsAsJson, selectTablesAsJson, tablesAsJsonBuiltOnce } from './json-rows';
import { queryRows } from './client';
import { packages, requests } from './schema/care';
import { magLogs } from './schema/mag';
import { trainingRecords } from './schema/training';
import { carers, clients, notes } from './schema/people';
import { seedDemo } from '@/server/demo/seed-demo';

const { t } = testAppForFile();
beforeAll(async () => {
  await seedDemo(t.database.db, '2026-11-22');
}, 120_000);

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

describe('selectTablesAsJson', () => {
  it('gives each part the rows its select gives, in one statement, and empty lists where nothing matches', async () => {
    const db = t.database.db;
    const [client] = await db.select().from(clients).where(eq(clients.archived, 'N')).orderBy(asc(clients.id)).limit(1);
    const ofClient = db.select({ id: requests.id }).from(requests).where(eq(requests.clientId, client!.id));
    const found = await selectTablesAsJson(db, {
      client: { table: clients, where: eq(clients.id, client!.id), orderBy: [asc(clients.id)] },
      requests: { table: requests, where: eq(requests.clientId, client!.id), orderBy: [desc(requests.startDate), asc(requests.id)] },
      packages: { table: packages, where: inArray(packages.requestId, ofClient), orderBy: [desc(packages.startDate), asc(packages.id)] },
      notes: { table: notes, where: eq(notes.clientId, client!.id), orderBy: [asc(notes.position)] },
      nobody: { table: clients, where: eq(clients.id, 'c-nobody'), orderBy: [asc(clients.id)] },
    });
    expect(found.client).toEqual([client]);
    expect(found.requests).toEqual(await db.select().from(requests).where(eq(requests.clientId, client!.id)).orderBy(desc(requests.startDate), asc(requests.id)));
    expect(found.packages).toEqual(await db.select().from(packages).where(inArray(packages.requestId, ofClient)).orderBy(desc(packages.startDate), asc(packages.id)));
    expect(found.notes).toEqual(await db.select().from(notes).where(eq(notes.clientId, client!.id)).orderBy(asc(notes.position)));
    expect(found.nobody).toEqual([]);
  });

  it('gives only the columns a part names, timestamps as dates', async () => {
    const db = t.database.db;
    const found = await selectTablesAsJson(db, {
      carers: { table: carers, columns: { id: carers.id, name: carers.name, createdAt: carers.createdAt }, where: undefined, orderBy: [asc(carers.id)] },
    });
    const selected = await db.select({ id: carers.id, name: carers.name, createdAt: carers.createdAt }).from(carers).orderBy(asc(carers.id));
    expect(selected.length).toBeGreaterThan(0);
    expect(found.carers).toEqual(selected);
    expect(found.carers[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('built once, answers each call with its own values as a fresh build does', async () => {
    const db = t.database.db;
    let builds = 0;
    const partsFor = (id: unknown) => ({
      client: { table: clients, where: eq(clients.id, id as string), orderBy: [asc(clients.id)] },
      requests: { table: requests, where: eq(requests.clientId, id as string), orderBy: [desc(requests.startDate), asc(requests.id)] },
      notes: { table: notes, where: eq(notes.clientId, id as string), orderBy: [asc(notes.position)] },
    });
    const builtOnce = tablesAsJsonBuiltOnce<ReturnType<typeof partsFor>, { id: string }>(() => {
      builds++;
      return partsFor(sql.placeholder('id'));
    });
    const someClients = await db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id)).limit(3);
    for (const { id } of [...someClients, { id: 'c-nobody' }]) {
      expect(await builtOnce(db, { id })).toEqual(await selectTablesAsJson(db, partsFor(id)));
    }
    expect(someClients).toHaveLength(3);
    expect(builds).toBe(1);
  });
});

describe('rowAsJson', () => {
  it.each([
    ['clients', clients],
    ['carers', carers],
    ['requests', requests],
    ['packages', packages],
    ['training records', trainingRecords],
    ['MAG logs', magLogs],
  ] as const)('gives a row exactly as a select gives it: %s', async (_, table) => {
    const db = t.database.db;
    const selected = await db.select().from(table).limit(5);
    expect(selected.length).toBeGreaterThan(0);
    for (const row of selected) {
      const [found] = await queryRows<{ row: string }>(db, sql`select ${rowAsJson(table)} as row from ${table} where ${eq(table.id, row.id)}`);
      expect(rowFromJson(table, found!.row)).toEqual(row);
    }
  });
});
