import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@/shared/deliveries';
import { START_YEAR_MESSAGE } from '@/shared/schemas/analytics';
import { auditLog } from '@/server/db/schema/audit';
import { packages, requests } from '@/server/db/schema/care';
import { carers, clients } from '@/server/db/schema/people';
import { testAppForFile } from '@/server/test/test-app-for-file';

/**
 * A small world whose figures are worked out by hand (today is 20 March 2025):
 *
 * - Marta Price (an MP) gives Edna, whose request is income-deprived, 7 hours a week of Personal Care and
 *   Domestic in Milverton from Monday 10 March: 11 days to today, 11 hours planned in March, 5.5 a service.
 *   She delivered 1.5 hours on the 10th and 2 on the 12th, and missed the 11th (client in hospital).
 * - Vera Lane (a volunteer) gave Albert, not deprived, 14 hours a week with no services named in Wiveliscombe
 *   from 1 January to 5 March: 62 hours planned in January, 56 in February, 10 in March (5 days). She delivered
 *   3 hours on 15 January and 2.25 on 5 March (the package's last day), and missed 3 February.
 */
const TODAY = '2025-03-20';
const MP = 'mdelivered';
const VOLUNTEER = 'vdelivered';
const MP_PACKAGE = 'pdeliveredmp';
const VOLUNTEER_PACKAGE = 'pdeliveredvolunteer';

const { t, admin } = testAppForFile({ today: TODAY });
beforeAll(async () => {
  const { db } = t.database;
  await db.insert(clients).values([
    { id: 'cdeliverededna', name: 'Edna Pollard', postCode: 'TA4 1JX' },
    { id: 'cdeliveredalbert', name: 'Albert Yeo', postCode: 'TA4 2AB' },
  ]);
  await db.insert(carers).values([
    { id: MP, name: 'Marta Price', postCode: 'TA4 1AA' },
    { id: VOLUNTEER, name: 'Vera Lane', postCode: 'TA4 1AB' },
  ]);
  await db.insert(requests).values([
    { id: 'rdeliverededna', clientId: 'cdeliverededna', startDate: '2025-01-01', postCode: 'TA4 1JX', deprivationIncome: true },
    { id: 'rdeliveredalbert', clientId: 'cdeliveredalbert', startDate: '2025-01-01', postCode: 'TA4 2AB' },
  ]);
  await db.insert(packages).values([
    {
      id: MP_PACKAGE,
      carerId: MP,
      requestId: 'rdeliverededna',
      name: 'Edna Pollard',
      startDate: '2025-03-10',
      weeklyHours: 7,
      locality: 'Milverton',
      postCode: 'TA4 1JX',
      services: ['Domestic', 'Personal Care'],
    },
    {
      id: VOLUNTEER_PACKAGE,
      carerId: VOLUNTEER,
      requestId: 'rdeliveredalbert',
      name: 'Albert Yeo',
      startDate: '2025-01-01',
      endDate: '2025-03-05',
      weeklyHours: 14,
      locality: 'Wiveliscombe',
      postCode: 'TA4 2AB',
      services: [],
    },
  ]);
  // Recorded as the timesheet records them, so the entries pass the same checks.
  const coordinator = t.caller('Coordinator');
  await coordinator.deliveries.record({ packageId: MP_PACKAGE, date: '2025-03-10', status: 'delivered', hours: 1.5, note: 'Bath and breakfast' });
  await coordinator.deliveries.record({ packageId: MP_PACKAGE, date: '2025-03-11', status: 'missed', reason: 'client-in-hospital', note: '' });
  await coordinator.deliveries.record({ packageId: MP_PACKAGE, date: '2025-03-12', status: 'delivered', hours: 2, note: '' });
  await coordinator.deliveries.record({ packageId: VOLUNTEER_PACKAGE, date: '2025-01-15', status: 'delivered', hours: 3, note: '' });
  await coordinator.deliveries.record({ packageId: VOLUNTEER_PACKAGE, date: '2025-02-03', status: 'missed', reason: 'carer-unavailable', note: 'Flu' });
  await coordinator.deliveries.record({ packageId: VOLUNTEER_PACKAGE, date: '2025-03-05', status: 'delivered', hours: 2.25, note: 'Last visit' });
});

