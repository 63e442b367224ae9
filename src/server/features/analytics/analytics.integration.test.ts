import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeCareHours } from '@/shared/care';
import { todayIn } from '@/shared/dates';
import { STAFF_ROLES } from '@/shared/permissions';
import { START_YEAR_MESSAGE } from '@/shared/schemas/analytics';
import { packages, requests } from '@/server/db/schema/care';
import { carers, clients } from '@/server/db/schema/people';
import { COMPLIANT_UNTIL } from '@/server/test/builders';
import { testAppForFile } from '@/server/test/test-app-for-file';
import type { NamedHours, PeriodHours } from './analytics.service';

const CLIENT_ID = 'canalytics';
const CARER_ID = 'manalytics';
const TODAY = '2025-03-15';

const { t, admin } = testAppForFile({ today: TODAY });
beforeAll(async () => {
  await t.database.db.insert(clients).values({ id: CLIENT_ID, name: 'Edna Pollard', postCode: 'TA4 2AB' });
  // Compliant, so the renewals below may keep them as the carer.
  await t.database.db.insert(carers).values({ id: CARER_ID, name: 'Sam Carter', postCode: 'TA4 1AA', dbsExpiry: COMPLIANT_UNTIL, publicLiabilityExpiry: COMPLIANT_UNTIL });
});

// Reports count every request and package, so each test starts from none.
beforeEach(async () => {
  await t.database.db.delete(packages);
  await t.database.db.delete(requests);
});

let lastId = 0;

async function addRequest(fields: Partial<typeof requests.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(requests)
    .values({ id: `r${++lastId}`, clientId: CLIENT_ID, startDate: '2025-01-01', postCode: 'TA4 2AB', ...fields })
    .returning();
  return row!;
}

async function addPackage(requestId: string, fields: Partial<typeof packages.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(packages)
    .values({ id: `p${++lastId}`, carerId: CARER_ID, requestId, startDate: '2025-01-01', postCode: 'TA4 2AB', ...fields })
    .returning();
  return row!;
}

const close = (hours: number) => expect.closeTo(hours, 10);
/** Groups' expected hours in the order given: `{ Stawley: 10 }` stands for `[{ name: 'Stawley', totalHours: 10 }]`. */
const named = (hours: Record<string, number>) => Object.entries(hours).map(([name, total]) => ({ name, totalHours: close(total) }));
const hoursOf = (list: NamedHours[], name: string) => list.find((entry) => entry.name === name)?.totalHours ?? 0;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A year's hours for one locality, month by month. */
function localityByMonth(year: { months: PeriodHours<'localities'>[] }, locality: string) {
  return year.months.map((month) => hoursOf(month.localities, locality));
}

