import { randomUUID } from 'node:crypto';
import readXlsxFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ALL_WORKBOOK_PATH } from '@/shared/import-api';
import { estimatedTravel } from '@/shared/travel';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { addPlaces, ROUND_PLACES } from '@/server/test/places';
import { testAppForFile } from '@/server/test/test-app-for-file';

// A carer's statement with the month's estimated driving between the visits given, and a volunteer's mileage claim at
// the charity's rate.

/** Friday 20 March 2026. */
const TODAY = '2026-03-20';
const MONTH = '2026-03';
const { t, admin } = testAppForFile({ today: TODAY });

const PLACES = ROUND_PLACES;
type PlaceName = keyof typeof PLACES;
const ids = {} as Record<'vera' | 'mo' | 'homeless' | PlaceName, string>;
const miles = (path: PlaceName[]) => path.slice(1).reduce((sum, to, i) => sum + estimatedTravel(PLACES[path[i]!] as never, PLACES[to] as never).miles, 0);

async function carerAt(kind: 'volunteers' | 'mps', name: string, postCode: string, email?: string) {
  const input = newCarer({ name, ...(email ? { email } : {}) });
  input.details.address = { postCode };
  return (await admin[kind].create(input)).id;
}

async function packageAt(carerId: string, place: PlaceName) {
  const { postCode } = PLACES[place];
  const clientId = (await admin.clients.create(newClient({ name: `Client ${place}`, postCode }))).id;
  const requestId = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }))).id;
  const input = newPackage(carerId, requestId, { startDate: '2026-01-05' });
  input.details.address = { postCode };
  return (await admin.packages.create(input)).id;
}

const deliver = (packageId: string, date: string) => admin.deliveries.record({ packageId, date, status: 'delivered', hours: 1, note: '' });

beforeAll(async () => {
  await addPlaces(t.database.db, Object.values(PLACES));
  ids.vera = await carerAt('volunteers', 'Vera Volunteer', PLACES.home.postCode, 'vera@carers.test');
  for (const place of ['milverton', 'milvertonNorth', 'chipstable', 'unmapped'] as const) ids[place] = await packageAt(ids.vera, place);
  ids.mo = await carerAt('mps', 'Mo Provider', PLACES.home.postCode);
  ids.homeless = await carerAt('volunteers', 'Hal Nowhere', PLACES.unmapped.postCode);
});

