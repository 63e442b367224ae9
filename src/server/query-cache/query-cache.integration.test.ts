import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_REPORT_YEAR } from '@/shared/constants';
import { todayIn } from '@/shared/dates';
import { clients } from '@/server/db/schema/people';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { acceptsGzip, databaseState } from './query-cache';

const { t } = testAppForFile();
let token: string;
beforeAll(async () => {
  token = await t.idToken('Coordinator');
  const coordinator = t.caller('Coordinator');
  const client = await coordinator.clients.create(newClient({ name: 'Edna Pollard' }));
  const carer = await coordinator.mps.create(newCarer());
  const request = await coordinator.requests.create(newRequest(client.id));
  await coordinator.packages.create(newPackage(carer.id, request.id));
});

const LISTS = ['clients.getAllNotArchived', 'requests.getAllNotEndedYet', 'packages.getAllNotEndedYet'] as const;

async function list(path: string, bearer: string | undefined = token, input?: unknown) {
  const response = await callOverHttp(t.app, { path, type: 'query' }, input, bearer);
  return { status: response.statusCode, body: response.json() as { result?: { data: unknown[] }; error?: { data: { code: string } } } };
}

const names = async () => ((await list('clients.getAllNotArchived')).body.result!.data as { details: { name: string } }[]).map((c) => c.details.name);

describe('lists and reports answered from the server’s copy', () => {
  it.each(LISTS)('%s answers, each time, what the procedure itself answers', async (path) => {
    const [group, name] = path.split('.') as ['clients', 'getAllNotArchived'];
    const expected = JSON.parse(JSON.stringify(await t.caller('Coordinator')[group][name]())) as unknown[];
    expect(expected.length).toBeGreaterThan(0);
    for (let call = 0; call < 2; call++) {
      const { status, body } = await list(path);
      expect(status).toBe(200);
      expect(body.result!.data).toEqual(expected);
    }
  });

  it('answers each report for its own input, and bad input as tRPC does', async () => {
    const coordinator = t.caller('Coordinator');
    const reports: unknown[] = [];
    for (const startYear of [FIRST_REPORT_YEAR, Number(todayIn().slice(0, 4))]) {
      const expected = JSON.parse(JSON.stringify(await coordinator.analytics.getPackagesReport({ startYear })));
      for (let call = 0; call < 2; call++) expect((await list('analytics.getPackagesReport', token, { startYear })).body.result!.data).toEqual(expected);
      reports.push(expected);
    }
    expect(reports[0]).not.toEqual(reports[1]);
    const bad = await list('analytics.getPackagesReport', token, { startYear: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBeUndefined();
  });

  it('sends the copy gzipped to a caller that takes gzip, and plain to one that does not', async () => {
    const request = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/trpc/clients.getAllNotArchived', headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    const plain = await request();
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
      const zipped = await request(encoding);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.payload);
    }
    expect((await request('gzip;q=0, br')).headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['gzip', true],
    ['deflate, GZIP;q=0.8', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000, br', false],
    ['x-gzip, br', false],
    [undefined, false],
  ])('reads accept-encoding %j as HTTP does: gzip taken %j', (header, taken) => {
    expect(acceptsGzip(header)).toBe(taken);
  });

  it('answers the same in a batch, which is not cached', async () => {
    const single = await list('requests.getAllNotEndedYet');
    const batched = await t.app.inject({
      method: 'GET',
      url: `/trpc/requests.getAllNotEndedYet,clients.getAllNotArchived?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(batched.json()[0].result.data).toEqual(single.body.result!.data);
  });

  it('answers the Delivered Care Report from its copy, and counts care recorded a moment ago at the next call', async () => {
    const coordinator = t.caller('Coordinator');
    const [pkg] = await coordinator.packages.getAll();
    const input = { startYear: 2025, breakdown: 'locality' as const };
    type Report = { years: { year: number; deliveredHours: number }[] };
    const delivered = async () => (await list('analytics.getDeliveredReport', token, input)).body.result!.data as unknown as Report;
    const before = await delivered();
    expect(before).toEqual(JSON.parse(JSON.stringify(await coordinator.analytics.getDeliveredReport(input))));
    const recorded = await callOverHttp(t.app, { path: 'deliveries.record', type: 'mutation' }, { packageId: pkg!.id, date: '2025-01-06', hours: 2.5, status: 'delivered' }, token);
    expect(recorded.statusCode).toBe(200);
    const after = await delivered();
    expect(after.years[0]).toMatchObject({ year: 2025, deliveredHours: before.years[0]!.deliveredHours + 2.5 });
  });

  it('shows a change made through the API at the very next call', async () => {
    expect(await names()).not.toContain('Walter Hawkins');
    await callOverHttp(t.app, { path: 'clients.create', type: 'mutation' }, newClient({ name: 'Walter Hawkins' }), token);
    expect(await names()).toContain('Walter Hawkins');
  });

  it('shows a change written to the database by anything else (another server process, a restore)', async () => {
    expect(await names()).toContain('Edna Pollard');
    await t.database.db.update(clients).set({ archived: 'Y' }).where(eq(clients.name, 'Edna Pollard'));
    expect(await names()).not.toContain('Edna Pollard');
  });

  it('answers a signed-out call, or one with a bad token, as tRPC does: 401 and no data', async () => {
    await list('clients.getAllNotArchived');
    for (const bearer of ['', 'not-a-token']) {
      const { status, body } = await list('clients.getAllNotArchived', bearer);
      expect(status).toBe(401);
      expect(body.result).toBeUndefined();
      expect(body.error!.data.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('the database state the copies are kept under', () => {
  it('is left as it is by reads, lists and signed-in calls', async () => {
    // Minting the token opens its session (a write), as signing in would.
    const finance = await t.idToken('Finance');
    // On PostgreSQL the snapshot is the server's, and other test files write to their own databases on it
    // at the same time; so the reads are tried a few times, and one try must leave the state as it found it.
    // Reads that wrote would change it on every try.
    const unchanged: boolean[] = [];
    for (let attempt = 0; attempt < 8 && !unchanged.includes(true); attempt++) {
      const before = await databaseState(t.database.db);
      for (const path of LISTS) await list(path);
      await list('clients.getAllNotArchived', finance);
      unchanged.push((await databaseState(t.database.db)) === before);
    }
    expect(unchanged).toContain(true);
  });

  it('changes with every committed write', async () => {
    const before = await databaseState(t.database.db);
    await t.caller('Coordinator').clients.create(newClient({ name: 'Ivy Tucker' }));
    const afterCreate = await databaseState(t.database.db);
    expect(afterCreate).not.toBe(before);
    await t.database.db.update(clients).set({ version: sql`${clients.version} + 1` }).where(eq(clients.name, 'Ivy Tucker'));
    expect(await databaseState(t.database.db)).not.toBe(afterCreate);
  });
});