describe('hours reports: active days', () => {
  it('counts an item open since before the start year from 1 January to today, and nothing after today', async () => {
    await addRequest({ startDate: '2023-06-10', weeklyHours: 7, services: ['Domestic'] });

    const { years } = await admin.analytics.getRequestsReport({ startYear: 2025 });
    expect(years.map((y) => y.year)).toEqual([2025]);
    expect(years[0]!.months.map((m) => m.totalHours)).toEqual([31, 28, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0].map(close));
    expect(years[0]!.totalHours).toBeCloseTo(74, 10);

    const fromLeapYear = await admin.analytics.getRequestsReport({ startYear: 2024 });
    expect(fromLeapYear.years.map((y) => [y.year, y.totalHours])).toEqual([
      [2024, close(366)],
      [2025, close(74)],
    ]);
    expect(fromLeapYear.years[0]!.months[1]!.totalHours).toBeCloseTo(29, 10);
  });

  it('counts only the days each item was active in each month, never past today', async () => {
    await addRequest({ locality: 'Wiveliscombe', startDate: '2023-06-10', weeklyHours: 7 });
    await addRequest({ locality: 'Ashbrittle', startDate: '2025-02-20', weeklyHours: 3.5 }); // 9 days of February
    await addRequest({ locality: 'Bathealton', startDate: '2024-12-01', endDate: '2025-01-10', weeklyHours: 7 });
    await addRequest({ locality: 'Brompton Ralph', startDate: '2025-03-01', endDate: '2025-06-30', weeklyHours: 14 });
    await addRequest({ locality: 'Chipstable', startDate: '2025-04-01', weeklyHours: 7 });
    await addRequest({ locality: 'Waterrow', startDate: '2025-01-31', endDate: '2025-02-01', weeklyHours: 7 });

    const [year] = (await admin.analytics.getRequestsReport({ startYear: 2025 })).years;
    const zeros = Array<number>(9).fill(0);
    expect(localityByMonth(year!, 'Wiveliscombe')).toEqual([31, 28, 15, ...zeros].map(close));
    expect(localityByMonth(year!, 'Ashbrittle')).toEqual([0, 4.5, 7.5, ...zeros].map(close));
    expect(localityByMonth(year!, 'Bathealton')).toEqual([10, 0, 0, ...zeros].map(close));
    expect(localityByMonth(year!, 'Brompton Ralph')).toEqual([0, 0, 30, ...zeros].map(close));
    expect(localityByMonth(year!, 'Waterrow')).toEqual([1, 1, 0, ...zeros].map(close));
    expect(year!.localities.map((l) => l.name)).not.toContain('Chipstable');
    expect(year!.months.map((m) => m.totalHours)).toEqual([42, 33.5, 52.5, ...zeros].map(close));
    expect(year!.totalHours).toBeCloseTo(128, 10);
  });

  it('counts packages by their days: all of March, from the 15th of April, across New Year', async () => {
    t.setToday('2025-06-30');
    const request = await addRequest({ startDate: '2023-01-01' });
    await addPackage(request.id, { locality: 'Milverton', startDate: '2025-03-01', endDate: '2025-03-31', weeklyHours: 7 });
    await addPackage(request.id, { locality: 'Stawley', startDate: '2025-04-15', endDate: '2025-04-30', weeklyHours: 7 });
    await addPackage(request.id, { locality: 'Other', startDate: '2024-12-20', endDate: '2025-01-10', weeklyHours: 7 });

    const { years } = await admin.analytics.getPackagesReport({ startYear: 2024 });
    const [y2024, y2025] = years;
    expect(localityByMonth(y2025!, 'Milverton')[2]).toBeCloseTo(31, 10);
    // 16 of April's 30 days.
    expect(localityByMonth(y2025!, 'Stawley')[3]).toBeCloseTo(16, 10);
    // 20 to 31 December is 12 days, 1 to 10 January 10 days: split across the years.
    expect(localityByMonth(y2024!, 'Other')[11]).toBeCloseTo(12, 10);
    expect(localityByMonth(y2025!, 'Other')[0]).toBeCloseTo(10, 10);
    expect(y2024!.totalHours).toBeCloseTo(12, 10);
    expect(y2025!.totalHours).toBeCloseTo(57, 10);
  });

  it('lists every year from the start year and all twelve months, future and empty ones at 0', async () => {
    await addRequest({ startDate: '2023-06-10', weeklyHours: 7 });

    const { years } = await admin.analytics.getRequestsReport({ startYear: 2017 });
    expect(years.map((y) => y.year)).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    for (const year of years) expect(year.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(years[0]).toMatchObject({ totalHours: 0, services: [], localities: [] });
    // 10 June to 31 December 2023 is 21 + 31 + 31 + 30 + 31 + 30 + 31 days.
    expect(years[6]!.totalHours).toBeCloseTo(205, 10);
    expect(years[8]!.months[3]).toEqual({ month: 4, totalHours: 0, services: [], localities: [] });
  });

  it('moves with today: a later today counts the days up to it', async () => {
    await addRequest({ startDate: '2025-01-01', weeklyHours: 7 });
    t.setToday('2025-04-02');
    const [year] = (await admin.analytics.getRequestsReport({ startYear: 2025 })).years;
    expect(year!.months.slice(0, 5).map((m) => m.totalHours)).toEqual([31, 28, 31, 2, 0].map(close));
  });
});

describe('hours reports: services, archive, localities and deprivation', () => {
  it('splits hours evenly across services, and counts an item with none as Unspecified', async () => {
    await addRequest({ startDate: '2025-01-01', endDate: '2025-01-31', weeklyHours: 7, services: ['Domestic', 'Personal Care'] });
    await addRequest({ startDate: '2025-01-01', endDate: '2025-01-14', weeklyHours: 7, services: [] });

    const [year] = (await admin.analytics.getRequestsReport({ startYear: 2025 })).years;
    const expected = named({ 'Personal Care': 15.5, Domestic: 15.5, Unspecified: 14 });
    expect(year!.services).toEqual(expected);
    expect(year!.months[0]!.services).toEqual(expected);
    expect(year!.localities).toEqual([{ name: 'Wiveliscombe', totalHours: close(45), services: expected }]);
    expect(year!.months[0]!.localities).toEqual([{ name: 'Wiveliscombe', totalHours: close(45), services: expected }]);
  });

  it('counts archived requests and packages, since archiving only hides them', async () => {
    const request = await addRequest({ archived: 'Y', startDate: '2025-01-01', endDate: '2025-01-31', weeklyHours: 7 });
    await addPackage(request.id, { archived: 'Y', startDate: '2025-02-01', endDate: '2025-02-14', weeklyHours: 7 });

    const [requestYear] = (await admin.analytics.getRequestsReport({ startYear: 2025 })).years;
    const [packageYear] = (await admin.analytics.getPackagesReport({ startYear: 2025 })).years;
    expect(requestYear!.totalHours).toBeCloseTo(31, 10);
    expect(packageYear!.totalHours).toBeCloseTo(14, 10);
  });

  it("breaks hours down by the item's own locality, in the charity's list order", async () => {
    const inJanuary = { startDate: '2025-01-01', endDate: '2025-01-31', weeklyHours: 7 };
    await addRequest({ ...inJanuary, locality: 'Other' });
    const milverton = await addRequest({ ...inJanuary, locality: 'Milverton' });
    await addRequest({ ...inJanuary, locality: 'Wiveliscombe' });
    await addPackage(milverton.id, { ...inJanuary, locality: 'Stawley', weeklyHours: 14 });

    const [requestYear] = (await admin.analytics.getRequestsReport({ startYear: 2025 })).years;
    expect(requestYear!.localities.map((l) => [l.name, l.totalHours])).toEqual([
      ['Wiveliscombe', close(31)],
      ['Milverton', close(31)],
      ['Other', close(31)],
    ]);
    const [packageYear] = (await admin.analytics.getPackagesReport({ startYear: 2025 })).years;
    expect(packageYear!.localities.map((l) => [l.name, l.totalHours])).toEqual([['Stawley', close(62)]]);
  });

  it("breaks hours down by deprivation category; a package takes its request's", async () => {
    const inJanuary = { startDate: '2025-01-01', endDate: '2025-01-31' };
    const none = await addRequest({ ...inJanuary, weeklyHours: 21 });
    await addRequest({ ...inJanuary, weeklyHours: 3.5, deprivationHealth: true });
    await addRequest({ ...inJanuary, weeklyHours: 14, deprivationIncome: true });
    const both = await addRequest({ ...inJanuary, weeklyHours: 7, deprivationIncome: true, deprivationHealth: true });
    await addPackage(both.id, { ...inJanuary, weeklyHours: 7, locality: 'Other', services: ['Overnight'] });
    await addPackage(none.id, { startDate: '2025-01-01', endDate: '2025-01-07', weeklyHours: 7 });

    const [requestYear] = (await admin.analytics.getRequestsDeprivationReport({ startYear: 2025 })).years;
    expect(requestYear).not.toHaveProperty('localities');
    expect(requestYear!.deprivationCategories.map((c) => [c.name, c.totalHours])).toEqual([
      ['Both', close(31)],
      ['Income', close(62)],
      ['Health', close(15.5)],
      ['None', close(93)],
    ]);
    const [packageYear] = (await admin.analytics.getPackagesDeprivationReport({ startYear: 2025 })).years;
    expect(packageYear!.deprivationCategories).toEqual([
      { name: 'Both', totalHours: close(31), services: [{ name: 'Overnight', totalHours: close(31) }] },
      { name: 'None', totalHours: close(7), services: [{ name: 'Unspecified', totalHours: close(7) }] },
    ]);
    expect(packageYear!.months[0]!.deprivationCategories.map((c) => c.name)).toEqual(['Both', 'None']);
  });
});

describe('hours reports: totals agree', () => {
  it('has every total equal the sum of its months, groups and services', async () => {
    const threeServices = ['MAG', 'Transport', 'Information'];
    const twoServices = ['Companionship', 'Sitting Service'];
    const huish = await addRequest({ startDate: '2022-11-17', weeklyHours: 2.5, locality: 'Huish Champflower', services: threeServices });
    const deprived = await addRequest({ startDate: '2024-02-29', endDate: '2025-02-03', weeklyHours: 12, deprivationIncome: true });
    await addRequest({ startDate: '2023-07-04', endDate: '2024-07-04', weeklyHours: 0.5, locality: 'Clatworthy', archived: 'Y' });
    await addPackage(huish.id, { startDate: '2023-01-09', weeklyHours: 1.5, locality: 'Waterrow', services: twoServices });
    await addPackage(deprived.id, { startDate: '2024-03-01', endDate: '2024-12-24', weeklyHours: 9.5, services: ['Meal Prep'] });

    for (const items of ['Requests', 'Packages'] as const) {
      const byLocality = await admin.analytics[`get${items}Report`]({ startYear: 2022 });
      const byDeprivation = await admin.analytics[`get${items}DeprivationReport`]({ startYear: 2022 });
      expect(byLocality.years.some((y) => y.totalHours > 0)).toBe(true);
      for (const [i, year] of byLocality.years.entries()) {
        expect(sum(year.months.map((m) => m.totalHours))).toBeCloseTo(year.totalHours, 9);
        expect(byDeprivation.years[i]!.totalHours).toBeCloseTo(year.totalHours, 9);
        for (const period of [year, ...year.months]) {
          expect(sum(period.localities.map((l) => l.totalHours))).toBeCloseTo(period.totalHours, 9);
          expect(sum(period.services.map((s) => s.totalHours))).toBeCloseTo(period.totalHours, 9);
          for (const locality of period.localities) {
            expect(sum(locality.services.map((s) => s.totalHours))).toBeCloseTo(locality.totalHours, 9);
          }
        }
        for (const locality of year.localities) {
          expect(sum(localityByMonth(year, locality.name))).toBeCloseTo(locality.totalHours, 9);
        }
      }
    }
  });
});

describe('cross-sections of active items', () => {
  it('sums the weekly hours of requests not ended yet, archived ones too, by locality and by service', async () => {
    await addRequest({ startDate: '2024-01-01', weeklyHours: 7, locality: 'Wiveliscombe', services: ['Domestic', 'Personal Care'] });
    await addRequest({ startDate: '2024-01-01', endDate: TODAY, weeklyHours: 3.5, locality: 'Milverton' });
    await addRequest({ startDate: '2024-01-01', endDate: '2025-03-14', weeklyHours: 100, locality: 'Milverton' });
    await addRequest({ startDate: '2024-01-01', weeklyHours: 50, archived: 'Y' });
    await addRequest({ startDate: '2025-04-01', weeklyHours: 2, locality: 'Other', services: ['Transport'] });

    expect(await admin.analytics.getActiveRequestsCrossSection()).toEqual({
      totalHours: close(62.5),
      localities: named({ Wiveliscombe: 57, Milverton: 3.5, Other: 2 }),
      services: named({ 'Personal Care': 3.5, Domestic: 3.5, Transport: 2, Unspecified: 53.5 }),
    });
  });

  it("counts packages by their own locality, and answers zero when nothing is active", async () => {
    expect(await admin.analytics.getActivePackagesCrossSection()).toEqual({ totalHours: 0, localities: [], services: [] });

    const request = await addRequest({ startDate: '2024-01-01', locality: 'Milverton' });
    await addPackage(request.id, { startDate: '2024-01-01', weeklyHours: 10, locality: 'Stawley', services: ['Meal Prep'] });
    await addPackage(request.id, { startDate: '2024-01-01', endDate: '2025-03-14', weeklyHours: 20, locality: 'Stawley' });
    await addPackage(request.id, { startDate: '2024-01-01', endDate: TODAY, weeklyHours: 1.5, locality: 'Ashbrittle' });

    expect(await admin.analytics.getActivePackagesCrossSection()).toEqual({
      totalHours: close(11.5),
      localities: named({ Ashbrittle: 1.5, Stawley: 10 }),
      services: named({ 'Meal Prep': 10, Unspecified: 1.5 }),
    });
  });
});

describe('the renewal day', () => {
  /** A request with a package, both renewed today: the request with its package carried over, then a package renewed on its request. */
  async function renewBoth() {
    const request = await addRequest({ startDate: '2024-01-01', weeklyHours: 10, services: ['Domestic'] });
    await addPackage(request.id, { startDate: '2024-01-01', weeklyHours: 4, locality: 'Stawley', services: ['Transport'] });
    const other = await addPackage(request.id, { startDate: '2024-01-01', weeklyHours: 2, locality: 'Ashbrittle' });
    const { newRequest } = await admin.requests.renew({
      oldRequest: { id: request.id },
      newRequest: { details: { weeklyHours: 12, services: ['Domestic'] } },
      carryOverPackages: true,
    });
    const stored = await admin.requests.getById({ id: newRequest.id });
    const carried = stored.packages.find((p) => p.details.weeklyHours === 2)!;
    await admin.packages.renew({ oldPackage: { id: carried.id }, newPackage: { details: { ...carried.details, weeklyHours: 3 } } });
    return { other };
  }

  it('counts renewed requests and packages once in the cross-sections', async () => {
    await renewBoth();
    const requestSection = await admin.analytics.getActiveRequestsCrossSection();
    expect(requestSection).toMatchObject({ totalHours: close(12), services: [{ name: 'Domestic', totalHours: close(12) }] });
    expect(requestSection.localities).toEqual([{ name: expect.any(String), totalHours: close(12) }]);
    expect(await admin.analytics.getActivePackagesCrossSection()).toEqual({
      totalHours: close(7),
      localities: named({ Ashbrittle: 3, Stawley: 4 }),
      services: named({ Transport: 4, Unspecified: 3 }),
    });
  });

  it("counts them once in the dashboard's hours, from the lists it loads, which still show every item", async () => {
    await renewBoth();
    const requestList = await admin.requests.getAllNotEndedYet();
    const packageList = await admin.packages.getAllNotEndedYet();
    expect([requestList.length, packageList.length]).toEqual([2, 5]);
    expect(activeCareHours(requestList, packageList, TODAY)).toEqual({ requestHours: 12, careHours: 7 });
  });

  it('counts an item ending today with no successor, and a different carer starting that day', async () => {
    const request = await addRequest({ startDate: '2024-01-01', weeklyHours: 10 });
    await addPackage(request.id, { startDate: '2024-01-01', endDate: TODAY, weeklyHours: 4 });
    await t.database.db.insert(carers).values({ id: 'manother', name: 'Ann Other', postCode: 'TA4 1AA' });
    try {
      await addPackage(request.id, { carerId: 'manother', startDate: TODAY, weeklyHours: 5 });
      expect((await admin.analytics.getActivePackagesCrossSection()).totalHours).toBeCloseTo(9);
    } finally {
      await t.database.db.delete(packages);
      await t.database.db.delete(carers).where(eq(carers.id, 'manother'));
    }
  });
});

describe('start year', () => {
  const reports = ['getRequestsReport', 'getPackagesReport', 'getRequestsDeprivationReport', 'getPackagesDeprivationReport'] as const;

  it.each([2016, 2026, 2017.5, '2020', null])('refuses %s with a clear message', async (startYear) => {
    for (const report of reports) {
      await expect(admin.analytics[report]({ startYear } as never)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining(START_YEAR_MESSAGE),
      });
    }
  });

  it('refuses a missing or extra field', async () => {
    await expect(admin.analytics.getRequestsReport({} as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.analytics.getRequestsReport({ startYear: 2020, endYear: 2021 } as never)).rejects.toThrow(/endYear/);
  });

  it('accepts the first report year and the current year', async () => {
    expect((await admin.analytics.getPackagesReport({ startYear: 2017 })).years).toHaveLength(9);
    expect((await admin.analytics.getPackagesReport({ startYear: 2025 })).years.map((y) => y.year)).toEqual([2025]);
  });

  it('answers 400 over HTTP, with the current year taken from the real today', async () => {
    const token = await t.idToken('Finance');
    const nextYear = Number(todayIn().slice(0, 4)) + 1;
    for (const startYear of [2016, nextYear]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/trpc/analytics.getRequestsReport?input=${encodeURIComponent(JSON.stringify({ startYear }))}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(START_YEAR_MESSAGE);
    }
  });
});

describe('permissions', () => {
  it.each(STAFF_ROLES)('%s may read every analytics procedure', async (role) => {
    const caller = t.caller(role);
    await expect(caller.analytics.getActiveRequestsCrossSection()).resolves.toHaveProperty('totalHours');
    await expect(caller.analytics.getActivePackagesCrossSection()).resolves.toHaveProperty('totalHours');
    await expect(caller.analytics.getRequestsReport({ startYear: 2025 })).resolves.toHaveProperty('years');
    await expect(caller.analytics.getPackagesReport({ startYear: 2025 })).resolves.toHaveProperty('years');
    await expect(caller.analytics.getRequestsDeprivationReport({ startYear: 2025 })).resolves.toHaveProperty('years');
    await expect(caller.analytics.getPackagesDeprivationReport({ startYear: 2025 })).resolves.toHaveProperty('years');
  });
});
