import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISIT_REFUSALS } from '@/shared/carer-app';
import { DELIVERY_MESSAGES } from '@/shared/deliveries';
import { queryRows } from '@/server/db/client';
import { newCarer } from '@/server/test/builders';
import { addClientWithRequest, newPackage } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

/**
 * March 2026 on one package of Edna's, 7 hours a week from Monday 2 March: Ann Ashby (an MP) gives it until the office
 * gives it to Ben Brook (a volunteer) at noon on Monday 9 March. Both record visits on the carer app; the office keeps
 * the timesheet too. Worked by hand, each day's care stays with the carer who gave it:
 *
 * - Ann: Mon 2nd 1.5 h (office, corrected to 1.75 after the change), Tue 3rd a visit 09:00–10:00, Wed 4th missed
 *   (client cancelled), Thu 5th "Couldn't visit" from her phone (no answer), Fri 6th 2 h (entered by the office on the
 *   12th, after the change, on her row), Mon 9th visits 08:00–09:30 and 11:00–11:30 (the second sent from her phone
 *   after the change, kept for the office, recorded by it): 6.75 hours and two missed visits.
 * - Ben: Mon 9th a visit 14:00–15:00 (the same package and day as Ann's morning), Mon 16th a visit 10:00–12:00 (which
 *   the office typed over as 2.5 h, then cleared to use his figure), Tue 17th 1.25 h (office): 4.25 hours. The package
 *   is his now, so its plan is: 30 days of March at an hour a day.
 */
const ANN_EMAIL = 'ann@carers.example';
const BEN_EMAIL = 'ben@carers.example';

const { t, admin } = testAppForFile();
let ann: string;
let ben: string;
let stranger: string;
let pkg: string;

const visit = (date: string, start: string, end: string) => ({ id: randomUUID(), packageId: pkg, date, start, end });
const delivered = (date: string, hours: number) => ({ packageId: pkg, date, status: 'delivered' as const, hours });

beforeAll(async () => {
  ann = (await admin.mps.create(newCarer({ name: 'Ann Ashby', email: ANN_EMAIL }))).id;
  ben = (await admin.volunteers.create(newCarer({ name: 'Ben Brook', email: BEN_EMAIL }))).id;
  stranger = (await admin.volunteers.create(newCarer({ name: 'Cy Stranger' }))).id;
  await admin.carerApp.invite({ carerId: ann });
  await admin.carerApp.invite({ carerId: ben });
  const annsPhone = t.caller('Carer', { email: ANN_EMAIL }).carerApp;
  const bensPhone = t.caller('Carer', { email: BEN_EMAIL }).carerApp;
  const { requestId: request } = await addClientWithRequest(admin, { startDate: '2026-01-05' });
  t.setToday('2026-03-02', '18:00');
  const created = await admin.packages.create(newPackage(ann, request, { startDate: '2026-03-02', weeklyHours: 7 }));
  pkg = created.id;

  const first = await admin.deliveries.record(delivered('2026-03-02', 1.5));
  t.setToday('2026-03-03', '18:00');
  expect(await annsPhone.sync({ visits: [visit('2026-03-03', '09:00', '10:00')] })).toEqual([expect.objectContaining({ result: 'recorded' })]);
  t.setToday('2026-03-04', '18:00');
  await admin.deliveries.record({ packageId: pkg, date: '2026-03-04', status: 'missed', reason: 'client-cancelled' });
  t.setToday('2026-03-05', '18:00');
  const noAnswer = { id: randomUUID(), packageId: pkg, date: '2026-03-05', couldNotVisit: 'noAnswer' as const };
  expect(await annsPhone.sync({ visits: [noAnswer] })).toEqual([{ id: noAnswer.id, result: 'recorded' }]);

  // Monday 9 March: Ann's morning visit, then at noon the package is Ben's, and he visits that afternoon.
  t.setToday('2026-03-09', '10:00');
  expect(await annsPhone.sync({ visits: [visit('2026-03-09', '08:00', '09:30')] })).toEqual([expect.objectContaining({ result: 'recorded' })]);
  t.setToday('2026-03-09', '12:00');
  const read = await admin.packages.getById({ id: pkg });
  await admin.packages.update({ id: pkg, version: read.version, carerId: ben, requestId: read.requestId, archived: read.archived, startDate: read.startDate, endDate: 'open', details: read.details });
  t.setToday('2026-03-09', '16:00');
  expect(await bensPhone.sync({ visits: [visit('2026-03-09', '14:00', '15:00')] })).toEqual([expect.objectContaining({ result: 'recorded' })]);

  // Ann's phone was offline: her late-morning visit arrives after the change, and waits for the office.
  t.setToday('2026-03-10', '09:00');
  const late = visit('2026-03-09', '11:00', '11:30');
  expect(await annsPhone.sync({ visits: [late] })).toEqual([{ id: late.id, result: 'toResolve', reason: VISIT_REFUSALS.givenToAnother }]);
  await admin.carerApp.resolve({ visitId: late.id, action: 'recordAnyway', reason: 'Ann was there until 11:30' });

  // The office enters Ann's Friday late, on her row, and corrects her first day.
  t.setToday('2026-03-12', '09:00');
  await admin.deliveries.record({ ...delivered('2026-03-06', 2), carerId: ann });
  await admin.deliveries.update({ id: first.id, version: first.version, status: 'delivered', hours: 1.75 });

  t.setToday('2026-03-16', '18:00');
  expect(await bensPhone.sync({ visits: [visit('2026-03-16', '10:00', '12:00')] })).toEqual([expect.objectContaining({ result: 'recorded' })]);
  // The office types its own figure over Ben's, then uses his again: his own figure stands, no one else's.
  const [bens16] = (await admin.deliveries.getStatement({ carerId: ben, month: '2026-03' })).packages[0]!.entries.filter((e) => e.date === '2026-03-16');
  const typed = await admin.deliveries.update({ id: bens16!.id, version: bens16!.version, status: 'delivered', hours: 2.5 });
  expect((await admin.deliveries.delete({ id: typed.id, version: typed.version })).entry).toMatchObject({ carerId: ben, hours: 2, source: 'carer' });
  t.setToday('2026-03-17', '18:00');
  await admin.deliveries.record(delivered('2026-03-17', 1.25));

  t.setToday('2026-04-01');
});

