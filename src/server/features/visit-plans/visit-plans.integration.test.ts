import { beforeAll, describe, expect, it } from 'vitest';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { addRequestAndTwoCarers, newPackage, type RequestAndTwoCarers } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

const TODAY = '2025-05-10';

const { t, admin } = testAppForFile({ today: TODAY });
let world: RequestAndTwoCarers;
beforeAll(async () => {
  world = await addRequestAndTwoCarers(admin);
});

const aPackage = (weeklyHours = 3) => admin.packages.create(newPackage(world.mpId, world.requestId, { startDate: '2025-01-06', weeklyHours }));

const MON_WED_FRI = [
  { weekday: 5, start: '09:30', end: '10:30' },
  { weekday: 1, start: '09:30', end: '10:30' },
  { weekday: 3, start: '09:30', end: '10:30' },
];

describe('visitPlans.get and visitPlans.set', () => {
  it('has no plan for a new package, then the week set, in the order the week runs, with its hours against the package’s', async () => {
    const pkg = await aPackage(3);
    expect(await admin.visitPlans.get({ packageId: pkg.id })).toEqual({
      packageId: pkg.id,
      visits: [],
      anyTime: null,
      plannedHours: 0,
      packageWeeklyHours: 3,
      version: 0,
      warnings: [],
    });

    const saved = await admin.visitPlans.set({ packageId: pkg.id, visits: MON_WED_FRI });
    expect(saved).toEqual({
      packageId: pkg.id,
      visits: [MON_WED_FRI[1], MON_WED_FRI[2], MON_WED_FRI[0]],
      anyTime: null,
      plannedHours: 3,
      packageWeeklyHours: 3,
      version: 1,
      warnings: [],
    });
    expect(await admin.visitPlans.get({ packageId: pkg.id })).toEqual(saved);
  });

  it('counts a night visit past midnight and hours at any time, and says so when they differ from the package', async () => {
    const pkg = await aPackage(12);
    const saved = await admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 7, start: '22:00', end: '07:00' }], anyTime: { hours: 1.5 } });
    expect(saved).toMatchObject({ plannedHours: 10.5, packageWeeklyHours: 12, anyTime: { hours: 1.5 } });
    // Care at no set time alone: befriending, shopping.
    expect(await admin.visitPlans.set({ packageId: pkg.id, visits: [], anyTime: { hours: 12 }, version: 1 })).toMatchObject({ plannedHours: 12, visits: [], version: 2 });
  });

  it('refuses overlapping visits (Sunday night into Monday morning too), equal times and bad days, writing nothing', async () => {
    const pkg = await aPackage();
    await expect(
      admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 2, start: '09:00', end: '10:00' }, { weekday: 2, start: '09:30', end: '11:00' }] }),
    ).rejects.toThrow('Tuesday 09:30–11:00 overlaps Tuesday 09:00–10:00. Change the times of one of them.');
    await expect(
      admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 7, start: '22:00', end: '07:00' }, { weekday: 1, start: '06:30', end: '08:00' }] }),
    ).rejects.toThrow('Monday 06:30–08:00 overlaps Sunday 22:00–07:00');
    await expect(admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 2, start: '09:00', end: '09:00' }] })).rejects.toThrow(
      'A visit ends at a different time from its start',
    );
    await expect(admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 8, start: '09:00', end: '10:00' }] })).rejects.toThrow('Choose a day of the week');
    await expect(admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 1, start: '9:00', end: '10:00' }] })).rejects.toThrow('Enter a time as HH:MM');
    await expect(admin.visitPlans.set({ packageId: pkg.id, visits: [], anyTime: { hours: 0.1 } })).rejects.toThrow('Enter at least a quarter of an hour');
    // Back to back is not an overlap.
    await admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 2, start: '09:00', end: '10:00' }, { weekday: 2, start: '10:00', end: '11:00' }] });
    expect((await admin.visitPlans.get({ packageId: pkg.id })).version).toBe(1);
  });

  it('refuses a change made against a plan changed since, and an unknown package', async () => {
    const pkg = await aPackage();
    await admin.visitPlans.set({ packageId: pkg.id, visits: MON_WED_FRI });
    // Made meanwhile by someone else, while this office saw none.
    await expect(admin.visitPlans.set({ packageId: pkg.id, visits: [], version: 0 })).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.visitPlans.set({ packageId: pkg.id, visits: [], version: 2 })).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.visitPlans.get({ packageId: 'pnobody000000000' })).rejects.toThrow('Package not found');
    await expect(admin.visitPlans.set({ packageId: 'pnobody000000000', visits: [] })).rejects.toThrow('Package not found');
    expect((await admin.visitPlans.get({ packageId: pkg.id })).visits).toHaveLength(3);
  });

  it('audits each change as the visits in words', async () => {
    const pkg = await aPackage();
    await admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 1, start: '09:30', end: '10:30' }] });
    await admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 2, start: '09:30', end: '10:30' }], anyTime: { hours: 1 }, version: 1 });
    const rows = await t.auditRows(pkg.id, 'visitPlans.set');
    expect(rows.map((row) => row.changes)).toEqual([
      { visits: { from: [], to: ['Monday 09:30–10:30'] } },
      { visits: { from: ['Monday 09:30–10:30'], to: ['Tuesday 09:30–10:30'] }, anyTimeHours: { from: null, to: 1 } },
    ]);
  });

  it('carries the plan on to the package that renews it', async () => {
    const pkg = await aPackage();
    await admin.visitPlans.set({ packageId: pkg.id, visits: MON_WED_FRI, anyTime: { hours: 0.5 } });
    const { newPackage: renewed } = await admin.packages.renew({ oldPackage: { id: pkg.id }, newPackage: { details: pkg.details } });
    expect(await admin.visitPlans.get({ packageId: renewed.id })).toMatchObject({ visits: (await admin.visitPlans.get({ packageId: pkg.id })).visits, anyTime: { hours: 0.5 }, version: 1 });
  });

  it('lets the roles that read packages read a plan, and only those that change packages set one', async () => {
    const pkg = await aPackage();
    for (const role of ['Trustee', 'Coordinator', 'Finance'] as const) expect((await t.caller(role).visitPlans.get({ packageId: pkg.id })).packageId).toBe(pkg.id);
    await t.caller('Coordinator').visitPlans.set({ packageId: pkg.id, visits: MON_WED_FRI });
    for (const role of ['Trustee', 'Finance'] as const) await expect(t.caller(role).visitPlans.set({ packageId: pkg.id, visits: [] })).rejects.toThrow(/may not/);
    await expect(t.caller('Carer').visitPlans.get({ packageId: pkg.id })).rejects.toThrow(/may not/);
  });
});
