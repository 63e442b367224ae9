import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatedTravel } from '@/shared/travel';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { createTestApp } from '@/server/test/test-app';
import { addPlaces, ASHBRITTLE, MILVERTON, WIVELISCOMBE } from '@/server/test/places';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { forgetRoadTimes, placesOf, travelTable } from '@/server/records/travel';

// Carers suggested for a request by the driving it would add to their planned week: from post code coordinates, or
// from the charity's routing engine (a small server here answering as OSRM's table service does) while it answers.

/** Monday 16 March 2026. */
const TODAY = '2026-03-16';
const { t, admin } = testAppForFile({ today: TODAY });

const PLACES = {
  client: { postCode: 'TA4 7AA', ...MILVERTON },
  nearHome: { postCode: 'TA4 7AB', latitude: 51.0312, longitude: -3.2611 },
  visited: { postCode: 'TA4 7AC', latitude: 51.027, longitude: -3.2552 },
  wiveliscombe: { postCode: 'TA4 2AB', ...WIVELISCOMBE },
  ashbrittle: { postCode: 'TA21 0AA', ...ASHBRITTLE },
  unmapped: { postCode: 'TA4 9ZZ', latitude: null, longitude: null },
};
const ids = {} as Record<'near' | 'passing' | 'far' | 'unmapped' | 'client' | 'request', string>;

const carerAt = async (name: string, postCode: string) => {
  const input = newCarer({ name });
  input.details.address = { postCode };
  return (await admin.mps.create(input)).id;
};

beforeAll(async () => {
  await addPlaces(t.database.db, Object.values(PLACES));
  ids.near = await carerAt('Nina Near', PLACES.nearHome.postCode);
  ids.passing = await carerAt('Pat Passing', PLACES.wiveliscombe.postCode);
  ids.far = await carerAt('Fred Far', PLACES.ashbrittle.postCode);
  ids.unmapped = await carerAt('Una Unmapped', PLACES.unmapped.postCode);
  // Pat already drives to Milverton on Mondays, a few doors from the new client.
  const other = (await admin.clients.create(newClient({ name: 'Olive Other', postCode: PLACES.visited.postCode }))).id;
  const otherRequest = (await admin.requests.create(newRequest(other, { startDate: '2026-01-05' }))).id;
  const input = newPackage(ids.passing, otherRequest, { startDate: '2026-01-05' });
  input.details.address = { postCode: PLACES.visited.postCode };
  const packageId = (await admin.packages.create(input)).id;
  await admin.visitPlans.set({ packageId, visits: [{ weekday: 1, start: '09:00', end: '10:00' }] });
  ids.client = (await admin.clients.create(newClient({ name: 'Edna New', postCode: PLACES.client.postCode }))).id;
  const request = newRequest(ids.client, { startDate: '2026-03-16' });
  request.details = { ...request.details, address: { postCode: PLACES.client.postCode } };
  ids.request = (await admin.requests.create(request)).id;
});

const place = (key: 'client' | 'nearHome' | 'visited' | 'wiveliscombe' | 'ashbrittle') => ({ latitude: PLACES[key].latitude, longitude: PLACES[key].longitude });

describe('where people are', () => {
  it('gives the post codes that have coordinates, however they are typed, and says so on the record', async () => {
    const places = await placesOf(t.database.db, ['ta47aa', 'TA4 9ZZ', 'TA4 0XX']);
    expect([...places]).toEqual([['ta47aa', place('client')]]);
    expect((await admin.clients.getById({ id: ids.client })).onMap).toBe(true);
    expect((await admin.mps.getById({ id: ids.unmapped })).onMap).toBe(false);
  });
});

