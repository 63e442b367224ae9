import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARRY_OVER_FORBIDDEN, END_BEFORE_START } from '@/shared/care';
import { requests } from '@/server/db/schema/care';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { newCarer, newClient } from '@/server/test/builders';
import { failInsertsInto, newPackage, newRequest, REFUSED_WEEKLY_HOURS } from '@/server/test/care-builders';
import { expectViewsAroundToday } from '@/server/test/list-views';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { CLIENT_CHANGE_REFUSED, HAS_PACKAGES_REFUSED, RENEWAL_CLIENT_REFUSED } from './requests.service';

const TODAY = '2025-05-10';
const YESTERDAY = '2025-05-09';
const TOMORROW = '2025-05-11';

const { t, admin } = testAppForFile({ today: TODAY });
let carerId: string;
beforeAll(async () => {
  carerId = (await admin.mps.create(newCarer())).id;
});

async function aClient(name = 'Edna Pollard') {
  return admin.clients.create(newClient({ name }));
}

/** A request for a new client, as stored. */
async function aRequest(overrides: Parameters<typeof newRequest>[1] = {}) {
  const client = await aClient();
  return admin.requests.create(newRequest(client.id, overrides));
}

/** The update payload for a stored request: exactly the fields update takes. */
type StoredRequest = Awaited<ReturnType<typeof admin.requests.create>>;
function editable({ id, version, clientId, archived, requestType, startDate, endDate, details }: StoredRequest) {
  return { id, version, clientId, archived, requestType, startDate, endDate, details };
}

const auditRows = (recordId: string) => t.auditRows(recordId);

describe('requests.create', () => {
  it('applies the spec defaults and takes the address and flags from the client', async () => {
    const input = newClient({ name: 'Iris Hill', postCode: 'EX1 1ZZ' });
    input.details.address = { ...input.details.address, streetAddress: '1 Fore Street', locality: 'Milverton' };
    input.details.address.deprivation = { income: true, health: false };
    const client = await admin.clients.create(input);

    const request = await admin.requests.create(newRequest(client.id, { startDate: '2025-03-01' }));
    expect(request.id).toMatch(/^r[a-z0-9]{15}$/);
    expect(request).toMatchObject({
      clientId: client.id,
      archived: 'N',
      version: 1,
      requestType: 'paid',
      startDate: '2025-03-01',
      endDate: 'open',
    });
    expect(request.details).toEqual({
      customId: '',
      name: 'Iris Hill',
      weeklyHours: 1,
      address: {
        streetAddress: '1 Fore Street',
        locality: 'Milverton',
        county: 'Somerset',
        postCode: 'EX1 1ZZ',
        deprivation: { income: true, health: false },
      },
      status: 'pending',
      services: [],
      notes: '',
    });
  });

  it('keeps an address given for the request', async () => {
    const client = await aClient();
    const input = newRequest(client.id);
    input.details = { address: { postCode: 'ta4 9zz', locality: 'Stawley' } };
    const request = await admin.requests.create(input);
    expect(request.details.address).toMatchObject({ postCode: 'TA4 9ZZ', locality: 'Stawley', deprivation: { income: false, health: false } });
  });

  it("ignores a name sent with the request: its name is always the client's current name", async () => {
    const client = await aClient('Jean Marsh');
    const input = newRequest(client.id);
    input.details = { name: 'Somebody Else' };
    const request = await admin.requests.create(input);
    expect(request.details.name).toBe('Jean Marsh');
    await admin.clients.updateName({ clientId: client.id, newName: 'Jean Marsh-Lee' });
    expect((await admin.requests.getById({ id: request.id })).details.name).toBe('Jean Marsh-Lee');
  });

  it('refuses an unknown client', async () => {
    await expect(admin.requests.create(newRequest('cnobody'))).rejects.toThrow('Client not found');
    await expect(admin.requests.create(newRequest('m123'))).rejects.toThrow('clientId: Not a client id');
  });

  it.each(REFUSED_WEEKLY_HOURS)('refuses %s weekly hours, and writes nothing', async (weeklyHours, message) => {
    const client = await aClient();
    await expect(admin.requests.create(newRequest(client.id, { weeklyHours }))).rejects.toThrow(message);
    expect(await t.database.db.select().from(requests).where(eq(requests.clientId, client.id))).toEqual([]);
  });

  it('accepts 0 to 168 weekly hours in half hours', async () => {
    for (const weeklyHours of [0, 7.5, 168]) {
      expect((await aRequest({ weeklyHours })).details.weeklyHours).toBe(weeklyHours);
    }
  });

  it('refuses an end before the start, unknown fields and bad values with clear messages', async () => {
    const client = await aClient();
    const good = newRequest(client.id, { startDate: '2025-03-01' });
    await expect(admin.requests.create({ ...good, endDate: '2025-02-28' })).rejects.toThrow(`endDate: ${END_BEFORE_START}`);
    await expect(admin.requests.create({ ...good, endDate: 'soon' })).rejects.toThrow(/endDate/);
    await expect(admin.requests.create({ ...good, extra: 1 } as never)).rejects.toThrow(/extra/);
    await expect(admin.requests.create({ ...good, requestType: 'free' as never })).rejects.toThrow(/requestType/);
    await expect(admin.requests.create({ ...good, details: { status: 'asap' as never } })).rejects.toThrow(/details\.status/);
    expect((await admin.requests.create({ ...good, endDate: '2025-03-01' })).endDate).toBe('2025-03-01');
  });

  it('writes an audit row', async () => {
    const request = await aRequest({ weeklyHours: 4 });
    const rows = await auditRows(request.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ procedure: 'requests.create', actorEmail: 'admin@valecare.test' });
    expect(rows[0]!.changes).toMatchObject({ 'details.weeklyHours': { from: null, to: 4 } });
  });
});

