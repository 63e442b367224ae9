import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { END_BEFORE_START } from '@/shared/care';
import { MESSAGES } from '@/shared/constants';
import { packages } from '@/server/db/schema/care';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { newClient } from '@/server/test/builders';
import { addRequestAndTwoCarers, failInsertsInto, newPackage, newRequest, REFUSED_WEEKLY_HOURS, type RequestAndTwoCarers } from '@/server/test/care-builders';
import { expectViewsAroundToday } from '@/server/test/list-views';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { REQUEST_CHANGE_REFUSED } from './packages.service';

const TODAY = '2025-05-10';
const YESTERDAY = '2025-05-09';
const TOMORROW = '2025-05-11';

const { t, admin } = testAppForFile({ today: TODAY });
let world: RequestAndTwoCarers;
beforeAll(async () => {
  world = await addRequestAndTwoCarers(admin);
});

function aPackage(overrides: Parameters<typeof newPackage>[2] = {}) {
  return admin.packages.create(newPackage(world.mpId, world.requestId, overrides));
}

/** The update payload for a stored package: exactly the fields update takes. */
type StoredPackage = Awaited<ReturnType<typeof admin.packages.create>>;
function editable({ id, version, carerId, requestId, archived, startDate, endDate, details }: StoredPackage) {
  return { id, version, carerId, requestId, archived, startDate, endDate, details };
}

const auditRows = (recordId: string) => t.auditRows(recordId);

describe('packages.create', () => {
  it("applies the spec defaults and names the package after the request's client when left blank", async () => {
    const created = await aPackage({ startDate: '2025-02-03' });
    expect(created.id).toMatch(/^p[a-z0-9]{15}$/);
    expect(created).toMatchObject({ carerId: world.mpId, requestId: world.requestId, archived: 'N', version: 1, startDate: '2025-02-03', endDate: 'open' });
    expect(created.details).toEqual({
      name: 'Edna Pollard',
      weeklyHours: 1,
      address: { streetAddress: '', locality: 'Wiveliscombe', county: 'Somerset', postCode: 'TA4 2AB' },
      notes: '',
      services: [],
      funderId: null,
    });
    expect((await aPackage({ name: 'Tuesday mornings' })).details.name).toBe('Tuesday mornings');
  });

  it('takes an MP or a volunteer, and refuses unknown carers and requests', async () => {
    expect((await admin.packages.create(newPackage(world.volunteerId, world.requestId))).carerId).toBe(world.volunteerId);
    await expect(admin.packages.create(newPackage('mnobody', world.requestId))).rejects.toThrow('Carer not found');
    await expect(admin.packages.create(newPackage('cnobody', world.requestId))).rejects.toThrow('carerId: Not a MP or volunteer id');
    await expect(admin.packages.create(newPackage(world.mpId, 'rnobody'))).rejects.toThrow('Request not found');
  });

  it.each(REFUSED_WEEKLY_HOURS)('refuses %s weekly hours, and writes nothing', async (weeklyHours, message) => {
    const before = (await admin.packages.getAll()).length;
    await expect(aPackage({ weeklyHours })).rejects.toThrow(message);
    expect(await admin.packages.getAll()).toHaveLength(before);
  });

  it('refuses an end before the start, a missing post code and unknown fields', async () => {
    const good = newPackage(world.mpId, world.requestId, { startDate: '2025-03-01' });
    await expect(admin.packages.create({ ...good, endDate: '2025-02-28' })).rejects.toThrow(`endDate: ${END_BEFORE_START}`);
    await expect(admin.packages.create({ ...good, details: { address: { postCode: ' ' } } })).rejects.toThrow(MESSAGES.postCodeRequired);
    await expect(admin.packages.create({ ...good, details: { address: {} } as never })).rejects.toThrow(MESSAGES.postCodeRequired);
    await expect(admin.packages.create({ ...good, hours: 3 } as never)).rejects.toThrow(/hours/);
  });

  it('writes an audit row', async () => {
    const created = await aPackage({ weeklyHours: 2.5 });
    const rows = await auditRows(created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ procedure: 'packages.create', actorRole: 'Admin' });
    expect(rows[0]!.changes).toMatchObject({ 'details.weeklyHours': { from: null, to: 2.5 } });
  });
});

describe('list views around today', () => {
  it('shows active (not ended yet), completed (not archived) and archived (all) packages, newest first', async () => {
    await expectViewsAroundToday(t, admin.packages, aPackage, { yesterday: YESTERDAY, today: TODAY, tomorrow: TOMORROW });
  });
});

