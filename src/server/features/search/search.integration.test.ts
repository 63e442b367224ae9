import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT, SEARCH_MAX_LENGTH } from '@/shared/search';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t, admin } = testAppForFile();
let world: Awaited<ReturnType<typeof createWorld>>;

async function createWorld() {
  const withCustomId = newClient({ name: 'Winifred Hollis', postCode: 'TA4 2AB' });
  const client = await admin.clients.create({ ...withCustomId, details: { ...withCustomId.details, customId: 'WIV-0042' } });
  const archivedClient = await admin.clients.create(newClient({ name: 'Winifred Ashworth', postCode: 'TA4 9ZZ' }));
  await admin.clients.toggleArchive({ id: archivedClient.id });
  const mp = await admin.mps.create(newCarer({ name: 'Hollis Mapperton' }));
  const volunteer = await admin.volunteers.create(newCarer({ name: 'Vera Hollis' }));
  const request = await admin.requests.create(newRequest(client.id));
  const pkg = await admin.packages.create(newPackage(mp.id, request.id, { name: 'Hollis mornings' }));
  // A note is never searched: only names, custom IDs, post codes and ids are.
  const quiet = newClient({ name: 'Nora Quiet' });
  const note = { date: '2025-01-01', note: 'Zebracrossing Hollis', source: 'Phone' as const, minutesTaken: 5 };
  await admin.clients.create({ ...quiet, details: { ...quiet.details, notes: [note] } });
  return { client, archivedClient, mp, volunteer, request, pkg };
}

beforeAll(async () => {
  world = await createWorld();
});

const idsOf = (groups: { kind: string; hits: { id: string }[] }[]) => Object.fromEntries(groups.map((g) => [g.kind, g.hits.map((h) => h.id)]));

describe('search.find', () => {
  it('finds every kind by name, the request by its client and the package by its own name', async () => {
    const found = idsOf(await admin.search.find({ query: 'hollis' }));
    expect(found).toEqual({
      clients: [world.client.id],
      mps: [world.mp.id],
      volunteers: [world.volunteer.id],
      requests: [world.request.id],
      packages: [world.pkg.id],
    });
  });

  it('finds a name however it is typed: accents, capitals, apostrophes, hyphens and spaces left out', async () => {
    const renee = await admin.clients.create(newClient({ name: "Renée O'Connor" }));
    const jose = await admin.mps.create(newCarer({ name: 'José Ferreira-Jones' }));
    for (const query of ['renee oconnor', "o'connor", 'RENEE', 'Renée O’Connor', 'reneeo']) {
      expect(idsOf(await admin.search.find({ query })).clients, query).toEqual([renee.id]);
    }
    for (const query of ['Jose Ferreira Jones', 'jose', 'ferreirajones', 'FERREIRA-JONES']) {
      expect(idsOf(await admin.search.find({ query })).mps, query).toEqual([jose.id]);
    }
    // Exactly the name, however typed, comes first.
    const exact = await admin.clients.create(newClient({ name: 'Ann Lee' }));
    await admin.clients.create(newClient({ name: 'Joanne Leeming' }));
    expect(idsOf(await admin.search.find({ query: 'ann-lee' })).clients?.[0]).toBe(exact.id);
    // Only hyphens or apostrophes find nothing rather than everyone.
    expect(idsOf(await admin.search.find({ query: "-'" })).clients).toEqual([]);
  });

  it('finds by custom ID, by post code with or without its space, and by id', async () => {
    expect(idsOf(await admin.search.find({ query: 'wiv-0042' })).clients).toEqual([world.client.id]);
    expect(idsOf(await admin.search.find({ query: 'ta49zz' })).clients).toEqual([world.archivedClient.id]);
    expect(idsOf(await admin.search.find({ query: 'TA4 9ZZ' })).clients).toEqual([world.archivedClient.id]);
    const byId = await admin.search.find({ query: world.pkg.id });
    expect(byId.flatMap((g) => g.hits.map((h) => h.id))).toEqual([world.pkg.id]);
    expect(idsOf(await admin.search.find({ query: world.request.id })).requests).toEqual([world.request.id]);
  });

  it('includes archived records, marked and after active ones, with the fields a result shows', async () => {
    const [clients] = await admin.search.find({ query: 'winifred' });
    expect(clients!.kind).toBe('clients');
    expect(clients!.hits).toEqual([
      { id: world.client.id, name: 'Winifred Hollis', customId: 'WIV-0042', postCode: 'TA4 2AB', locality: 'Wiveliscombe', archived: 'N', startDate: null, endDate: null },
      expect.objectContaining({ id: world.archivedClient.id, archived: 'Y' }),
    ]);
    const requests = (await admin.search.find({ query: 'winifred hollis' })).find((g) => g.kind === 'requests');
    expect(requests!.hits[0]).toMatchObject({ name: 'Winifred Hollis', startDate: '2025-01-06', endDate: 'open' });
  });

  it('never searches notes', async () => {
    const found = await admin.search.find({ query: 'zebracrossing' });
    expect(found.every((g) => g.hits.length === 0)).toBe(true);
  });

  it('shows each role only the kinds it may read: Finance gets no MPs', async () => {
    const finance = await t.caller('Finance').search.find({ query: 'hollis' });
    expect(finance.map((g) => g.kind)).toEqual(['clients', 'volunteers', 'requests', 'packages']);
    expect(JSON.stringify(finance)).not.toContain('Mapperton');
    const coordinator = await t.caller('Coordinator').search.find({ query: 'mapperton' });
    expect(idsOf(coordinator).mps).toEqual([world.mp.id]);
  });

  it(`lists at most ${SEARCH_LIMIT} of a kind, best matches first, and says there are more`, async () => {
    for (let i = 0; i < SEARCH_LIMIT + 2; i++) await admin.volunteers.create(newCarer({ name: `Limitless Lyle ${i}` }));
    const exact = await admin.volunteers.create(newCarer({ name: 'Lyle' }));
    const volunteers = (await admin.search.find({ query: 'lyle' })).find((g) => g.kind === 'volunteers')!;
    expect(volunteers.hits).toHaveLength(SEARCH_LIMIT);
    expect(volunteers.more).toBe(true);
    expect(volunteers.hits[0]!.id).toBe(exact.id);
    expect((await admin.search.find({ query: 'hollis' })).every((g) => !g.more)).toBe(true);
  });

  it('takes wildcards as plain text, finds nothing for blank text and refuses text too long, never a 500', async () => {
    expect((await admin.search.find({ query: '%' })).every((g) => g.hits.length === 0)).toBe(true);
    expect((await admin.search.find({ query: '_' })).every((g) => g.hits.length === 0)).toBe(true);
    expect(await admin.search.find({ query: '   ' })).toEqual([]);
    await expect(admin.search.find({ query: 'x'.repeat(SEARCH_MAX_LENGTH + 1) })).rejects.toThrow(`At most ${SEARCH_MAX_LENGTH} characters`);
    const token = await t.idToken('Coordinator');
    for (const input of [{}, { query: 5 }, { query: 'a', extra: 1 }, { query: 'a\u0000b' }, { query: "'; drop table clients; --" }]) {
      const response = await callOverHttp(t.app, { path: 'search.find', type: 'query' }, input, token);
      expect(response.statusCode, JSON.stringify(input)).toBeLessThan(500);
    }
    const unsigned = await callOverHttp(t.app, { path: 'search.find', type: 'query' }, { query: 'hollis' });
    expect(unsigned.statusCode).toBe(401);
  });
});