describe('list views around today', () => {
  it('shows active (not ended yet), completed (not archived) and archived (all) requests, newest first', async () => {
    await expectViewsAroundToday(t, admin.requests, aRequest, { yesterday: YESTERDAY, today: TODAY, tomorrow: TOMORROW });
  });
});

describe('hours in service', () => {
  it('adds the weekly hours of packages that are open or end in the future, on list entries and getById', async () => {
    const request = await aRequest({ weeklyHours: 20 });
    for (const [endDate, weeklyHours] of [
      ['open', 2],
      [TODAY, 1.5],
      [TOMORROW, 3],
      [YESTERDAY, 10],
    ] as const) {
      await admin.packages.create(newPackage(carerId, request.id, { endDate, weeklyHours }));
    }
    const detail = await admin.requests.getById({ id: request.id });
    expect(detail.hoursInService).toBe(5);
    expect(detail.packages).toHaveLength(4);
    const entry = (await admin.requests.getAll()).find((r) => r.id === request.id)!;
    expect(entry).toMatchObject({ hoursInService: 5 });
    expect(entry.packages.map((p) => p.details.weeklyHours)).toEqual([10, 3, 1.5, 2]);

    t.setToday(TOMORROW);
    expect((await admin.requests.getById({ id: request.id })).hoursInService).toBe(2);
  });

  it('counts a package renewed today once', async () => {
    const request = await aRequest({ weeklyHours: 20 });
    const pkg = await admin.packages.create(newPackage(carerId, request.id, { startDate: '2025-01-06', weeklyHours: 6 }));
    await admin.packages.renew({ oldPackage: { id: pkg.id }, newPackage: { details: { ...pkg.details, weeklyHours: 8 } } });

    expect((await admin.requests.getById({ id: request.id })).hoursInService).toBe(8);
    const entry = (await admin.requests.getAllNotEndedYet()).find((r) => r.id === request.id)!;
    expect(entry.hoursInService).toBe(8);
    expect(entry.packages).toHaveLength(2);
  });

  it('counts a package renewed on a later date once', async () => {
    const request = await aRequest({ weeklyHours: 20 });
    const pkg = await admin.packages.create(newPackage(carerId, request.id, { weeklyHours: 6 }));
    await admin.packages.renew({ oldPackage: { id: pkg.id, endDate: '2025-05-31' }, newPackage: { details: { ...pkg.details, weeklyHours: 8 } } });
    expect((await admin.requests.getById({ id: request.id })).hoursInService).toBe(8);
  });
});

