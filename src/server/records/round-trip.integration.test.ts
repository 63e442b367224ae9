import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { RENEWAL_CARER_REFUSED, RENEWAL_REQUEST_REFUSED } from '@/server/features/packages/packages.service';
import { RENEWAL_CLIENT_REFUSED, RENEWAL_TYPE_REFUSED } from '@/server/features/requests/requests.service';

// Every update takes a record exactly as getById returned it, and every renew takes whole records (spec §7.3).

const TODAY = '2025-05-10';

let t: TestApp;
let admin: ReturnType<TestApp['caller']>;
let clientId: string;
let otherClientId: string;
let mpId: string;
let volunteerId: string;
let requestId: string;
let otherRequestId: string;
let packageId: string;
let magLogId: string;
let trainingRecordId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setToday(TODAY);
  admin = t.caller('Admin');
  // Related records, so each getById carries the lists the server keeps elsewhere.
  clientId = (await admin.clients.create(newClient({ name: 'Edna Pollard', services: ['MAG'] }))).id;
  otherClientId = (await admin.clients.create(newClient({ name: 'Ivy Other' }))).id;
  mpId = (await admin.mps.create(newCarer({ name: 'Mary Provider' }))).id;
  volunteerId = (await admin.volunteers.create(newCarer({ name: 'Val Unteer' }))).id;
  requestId = (await admin.requests.create(newRequest(clientId))).id;
  otherRequestId = (await admin.requests.create(newRequest(otherClientId))).id;
  packageId = (await admin.packages.create(newPackage(mpId, requestId))).id;
  await admin.packages.create(newPackage(volunteerId, requestId));
  magLogId = (
    await admin.mag.create({ date: '2025-03-01', clients: [{ id: clientId }], mps: [{ id: mpId }], volunteers: [{ id: volunteerId }], details: { totalClients: 1, totalMps: 1, totalVolunteers: 1 } })
  ).id;
  trainingRecordId = (await admin.trainingRecords.create({ ownerId: mpId, expiryDate: '2026-01-01', details: { recordName: 'First Aid' } })).id;
});
beforeEach(() => t.setToday(TODAY));
afterAll(() => t.close());