describe("the carer's name", () => {
  it('is on list rows, getById and a request\'s packages, and follows a rename', async () => {
    const byMp = await aPackage();
    const byVolunteer = await admin.packages.create(newPackage(world.volunteerId, world.requestId));
    for (const list of [admin.packages.getAll(), admin.packages.getAllNotArchived(), admin.packages.getAllNotEndedYet()]) {
      const rows = await list;
      expect(rows.find((p) => p.id === byMp.id)).toMatchObject({ carerId: world.mpId, carerName: 'Mary Provider' });
      expect(rows.find((p) => p.id === byVolunteer.id)).toMatchObject({ carerId: world.volunteerId, carerName: 'Val Unteer' });
    }
    expect(await admin.packages.getById({ id: byVolunteer.id })).toMatchObject({ carerName: 'Val Unteer' });
    const onRequest = (await admin.requests.getById({ id: world.requestId })).packages.find((p) => p.id === byMp.id);
    expect(onRequest).toMatchObject({ carerName: 'Mary Provider' });
    // The client's view lists its packages by carer name too.
    const { clientId } = await admin.requests.getById({ id: world.requestId });
    const onClient = (await admin.clients.getById({ id: clientId })).requests!.flatMap((r) => r.packages);
    expect(onClient.find((p) => p.id === byVolunteer.id)).toMatchObject({ carerName: 'Val Unteer' });

    await admin.mps.updateName({ mpId: world.mpId, newName: 'Mary Carer' });
    expect(await admin.packages.getById({ id: byMp.id })).toMatchObject({ carerName: 'Mary Carer' });
    await admin.mps.updateName({ mpId: world.mpId, newName: 'Mary Provider' });
  });
});

describe("the carer's name for a role that may not read MPs", () => {
  it('is left out for an MP, and kept for a volunteer (Finance reads volunteers only)', async () => {
    const finance = t.caller('Finance');
    const byMp = await aPackage();
    const byVolunteer = await admin.packages.create(newPackage(world.volunteerId, world.requestId));
    const rows = await finance.packages.getAllNotEndedYet();
    expect(rows.find((p) => p.id === byMp.id)).toMatchObject({ carerId: world.mpId, carerName: '' });
    expect(rows.find((p) => p.id === byVolunteer.id)).toMatchObject({ carerName: 'Val Unteer' });
    expect(await finance.packages.getById({ id: byMp.id })).toMatchObject({ carerName: '' });
    const onRequest = (await finance.requests.getById({ id: world.requestId })).packages!;
    expect(onRequest.find((p) => p.id === byMp.id)).toMatchObject({ carerName: '' });
    expect(onRequest.find((p) => p.id === byVolunteer.id)).toMatchObject({ carerName: 'Val Unteer' });
    const { clientId } = await finance.requests.getById({ id: world.requestId });
    const onClient = (await finance.clients.getById({ id: clientId })).requests!.flatMap((r) => r.packages);
    expect(onClient.find((p) => p.id === byMp.id)).toMatchObject({ carerName: '' });
    expect(onClient.find((p) => p.id === byVolunteer.id)).toMatchObject({ carerName: 'Val Unteer' });
  });
});

describe('packages.update', () => {
  it('updates the package, may change its carer, and writes an audit row', async () => {
    const stored = editable(await aPackage());
    const updated = await admin.packages.update({ ...stored, carerId: world.volunteerId, details: { ...stored.details, weeklyHours: 4 } });
    expect(updated).toMatchObject({ version: 2, carerId: world.volunteerId, details: { weeklyHours: 4 } });
    const rows = await auditRows(stored.id);
    expect(rows.map((r) => r.procedure)).toEqual(['packages.create', 'packages.update']);
    expect(rows[1]!.changes).toMatchObject({ carerId: { from: world.mpId, to: world.volunteerId } });
  });

  it("refuses to move a package to another request, and a stale version", async () => {
    const stored = editable(await aPackage());
    const client = await admin.clients.create(newClient({ name: 'Someone Else' }));
    const other = await admin.requests.create(newRequest(client.id));
    await expect(admin.packages.update({ ...stored, requestId: other.id })).rejects.toThrow(REQUEST_CHANGE_REFUSED);
    await admin.packages.update(stored);
    await expect(admin.packages.update(stored)).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.packages.update({ ...stored, version: 2, details: { ...stored.details, weeklyHours: -0.5 } })).rejects.toThrow(
      'Weekly hours cannot be negative',
    );
  });
});