describe('requests.update', () => {
  it('updates the request and bumps its version, with an audit row', async () => {
    const request = editable(await aRequest());
    const updated = await admin.requests.update({
      ...request,
      requestType: 'unpaid',
      details: { ...request.details, status: 'urgent', weeklyHours: 3.5, services: ['Domestic'] },
    });
    expect(updated).toMatchObject({
      version: 2,
      requestType: 'unpaid',
      details: { status: 'urgent', weeklyHours: 3.5, services: ['Domestic'] },
    });
    const rows = await auditRows(request.id);
    expect(rows.map((r) => r.procedure)).toEqual(['requests.create', 'requests.update']);
    expect(rows[1]!.changes).toMatchObject({ 'details.status': { from: 'pending', to: 'urgent' }, requestType: { from: 'paid', to: 'unpaid' } });
  });

  it("refuses to change the request's client", async () => {
    const request = editable(await aRequest());
    const other = await aClient('Other Person');
    await expect(admin.requests.update({ ...request, clientId: other.id })).rejects.toThrow(CLIENT_CHANGE_REFUSED);
    expect((await admin.requests.getById({ id: request.id })).clientId).toBe(request.clientId);
  });

  it('refuses a stale version, an end before the start and an unknown request', async () => {
    const request = editable(await aRequest({ startDate: '2025-03-01' }));
    await admin.requests.update(request);
    await expect(admin.requests.update(request)).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.requests.update({ ...request, version: 2, endDate: '2025-01-01' })).rejects.toThrow(END_BEFORE_START);
    await expect(admin.requests.update({ ...request, id: 'rnobody', version: undefined })).rejects.toThrow('Request not found');
  });
});