describe('driving on statements', () => {
  it('counts each day from home to the visits given and back, in the least driving order where times are not known', async () => {
    // Monday: Chipstable and Milverton; Tuesday: Milverton alone; Wednesday: a missed visit drives nowhere.
    await deliver(ids.chipstable, '2026-03-16');
    await deliver(ids.milverton, '2026-03-16');
    await deliver(ids.milverton, '2026-03-17');
    await admin.deliveries.record({ packageId: ids.chipstable, date: '2026-03-18', status: 'missed', reason: 'client-in-hospital', note: '' });
    const statement = await admin.deliveries.getStatement({ carerId: ids.vera, month: MONTH });
    const expected = miles(['home', 'chipstable', 'milverton', 'home']) + miles(['home', 'milverton', 'home']);
    expect(statement.driving).toMatchObject({ days: 2, source: 'estimate', unmapped: [] });
    expect('miles' in statement.driving && statement.driving.miles).toBeCloseTo(expected, 9);
    // A volunteer claims at the HMRC rate, 45p a mile, unless the charity sets another.
    expect(statement.mileage).toEqual({ pencePerMile: 45, pounds: Math.round(expected * 45) / 100 });
    await admin.deliveries.setMileageRate({ pencePerMile: 40 });
    expect(await admin.deliveries.getMileageRate()).toEqual({ pencePerMile: 40 });
    expect((await admin.deliveries.getStatement({ carerId: ids.vera, month: MONTH })).mileage).toEqual({ pencePerMile: 40, pounds: Math.round(expected * 40) / 100 });
    await expect(admin.deliveries.setMileageRate({ pencePerMile: 501 })).rejects.toThrow('At most 500p a mile');
    expect(await admin.deliveries.getMileageRate()).toEqual({ pencePerMile: 40 });
    await admin.deliveries.setMileageRate({ pencePerMile: 45 });
  });

  it('follows the order of the times the carer recorded on their phone', async () => {
    await admin.carerApp.invite({ carerId: ids.vera });
    const vera = t.caller('Carer', { email: 'vera@carers.test' });
    // Thursday zigzags: Milverton, Chipstable, then Milverton again: driven as recorded, not as it might have been.
    const visit = (packageId: string, start: string, end: string) => ({ id: randomUUID(), packageId, date: '2026-03-19', start, end });
    await vera.carerApp.sync({ visits: [visit(ids.milverton, '09:00', '10:00'), visit(ids.chipstable, '10:30', '11:30'), visit(ids.milvertonNorth, '12:00', '13:00')] });
    const statement = await admin.deliveries.getStatement({ carerId: ids.vera, month: MONTH });
    const before = miles(['home', 'chipstable', 'milverton', 'home']) + miles(['home', 'milverton', 'home']);
    const zigzag = miles(['home', 'milverton', 'chipstable', 'milvertonNorth', 'home']);
    expect('miles' in statement.driving && statement.driving.miles).toBeCloseTo(before + zigzag, 9);
    expect(zigzag).toBeGreaterThan(miles(['home', 'milverton', 'milvertonNorth', 'chipstable', 'home']));
  });

  it('leaves out a client with no map position and says so; an MP has no mileage claim; a home with no place is not estimated', async () => {
    await deliver(ids.unmapped, '2026-03-13');
    const statement = await admin.deliveries.getStatement({ carerId: ids.vera, month: MONTH });
    expect(statement.driving).toMatchObject({ days: 4, unmapped: ['TA4 9ZZ'] });
    const moPackage = await packageAt(ids.mo, 'milverton');
    await deliver(moPackage, '2026-03-16');
    const mo = await admin.deliveries.getStatement({ carerId: ids.mo, month: MONTH });
    expect('miles' in mo.driving && mo.driving.miles).toBeCloseTo(miles(['home', 'milverton', 'home']), 9);
    expect(mo.mileage).toBeNull();
    const hal = await admin.deliveries.getStatement({ carerId: ids.homeless, month: MONTH });
    expect(hal.driving).toEqual({ notEstimated: 'No map position for TA4 9ZZ' });
    expect(hal.mileage).toBeNull();
  });

  it('lists each carer’s month of driving in the exported workbook, with a volunteer’s claim, as their statements give them', async () => {
    const halPackage = await packageAt(ids.homeless, 'milverton');
    await deliver(halPackage, '2026-03-16');
    // "Export all data", as the Admin downloads it.
    const response = await t.app.inject({ method: 'GET', url: EXPORT_ALL_WORKBOOK_PATH, headers: { authorization: `Bearer ${await t.idToken('Admin')}` } });
    expect(response.statusCode).toBe(200);
    const workbook = response.rawPayload;
    const [headings, ...rows] = (await readXlsxFile(workbook)).find((sheet) => sheet.sheet === 'Mileage')!.data;
    expect(headings).toEqual([
      'Month',
      'Carer ID',
      'Carer',
      'Kind',
      'Days of care',
      'Miles (estimated)',
      'Minutes driving (estimated)',
      'Pence a mile',
      'Mileage claim (£)',
      'Driving from',
      'Left out',
    ]);
    const rowOf = (carerId: string) => rows.find((row) => row[1] === carerId)!;
    const vera = await admin.deliveries.getStatement({ carerId: ids.vera, month: MONTH });
    if (!('miles' in vera.driving)) throw new Error('Vera’s driving is estimated');
    expect(rowOf(ids.vera)).toEqual([
      new Date('2026-03-01T00:00:00Z'),
      ids.vera,
      'Vera Volunteer',
      'Volunteer',
      vera.driving.days,
      Math.round(vera.driving.miles * 10) / 10,
      Math.round(vera.driving.minutes),
      45,
      vera.mileage!.pounds,
      'Post codes (estimate)',
      'No map position for TA4 9ZZ',
    ]);
    const mo = await admin.deliveries.getStatement({ carerId: ids.mo, month: MONTH });
    expect(rowOf(ids.mo).slice(3, 9)).toEqual(['MP', 1, 'miles' in mo.driving && Math.round(mo.driving.miles * 10) / 10, 'minutes' in mo.driving && Math.round(mo.driving.minutes), null, null]);
    expect(rowOf(ids.homeless).slice(4, 11)).toEqual([null, null, null, null, null, null, 'No map position for TA4 9ZZ']);
    expect(rows).toHaveLength(3);
  });
});