describe('update takes back what getById gives', () => {
  it('clients: the whole record with one field changed', async () => {
    const read = await admin.clients.getById({ id: clientId });
    expect(read.requests?.length).toBeGreaterThan(0);
    expect(read.magLogs?.length).toBeGreaterThan(0);
    await admin.clients.update({ ...read, details: { ...read.details, phone: '01984 123456' } });
    expect(await admin.clients.getById({ id: clientId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, phone: '01984 123456' } });
  });

  it('mps and volunteers: the whole record with one field changed', async () => {
    for (const [carers, id] of [
      [admin.mps, mpId],
      [admin.volunteers, volunteerId],
    ] as const) {
      const read = await carers.getById({ id });
      expect(read.packages.length).toBeGreaterThan(0);
      await carers.update({ ...read, dbsExpiry: '2027-02-03' });
      expect(await carers.getById({ id })).toEqual({ ...read, version: read.version + 1, dbsExpiry: '2027-02-03' });
    }
  });

  it('requests: the whole record with one field changed', async () => {
    const read = await admin.requests.getById({ id: requestId });
    expect(read.packages?.length).toBeGreaterThan(0);
    await admin.requests.update({ ...read, details: { ...read.details, status: 'urgent' } });
    expect(await admin.requests.getById({ id: requestId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, status: 'urgent' } });
  });

  it('packages: the whole record with one field changed', async () => {
    const read = await admin.packages.getById({ id: packageId });
    expect(read.carerName).toBe('Mary Provider');
    await admin.packages.update({ ...read, details: { ...read.details, notes: 'Tuesdays' } });
    expect(await admin.packages.getById({ id: packageId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, notes: 'Tuesdays' } });
  });

  it('MAG logs: the whole record with one field changed', async () => {
    const read = await admin.mag.getById({ id: magLogId });
    await admin.mag.update({ ...read, details: { ...read.details, otherAttendees: 2 } });
    expect(await admin.mag.getById({ id: magLogId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, otherAttendees: 2 } });
  });

  it('training records: the whole record with one field changed', async () => {
    const read = await admin.trainingRecords.getById({ ownerId: mpId, id: trainingRecordId });
    await admin.trainingRecords.update({ ...read, expiryDate: '2026-06-30' });
    expect(await admin.trainingRecords.getById({ ownerId: mpId, id: trainingRecordId })).toEqual({ ...read, version: read.version + 1, expiryDate: '2026-06-30' });
  });

  it('still refuses a key that is in no shape of the record', async () => {
    const read = await admin.clients.getById({ id: clientId });
    await expect(admin.clients.update({ ...read, favouriteColour: 'blue' } as typeof read)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const request = await admin.requests.getById({ id: requestId });
    await expect(admin.requests.update({ ...request, surprise: 1 } as typeof request)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('renew takes whole records', () => {
  it('renews a package from {oldPackage, newPackage} read by getById, changing only the dates and hours', async () => {
    const id = (await admin.packages.create(newPackage(mpId, requestId, { weeklyHours: 2 }))).id;
    const read = await admin.packages.getById({ id });
    const { oldPackage, newPackage: started } = await admin.packages.renew({
      oldPackage: read,
      newPackage: { ...read, startDate: '2025-05-11', details: { ...read.details, weeklyHours: 4 } },
    });
    expect(oldPackage).toEqual({ ...read, carerName: undefined, version: read.version + 1, endDate: TODAY });
    expect(started).toEqual({ ...oldPackage, id: started.id, version: 1, startDate: '2025-05-11', endDate: 'open', details: { ...read.details, weeklyHours: 4 } });
  });

  it('renews a request from {oldRequest, newRequest} read by getById, changing only the dates and hours', async () => {
    const id = (await admin.requests.create(newRequest(clientId))).id;
    const read = await admin.requests.getById({ id });
    const { oldRequest, newRequest: started } = await admin.requests.renew({
      oldRequest: { ...read, endDate: '2025-05-20' },
      newRequest: { ...read, startDate: '2025-05-21', details: { ...read.details, weeklyHours: 6 } },
    });
    const { packages: _packages, hoursInService: _hours, ...own } = read;
    expect(oldRequest).toEqual({ ...own, version: read.version + 1, endDate: '2025-05-20' });
    expect(started).toEqual({ ...own, id: started.id, version: 1, startDate: '2025-05-21', details: { ...read.details, weeklyHours: 6 } });
  });

  it('refuses a whole-record renewal that changes what the renewal keeps, with a clear message', async () => {
    const pkg = await admin.packages.getById({ id: (await admin.packages.create(newPackage(mpId, requestId))).id });
    await expect(admin.packages.renew({ oldPackage: pkg, newPackage: { ...pkg, carerId: volunteerId } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RENEWAL_CARER_REFUSED,
    });
    await expect(admin.packages.renew({ oldPackage: pkg, newPackage: { ...pkg, requestId: otherRequestId } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RENEWAL_REQUEST_REFUSED,
    });
    const request = await admin.requests.getById({ id: (await admin.requests.create(newRequest(clientId))).id });
    await expect(admin.requests.renew({ oldRequest: request, newRequest: { ...request, clientId: otherClientId } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RENEWAL_CLIENT_REFUSED,
    });
    await expect(admin.requests.renew({ oldRequest: request, newRequest: { ...request, requestType: 'unpaid' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RENEWAL_TYPE_REFUSED,
    });
    // Nothing was renewed: both are still open at their first version.
    expect(await admin.packages.getById({ id: pkg.id })).toEqual(pkg);
    expect(await admin.requests.getById({ id: request.id })).toEqual(request);
  });

  it('still refuses an unknown key in a renewal', async () => {
    const pkg = await admin.packages.getById({ id: packageId });
    await expect(admin.packages.renew({ oldPackage: pkg, newPackage: { ...pkg, surprise: 1 } as typeof pkg })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