describe('requests.renew', () => {
  it('ends the old request today and starts an open one that day for the same client and type', async () => {
    const old = await aRequest({ startDate: '2024-05-01', requestType: 'unpaid', weeklyHours: 4 });
    const pkg = await admin.packages.create(newPackage(carerId, old.id));
    const { oldRequest, newRequest: renewed } = await admin.requests.renew({
      oldRequest: { id: old.id, version: old.version },
      newRequest: { details: { ...old.details, weeklyHours: 6 } },
    });
    expect(oldRequest).toMatchObject({ id: old.id, endDate: TODAY, version: 2, details: { weeklyHours: 4 } });
    expect(renewed).toMatchObject({
      clientId: old.clientId,
      requestType: 'unpaid',
      archived: 'N',
      startDate: TODAY,
      endDate: 'open',
      details: { weeklyHours: 6, name: 'Edna Pollard' },
    });
    expect(renewed.id).not.toBe(old.id);
    // Packages stay with the request they were made for.
    expect((await admin.packages.getById({ id: pkg.id })).requestId).toBe(old.id);
    expect((await admin.requests.getById({ id: renewed.id })).packages).toEqual([]);
    expect((await auditRows(old.id)).map((r) => r.procedure)).toEqual(['requests.create', 'requests.renew']);
    expect((await auditRows(renewed.id)).map((r) => r.procedure)).toEqual(['requests.renew']);
  });

  it('uses the edited end date, and the new start date when that was edited too', async () => {
    const first = await aRequest({ startDate: '2024-05-01' });
    const edited = await admin.requests.renew({ oldRequest: { id: first.id, endDate: '2025-05-31' }, newRequest: { details: {} } });
    expect(edited.oldRequest.endDate).toBe('2025-05-31');
    expect(edited.newRequest.startDate).toBe('2025-05-31');

    const second = await aRequest({ startDate: '2024-05-01' });
    const both = await admin.requests.renew({
      oldRequest: { id: second.id, endDate: '2025-05-31' },
      newRequest: { startDate: '2025-06-01', details: {} },
    });
    expect([both.oldRequest.endDate, both.newRequest.startDate]).toEqual(['2025-05-31', '2025-06-01']);
  });

  it('renews only a current, unarchived request, and refuses a stale version', async () => {
    const renewal = { newRequest: { details: {} } };
    const ended = await aRequest({ endDate: YESTERDAY });
    await expect(admin.requests.renew({ ...renewal, oldRequest: { id: ended.id } })).rejects.toThrow(
      'This request has ended, so cannot be renewed.',
    );
    const archived = await aRequest({ archived: 'Y' });
    await expect(admin.requests.renew({ ...renewal, oldRequest: { id: archived.id } })).rejects.toThrow('This request is archived');
    const current = await aRequest();
    await expect(admin.requests.renew({ ...renewal, oldRequest: { id: current.id, version: 7 } })).rejects.toThrow(STALE_MESSAGE);
    // The new request may name its client (a whole record), but only the old request's.
    const other = await aClient('Ivy Other');
    await expect(admin.requests.renew({ oldRequest: { id: current.id }, newRequest: { details: {}, clientId: other.id } })).rejects.toThrow(
      RENEWAL_CLIENT_REFUSED,
    );
  });

  it('changes nothing when the new request cannot be written', async () => {
    const old = await aRequest();
    const restore = await failInsertsInto(t.database.db, 'requests');
    try {
      await expect(admin.requests.renew({ oldRequest: { id: old.id }, newRequest: { details: {} } })).rejects.toThrow(/insert into "requests"/);
    } finally {
      await restore();
    }
    const stored = await admin.requests.getById({ id: old.id });
    expect(stored).toMatchObject({ endDate: 'open', version: 1 });
    expect(await t.database.db.select().from(requests).where(eq(requests.clientId, old.clientId))).toHaveLength(1);
    expect((await auditRows(old.id)).map((r) => r.procedure)).toEqual(['requests.create']);
  });
});

