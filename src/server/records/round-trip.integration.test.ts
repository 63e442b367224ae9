import { beforeAll, describe, expect, it } from 'vitest';
import { addTwoCarers, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { RENEWAL_CARER_REFUSED, RENEWAL_REQUEST_REFUSED } from '@/server/features/packages/packages.service';
import { RENEWAL_CLIENT_REFUSED, RENEWAL_TYPE_REFUSED } from '@/server/features/requests/requests.service';

// Every update takes a record exactly as getById returned it, and every renew takes whole records (spec §7.3).

const TODAY = '2025-05-10';

const { admin } = testAppForFile({ today: TODAY });

/** Related records, so each getById carries the lists the server keeps elsewhere. */
async function addRelatedRecords() {
  const clientId = (await admin.clients.create(newClient({ name: 'Edna Pollard', services: ['MAG'] }))).id;
  const otherClientId = (await admin.clients.create(newClient({ name: 'Ivy Other' }))).id;
  const { mpId, volunteerId } = await addTwoCarers(admin);
  const requestId = (await admin.requests.create(newRequest(clientId))).id;
  const otherRequestId = (await admin.requests.create(newRequest(otherClientId))).id;
  const packageId = (await admin.packages.create(newPackage(mpId, requestId))).id;
  await admin.packages.create(newPackage(volunteerId, requestId));
  const magLogId = (
    await admin.mag.create({ date: '2025-03-01', clients: [{ id: clientId }], mps: [{ id: mpId }], volunteers: [{ id: volunteerId }], details: { totalClients: 1, totalMps: 1, totalVolunteers: 1 } })
  ).id;
  const trainingRecordId = (await admin.trainingRecords.create({ ownerId: mpId, expiryDate: '2026-01-01', details: { recordName: 'First Aid' } })).id;
  return { clientId, otherClientId, mpId, volunteerId, requestId, otherRequestId, packageId, magLogId, trainingRecordId };
}
let records: Awaited<ReturnType<typeof addRelatedRecords>>;
beforeAll(async () => {
  records = await addRelatedRecords();
});

describe('update takes back what getById gives', () => {
  it('clients: the whole record with one field changed', async () => {
    const read = await admin.clients.getById({ id: records.clientId });
    expect(read.requests?.length).toBeGreaterThan(0);
    expect(read.magLogs?.length).toBeGreaterThan(0);
    await admin.clients.update({ ...read, details: { ...read.details, phone: '01984 123456' } });
    expect(await admin.clients.getById({ id: records.clientId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, phone: '01984 123456' } });
  });

  it('mps and volunteers: the whole record with one field changed', async () => {
    for (const [carers, id] of [
      [admin.mps, records.mpId],
      [admin.volunteers, records.volunteerId],
    ] as const) {
      const read = await carers.getById({ id });
      expect(read.packages.length).toBeGreaterThan(0);
      await carers.update({ ...read, dbsExpiry: '2027-02-03' });
      expect(await carers.getById({ id })).toEqual({ ...read, version: read.version + 1, dbsExpiry: '2027-02-03' });
    }
  });

  it('requests: the whole record with one field changed', async () => {
    const read = await admin.requests.getById({ id: records.requestId });
    expect(read.packages?.length).toBeGreaterThan(0);
    await admin.requests.update({ ...read, details: { ...read.details, status: 'urgent' } });
    expect(await admin.requests.getById({ id: records.requestId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, status: 'urgent' } });
  });

  it('packages: the whole record with one field changed', async () => {
    const read = await admin.packages.getById({ id: records.packageId });
    expect(read.carerName).toBe('Mary Provider');
    await admin.packages.update({ ...read, details: { ...read.details, notes: 'Tuesdays' } });
    expect(await admin.packages.getById({ id: records.packageId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, notes: 'Tuesdays' } });
  });

  it('MAG logs: the whole record with one field changed', async () => {
    const read = await admin.mag.getById({ id: records.magLogId });
    await admin.mag.update({ ...read, details: { ...read.details, otherAttendees: 2 } });
    expect(await admin.mag.getById({ id: records.magLogId })).toEqual({ ...read, version: read.version + 1, details: { ...read.details, otherAttendees: 2 } });
  });

  it('training records: the whole record with one field changed', async () => {
    const read = await admin.trainingRecords.getById({ ownerId: records.mpId, id: records.trainingRecordId });
    await admin.trainingRecords.update({ ...read, expiryDate: '2026-06-30' });
    expect(await admin.trainingRecords.getById({ ownerId: records.mpId, id: records.trainingRecordId })).toEqual({ ...read, version: read.version + 1, expiryDate: '2026-06-30' });
  });

  it('still refuses a key that is in no shape of the record', async () => {
    const read = await admin.clients.getById({ id: records.clientId });
    await expect(admin.clients.update({ ...read, favouriteColour: 'blue' } as typeof read)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const request = await admin.requests.getById({ id: records.requestId });
    await expect(admin.requests.update({ ...request, surprise: 1 } as typeof request)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('renew takes whole records', () => {
  it('renews a package from {oldPackage, newPackage} read by getById, changing only the dates and hours', async () => {
    const id = (await admin.packages.create(newPackage(records.mpId, records.requestId, { weeklyHours: 2 }))).id;
    const read = await admin.packages.getById({ id });
    const { oldPackage, newPackage: started } = await admin.packages.renew({
      oldPackage: read,
      newPackage: { ...read, startDate: '2025-05-11', details: { ...read.details, weeklyHours: 4 } },
    });
    expect(oldPackage).toEqual({ ...read, carerName: undefined, version: read.version + 1, endDate: TODAY });
    expect(started).toEqual({ ...oldPackage, id: started.id, version: 1, startDate: '2025-05-11', endDate: 'open', details: { ...read.details, weeklyHours: 4 } });
  });

  it('renews a request from {oldRequest, newRequest} read by getById, changing only the dates and hours', async () => {
    const id = (await admin.requests.create(newRequest(records.clientId))).id;
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
    const pkg = await admin.packages.getById({ id: (await admin.packages.create(newPackage(records.mpId, records.requestId))).id });
    await expect(admin.packages.renew({ oldPackage: pkg, newPackage: { ...pkg, carerId: records.volunteerId } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RENEWAL_CARER_REFUSED,
    });
    await expect(admin.packages.renew({ oldPackage: pkg, newPackage: { ...pkg, requestId: records.otherRequestId } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: RENEWAL_REQUEST_REFUSED,
    });
    const request = await admin.requests.getById({ id: (await admin.requests.create(newRequest(records.clientId))).id });
    await expect(admin.requests.renew({ oldRequest: request, newRequest: { ...request, clientId: records.otherClientId } })).rejects.toMatchObject({
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
    const pkg = await admin.packages.getById({ id: records.packageId });
    await expect(admin.packages.renew({ oldPackage: pkg, newPackage: { ...pkg, surprise: 1 } as typeof pkg })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