describe('suggestions by added travel', () => {
  it('ranks carers by the driving the request adds to their week, beside their week now, and leaves out those with no place', async () => {
    const suggested = await admin.carers.suggestForRequest({ requestId: ids.request });
    expect(suggested.map((s) => s.name)).toEqual(['Pat Passing', 'Nina Near', 'Fred Far', 'Una Unmapped']);
    const [pat, nina, fred, una] = suggested;
    // Pat's Monday: home, Olive, home; Edna goes in beside Olive.
    const [home, olive, edna] = [place('wiveliscombe'), place('visited'), place('client')];
    expect(pat!.travel!.week.minutes).toBeCloseTo(estimatedTravel(home, olive).minutes + estimatedTravel(olive, home).minutes, 6);
    const viaEdna = estimatedTravel(olive, edna).minutes + estimatedTravel(edna, home).minutes - estimatedTravel(olive, home).minutes;
    expect(pat!.travel!.added.minutes).toBeCloseTo(viaEdna, 6);
    // Nina has no visits: the request is a drive there and back.
    expect(nina!.travel).toEqual({ week: { minutes: 0, miles: 0 }, added: { minutes: expect.any(Number), miles: expect.any(Number) } });
    expect(nina!.travel!.added.miles).toBeCloseTo(2 * estimatedTravel(place('nearHome'), edna).miles, 6);
    expect(fred!.travel!.added.minutes).toBeGreaterThan(nina!.travel!.added.minutes);
    expect(una!.travel).toBeNull();
    expect(una!.reasons).toContain('Travel not estimated: no map position for TA4 9ZZ');
  });

  it('takes each hour a week asked as a visit, on the days the carer works, cheapest first', async () => {
    await admin.availability.set({ carerId: ids.near, weekly: [{ weekday: 2, start: '08:00', end: '18:00' }], timeOff: [] });
    const request = newRequest(ids.client, { startDate: '2026-03-16', weeklyHours: 3 });
    request.details = { ...request.details, address: { postCode: PLACES.client.postCode } };
    const requestId = (await admin.requests.create(request)).id;
    const nina = (await admin.carers.suggestForRequest({ requestId })).find((s) => s.name === 'Nina Near')!;
    // Three visits, but Nina said she works Tuesdays only: one drive there and back.
    expect(nina.travel!.added.miles).toBeCloseTo(2 * estimatedTravel(place('nearHome'), place('client')).miles, 6);
    const fred = (await admin.carers.suggestForRequest({ requestId })).find((s) => s.name === 'Fred Far')!;
    expect(fred.travel!.added.miles).toBeCloseTo(3 * 2 * estimatedTravel(place('ashbrittle'), place('client')).miles, 6);
  });

  it('estimates nothing where the request’s post code has no place, and ranks near by as before, without a word on each carer', async () => {
    const request = newRequest(ids.client, { startDate: '2026-03-16' });
    request.details = { ...request.details, address: { postCode: PLACES.unmapped.postCode, locality: 'Milverton' } };
    const requestId = (await admin.requests.create(request)).id;
    const suggested = await admin.carers.suggestForRequest({ requestId });
    expect(suggested.map((s) => s.travel)).toEqual([null, null, null, null]);
    expect(suggested.flatMap((s) => s.reasons).filter((reason) => reason.startsWith('Travel'))).toEqual([]);
  });
});

describe('ROUTING_URL', () => {
  let server: Server;
  let url: string;
  const asked: string[] = [];
  beforeAll(async () => {
    // Answers as OSRM's table service: ten minutes and five kilometres between any two places, none where unreachable.
    server = createServer((request, response) => {
      asked.push(request.url!);
      if (request.url!.startsWith('/failing/')) return response.writeHead(503).end();
      const [, path, query] = /^\/table\/v1\/driving\/([^?]+)\?(.*)$/.exec(request.url!) ?? [];
      if (!path) return response.writeHead(404).end();
      const params = new URLSearchParams(query);
      const sources = params.get('sources')!.split(';').map(Number);
      const destinations = params.get('destinations')!.split(';').map(Number);
      const coordinates = path.split(';');
      const cell = (s: number, d: number, value: number) => (coordinates[s] === coordinates[d] ? 0 : coordinates[d]!.startsWith('-3.3663') ? null : value);
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          code: 'Ok',
          durations: sources.map((s) => destinations.map((d) => cell(s, d, 600))),
          distances: sources.map((s) => destinations.map((d) => cell(s, d, 5000))),
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/table/v1/driving`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('uses the road times the engine answers, estimating only the pairs it has no road for', async () => {
    forgetRoadTimes();
    const [a, b, c] = [place('client'), place('wiveliscombe'), place('ashbrittle')];
    const table = await travelTable([a], [b, c], url);
    expect(table.travel[0]![0]).toEqual({ minutes: 10, miles: 5000 / 1609.344 });
    expect(table.travel[0]![1]).toEqual(estimatedTravel(a, c));
    expect(table.source).toBe('estimate');
    expect((await travelTable([a], [b], url)).source).toBe('roads');
    expect(asked.at(-1)).toContain('sources=0&destinations=1;2&annotations=duration,distance');
  });

  it('ranks suggestions by the engine’s road times', async () => {
    forgetRoadTimes();
    const routed = await createTestApp({ database: t.database, env: { ROUTING_URL: url } });
    const suggested = await routed.caller('Admin').carers.suggestForRequest({ requestId: ids.request });
    // Every drive is ten minutes: Pat's Monday gains one leg (Olive → Edna → home for Olive → home); Nina's a round trip.
    expect(suggested.find((s) => s.name === 'Pat Passing')!.travel!.added.minutes).toBe(10);
    expect(suggested.find((s) => s.name === 'Nina Near')!.travel!.added.minutes).toBe(20);
    await routed.app.close();
  });

  it('falls back to the estimate when the engine does not answer', async () => {
    forgetRoadTimes();
    const down = 'http://127.0.0.1:9/table/v1/driving';
    const [a, b] = [place('client'), place('wiveliscombe')];
    expect(await travelTable([a], [b], down)).toEqual({ travel: [[estimatedTravel(a, b)]], source: 'estimate' });
  });

  it('lets an engine that failed rest a minute before asking it again, estimating meanwhile', async () => {
    forgetRoadTimes();
    const failing = url.replace('/table/', '/failing/table/');
    const [a, b] = [place('client'), place('wiveliscombe')];
    const before = asked.length;
    expect(await travelTable([a], [b], failing)).toEqual({ travel: [[estimatedTravel(a, b)]], source: 'estimate' });
    expect(await travelTable([a], [b], failing)).toEqual({ travel: [[estimatedTravel(a, b)]], source: 'estimate' });
    expect(asked.length - before).toBe(1);
    // Another engine is asked as ever.
    expect((await travelTable([a], [b], url)).source).toBe('roads');
  });
});