const close = (hours: number) => expect.closeTo(hours, 10);
/** The figures of a row with its rate worked out from the hand-computed hours. */
const planned = (plannedHours: number, deliveredHours: number) => ({
  plannedHours: close(plannedHours),
  deliveredHours: close(deliveredHours),
  deliveryRate: plannedHours > 0 ? close(deliveredHours / plannedHours) : null,
});
const withMissed = (plannedHours: number, deliveredHours: number, missedVisits: number) => ({ ...planned(plannedHours, deliveredHours), missedVisits });
/** Marta's row, all of it March's: 11 hours planned, 3.5 delivered and the visit missed on the 11th. */
const MARTAS_ROW = { carerId: MP, name: 'Marta Price', ...withMissed(11, 3.5, 1) };
/** Edna's two services, with Marta's planned and delivered hours split evenly between them. */
const EDNAS_SERVICES = [
  { name: 'Personal Care', ...planned(5.5, 1.75) },
  { name: 'Domestic', ...planned(5.5, 1.75) },
];

describe('delivered care report', () => {
  it('gives March planned against delivered in all, by locality, by service and by carer', async () => {
    const { years } = await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' });
    expect(years.map((y) => y.year)).toEqual([2025]);
    const march = years[0]!.months[2]!;
    expect(march).toEqual({
      month: 3,
      recorded: true,
      closed: false,
      ...withMissed(21, 5.75, 1),
      services: [
        ...EDNAS_SERVICES,
        { name: 'Unspecified', ...planned(10, 2.25) },
      ],
      groups: [
        {
          name: 'Wiveliscombe',
          ...withMissed(10, 2.25, 0),
          services: [{ name: 'Unspecified', ...planned(10, 2.25) }],
        },
        {
          name: 'Milverton',
          ...withMissed(11, 3.5, 1),
          services: EDNAS_SERVICES,
        },
      ],
      carers: [
        MARTAS_ROW,
        { carerId: VOLUNTEER, name: 'Vera Lane', ...withMissed(10, 2.25, 0) },
      ],
    });
  });

  it('gives each month and the year, with a month of only a missed visit at a rate of 0 and months to come at none', async () => {
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    expect(year!.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(year!.months.map((m) => [m.plannedHours, m.deliveredHours, m.missedVisits])).toEqual([
      [close(62), close(3), 0],
      [close(56), close(0), 1],
      [close(21), close(5.75), 1],
      ...Array.from({ length: 9 }, () => [0, 0, 0]),
    ]);
    expect(year!.months[1]!.deliveryRate).toBe(0);
    expect(year!.months[3]).toEqual({ month: 4, recorded: true, closed: false, plannedHours: 0, deliveredHours: 0, deliveryRate: null, missedVisits: 0, services: [], groups: [], carers: [] });

    expect(year).toMatchObject({
      ...withMissed(139, 8.75, 2),
      services: [
        ...EDNAS_SERVICES,
        { name: 'Unspecified', ...planned(128, 5.25) },
      ],
      groups: [
        { name: 'Wiveliscombe', ...withMissed(128, 5.25, 1) },
        { name: 'Milverton', ...withMissed(11, 3.5, 1) },
      ],
      carers: [
        MARTAS_ROW,
        { carerId: VOLUNTEER, name: 'Vera Lane', ...withMissed(128, 5.25, 1) },
      ],
    });
  });

  it('plans hours exactly as the packages report does', async () => {
    const [delivered] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    const [packagesReport] = (await admin.analytics.getPackagesReport({ startYear: 2025 })).years;
    expect(delivered!.months.map((m) => m.plannedHours)).toEqual(packagesReport!.months.map((m) => m.totalHours));
    expect(delivered!.groups.map((g) => [g.name, g.plannedHours])).toEqual(packagesReport!.localities.map((l) => [l.name, l.totalHours]));
  });

  it('groups by the deprivation of the package’s request', async () => {
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'deprivation' })).years;
    expect(year!.months[2]!.groups.map((g) => ({ name: g.name, plannedHours: g.plannedHours, deliveredHours: g.deliveredHours, missedVisits: g.missedVisits }))).toEqual([
      { name: 'Income', plannedHours: close(11), deliveredHours: close(3.5), missedVisits: 1 },
      { name: 'None', plannedHours: close(10), deliveredHours: close(2.25), missedVisits: 0 },
    ]);
  });

  it('lists every year from the start year, empty ones at nothing', async () => {
    const { years } = await admin.analytics.getDeliveredReport({ startYear: 2024, breakdown: 'locality' });
    expect(years.map((y) => y.year)).toEqual([2024, 2025]);
    expect(years[0]).toMatchObject({ plannedHours: 0, deliveredHours: 0, deliveryRate: null, missedVisits: 0, groups: [], carers: [] });
    expect(years[1]!.deliveredHours).toBeCloseTo(8.75, 10);
  });

  it('names an MP only to roles that read MPs; Finance sees the figures and the volunteer’s name', async () => {
    const [year] = (await t.caller('Finance').analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    expect(year!.carers.map((c) => [c.carerId, c.name, c.deliveredHours])).toEqual(
      expect.arrayContaining([
        [MP, '', close(3.5)],
        [VOLUNTEER, 'Vera Lane', close(5.25)],
      ]),
    );
    const [trustees] = (await t.caller('Trustee').analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    expect(trustees!.carers.map((c) => c.name)).toEqual(['Marta Price', 'Vera Lane']);
  });

  it('refuses a start year after the current one or a breakdown it does not know, in words', async () => {
    await expect(admin.analytics.getDeliveredReport({ startYear: 2026, breakdown: 'locality' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: START_YEAR_MESSAGE,
    });
    await expect(admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'service' as 'locality' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Choose a breakdown'),
    });
  });

  it('gives the dashboard the month so far', async () => {
    expect(await t.caller('Finance').analytics.getDeliveredThisMonth()).toEqual({ month: '2025-03', ...withMissed(21, 5.75, 1) });
  });
});