describe('packages.renew', () => {
  it('ends the old package today and starts an open one that day for the same carer and request', async () => {
    const old = await aPackage({ startDate: '2024-05-01', weeklyHours: 3 });
    const { oldPackage, newPackage: renewed } = await admin.packages.renew({
      oldPackage: { id: old.id, version: old.version },
      newPackage: { details: { ...old.details, name: '', weeklyHours: 5 } },
    });
    expect(oldPackage).toMatchObject({ id: old.id, endDate: TODAY, version: 2, details: { weeklyHours: 3 } });
    expect(renewed).toMatchObject({
      carerId: world.mpId,
      requestId: world.requestId,
      archived: 'N',
      startDate: TODAY,
      endDate: 'open',
      details: { weeklyHours: 5, name: 'Edna Pollard' },
    });
    expect((await auditRows(old.id)).map((r) => r.procedure)).toEqual(['packages.create', 'packages.renew']);
    expect((await auditRows(renewed.id)).map((r) => r.procedure)).toEqual(['packages.renew']);
  });

  it('uses the edited end date, and the new start date when that was edited too', async () => {
    const details = { address: { postCode: 'TA4 2AB' } };
    const first = await aPackage({ startDate: '2024-05-01' });
    const edited = await admin.packages.renew({ oldPackage: { id: first.id, endDate: '2025-04-30' }, newPackage: { details } });
    expect([edited.oldPackage.endDate, edited.newPackage.startDate]).toEqual(['2025-04-30', '2025-04-30']);

    const second = await aPackage({ startDate: '2024-05-01' });
    const both = await admin.packages.renew({
      oldPackage: { id: second.id, endDate: '2025-04-30' },
      newPackage: { startDate: '2025-05-01', details },
    });
    expect([both.oldPackage.endDate, both.newPackage.startDate]).toEqual(['2025-04-30', '2025-05-01']);
  });

  it('renews only a current, unarchived package, and needs a post code', async () => {
    const details = { address: { postCode: 'TA4 2AB' } };
    const ended = await aPackage({ endDate: YESTERDAY });
    await expect(admin.packages.renew({ oldPackage: { id: ended.id }, newPackage: { details } })).rejects.toThrow(
      'This package has ended, so cannot be renewed.',
    );
    const archived = await aPackage({ archived: 'Y' });
    await expect(admin.packages.renew({ oldPackage: { id: archived.id }, newPackage: { details } })).rejects.toThrow('This package is archived');
    const current = await aPackage();
    const noPostCode = { oldPackage: { id: current.id }, newPackage: { details: { address: { postCode: '' } } } };
    await expect(admin.packages.renew(noPostCode)).rejects.toThrow(MESSAGES.postCodeRequired);
    await expect(admin.packages.renew({ oldPackage: { id: current.id, version: 9 }, newPackage: { details } })).rejects.toThrow(STALE_MESSAGE);
  });

  it('changes nothing when the new package cannot be written', async () => {
    const old = await aPackage();
    const before = (await admin.packages.getAll()).length;
    const restore = await failInsertsInto(t.database.db, 'packages');
    try {
      const renewal = { oldPackage: { id: old.id }, newPackage: { details: old.details } };
      await expect(admin.packages.renew(renewal)).rejects.toThrow(/insert into "packages"/);
    } finally {
      await restore();
    }
    expect(await admin.packages.getById({ id: old.id })).toMatchObject({ endDate: 'open', version: 1 });
    expect(await admin.packages.getAll()).toHaveLength(before);
    expect((await auditRows(old.id)).map((r) => r.procedure)).toEqual(['packages.create']);
  });
});

describe('packages.delete', () => {
  it('deletes a package, checking the version, with an audit row', async () => {
    const created = await aPackage();
    await expect(admin.packages.delete({ id: created.id, version: 2 })).rejects.toThrow(STALE_MESSAGE);
    await admin.packages.delete({ id: created.id, version: 1 });
    await expect(admin.packages.getById({ id: created.id })).rejects.toThrow('Package not found');
    expect(await t.database.db.select().from(packages).where(eq(packages.id, created.id))).toEqual([]);
    expect(await t.auditRows(created.id, 'packages.delete')).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('lets Finance and Trustees only read packages', async () => {
    const created = await aPackage();
    for (const role of ['Finance', 'Trustee'] as const) {
      const caller = t.caller(role);
      expect((await caller.packages.getById({ id: created.id })).id).toBe(created.id);
      await expect(caller.packages.getAllNotEndedYet()).resolves.toBeInstanceOf(Array);
      await expect(caller.packages.create(newPackage(world.mpId, world.requestId))).rejects.toThrow(/may not create packages/);
      await expect(caller.packages.update(editable(created))).rejects.toThrow(/may not update packages/);
      await expect(caller.packages.renew({ oldPackage: { id: created.id }, newPackage: { details: created.details } })).rejects.toThrow(
        /may not update packages/,
      );
      await expect(caller.packages.delete({ id: created.id })).rejects.toThrow(/may not delete packages/);
    }
  });

  it('lets a Coordinator create, update and renew packages but not delete them', async () => {
    const coordinator = t.caller('Coordinator');
    const created = await coordinator.packages.create(newPackage(world.mpId, world.requestId));
    await coordinator.packages.update(editable(created));
    const { newPackage: renewed } = await coordinator.packages.renew({
      oldPackage: { id: created.id },
      newPackage: { details: created.details },
    });
    await expect(coordinator.packages.delete({ id: renewed.id })).rejects.toThrow(/may not delete packages/);
  });
});
