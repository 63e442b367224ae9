import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@/shared/deliveries';
import { auditLog } from '@/server/db/schema/audit';
import { deliveriesOutside, HAS_DELIVERIES_REFUSED } from '@/server/records/delivery-entries';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { newCarer, newClient } from '@/server/test/builders';
import { addRequestAndTwoCarers, newPackage, newRequest, type RequestAndTwoCarers } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

// Wednesday 19 November 2025: the week of Monday 17 November is under way.
const TODAY = '2025-11-19';

const { t, admin } = testAppForFile({ today: TODAY });
const coordinator = t.caller('Coordinator');
let world: RequestAndTwoCarers;
beforeAll(async () => {
  world = await addRequestAndTwoCarers(admin, { startDate: '2025-01-06' });
});

function aPackage(overrides: Parameters<typeof newPackage>[2] & { carerId?: string } = {}) {
  const { carerId = world.mpId, ...rest } = overrides;
  return admin.packages.create(newPackage(carerId, world.requestId, { startDate: '2025-09-01', weeklyHours: 7, ...rest }));
}

const delivered = (packageId: string, date: string, hours: number) => ({ packageId, date, status: 'delivered' as const, hours });

const auditOf = (recordId: string) => t.auditRows(recordId);

describe('deliveries.record, update and delete', () => {
  it('records hours and a missed visit, each audited, and changes them by version', async () => {
    const pkg = await aPackage();
    const entry = await coordinator.deliveries.record({ ...delivered(pkg.id, '2025-11-17', 1.75), note: 'Shopping' });
    expect(entry).toMatchObject({ id: expect.stringMatching(/^d/), version: 1, packageId: pkg.id, date: '2025-11-17', status: 'delivered', hours: 1.75, reason: null, note: 'Shopping' });
    const missed = await coordinator.deliveries.record({ packageId: pkg.id, date: '2025-11-18', status: 'missed', reason: 'client-in-hospital' });
    expect(missed).toMatchObject({ status: 'missed', hours: 0, reason: 'client-in-hospital', note: '' });

    const changed = await coordinator.deliveries.update({ id: entry.id, version: 1, status: 'delivered', hours: 2, note: 'Shopping' });
    expect(changed).toMatchObject({ version: 2, hours: 2 });
    await expect(coordinator.deliveries.update({ id: entry.id, version: 1, status: 'delivered', hours: 3 })).rejects.toMatchObject({ code: 'CONFLICT', message: STALE_MESSAGE });
    await coordinator.deliveries.delete({ id: missed.id, version: 1 });

    expect((await auditOf(entry.id)).map((row) => [row.procedure, row.actorRole, row.changes])).toEqual([
      ['deliveries.record', 'Coordinator', expect.objectContaining({ hours: { from: null, to: 1.75 }, date: { from: null, to: '2025-11-17' } })],
      ['deliveries.update', 'Coordinator', { hours: { from: 1.75, to: 2 }, version: { from: 1, to: 2 } }],
    ]);
    expect((await auditOf(missed.id)).map((row) => row.procedure)).toEqual(['deliveries.record', 'deliveries.delete']);
    const week = await admin.deliveries.getWeek({ weekStart: '2025-11-17' });
    expect(week.packages.find((p) => p.id === pkg.id)!.entries.map((e) => [e.date, e.hours])).toEqual([['2025-11-17', 2]]);
  });

  it('refuses a day to come, a day outside the package, a second entry for the day, and Finance; nothing is stored', async () => {
    const pkg = await aPackage({ startDate: '2025-10-01', endDate: '2025-11-10' });
    const refusals: [unknown, string][] = [
      [delivered(pkg.id, '2025-11-20', 1), DELIVERY_MESSAGES.future],
      [delivered(pkg.id, '2025-11-11', 1), DELIVERY_MESSAGES.outsidePackage('2025-10-01', '2025-11-10')],
      [delivered(pkg.id, '2025-09-30', 1), DELIVERY_MESSAGES.outsidePackage('2025-10-01', '2025-11-10')],
    ];
    for (const [input, message] of refusals) {
      await expect(admin.deliveries.record(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    }
    // The package's last day takes an entry; a second for the same day is refused.
    await admin.deliveries.record(delivered(pkg.id, '2025-11-10', 1));
    await expect(admin.deliveries.record(delivered(pkg.id, '2025-11-10', 2))).rejects.toMatchObject({ message: DELIVERY_MESSAGES.alreadyRecorded });
    await expect(t.caller('Finance').deliveries.record(delivered(pkg.id, '2025-11-03', 1))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller('Trustee').deliveries.record(delivered(pkg.id, '2025-11-03', 1))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const week = await admin.deliveries.getWeek({ weekStart: '2025-11-10' });
    expect(week.packages.find((p) => p.id === pkg.id)!.entries.map((e) => [e.date, e.hours])).toEqual([['2025-11-10', 1]]);
  });

  it('holds hours to 0 to 24 in quarters, and a missed visit to a reason and no hours', async () => {
    const pkg = await aPackage();
    const refused = [
      { ...delivered(pkg.id, '2025-11-03', 24.25) },
      { ...delivered(pkg.id, '2025-11-03', 1.3) },
      { ...delivered(pkg.id, '2025-11-03', -1) },
      { packageId: pkg.id, date: '2025-11-03', status: 'missed' },
      { packageId: pkg.id, date: '2025-11-03', status: 'missed', reason: 'client-cancelled', hours: 2 },
      { ...delivered(pkg.id, '2025-11-03', 2), reason: 'other' },
      { packageId: pkg.id, date: '2025-11-03', status: 'missed', reason: 'asleep' },
      { ...delivered(pkg.id, '2025-11-31', 2) },
    ];
    for (const input of refused) await expect(admin.deliveries.record(input as never), JSON.stringify(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.deliveries.record({ packageId: pkg.id, date: '2025-11-03', status: 'missed' } as never)).rejects.toThrow(DELIVERY_MESSAGES.reasonRequired);
    expect(await admin.deliveries.record(delivered(pkg.id, '2025-11-03', 24))).toMatchObject({ hours: 24 });
  });
});

describe('closing a month', () => {
  it('refuses every change in a closed month until an Admin reopens it, and audits both', async () => {
    const pkg = await aPackage({ carerId: world.volunteerId });
    const october = await admin.deliveries.record(delivered(pkg.id, '2025-10-14', 3));
    await expect(coordinator.deliveries.closeMonth({ month: '2025-10' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(admin.deliveries.closeMonth({ month: '2025-11' })).rejects.toThrow('November 2025 has not ended yet');
    expect(await admin.deliveries.closeMonth({ month: '2025-10' })).toMatchObject({ month: '2025-10', closedBy: 'admin@valecare.test' });
    await expect(admin.deliveries.closeMonth({ month: '2025-10' })).rejects.toThrow('October 2025 is already closed');

    const closed = DELIVERY_MESSAGES.closedMonth('2025-10');
    expect(closed).toBe('October 2025 is closed: its figures have been reported. An Admin can reopen it.');
    await expect(coordinator.deliveries.record(delivered(pkg.id, '2025-10-15', 1))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: closed });
    await expect(coordinator.deliveries.update({ id: october.id, version: 1, status: 'delivered', hours: 4 })).rejects.toThrow(closed);
    await expect(admin.deliveries.delete({ id: october.id, version: 1 })).rejects.toThrow(closed);
    // The week of 27 October runs into November: only its October days are closed.
    const week = await admin.deliveries.getWeek({ weekStart: '2025-10-27' });
    expect(week.closedMonths).toEqual(['2025-10']);
    await coordinator.deliveries.record(delivered(pkg.id, '2025-11-01', 1));
    expect(await admin.deliveries.listClosedMonths()).toEqual([expect.objectContaining({ month: '2025-10' })]);

    await admin.deliveries.reopenMonth({ month: '2025-10' });
    await expect(admin.deliveries.reopenMonth({ month: '2025-10' })).rejects.toThrow('October 2025 is not closed');
    expect(await coordinator.deliveries.update({ id: october.id, version: 1, status: 'delivered', hours: 4 })).toMatchObject({ hours: 4 });

    const audit = await t.database.db.select().from(auditLog).where(inArray(auditLog.procedure, ['deliveries.closeMonth', 'deliveries.reopenMonth'])).orderBy(auditLog.id);
    expect(audit.map((row) => [row.procedure, row.actorEmail, (row.changes as { month: string }).month])).toEqual([
      ['deliveries.closeMonth', 'admin@valecare.test', '2025-10'],
      ['deliveries.reopenMonth', 'admin@valecare.test', '2025-10'],
    ]);
  });
});

describe('deliveries.getWeek', () => {
  it('lists the packages running in the week, with the week planned, planned so far, and the entries', async () => {
    const client = await admin.clients.create(newClient({ name: 'Wilfred Week' }));
    const request = (await admin.requests.create(newRequest(client.id, { startDate: '2025-06-02' }))).id;
    const carer = (await admin.mps.create(newCarer({ name: 'Aaron Weekly' }))).id;
    const make = (overrides: Parameters<typeof newPackage>[2]) => admin.packages.create(newPackage(carer, request, { weeklyHours: 7, ...overrides }));
    const whole = await make({ startDate: '2025-06-02' });
    // Starts on the Thursday of the week: four of its seven days.
    const late = await make({ startDate: '2025-11-20', weeklyHours: 14 });
    const ended = await make({ startDate: '2025-06-02', endDate: '2025-11-16' });
    const archived = await make({ startDate: '2025-06-02', archived: 'Y' });
    const archivedWithCare = await make({ startDate: '2025-06-02', archived: 'Y' });
    await admin.deliveries.record(delivered(archivedWithCare.id, '2025-11-18', 1));

    const week = await admin.deliveries.getWeek({ weekStart: '2025-11-17' });
    expect(week.days).toEqual(['2025-11-17', '2025-11-18', '2025-11-19', '2025-11-20', '2025-11-21', '2025-11-22', '2025-11-23']);
    expect(week.today).toBe(TODAY);
    const own = week.packages.filter((p) => p.carerId === carer);
    expect(own.map((p) => p.id).sort()).toEqual([whole.id, late.id, archivedWithCare.id].sort());
    expect(own.map((p) => p.id)).not.toContain(ended.id);
    expect(own.map((p) => p.id)).not.toContain(archived.id);
    const of = (id: string) => own.find((p) => p.id === id)!;
    expect(of(whole.id)).toMatchObject({ carerName: 'Aaron Weekly', clientName: 'Wilfred Week', weeklyHours: 7, weekPlannedHours: 7, plannedHours: 3 });
    expect(of(late.id)).toMatchObject({ weekPlannedHours: 8, plannedHours: 0 });
    expect(of(archivedWithCare.id).entries).toHaveLength(1);
    await expect(admin.deliveries.getWeek({ weekStart: '2025-11-18' })).rejects.toThrow('A week starts on a Monday');
  });
  it('plans a renewal day once, on the new package, as the dashboard counts it', async () => {
    const client = await admin.clients.create(newClient({ name: 'Renata Renewed' }));
    const request = (await admin.requests.create(newRequest(client.id, { startDate: '2025-06-02' }))).id;
    const carer = (await admin.mps.create(newCarer({ name: 'Rhys Renewing' }))).id;
    const read = await admin.packages.getById({ id: (await admin.packages.create(newPackage(carer, request, { startDate: '2025-06-02', weeklyHours: 7 }))).id });
    // Renewed on Tuesday 18 November: the old package ends that day and the new one starts it, an hour a day each.
    const { oldPackage, newPackage: renewed } = await admin.packages.renew({
      oldPackage: { ...read, endDate: '2025-11-18' },
      newPackage: { ...read, startDate: '2025-11-18' },
    });
    const week = await admin.deliveries.getWeek({ weekStart: '2025-11-17' });
    const of = (id: string) => week.packages.find((p) => p.id === id)!;
    expect(of(oldPackage.id)).toMatchObject({ endDate: '2025-11-18', plannedTo: '2025-11-17', weekPlannedHours: 1, plannedHours: 1 });
    expect(of(renewed.id)).toMatchObject({ plannedTo: null, weekPlannedHours: 6, plannedHours: 2 });
    // Seven days, seven hours: the week and the carer's month plan the renewal day once.
    expect(of(oldPackage.id).weekPlannedHours + of(renewed.id).weekPlannedHours).toBe(7);
    const statement = await admin.deliveries.getStatement({ carerId: carer, month: '2025-11' });
    expect(statement.plannedHours).toBeCloseTo(19, 10);
  });
});

describe('a package keeps the care recorded for it', () => {
  it('cannot be deleted, nor given dates that leave an entry outside, nor renewed before an entry', async () => {
    const pkg = await aPackage({ startDate: '2025-11-03' });
    await admin.deliveries.record(delivered(pkg.id, '2025-11-12', 2));
    await expect(admin.packages.delete({ id: pkg.id, version: pkg.version })).rejects.toThrow(HAS_DELIVERIES_REFUSED);
    const edit = { id: pkg.id, version: pkg.version, carerId: pkg.carerId, requestId: pkg.requestId, archived: pkg.archived, details: pkg.details };
    await expect(admin.packages.update({ ...edit, startDate: '2025-11-03', endDate: '2025-11-11' })).rejects.toThrow(deliveriesOutside('2025-11-12'));
    await expect(admin.packages.update({ ...edit, startDate: '2025-11-13', endDate: 'open' })).rejects.toThrow(deliveriesOutside('2025-11-12'));
    await expect(admin.packages.renew({ oldPackage: { id: pkg.id, version: pkg.version, endDate: '2025-11-10' }, newPackage: { details: pkg.details } })).rejects.toThrow(
      deliveriesOutside('2025-11-12'),
    );
    expect(await admin.packages.update({ ...edit, startDate: '2025-11-01', endDate: '2025-11-12' })).toMatchObject({ endDate: '2025-11-12', version: 2 });
  });
});

describe('deliveries.getStatement', () => {
  it("gives a carer's month: each package planned and delivered, missed visits and every entry", async () => {
    const carer = (await admin.mps.create(newCarer({ name: 'Stella Statement' }))).id;
    const first = await aPackage({ carerId: carer, startDate: '2025-10-01', weeklyHours: 7 });
    // Starts on 16 October: 16 days of October at 3.5 hours a week.
    const second = await aPackage({ carerId: carer, startDate: '2025-10-16', weeklyHours: 3.5 });
    await admin.deliveries.record(delivered(first.id, '2025-10-01', 1.5));
    await admin.deliveries.record(delivered(first.id, '2025-10-31', 2));
    await admin.deliveries.record({ packageId: first.id, date: '2025-10-08', status: 'missed', reason: 'carer-unavailable', note: 'Car broke down' });
    await admin.deliveries.record(delivered(second.id, '2025-10-16', 0.75));
    await admin.deliveries.record(delivered(second.id, '2025-11-03', 5));

    const statement = await t.caller('Trustee').deliveries.getStatement({ carerId: carer, month: '2025-10' });
    expect(statement).toMatchObject({ carer: { id: carer, name: 'Stella Statement', kind: 'MP' }, month: '2025-10', closed: false, deliveredHours: 4.25, missedVisits: 1 });
    expect(statement.plannedHours).toBeCloseTo(31 + 8, 10);
    expect(statement.packages.map((p) => [p.id, p.plannedHours, p.deliveredHours, p.missedVisits, p.entries.map((e) => e.date)])).toEqual([
      [first.id, 31, 3.5, 1, ['2025-10-01', '2025-10-08', '2025-10-31']],
      [second.id, 8, 0.75, 0, ['2025-10-16']],
    ]);
    await expect(admin.deliveries.getStatement({ carerId: 'mnotacarer', month: '2025-10' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('carers named to Finance', () => {
  it('the timesheet and statements name volunteers to Finance but no MP, as every other screen does; other roles see both', async () => {
    const ofMp = await aPackage({ startDate: '2025-11-03' });
    const ofVolunteer = await aPackage({ carerId: world.volunteerId, startDate: '2025-11-03' });
    const namesIn = async (role: 'Finance' | 'Coordinator') => {
      const week = await t.caller(role).deliveries.getWeek({ weekStart: '2025-11-17' });
      return Object.fromEntries(week.packages.filter((p) => [ofMp.id, ofVolunteer.id].includes(p.id)).map((p) => [p.id, p.carerName]));
    };
    expect(await namesIn('Coordinator')).toEqual({ [ofMp.id]: 'Mary Provider', [ofVolunteer.id]: 'Val Unteer' });
    expect(await namesIn('Finance')).toEqual({ [ofMp.id]: '', [ofVolunteer.id]: 'Val Unteer' });

    const finance = t.caller('Finance');
    const mpStatement = await finance.deliveries.getStatement({ carerId: world.mpId, month: '2025-11' });
    expect(JSON.stringify(mpStatement)).not.toContain('Mary Provider');
    expect((await finance.deliveries.getStatement({ carerId: world.volunteerId, month: '2025-11' })).carer.name).toBe('Val Unteer');
    expect((await t.caller('Coordinator').deliveries.getStatement({ carerId: world.mpId, month: '2025-11' })).carer.name).toBe('Mary Provider');
  });
});