describe('months before recording began', () => {
  it('are "not recorded" from the first entry back: no rate, and the year before is not recorded at all', async () => {
    const report = await admin.analytics.getDeliveredReport({ startYear: 2024, breakdown: 'locality' });
    expect(report.recordedFrom).toBe('2025-01');
    const [before, year] = report.years;
    expect(before).toMatchObject({ year: 2024, recorded: false, deliveryRate: null });
    expect(before!.months.every((m) => !m.recorded && m.deliveryRate === null)).toBe(true);
    expect(year!.months.map((m) => m.recorded)).toEqual(Array(12).fill(true));
    expect(await t.caller('Finance').deliveries.getRecordingStart()).toEqual({ from: '2025-01', set: null, firstEntry: '2025-01' });
  });

  it('start where an Admin says: earlier months keep their plan but count nothing, and the year counts only recorded months', async () => {
    expect(await admin.deliveries.setRecordingStart({ month: '2025-03' })).toEqual({ from: '2025-03', set: '2025-03', firstEntry: '2025-01' });
    try {
      const report = await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' });
      expect(report.recordedFrom).toBe('2025-03');
      const [year] = report.years;
      const [january, february, march] = year!.months;
      expect(january).toMatchObject({ recorded: false, plannedHours: close(62), deliveredHours: 0, deliveryRate: null, missedVisits: 0, carers: [] });
      expect(february).toMatchObject({ recorded: false, plannedHours: close(56), deliveredHours: 0, deliveryRate: null, missedVisits: 0 });
      expect(march).toMatchObject({ recorded: true, ...withMissed(21, 5.75, 1) });
      // The year is March on: January's 3 hours and February's missed visit are left out, and so is their plan.
      expect(year).toMatchObject({
        recorded: true,
        ...withMissed(21, 5.75, 1),
        groups: [
          { name: 'Wiveliscombe', ...withMissed(10, 2.25, 0) },
          { name: 'Milverton', ...withMissed(11, 3.5, 1) },
        ],
        carers: [
          MARTAS_ROW,
          { carerId: VOLUNTEER, name: 'Vera Lane', ...withMissed(10, 2.25, 0) },
        ],
      });
      expect(year!.services).toEqual([
        ...EDNAS_SERVICES,
        { name: 'Unspecified', ...planned(10, 2.25) },
      ]);
    } finally {
      expect(await admin.deliveries.setRecordingStart({ month: null })).toEqual({ from: '2025-01', set: null, firstEntry: '2025-01' });
    }
    const [set, cleared] = await t.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.procedure, 'deliveries.setRecordingStart'))
      .orderBy(auditLog.at);
    expect(set!.changes).toEqual({ recordedFrom: { from: null, to: '2025-03' } });
    expect(cleared!.changes).toEqual({ recordedFrom: { from: '2025-03', to: null } });
  });

  it('can be set only by an Admin, and not to a month still to come', async () => {
    await expect(admin.deliveries.setRecordingStart({ month: '2025-04' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'April 2025 has not begun: recording cannot start in a month still to come',
    });
    await expect(t.caller('Coordinator').deliveries.setRecordingStart({ month: '2025-02' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await admin.deliveries.getRecordingStart()).set).toBeNull();
  });

  it('shows which months are closed', async () => {
    await admin.deliveries.closeMonth({ month: '2025-01' });
    try {
      const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
      expect(year!.months.map((m) => m.closed)).toEqual([true, ...Array(11).fill(false)]);
    } finally {
      await admin.deliveries.reopenMonth({ month: '2025-01' });
    }
  });
});