const close = (hours: number) => expect.closeTo(hours, 10);
const days = (entries: { date: string; hours: number; status: string }[]) => entries.map((e) => [e.date.slice(8), e.status === 'missed' ? 'missed' : e.hours]);

describe('a package given to another carer mid-month', () => {
  it('keeps each day’s carer on the timesheet: a row a carer, the plan on the package’s carer now', async () => {
    const rowsOf = async (weekStart: string) => (await admin.deliveries.getWeek({ weekStart })).packages.filter((p) => p.id === pkg);

    const firstWeek = await rowsOf('2026-03-02');
    expect(firstWeek.map((r) => [r.carerName, r.givenToAnother, r.weekPlannedHours])).toEqual([
      ['Ann Ashby', true, 0],
      ['Ben Brook', false, 7],
    ]);
    const [annsFirst, bensFirst] = firstWeek as [(typeof firstWeek)[number], (typeof firstWeek)[number]];
    expect(days(annsFirst.entries)).toEqual([
      ['02', 1.75],
      ['03', 1],
      ['04', 'missed'],
      ['05', 'missed'],
      ['06', 2],
    ]);
    expect(annsFirst.entries.every((e) => e.carerId === ann)).toBe(true);
    expect(annsFirst.visits.map((v) => [v.date, v.start ?? v.couldNotVisit])).toEqual([
      ['2026-03-03', '09:00'],
      ['2026-03-05', 'noAnswer'],
    ]);
    expect(bensFirst.entries).toEqual([]);

    // The day of the change: Ann's morning under Ann, Ben's afternoon under Ben, each with their own visits.
    const [annsSecond, bensSecond] = await rowsOf('2026-03-09');
    expect(annsSecond).toMatchObject({ carerId: ann, givenToAnother: true, weekPlannedHours: 0, plannedHours: 0 });
    expect(annsSecond!.entries).toEqual([expect.objectContaining({ date: '2026-03-09', carerId: ann, hours: 2, source: 'carer' })]);
    expect(annsSecond!.visits.map((v) => [v.start, v.end])).toEqual([
      ['08:00', '09:30'],
      ['11:00', '11:30'],
    ]);
    expect(bensSecond).toMatchObject({ carerId: ben, givenToAnother: false, weekPlannedHours: 7, plannedHours: 7 });
    expect(bensSecond!.entries).toEqual([expect.objectContaining({ date: '2026-03-09', carerId: ben, hours: 1, source: 'carer' })]);
    expect(bensSecond!.visits.map((v) => [v.start, v.end])).toEqual([['14:00', '15:00']]);

    // Once Ann has no care in a week, the package is Ben's row alone.
    const third = await rowsOf('2026-03-16');
    expect(third.map((r) => [r.carerName, days(r.entries)])).toEqual([
      [
        'Ben Brook',
        [
          ['16', 2],
          ['17', 1.25],
        ],
      ],
    ]);
  });

  it('counts each carer’s care on their own statement, and nowhere else', async () => {
    const annsMonth = await admin.deliveries.getStatement({ carerId: ann, month: '2026-03' });
    expect(annsMonth).toMatchObject({ plannedHours: 0, deliveredHours: close(6.75), missedVisits: 2 });
    expect(annsMonth.packages.map((p) => ({ id: p.id, givenToAnother: p.givenToAnother, plannedHours: p.plannedHours, deliveredHours: p.deliveredHours }))).toEqual([
      { id: pkg, givenToAnother: true, plannedHours: 0, deliveredHours: close(6.75) },
    ]);
    expect(days(annsMonth.packages[0]!.entries)).toEqual([
      ['02', 1.75],
      ['03', 1],
      ['04', 'missed'],
      ['05', 'missed'],
      ['06', 2],
      ['09', 2],
    ]);

    const bensMonth = await admin.deliveries.getStatement({ carerId: ben, month: '2026-03' });
    expect(bensMonth).toMatchObject({ plannedHours: close(30), deliveredHours: close(4.25), missedVisits: 0 });
    expect(bensMonth.packages.map((p) => [p.id, p.givenToAnother])).toEqual([[pkg, false]]);
    expect(days(bensMonth.packages[0]!.entries)).toEqual([
      ['09', 1],
      ['16', 2],
      ['17', 1.25],
    ]);
    // Together they are the package's month, counted once.
    expect(annsMonth.deliveredHours + bensMonth.deliveredHours).toBeCloseTo(11, 10);
  });

  it('gives the Delivered Care Report’s carers table each entry’s own carer', async () => {
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2026, breakdown: 'locality' })).years;
    const march = year!.months[2]!;
    expect(march).toMatchObject({ month: 3, recorded: true, plannedHours: close(30), deliveredHours: close(11), missedVisits: 2 });
    expect(march.carers).toEqual([
      { carerId: ann, name: 'Ann Ashby', plannedHours: 0, deliveredHours: close(6.75), deliveryRate: null, missedVisits: 2 },
      { carerId: ben, name: 'Ben Brook', plannedHours: close(30), deliveredHours: close(4.25), deliveryRate: close(4.25 / 30), missedVisits: 0 },
    ]);
    // The monthly sums the report reads, as the database keeps them: a row for each carer of the package.
    const kept = await queryRows<{ carer_id: string; hours: string; missed: number; entries: number }>(
      t.database.db,
      sql`select carer_id, hours::text as hours, missed, entries from delivery_months where package_id = ${pkg} order by carer_id`,
    );
    expect(kept.map((row) => [row.carer_id, Number(row.hours), Number(row.missed), Number(row.entries)])).toEqual(
      [
        [ann, 6.75, 2, 6],
        [ben, 4.25, 0, 3],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('records a day for the package’s carer, or for a carer with care on it, never for anyone else', async () => {
    t.setToday('2026-04-01');
    // A second entry for Ann on a day she has one is refused; Ben may have his own that day.
    await expect(admin.deliveries.record({ ...delivered('2026-03-06', 1), carerId: ann })).rejects.toThrow(DELIVERY_MESSAGES.alreadyRecorded);
    await expect(admin.deliveries.record({ ...delivered('2026-03-06', 1), carerId: stranger })).rejects.toThrow(DELIVERY_MESSAGES.notTheCarer);
    const bens = await admin.deliveries.record(delivered('2026-03-06', 0.5));
    expect(bens).toMatchObject({ carerId: ben, date: '2026-03-06', hours: 0.5 });
    await admin.deliveries.delete({ id: bens.id, version: bens.version });
    // A carer with care recorded is archived, never deleted, though no package is theirs now.
    const annNow = await admin.mps.getById({ id: ann });
    await expect(admin.mps.delete({ id: ann, version: annNow.version })).rejects.toThrow('This MP has care recorded, so cannot be deleted');
  });
});