describe('requests.renew carrying packages over', () => {
  /** A request with an open package, one ending after today, one ending today, one ended and one archived. */
  async function aRequestWithPackages() {
    const old = await aRequest({ startDate: '2024-05-01', weeklyHours: 20 });
    const add = (overrides: Parameters<typeof newPackage>[2]) => admin.packages.create(newPackage(carerId, old.id, overrides));
    const open = await add({ name: 'Open', weeklyHours: 3 });
    const later = await add({ name: 'Later', weeklyHours: 2, endDate: '2025-08-31' });
    const endsToday = await add({ name: 'Ends today', weeklyHours: 7, endDate: TODAY });
    const ended = await add({ name: 'Ended', weeklyHours: 9, endDate: YESTERDAY });
    const archived = await add({ name: 'Archived', weeklyHours: 11, archived: 'Y' });
    return { old, open, later, endsToday, ended, archived };
  }

  it('renews the open packages onto the new request in the same renewal', async () => {
    const { old, open, later, endsToday, ended, archived } = await aRequestWithPackages();
    const { newRequest: renewed, carriedPackages } = await admin.requests.renew({
      oldRequest: { id: old.id, version: old.version },
      newRequest: { details: old.details },
      carryOverPackages: true,
    });

    const onNew = (await admin.requests.getById({ id: renewed.id })).packages;
    expect(onNew.map((p) => [p.details.name, p.carerId, p.startDate, p.endDate, p.details.weeklyHours]).sort()).toEqual([
      ['Later', carerId, TODAY, '2025-08-31', 2],
      ['Open', carerId, TODAY, 'open', 3],
    ]);
    expect(carriedPackages.map((p) => p.id).sort()).toEqual(onNew.map((p) => p.id).sort());
    expect(onNew[0]!.details.address).toEqual(open.details.address);
    for (const carried of [open, later]) {
      expect(await admin.packages.getById({ id: carried.id })).toMatchObject({ requestId: old.id, endDate: TODAY, version: 2 });
      expect((await auditRows(carried.id)).map((r) => r.procedure)).toEqual(['packages.create', 'requests.renew']);
    }
    for (const kept of [endsToday, ended, archived]) {
      expect(await admin.packages.getById({ id: kept.id })).toMatchObject(kept);
    }

    // From tomorrow the carer's visits count on the new request; the old one keeps only the archived package.
    t.setToday(TOMORROW);
    expect((await admin.requests.getById({ id: renewed.id })).hoursInService).toBe(5);
    expect((await admin.requests.getById({ id: old.id })).hoursInService).toBe(archived.details.weeklyHours);
  });

  it('starts the carried packages with the new request when its start date is edited', async () => {
    const { old } = await aRequestWithPackages();
    const { newRequest: renewed } = await admin.requests.renew({
      oldRequest: { id: old.id, endDate: '2025-05-20' },
      newRequest: { startDate: '2025-06-01', details: {} },
      carryOverPackages: true,
    });
    const onNew = (await admin.requests.getById({ id: renewed.id })).packages;
    expect(onNew.map((p) => p.startDate)).toEqual(['2025-06-01', '2025-06-01']);
    const onOld = (await admin.requests.getById({ id: old.id })).packages;
    expect(onOld.filter((p) => p.endDate === '2025-05-20').map((p) => p.details.name).sort()).toEqual(['Later', 'Open']);
  });

  it('moves nothing without the flag', async () => {
    const { old, open, later } = await aRequestWithPackages();
    const { newRequest: renewed, carriedPackages } = await admin.requests.renew({ oldRequest: { id: old.id }, newRequest: { details: {} } });
    expect(carriedPackages).toEqual([]);
    expect((await admin.requests.getById({ id: renewed.id })).packages).toEqual([]);
    expect(await admin.packages.getById({ id: open.id })).toMatchObject(open);
    expect(await admin.packages.getById({ id: later.id })).toMatchObject(later);
  });

  it('changes nothing, request included, when a package cannot be carried over', async () => {
    const { old, open } = await aRequestWithPackages();
    const restore = await failInsertsInto(t.database.db, 'packages');
    try {
      await expect(
        admin.requests.renew({ oldRequest: { id: old.id }, newRequest: { details: {} }, carryOverPackages: true }),
      ).rejects.toThrow(/insert into "packages"/);
    } finally {
      await restore();
    }
    expect(await admin.requests.getById({ id: old.id })).toMatchObject({ endDate: 'open', version: 1 });
    expect(await t.database.db.select().from(requests).where(eq(requests.clientId, old.clientId))).toHaveLength(1);
    expect(await admin.packages.getById({ id: open.id })).toMatchObject(open);
    expect((await auditRows(old.id)).map((r) => r.procedure)).toEqual(['requests.create']);
    expect((await auditRows(open.id)).map((r) => r.procedure)).toEqual(['packages.create']);
  });

  it('refuses a role that may renew requests but not change packages, and changes nothing', async () => {
    const { old, open } = await aRequestWithPackages();
    await expect(
      t.caller('Trustee').requests.renew({ oldRequest: { id: old.id }, newRequest: { details: {} }, carryOverPackages: true }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: CARRY_OVER_FORBIDDEN });
    expect(await admin.requests.getById({ id: old.id })).toMatchObject({ endDate: 'open', version: 1 });
    expect(await admin.packages.getById({ id: open.id })).toMatchObject(open);
  });
});