describe('carer statement', () => {
  it('gives an MP’s month to Finance: planned, delivered and missed by package, and every entry, but not the MP’s name', async () => {
    const statement = await t.caller('Finance').deliveries.getStatement({ carerId: MP, month: '2025-03' });
    // Finance reads volunteers, not MPs: the statement names no MP to it, as no other screen does.
    expect(JSON.stringify(statement)).not.toContain('Marta Price');
    expect(statement).toMatchObject({
      carer: { id: MP, name: '', kind: 'MP' },
      month: '2025-03',
      closed: false,
      ...{ plannedHours: close(11), deliveredHours: close(3.5), missedVisits: 1 },
    });
    expect(statement.packages).toHaveLength(1);
    expect(statement.packages[0]).toMatchObject({ id: MP_PACKAGE, clientName: 'Edna Pollard', plannedHours: close(11), deliveredHours: close(3.5), missedVisits: 1 });
    expect(statement.packages[0]!.entries.map((e) => [e.date, e.status, e.hours, e.reason])).toEqual([
      ['2025-03-10', 'delivered', 1.5, null],
      ['2025-03-11', 'missed', 0, 'client-in-hospital'],
      ['2025-03-12', 'delivered', 2, null],
    ]);
  });

  it('agrees with the report for the volunteer’s month, the package’s last day included', async () => {
    const statement = await admin.deliveries.getStatement({ carerId: VOLUNTEER, month: '2025-03' });
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    const fromReport = year!.months[2]!.carers.find((c) => c.carerId === VOLUNTEER)!;
    expect([statement.plannedHours, statement.deliveredHours, statement.missedVisits]).toEqual([
      close(fromReport.plannedHours),
      close(fromReport.deliveredHours),
      fromReport.missedVisits,
    ]);
    expect(statement.deliveredHours).toBeCloseTo(2.25, 10);
  });
});