describe('requests.delete', () => {
  it('refuses a request with packages, and deletes one without, with an audit row', async () => {
    const busy = await aRequest();
    await admin.packages.create(newPackage(carerId, busy.id));
    await expect(admin.requests.delete({ id: busy.id })).rejects.toThrow(HAS_PACKAGES_REFUSED);

    const free = await aRequest();
    await expect(admin.requests.delete({ id: free.id, version: 2 })).rejects.toThrow(STALE_MESSAGE);
    await admin.requests.delete({ id: free.id, version: 1 });
    await expect(admin.requests.getById({ id: free.id })).rejects.toThrow('Request not found');
    expect(await t.auditRows(free.id, 'requests.delete')).toHaveLength(1);
  });
});

describe('requests.getAllMetadata', () => {
  it('lists every request lightly, with its client name and archived flag', async () => {
    const client = await aClient('Meta Data');
    const request = await admin.requests.create({ ...newRequest(client.id, { archived: 'Y' }), details: { customId: 'R-7', weeklyHours: 2.5 } });
    const entry = (await admin.requests.getAllMetadata()).find((r) => r.id === request.id);
    expect(entry).toEqual({
      id: request.id,
      clientId: client.id,
      clientName: 'Meta Data',
      customId: 'R-7',
      locality: 'Wiveliscombe',
      weeklyHours: 2.5,
      startDate: '2025-01-06',
      endDate: 'open',
      archived: 'Y',
      hoursInService: 0,
    });
  });

  it('carries each request\'s hours in service: its packages not ended yet', async () => {
    const request = await aRequest({ weeklyHours: 6 });
    await admin.packages.create(newPackage(carerId, request.id, { weeklyHours: 2 }));
    await admin.packages.create(newPackage(carerId, request.id, { endDate: TOMORROW, weeklyHours: 1.5 }));
    await admin.packages.create(newPackage(carerId, request.id, { endDate: YESTERDAY, weeklyHours: 4 }));
    const coordinator = t.caller('Coordinator');
    const entry = (await coordinator.requests.getAllMetadata()).find((r) => r.id === request.id);
    expect(entry).toMatchObject({ weeklyHours: 6, hoursInService: 3.5 });
    // The same figure as the request itself shows.
    expect((await admin.requests.getById({ id: request.id })).hoursInService).toBe(3.5);
  });
});

describe('permissions', () => {
  it('lets a Trustee update and renew requests but not create or delete them', async () => {
    const trustee = t.caller('Trustee');
    const request = await aRequest();
    await expect(trustee.requests.create(newRequest(request.clientId))).rejects.toThrow(/may not create requests/);
    const updated = await trustee.requests.update({ ...editable(request), details: { ...request.details, status: 'urgent' } });
    expect(updated.details.status).toBe('urgent');
    await expect(trustee.requests.renew({ oldRequest: { id: request.id }, newRequest: { details: {} } })).resolves.toHaveProperty('newRequest');
    await expect(trustee.requests.delete({ id: request.id })).rejects.toThrow(/may not delete requests/);
  });

  it('lets Finance only read requests, packages included', async () => {
    const finance = t.caller('Finance');
    const request = await aRequest();
    await admin.packages.create(newPackage(carerId, request.id));
    expect((await finance.requests.getById({ id: request.id })).packages).toHaveLength(1);
    await expect(finance.requests.getAllMetadata()).resolves.toBeInstanceOf(Array);
    await expect(finance.requests.create(newRequest(request.clientId))).rejects.toThrow(/may not create requests/);
    await expect(finance.requests.update(editable(request))).rejects.toThrow(/may not update requests/);
    await expect(finance.requests.renew({ oldRequest: { id: request.id }, newRequest: { details: {} } })).rejects.toThrow(
      /may not update requests/,
    );
  });

  it('lets a Coordinator create and update requests but not delete them', async () => {
    const coordinator = t.caller('Coordinator');
    const client = await aClient();
    const request = await coordinator.requests.create(newRequest(client.id));
    await coordinator.requests.update(editable(request));
    await expect(coordinator.requests.delete({ id: request.id })).rejects.toThrow(/may not delete requests/);
  });
});