describe('recording care', () => {
  it('refuses Finance, which only reads delivered care', async () => {
    await expect(
      t.caller('Finance').deliveries.record({ packageId: MP_PACKAGE, date: '2025-03-13', status: 'delivered', hours: 1, note: '' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a day to come and a day outside the package, in words, and records nothing', async () => {
    await expect(admin.deliveries.record({ packageId: MP_PACKAGE, date: '2025-03-21', status: 'delivered', hours: 1, note: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: DELIVERY_MESSAGES.future,
    });
    await expect(admin.deliveries.record({ packageId: MP_PACKAGE, date: '2025-03-09', status: 'delivered', hours: 1, note: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: DELIVERY_MESSAGES.outsidePackage('2025-03-10', null),
    });
    await expect(
      admin.deliveries.record({ packageId: VOLUNTEER_PACKAGE, date: '2025-03-06', status: 'delivered', hours: 1, note: '' }),
    ).rejects.toMatchObject({ message: DELIVERY_MESSAGES.outsidePackage('2025-01-01', '2025-03-05') });
    const statement = await admin.deliveries.getStatement({ carerId: MP, month: '2025-03' });
    expect(statement.packages[0]!.entries).toHaveLength(3);
  });

  it('refuses an entry in a closed month until it is reopened; both are in the audit trail', async () => {
    await admin.deliveries.closeMonth({ month: '2025-02' });
    expect((await admin.deliveries.getStatement({ carerId: VOLUNTEER, month: '2025-02' })).closed).toBe(true);
    const entry = { packageId: VOLUNTEER_PACKAGE, date: '2025-02-10', status: 'delivered' as const, hours: 4, note: '' };
    await expect(admin.deliveries.record(entry)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: DELIVERY_MESSAGES.closedMonth('2025-02') });
    const [february] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years[0]!.months.slice(1);
    expect(february!.deliveredHours).toBe(0);

    await admin.deliveries.reopenMonth({ month: '2025-02' });
    await admin.deliveries.record(entry);
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    expect(year!.months[1]).toMatchObject(withMissed(56, 4, 1));

    const trail = await t.database.db
      .select({ procedure: auditLog.procedure, actor: auditLog.actorEmail, changes: auditLog.changes })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.procedure, ['deliveries.closeMonth', 'deliveries.reopenMonth']),
          eq(auditLog.actorEmail, 'admin@valecare.test'),
          sql`${auditLog.changes}->>'month' = '2025-02'`,
        ),
      )
      .orderBy(auditLog.at);
    expect(trail).toEqual([
      { procedure: 'deliveries.closeMonth', actor: 'admin@valecare.test', changes: { month: '2025-02' } },
      { procedure: 'deliveries.reopenMonth', actor: 'admin@valecare.test', changes: expect.objectContaining({ month: '2025-02' }) },
    ]);
  });
});

describe('monthly sums kept by the database', () => {
  /** Entries summed by package, carer and month, straight from the entries and as kept in delivery_months. */
  async function sums() {
    const { db } = t.database;
    const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const fromEntries = await rows(sql`select package_id, carer_id, to_char(date, 'YYYY-MM') as month, sum(hours)::float8 as hours,
        count(*) filter (where status = 'missed')::int as missed, count(*)::int as entries
      from deliveries group by 1, 2, 3 order by 1, 2, 3`);
    const kept = await rows(sql`select package_id, carer_id, to_char(month, 'YYYY-MM') as month, hours::float8 as hours, missed, entries
      from delivery_months order by 1, 2, 3`);
    return { fromEntries, kept };
  }

  it('follow every change of an entry: changed hours, a visit marked missed, a deletion', async () => {
    const [entry] = (await admin.deliveries.getStatement({ carerId: MP, month: '2025-03' })).packages[0]!.entries;
    const changed = await admin.deliveries.update({ id: entry!.id, version: entry!.version, status: 'delivered', hours: 4, note: 'Longer visit' });
    let { fromEntries, kept } = await sums();
    expect(kept).toEqual(fromEntries);
    expect(kept).toContainEqual({ package_id: MP_PACKAGE, carer_id: MP, month: '2025-03', hours: 6, missed: 1, entries: 3 });

    await admin.deliveries.update({ id: changed.id, version: changed.version, status: 'missed', reason: 'other', note: '' });
    ({ fromEntries, kept } = await sums());
    expect(kept).toEqual(fromEntries);
    expect(kept).toContainEqual({ package_id: MP_PACKAGE, carer_id: MP, month: '2025-03', hours: 2, missed: 2, entries: 3 });

    const january = (await admin.deliveries.getStatement({ carerId: VOLUNTEER, month: '2025-01' })).packages[0]!.entries[0]!;
    await admin.deliveries.delete({ id: january.id, version: january.version });
    ({ fromEntries, kept } = await sums());
    expect(kept).toEqual(fromEntries);
    // The month's only entry gone, its row goes too.
    expect(kept.some((row) => (row as { month: string }).month === '2025-01')).toBe(false);
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2025, breakdown: 'locality' })).years;
    expect(year!.months.slice(0, 3).map((m) => [m.deliveredHours, m.missedVisits])).toEqual([
      [0, 0],
      [close(4), 1],
      [close(4.25), 2],
    ]);
  });
});
