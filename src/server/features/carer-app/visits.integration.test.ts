import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARER_CLIENT_ID } from '@/server/auth/provider';
import { users } from '@/server/db/schema/auth';
import { auditLog } from '@/server/db/schema/audit';
import { packages } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { visitRefusals, visits } from '@/server/db/schema/visits';
import { clients } from '@/server/db/schema/people';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { ACCESS_ENDED, TOO_MANY_VISITS, VISIT_REFUSALS, VISITS_AN_HOUR } from '@/shared/carer-app';
import { DELIVERY_MESSAGES } from '@/shared/deliveries';
import { addDays, todayIn } from '@/shared/dates';
import { CARER_ROLE } from '@/shared/permissions';

/** Today is Wednesday 18 March 2026; the carer's own package runs from 5 January, open. */
const TODAY = '2026-03-18';

const { t, admin } = testAppForFile({ today: TODAY });
const carerApp = t.caller('Carer').carerApp;
let carerId: string;
let own: string;
let ended: string;
let someoneElses: string;
let clientId: string;

beforeAll(async () => {
  // The test caller of the Carer role signs in as carer@valecare.test: this carer's address.
  carerId = (await admin.volunteers.create(newCarer({ name: 'Cara Visits', email: 'carer@valecare.test' }))).id;
  await admin.carerApp.invite({ carerId });
  const other = (await admin.volunteers.create(newCarer({ name: 'Otto Other' }))).id;
  const client = await admin.clients.create({ ...newClient({ name: 'Edna Home' }), details: { ...newClient().details, name: 'Edna Home', phone: '01984 000111' } });
  clientId = client.id;
  const request = (await admin.requests.create(newRequest(client.id, { startDate: '2026-01-05' }))).id;
  own = (await admin.packages.create(newPackage(carerId, request, { startDate: '2026-01-05', weeklyHours: 7 }))).id;
  ended = (await admin.packages.create(newPackage(carerId, request, { startDate: '2026-01-05', endDate: '2026-03-10' }))).id;
  someoneElses = (await admin.packages.create(newPackage(other, request, { startDate: '2026-01-05' }))).id;
});

/** A package id no package has. */
const NO_SUCH_PACKAGE = 'pnosuchpackage';

const visit = (overrides: Partial<{ packageId: string; date: string; start: string; end: string; note: string; tellOffice: boolean }> = {}) => ({
  id: randomUUID(),
  packageId: own,
  date: '2026-03-16',
  start: '09:00',
  end: '10:30',
  ...overrides,
});

const stored = (id: string) => t.database.db.select().from(visits).where(eq(visits.id, id));
const dayEntry = async (packageId: string, date: string) =>
  (await t.database.db.select().from(deliveries).where(and(eq(deliveries.packageId, packageId), eq(deliveries.date, date))))[0];
const auditOf = (id: string) => t.database.db.select({ procedure: auditLog.procedure, changes: auditLog.changes }).from(auditLog).where(eq(auditLog.recordId, id));

describe('carerApp.sync', () => {
  it('records a visit as the day’s delivered care of its package, audited', async () => {
    const sent = visit({ date: '2026-03-02', note: 'Bath and breakfast' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    expect(await stored(sent.id)).toMatchObject([{ carerId, packageId: own, date: '2026-03-02', startTime: '09:00', endTime: '10:30', minutes: 90, note: 'Bath and breakfast' }]);
    expect(await dayEntry(own, '2026-03-02')).toMatchObject({ status: 'delivered', hours: 1.5, source: 'carer' });
    // A second visit that day adds to the day.
    await carerApp.sync({ visits: [visit({ date: '2026-03-02', start: '17:00', end: '17:45' })] });
    expect(await dayEntry(own, '2026-03-02')).toMatchObject({ hours: 2.25, source: 'carer' });
    // Counted as any delivered care: in the carer's statement and the Delivered Care Report.
    const statement = await admin.deliveries.getStatement({ carerId, month: '2026-03' });
    expect(statement.deliveredHours).toBe(2.25);
    expect(statement.packages.find((p) => p.id === own)!.entries).toEqual([expect.objectContaining({ date: '2026-03-02', hours: 2.25, source: 'carer' })]);
    const [year] = (await admin.analytics.getDeliveredReport({ startYear: 2026, breakdown: 'locality' })).years;
    expect(year!.months[2]).toMatchObject({ month: 3, recorded: true, deliveredHours: 2.25 });
    expect(await auditOf(sent.id)).toEqual([{ procedure: 'carerApp.visitRecorded', changes: expect.objectContaining({ minutes: 90, carerId }) }]);
    // The carer's record says when their phone last sent visits.
    expect((await admin.carerApp.getStatus({ carerId })).lastSentAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it('answers a resend "duplicate" and changes nothing; the same id with other content is refused', async () => {
    const sent = visit({ date: '2026-03-03' });
    await carerApp.sync({ visits: [sent] });
    expect(await carerApp.sync({ visits: [sent, sent] })).toEqual([
      { id: sent.id, result: 'duplicate' },
      { id: sent.id, result: 'duplicate' },
    ]);
    expect(await carerApp.sync({ visits: [{ ...sent, end: '11:00' }] })).toEqual([{ id: sent.id, result: 'refused', reason: VISIT_REFUSALS.sentWithOtherContent }]);
    expect(await stored(sent.id)).toMatchObject([{ endTime: '10:30' }]);
    expect(await dayEntry(own, '2026-03-03')).toMatchObject({ hours: 1.5 });
  });

  it('records each visit once when the same batch is sent three times at once, in different orders', async () => {
    const batch = ['08:00', '10:00', '12:00', '14:00', '16:00'].map((start) => visit({ date: '2026-03-04', start, end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00` }));
    const answers = await Promise.all([batch, [...batch].reverse(), [batch[2]!, batch[0]!, batch[4]!, batch[1]!, batch[3]!]].map((order) => carerApp.sync({ visits: order })));
    for (const sent of batch) {
      const results = answers.flat().filter((a) => a.id === sent.id).map((a) => a.result);
      expect(results.sort()).toEqual(['duplicate', 'duplicate', 'recorded']);
    }
    expect(await t.database.db.select().from(visits).where(and(eq(visits.carerId, carerId), eq(visits.date, '2026-03-04')))).toHaveLength(5);
    expect(await dayEntry(own, '2026-03-04')).toMatchObject({ hours: 5 });
  });

  it('refuses the carer’s own slips in words, storing nothing; the hour’s first refusal is audited, the rest counted', async () => {
    await t.database.db.delete(visitRefusals);
    await carerApp.sync({ visits: [visit({ date: '2026-03-05', start: '09:00', end: '10:00' })] });
    // A night visit begun the day before runs into this one.
    await carerApp.sync({ visits: [visit({ date: '2026-03-08', start: '00:30', end: '01:00' })] });
    const cases = [
      [visit({ packageId: NO_SUCH_PACKAGE }), VISIT_REFUSALS.notYours],
      [visit({ date: '2026-03-19' }), VISIT_REFUSALS.future],
      [visit({ date: '2026-03-05', start: '09:30', end: '11:00' }), VISIT_REFUSALS.overlaps({ date: '2026-03-05', start: '09:00', end: '10:00' })],
      [visit({ date: '2026-03-07', start: '23:00', end: '00:45' }), VISIT_REFUSALS.overlaps({ date: '2026-03-08', start: '00:30', end: '01:00' })],
      [visit({ start: '10:00', end: '10:00' }), VISIT_REFUSALS.noLength],
    ] as const;
    const answers = await carerApp.sync({ visits: cases.map(([sent]) => sent) });
    expect(answers).toEqual(cases.map(([sent, reason]) => ({ id: sent.id, result: 'refused', reason })));
    for (const [sent] of cases) expect(await stored(sent.id)).toEqual([]);
    expect(await auditOf(cases[0][0].id)).toEqual([{ procedure: 'carerApp.visitRefused', changes: expect.objectContaining({ reason: VISIT_REFUSALS.notYours }) }]);
    for (const [sent] of cases.slice(1)) expect(await auditOf(sent.id)).toEqual([]);
    expect(await t.database.db.select({ refusals: visitRefusals.refusals }).from(visitRefusals).where(eq(visitRefusals.carerId, carerId))).toEqual([{ refusals: cases.length }]);
    expect(await dayEntry(own, '2026-03-16')).toBeUndefined();
  });

  it('keeps for the office what only the office may record, with the reason in words, counted nowhere yet', async () => {
    await admin.deliveries.closeMonth({ month: '2026-02' });
    const request = (await admin.requests.create(newRequest(clientId, { startDate: '2026-03-10' }))).id;
    const later = (await admin.packages.create(newPackage(carerId, request, { startDate: '2026-03-10' }))).id;
    const cases = [
      [visit({ packageId: someoneElses, date: '2026-03-16', start: '14:00', end: '15:00' }), VISIT_REFUSALS.givenToAnother],
      [visit({ date: '2026-02-15' }), VISIT_REFUSALS.tooOld(30)],
      [visit({ packageId: later, date: '2026-03-09' }), VISIT_REFUSALS.beforeStart('2026-03-10')],
      [visit({ packageId: ended, date: '2026-03-11' }), VISIT_REFUSALS.afterEnd('2026-03-10')],
      [visit({ date: '2026-02-20' }), VISIT_REFUSALS.closedMonth('2026-02')],
      // A night visit on the package's last day would count hours on the day after it ended.
      [visit({ packageId: ended, date: '2026-03-10', start: '22:00', end: '07:00' }), VISIT_REFUSALS.afterEnd('2026-03-10')],
      [visit({ date: '2026-02-27', start: '22:00', end: '07:00' }), VISIT_REFUSALS.closedMonth('2026-02')],
    ] as const;
    const answers = await carerApp.sync({ visits: cases.map(([sent]) => sent) });
    expect(answers).toEqual(cases.map(([sent, reason]) => ({ id: sent.id, result: 'toResolve', reason })));
    expect(VISIT_REFUSALS.closedMonth('2026-02')).toBe('February 2026 is closed: the office has sent its figures');
    for (const [sent, reason] of cases) {
      expect(await stored(sent.id)).toMatchObject([{ status: 'toResolve', reason }]);
      expect(await auditOf(sent.id)).toEqual([{ procedure: 'carerApp.visitToResolve', changes: expect.objectContaining({ reason }) }]);
      expect(await dayEntry(sent.packageId, sent.date)).toBeUndefined();
    }
    // Sent again, each is the same visit: nothing changes.
    expect((await carerApp.sync({ visits: [cases[0][0]] }))[0]).toEqual({ id: cases[0][0].id, result: 'duplicate' });
    // The office's list has each with its carer, client and reason; the carer's phone shows each with the office.
    const waiting = (await t.caller('Coordinator').carerApp.toResolve()).visits;
    expect(waiting.find((v) => v.id === cases[0][0].id)).toMatchObject({
      carerId,
      carerName: 'Cara Visits',
      clientId,
      clientName: 'Edna Home',
      packageId: someoneElses,
      date: '2026-03-16',
      start: '14:00',
      end: '15:00',
      reason: VISIT_REFUSALS.givenToAnother,
      otherPackages: expect.arrayContaining([expect.objectContaining({ id: own })]),
    });
    const onPhone = (await carerApp.myVisits()).visits.find((v) => v.id === cases[0][0].id);
    expect(onPhone).toMatchObject({ state: 'toResolve', reason: VISIT_REFUSALS.givenToAnother, clientName: 'Edna Home' });
    await admin.deliveries.reopenMonth({ month: '2026-02' });
    await t.database.db.update(packages).set({ archived: 'Y' }).where(eq(packages.id, later));
  });

  it('grows the audit trail by one row however many refused visits a phone sends in an hour', async () => {
    await t.database.db.delete(visitRefusals);
    const refusedRows = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.procedure, 'carerApp.visitRefused'))).length;
    const before = await refusedRows();
    for (let call = 0; call < 3; call++) {
      const sent = Array.from({ length: 100 }, () => visit({ packageId: NO_SUCH_PACKAGE, note: 'x'.repeat(500) }));
      expect((await carerApp.sync({ visits: sent })).every((answer) => answer.result === 'refused')).toBe(true);
    }
    expect(await refusedRows()).toBe(before + 1);
    expect(await t.database.db.select({ refusals: visitRefusals.refusals }).from(visitRefusals).where(eq(visitRefusals.carerId, carerId))).toEqual([{ refusals: 300 }]);
  });

  it('takes visits only for packages the phone was given: not archived, nor of a client archived or anonymised', async () => {
    const request = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }))).id;
    const closed = (await admin.packages.create(newPackage(carerId, request, { startDate: '2026-01-05' }))).id;
    const otherClient = (await admin.clients.create(newClient({ name: 'Agnes Away' }))).id;
    const away = (await admin.packages.create(newPackage(carerId, (await admin.requests.create(newRequest(otherClient, { startDate: '2026-01-05' }))).id, { startDate: '2026-01-05' }))).id;
    const onPhone = async () => (await carerApp.myVisits()).packages.map((p) => p.id);
    expect(await onPhone()).toEqual(expect.arrayContaining([closed, away]));
    await t.database.db.update(packages).set({ archived: 'Y' }).where(eq(packages.id, closed));
    await t.database.db.update(clients).set({ archived: 'Y' }).where(eq(clients.id, otherClient));
    for (const [packageId, start, end] of [
      [closed, '11:00', '11:30'],
      [away, '12:00', '12:30'],
    ] as const) {
      const sent = visit({ packageId, date: '2026-03-17', start, end });
      expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'toResolve', reason: VISIT_REFUSALS.packageClosed }]);
    }
    expect(await onPhone()).not.toContain(closed);
    expect(await onPhone()).not.toContain(away);
    // Anonymised (and so archived) clients' packages are neither on the phone nor take visits.
    await t.database.db.update(clients).set({ archived: 'N', anonymisedAt: new Date() }).where(eq(clients.id, otherClient));
    expect(await onPhone()).not.toContain(away);
    const sent = visit({ packageId: away, date: '2026-03-17', start: '13:00', end: '13:30' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'toResolve', reason: VISIT_REFUSALS.packageClosed }]);
    // Nor does the phone read the anonymised client's waiting visits.
    expect((await carerApp.myVisits()).visits.map((v) => v.id)).not.toContain(sent.id);
  });

  it('never moves the month recording began: a visit before it is left for the office', async () => {
    const recording = await admin.deliveries.getRecordingStart();
    expect(recording.from).toBe('2026-03');
    const sent = visit({ date: '2026-02-26' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'toResolve', reason: VISIT_REFUSALS.beforeRecording('2026-03') }]);
    expect(VISIT_REFUSALS.beforeRecording('2026-03')).toBe('Recording of delivered care began in March 2026');
    expect(await admin.deliveries.getRecordingStart()).toEqual(recording);
  });

  it('takes one id however it is cased, and refuses the all-zero id', async () => {
    const sent = visit({ date: '2026-03-13', start: '07:00', end: '07:30' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    expect(await carerApp.sync({ visits: [{ ...sent, id: sent.id.toUpperCase() }] })).toEqual([{ id: sent.id, result: 'duplicate' }]);
    await expect(carerApp.sync({ visits: [{ ...visit({ date: '2026-03-13', start: '08:00', end: '08:30' }), id: '00000000-0000-0000-0000-000000000000' }] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a call that would record more than an hour’s share of visits whole, for the phone to send later', async () => {
    // The hour's visits so far, as a phone back from a long time without signal sends them.
    const earlier = Array.from({ length: VISITS_AN_HOUR }, () => ({ id: randomUUID(), carerId, packageId: own, date: '2020-01-01', startTime: '00:00', endTime: '00:01', minutes: 1 }));
    await t.database.db.insert(visits).values(earlier);
    try {
      const sent = visit({ date: '2026-03-14' });
      await expect(carerApp.sync({ visits: [sent] })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_VISITS });
      expect(await stored(sent.id)).toEqual([]);
    } finally {
      await t.database.db.delete(visits).where(eq(visits.date, '2020-01-01'));
    }
  });

  it('keeps the office’s figure for a day it recorded, the carer’s visit stored beside it', async () => {
    await admin.deliveries.record({ packageId: own, date: '2026-03-06', status: 'delivered', hours: 3, note: 'From the paper sheet' });
    const sent = visit({ date: '2026-03-06' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    expect(await dayEntry(own, '2026-03-06')).toMatchObject({ hours: 3, source: 'office', note: 'From the paper sheet' });
    expect(await stored(sent.id)).toHaveLength(1);
  });

  it('keeps the office’s correction of a day the carer’s visits made: a later visit leaves it, and is kept beside it', async () => {
    const sent12 = visit({ date: '2026-03-12' });
    await carerApp.sync({ visits: [sent12] });
    const made = (await dayEntry(own, '2026-03-12'))!;
    expect(made).toMatchObject({ hours: 1.5, source: 'carer' });
    await admin.deliveries.update({ id: made.id, version: made.version, status: 'delivered', hours: 2, note: 'Stayed longer, said on the phone' });
    const later = visit({ date: '2026-03-12', start: '15:00', end: '16:00' });
    expect(await carerApp.sync({ visits: [later] })).toEqual([{ id: later.id, result: 'recorded' }]);
    expect(await dayEntry(own, '2026-03-12')).toMatchObject({ hours: 2, source: 'office' });
    expect(await t.database.db.select().from(visits).where(and(eq(visits.packageId, own), eq(visits.date, '2026-03-12')))).toHaveLength(2);
    // The office's timesheet has its figure, and the carer's two visits beside it to reconcile.
    const week = await admin.deliveries.getWeek({ weekStart: '2026-03-09' });
    const row = week.packages.find((p) => p.id === own)!;
    expect(row.entries.find((e) => e.date === '2026-03-12')).toMatchObject({ hours: 2, source: 'office' });
    expect(row.visits.filter((v) => v.date === '2026-03-12')).toEqual([
      { date: '2026-03-12', start: sent12.start, end: sent12.end, couldNotVisit: null, note: '', tellOffice: false },
      { date: '2026-03-12', start: '15:00', end: '16:00', couldNotVisit: null, note: '', tellOffice: false },
    ]);
  });

  it('records a night visit across midnight, its hours on each day they fall, on the timesheet and the statement alike', async () => {
    const night = visit({ date: '2026-03-13', start: '22:00', end: '07:00', note: 'Settled by midnight' });
    expect(await carerApp.sync({ visits: [night] })).toEqual([{ id: night.id, result: 'recorded' }]);
    expect(await stored(night.id)).toMatchObject([{ date: '2026-03-13', startTime: '22:00', endTime: '07:00', minutes: 540 }]);
    // The 13th had half an hour that morning.
    expect(await dayEntry(own, '2026-03-13')).toMatchObject({ hours: 2.5, source: 'carer' });
    expect(await dayEntry(own, '2026-03-14')).toMatchObject({ hours: 7, source: 'carer' });
    // The next evening's visit adds to the morning's share; 23:50 to 00:25 goes 10 minutes to one day, 25 to the next.
    const evening = visit({ date: '2026-03-14', start: '23:50', end: '00:25' });
    expect(await carerApp.sync({ visits: [evening] })).toEqual([{ id: evening.id, result: 'recorded' }]);
    expect(await dayEntry(own, '2026-03-14')).toMatchObject({ hours: 7.17 });
    expect(await dayEntry(own, '2026-03-15')).toMatchObject({ hours: 0.42, source: 'carer' });
    // A visit may not begin inside the night's: 06:30 that morning overlaps it.
    const morning = visit({ date: '2026-03-14', start: '06:30', end: '08:00' });
    expect(await carerApp.sync({ visits: [morning] })).toEqual([{ id: morning.id, result: 'refused', reason: VISIT_REFUSALS.overlaps({ date: '2026-03-13', start: '22:00', end: '07:00' }) }]);

    const week = await admin.deliveries.getWeek({ weekStart: '2026-03-09' });
    const row = week.packages.find((p) => p.id === own)!;
    expect(row.entries.filter((e) => e.date === '2026-03-13' || e.date === '2026-03-14').map((e) => e.hours)).toEqual([2.5, 7.17]);
    expect(row.visits).toContainEqual({ date: '2026-03-13', start: '22:00', end: '07:00', couldNotVisit: null, note: 'Settled by midnight', tellOffice: false });
    // A week that begins the morning after a Sunday night has that night's visit beside its first day.
    const sunday = visit({ date: '2026-03-01', start: '23:00', end: '01:00' });
    expect(await carerApp.sync({ visits: [sunday] })).toEqual([{ id: sunday.id, result: 'recorded' }]);
    const after = await admin.deliveries.getWeek({ weekStart: '2026-03-02' });
    expect(after.packages.find((p) => p.id === own)!.visits).toContainEqual(expect.objectContaining({ date: '2026-03-01', start: '23:00' }));
    const statement = await admin.deliveries.getStatement({ carerId, month: '2026-03' });
    const entries = statement.packages.find((p) => p.id === own)!.entries;
    expect(entries.filter((e) => e.date === '2026-03-13' || e.date === '2026-03-14').map((e) => e.hours)).toEqual([2.5, 7.17]);
  });

  it('refuses a visit that ends later than now, allowing a phone’s clock five minutes ahead', async () => {
    t.setToday(TODAY, '03:35');
    const evening = visit({ date: TODAY, start: '18:00', end: '19:30' });
    const night = visit({ date: '2026-03-17', start: '22:30', end: '03:00' });
    const justNow = visit({ date: TODAY, start: '03:10', end: '03:40' });
    const tooSoon = visit({ date: TODAY, start: '03:00', end: '07:00' });
    expect(await carerApp.sync({ visits: [evening, night, justNow] })).toEqual([
      { id: evening.id, result: 'refused', reason: 'This visit ends at 19:30, later than now: record it once it has ended' },
      { id: night.id, result: 'recorded' },
      { id: justNow.id, result: 'recorded' },
    ]);
    expect(await carerApp.sync({ visits: [{ ...tooSoon, date: '2026-03-17', start: '23:59' }] })).toEqual([
      { id: tooSoon.id, result: 'refused', reason: VISIT_REFUSALS.notEndedYet('07:00') },
    ]);
    expect(await stored(evening.id)).toEqual([]);
    expect(await dayEntry(own, TODAY)).toMatchObject({ hours: 3.5, source: 'carer' });
  });

  it('takes a visit that did not happen: the day missed with why, heard in "From carers" until seen, counted as missed', async () => {
    const missedBefore = (await admin.deliveries.getStatement({ carerId, month: '2026-03' })).missedVisits;
    const reportMissed = async () => (await admin.analytics.getDeliveredReport({ startYear: 2026, breakdown: 'locality' })).years[0]!.months[2]!.missedVisits;
    const reportBefore = await reportMissed();
    const noAnswer = { id: randomUUID(), packageId: own, date: '2026-03-10', couldNotVisit: 'noAnswer' as const, note: 'Curtains shut, rang the daughter' };
    expect(await carerApp.sync({ visits: [noAnswer] })).toEqual([{ id: noAnswer.id, result: 'recorded' }]);
    expect(await stored(noAnswer.id)).toMatchObject([{ startTime: null, endTime: null, minutes: 0, couldNotVisit: 'noAnswer', note: noAnswer.note }]);
    expect(await dayEntry(own, '2026-03-10')).toMatchObject({ status: 'missed', hours: 0, reason: 'no-answer', source: 'carer' });
    expect(await auditOf(noAnswer.id)).toEqual([{ procedure: 'carerApp.visitRecorded', changes: expect.objectContaining({ couldNotVisit: 'noAnswer' }) }]);
    // Sent again it is the same; with another reason it is other content.
    expect(await carerApp.sync({ visits: [noAnswer] })).toEqual([{ id: noAnswer.id, result: 'duplicate' }]);
    expect(await carerApp.sync({ visits: [{ ...noAnswer, couldNotVisit: 'clientAway' }] })).toEqual([{ id: noAnswer.id, result: 'refused', reason: VISIT_REFUSALS.sentWithOtherContent }]);
    // Counted where the reports count missed visits: the carer's statement and the Delivered Care Report.
    const statement = await admin.deliveries.getStatement({ carerId, month: '2026-03' });
    expect(statement.missedVisits).toBe(missedBefore + 1);
    expect(statement.packages.find((p) => p.id === own)!.entries).toContainEqual(expect.objectContaining({ date: '2026-03-10', status: 'missed', reason: 'no-answer' }));
    expect(await reportMissed()).toBe(reportBefore + 1);
    // On the timesheet's day, beside the figure; on the phone as sent.
    const week = await admin.deliveries.getWeek({ weekStart: '2026-03-09' });
    expect(week.packages.find((p) => p.id === own)!.visits).toContainEqual({ date: '2026-03-10', start: null, end: null, couldNotVisit: 'noAnswer', note: noAnswer.note, tellOffice: false });
    expect((await carerApp.myVisits()).visits.find((v) => v.id === noAnswer.id)).toMatchObject({ start: null, end: null, couldNotVisit: 'noAnswer', state: 'recorded' });
    // The office hears of it, with or without a note, until someone marks it seen.
    const coordinator = t.caller('Coordinator');
    const silent = { id: randomUUID(), packageId: own, date: '2026-03-11', couldNotVisit: 'carerCouldNotCome' as const };
    expect(await carerApp.sync({ visits: [silent] })).toEqual([{ id: silent.id, result: 'recorded' }]);
    const heard = (await coordinator.carerApp.fromCarers()).visits;
    expect(heard.find((v) => v.visitId === noAnswer.id)).toMatchObject({ carerName: 'Cara Visits', clientName: 'Edna Home', start: null, end: null, couldNotVisit: 'noAnswer', note: noAnswer.note });
    expect(heard.find((v) => v.visitId === silent.id)).toMatchObject({ couldNotVisit: 'carerCouldNotCome', note: '' });
    await coordinator.carerApp.markSeen({ visitId: noAnswer.id });
    expect((await coordinator.carerApp.fromCarers()).visits.map((v) => v.visitId)).not.toContain(noAnswer.id);
    // Care given later that day makes it a day of care; the carer's word that the first call failed stays beside it.
    const later = visit({ date: '2026-03-10', start: '16:00', end: '17:00' });
    expect(await carerApp.sync({ visits: [later] })).toEqual([{ id: later.id, result: 'recorded' }]);
    expect(await dayEntry(own, '2026-03-10')).toMatchObject({ status: 'delivered', hours: 1, reason: null, source: 'carer' });
    // Answered as visits are: a day to come refused, a package ended kept for the office; times with it are refused whole.
    const ahead = { id: randomUUID(), packageId: own, date: '2026-03-19', couldNotVisit: 'clientCancelled' as const };
    const afterEnd = { id: randomUUID(), packageId: ended, date: '2026-03-12', couldNotVisit: 'clientAway' as const };
    expect(await carerApp.sync({ visits: [ahead, afterEnd] })).toEqual([
      { id: ahead.id, result: 'refused', reason: VISIT_REFUSALS.future },
      { id: afterEnd.id, result: 'toResolve', reason: VISIT_REFUSALS.afterEnd('2026-03-10') },
    ]);
    expect((await coordinator.carerApp.toResolve()).visits.find((v) => v.id === afterEnd.id)).toMatchObject({ start: null, end: null, couldNotVisit: 'clientAway' });
    await expect(carerApp.sync({ visits: [{ ...visit(), couldNotVisit: 'noAnswer' } as never] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lets the carer’s figure stand again when the office clears its own; the carer’s own figure is corrected, not cleared', async () => {
    // Added to the hour recorded that morning: 8 hours.
    const sent = visit({ date: '2026-03-05', start: '12:00', end: '19:00' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    const made = (await dayEntry(own, '2026-03-05'))!;
    expect(made).toMatchObject({ hours: 8, source: 'carer' });
    await expect(admin.deliveries.delete({ id: made.id, version: made.version })).rejects.toThrow(DELIVERY_MESSAGES.carersFigure);
    const office = await admin.deliveries.update({ id: made.id, version: made.version, status: 'delivered', hours: 6, note: '' });
    expect(office).toMatchObject({ hours: 6, source: 'office' });
    const cleared = await admin.deliveries.delete({ id: office.id, version: office.version });
    expect(cleared.entry).toMatchObject({ status: 'delivered', hours: 8, source: 'carer' });
    expect(await dayEntry(own, '2026-03-05')).toMatchObject({ hours: 8, source: 'carer' });
    // A day of the office's alone clears to nothing.
    const alone = await admin.deliveries.record({ packageId: ended, date: '2026-03-09', status: 'delivered', hours: 2, note: '' });
    expect((await admin.deliveries.delete({ id: alone.id, version: alone.version })).entry).toBeNull();
  });

  it('keeps a carer’s exact minutes when the office changes something else that day; the office’s new hours go in quarters', async () => {
    const sent = visit({ date: '2026-03-07', start: '22:01', end: '23:59' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    const made = (await dayEntry(own, '2026-03-07'))!;
    expect(made).toMatchObject({ hours: 1.97, source: 'carer' });
    const noted = await admin.deliveries.update({ id: made.id, version: made.version, status: 'delivered', hours: 1.97, note: 'Daughter rang to say thank you' });
    expect(noted).toMatchObject({ hours: 1.97, note: 'Daughter rang to say thank you', source: 'office' });
    await expect(admin.deliveries.update({ id: noted.id, version: noted.version, status: 'delivered', hours: 1.9, note: '' })).rejects.toThrow('Hours go in quarters of an hour (0.25)');
    expect(await admin.deliveries.update({ id: noted.id, version: noted.version, status: 'delivered', hours: 2, note: '' })).toMatchObject({ hours: 2 });
  });

  it('lets the carer change or withdraw their own sent visit for 7 days while its month is open; the office sees the change and the original, audited', async () => {
    const sent = visit({ date: '2026-03-02', start: '07:00', end: '08:00', note: 'Breakfast' });
    expect(await carerApp.sync({ visits: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    const before = (await dayEntry(own, '2026-03-02'))!.hours;
    expect((await carerApp.myVisits()).visits.find((v) => v.id === sent.id)).toMatchObject({ mayChange: true });
    // Changed: the new times count, the first version is kept for the office; sent again, nothing more changes.
    const changed = { ...sent, start: '07:00', end: '08:30', note: 'Breakfast, then a shower', change: true as const };
    expect(await carerApp.sync({ visits: [changed] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    expect(await carerApp.sync({ visits: [changed] })).toEqual([{ id: sent.id, result: 'duplicate' }]);
    expect(await dayEntry(own, '2026-03-02')).toMatchObject({ hours: before + 0.5, source: 'carer' });
    const onRecord = (await admin.carerApp.getVisits({ clientId })).visits.find((v) => v.id === sent.id);
    expect(onRecord).toMatchObject({
      start: '07:00',
      end: '08:30',
      note: 'Breakfast, then a shower',
      status: 'recorded',
      changedAt: expect.any(String),
      original: { packageId: own, date: '2026-03-02', start: '07:00', end: '08:00', couldNotVisit: null, note: 'Breakfast', tellOffice: false },
    });
    expect(await auditOf(sent.id)).toContainEqual({
      procedure: 'carerApp.visitChanged',
      changes: { before: expect.objectContaining({ end: '08:00' }), after: expect.objectContaining({ end: '08:30' }) },
    });
    // Without the change mark, other content is still refused; a change must itself be recordable.
    expect(await carerApp.sync({ visits: [{ ...sent, end: '09:00' }] })).toEqual([{ id: sent.id, result: 'refused', reason: VISIT_REFUSALS.sentWithOtherContent }]);
    expect(await carerApp.sync({ visits: [{ ...changed, date: '2026-03-19' }] })).toEqual([{ id: sent.id, result: 'refused', reason: VISIT_REFUSALS.future }]);
    // Withdrawn: it counts nowhere, the office sees it withdrawn; sent again, the same.
    expect(await carerApp.sync({ visits: [{ id: sent.id, withdraw: true }] })).toEqual([{ id: sent.id, result: 'withdrawn' }]);
    expect(await carerApp.sync({ visits: [{ id: sent.id, withdraw: true }] })).toEqual([{ id: sent.id, result: 'duplicate' }]);
    expect(await dayEntry(own, '2026-03-02')).toMatchObject({ hours: before - 1 });
    expect((await admin.carerApp.getVisits({ clientId })).visits.find((v) => v.id === sent.id)).toMatchObject({ status: 'withdrawn' });
    expect((await carerApp.myVisits()).visits.find((v) => v.id === sent.id)).toMatchObject({ state: 'withdrawn', mayChange: false });
    expect(await auditOf(sent.id)).toContainEqual({ procedure: 'carerApp.visitWithdrawn', changes: expect.objectContaining({ status: 'recorded' }) });
    // A withdrawn visit is not changed back, and frees its time.
    expect(await carerApp.sync({ visits: [{ ...changed, end: '09:00' }] })).toEqual([{ id: sent.id, result: 'refused', reason: VISIT_REFUSALS.changeWithdrawn }]);
    const again = visit({ date: '2026-03-02', start: '07:00', end: '08:00' });
    expect(await carerApp.sync({ visits: [again] })).toEqual([{ id: again.id, result: 'recorded' }]);

    // After 7 days, or in a closed month, it is the office's to change.
    await t.database.db.update(visits).set({ recordedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) }).where(eq(visits.id, again.id));
    expect((await carerApp.myVisits()).visits.find((v) => v.id === again.id)).toMatchObject({ mayChange: false });
    expect(await carerApp.sync({ visits: [{ id: again.id, withdraw: true }] })).toEqual([{ id: again.id, result: 'refused', reason: VISIT_REFUSALS.changeTooLate(7) }]);
    const february = visit({ date: '2026-02-27', start: '10:00', end: '11:00' });
    await t.database.db.insert(visits).values({ id: february.id, carerId, packageId: own, date: february.date, startTime: '10:00', endTime: '11:00', minutes: 60 });
    await admin.deliveries.closeMonth({ month: '2026-02' });
    expect(await carerApp.sync({ visits: [{ ...february, end: '11:30', change: true }] })).toEqual([{ id: february.id, result: 'refused', reason: VISIT_REFUSALS.closedMonth('2026-02') }]);
    await admin.deliveries.reopenMonth({ month: '2026-02' });
    // Another carer's visit is not theirs to change; one never sent is not there to withdraw.
    const unknown = randomUUID();
    expect(await carerApp.sync({ visits: [{ id: unknown, withdraw: true }] })).toEqual([{ id: unknown, result: 'refused', reason: VISIT_REFUSALS.changeNotArrived }]);
  });

  it('brings a note marked for the office to "From carers" until someone marks it seen, by whom and when, audited', async () => {
    const fall = visit({ date: '2026-03-15', start: '01:00', end: '02:00', note: 'Night call – fall, no injury, daughter informed', tellOffice: true });
    const plain = visit({ date: '2026-03-15', start: '09:00', end: '09:30', note: 'Breakfast' });
    expect(await carerApp.sync({ visits: [fall, plain] })).toEqual([
      { id: fall.id, result: 'recorded' },
      { id: plain.id, result: 'recorded' },
    ]);
    const coordinator = t.caller('Coordinator');
    const heard = (await coordinator.carerApp.fromCarers()).visits.find((v) => v.visitId === fall.id);
    expect(heard).toMatchObject({ carerId, carerName: 'Cara Visits', clientName: 'Edna Home', date: '2026-03-15', start: '01:00', end: '02:00', note: fall.note });
    expect((await coordinator.carerApp.fromCarers()).visits.map((v) => v.visitId)).not.toContain(plain.id);
    // The note is on the timesheet's day too, and on the phone as sent.
    const week = await admin.deliveries.getWeek({ weekStart: '2026-03-09' });
    expect(week.packages.find((p) => p.id === own)!.visits).toContainEqual({ date: '2026-03-15', start: '01:00', end: '02:00', couldNotVisit: null, note: fall.note, tellOffice: true });
    expect((await carerApp.myVisits()).visits.find((v) => v.id === fall.id)).toMatchObject({ note: fall.note, tellOffice: true });
    // Sent again with the mark changed, it is other content: refused, the first kept.
    expect(await carerApp.sync({ visits: [{ ...fall, tellOffice: false }] })).toEqual([{ id: fall.id, result: 'refused', reason: VISIT_REFUSALS.sentWithOtherContent }]);
    // Who may read carers but not act for them is refused.
    await expect(t.caller('Trustee').carerApp.fromCarers()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller('Finance').carerApp.markSeen({ visitId: fall.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    expect(await coordinator.carerApp.markSeen({ visitId: fall.id })).toMatchObject({ visitId: fall.id, seenBy: 'coordinator@valecare.test' });
    expect((await coordinator.carerApp.fromCarers()).visits.map((v) => v.visitId)).not.toContain(fall.id);
    expect(await auditOf(fall.id)).toContainEqual({ procedure: 'carerApp.markSeen', changes: { seenAt: expect.any(String) } });
    await expect(admin.carerApp.markSeen({ visitId: fall.id })).rejects.toThrow('coordinator@valecare.test marked this seen already');
    // On the client's record and the carer's: the visit with its note, and who saw it.
    const onClient = (await t.caller('Finance').carerApp.getVisits({ clientId })).visits.find((v) => v.id === fall.id);
    expect(onClient).toMatchObject({ carerId, carerName: 'Cara Visits', clientName: 'Edna Home', note: fall.note, tellOffice: true, seenBy: 'coordinator@valecare.test' });
    const onCarer = (await admin.carerApp.getVisits({ carerId })).visits;
    expect(onCarer.map((v) => v.id)).toEqual(expect.arrayContaining([fall.id, plain.id]));
    expect(onCarer.map((v) => `${v.date} ${v.start}`)).toEqual(onCarer.map((v) => `${v.date} ${v.start}`).sort().reverse());
    // Finance reads volunteers, not MPs: an MP's visits are not theirs to list.
    const mp = await admin.mps.create(newCarer({ name: 'Morwenna Provider' }));
    await expect(t.caller('Finance').carerApp.getVisits({ carerId: mp.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(admin.carerApp.markSeen({ visitId: plain.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Marked for the office with nothing said: refused as the phone sent it.
    await expect(carerApp.sync({ visits: [visit({ date: '2026-03-15', start: '12:00', end: '12:30', tellOffice: true })] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses the office, and a carer whose access has ended', async () => {
    await expect(admin.carerApp.sync({ visits: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller('Coordinator').carerApp.myVisits()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await admin.carerApp.revoke({ carerId });
    try {
      await expect(carerApp.sync({ visits: [visit({ date: '2026-03-09' })] })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ACCESS_ENDED });
      await expect(carerApp.myVisits()).rejects.toMatchObject({ code: 'FORBIDDEN', message: ACCESS_ENDED });
    } finally {
      await admin.carerApp.invite({ carerId });
    }
  });

  it('is resolved by the office: recorded on another package, recorded after all with a reason, or turned down for the carer to read', async () => {
    const waiting = async () => (await admin.carerApp.toResolve()).visits;
    const given = (await waiting()).find((v) => v.packageId === someoneElses && v.date === '2026-03-16')!;
    const old = (await waiting()).find((v) => v.date === '2026-02-15')!;
    const afterEnd = (await waiting()).find((v) => v.packageId === ended && v.date === '2026-03-11')!;
    const closed = (await waiting()).find((v) => v.date === '2026-02-20')!;

    // On the client's package with this carer: the day's delivered care, audited.
    expect(await admin.carerApp.resolve({ visitId: given.id, action: 'recordOnPackage', packageId: own })).toEqual({ id: given.id, status: 'recorded' });
    expect(await stored(given.id)).toMatchObject([{ status: 'recorded', packageId: own, resolvedBy: 'admin@valecare.test' }]);
    expect(await dayEntry(own, '2026-03-16')).toMatchObject({ hours: 1, source: 'carer' });
    expect(await auditOf(given.id)).toContainEqual({ procedure: 'carerApp.resolve', changes: { action: 'recordOnPackage', packageId: { from: someoneElses, to: own } } });
    await expect(admin.carerApp.resolve({ visitId: given.id, action: 'turnDown', reason: 'No' })).rejects.toThrow('admin@valecare.test resolved this visit already');

    // After all, on its own package: the office may record what a phone may not (far back), with a reason.
    await expect(admin.carerApp.resolve({ visitId: old.id, action: 'recordAnyway', reason: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await admin.carerApp.resolve({ visitId: old.id, action: 'recordAnyway', reason: 'Paper sheet matches' });
    expect(await dayEntry(own, '2026-02-15')).toMatchObject({ hours: 1.5, source: 'carer' });
    expect(await stored(old.id)).toMatchObject([{ status: 'recorded', resolution: 'Paper sheet matches' }]);
    // Not outside the package's dates, nor in a closed month, nor on another carer's package: said in words.
    await expect(admin.carerApp.resolve({ visitId: afterEnd.id, action: 'recordAnyway', reason: 'Ended a day too early' })).rejects.toThrow(VISIT_REFUSALS.afterEnd('2026-03-10'));
    await expect(admin.carerApp.resolve({ visitId: afterEnd.id, action: 'recordOnPackage', packageId: someoneElses })).rejects.toThrow('Choose a package of this carer’s');
    await admin.deliveries.closeMonth({ month: '2026-02' });
    await expect(admin.carerApp.resolve({ visitId: closed.id, action: 'recordAnyway', reason: 'Late sheet' })).rejects.toThrow(VISIT_REFUSALS.closedMonth('2026-02'));
    await admin.deliveries.reopenMonth({ month: '2026-02' });
    // The package's end moved a day on, the visit goes in.
    await t.database.db.update(packages).set({ endDate: '2026-03-11' }).where(eq(packages.id, ended));
    await admin.carerApp.resolve({ visitId: afterEnd.id, action: 'recordAnyway', reason: 'Ended a day too early' });
    expect(await dayEntry(ended, '2026-03-11')).toMatchObject({ hours: 1.5 });
    await t.database.db.update(packages).set({ endDate: '2026-03-10' }).where(eq(packages.id, ended));

    // Turned down: counted nowhere, and the carer reads why.
    await admin.carerApp.resolve({ visitId: closed.id, action: 'turnDown', reason: 'Recorded from your paper sheet already' });
    expect(await dayEntry(own, '2026-02-20')).toBeUndefined();
    expect((await carerApp.myVisits()).visits.find((v) => v.id === closed.id)).toMatchObject({ state: 'turnedDown', reason: 'Recorded from your paper sheet already' });
    for (const id of [given.id, old.id, afterEnd.id, closed.id]) expect((await waiting()).map((v) => v.id)).not.toContain(id);
    // Who may not act for the carer app is refused.
    await expect(t.caller('Trustee').carerApp.toResolve()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller('Finance').carerApp.resolve({ visitId: closed.id, action: 'turnDown', reason: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('after the office ended a carer’s access', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const SYNC = { path: 'carerApp.sync', type: 'mutation' } as const;

  it('takes, from the phone’s last token and for 14 days, what was recorded before the end into Visits to resolve, and nothing else', async () => {
    t.setToday(undefined);
    const today = todayIn();
    const enid = (await admin.volunteers.create(newCarer({ name: 'Enid Ended', email: 'enid@carers.example' }))).id;
    await admin.carerApp.invite({ carerId: enid });
    const request = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }))).id;
    const hers = (await admin.packages.create(newPackage(enid, request, { startDate: '2026-01-05' }))).id;
    const [account] = await t.database.db.select().from(users).where(eq(users.carerId, enid));
    // The phone's last ID token, issued five days ago and long expired.
    const lastToken = async (daysAgo: number) => {
      const issued = Math.floor((Date.now() - daysAgo * DAY_MS) / 1000);
      return t.idToken(CARER_ROLE, { sub: account!.id, email: account!.email, aud: CARER_CLIENT_ID, iat: issued, exp: issued + 15 * 60 });
    };
    const token = await lastToken(5);
    const fall = visit({ packageId: hers, date: addDays(today, -4), start: '09:00', end: '10:00', note: 'Fell in the garden, no injury', tellOffice: true });
    const afterEnd = visit({ packageId: hers, date: addDays(today, -1), start: '09:00', end: '10:00' });

    // While the account is live, an expired token is no way in.
    expect((await callOverHttp(t.app, SYNC, { visits: [fall] }, token)).statusCode).toBe(401);

    await admin.carerApp.revoke({ carerId: enid });
    await t.database.db.update(users).set({ disabledAt: new Date(Date.now() - 3 * DAY_MS) }).where(eq(users.id, account!.id));
    const response = await callOverHttp(t.app, SYNC, { visits: [fall, afterEnd] }, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual([
      { id: fall.id, result: 'toResolve', reason: VISIT_REFUSALS.sentAfterAccessEnded },
      { id: afterEnd.id, result: 'refused', reason: VISIT_REFUSALS.afterAccessEnded },
    ]);
    // Sent again, as a phone does when an answer is lost: the same visit.
    expect((await callOverHttp(t.app, SYNC, { visits: [fall] }, token)).json().result.data).toEqual([{ id: fall.id, result: 'duplicate' }]);
    expect(await stored(fall.id)).toMatchObject([{ status: 'toResolve', carerId: enid }]);
    expect(await stored(afterEnd.id)).toEqual([]);
    expect(await dayEntry(hers, fall.date)).toBeUndefined();
    expect(await auditOf(fall.id)).toEqual([{ procedure: 'carerApp.visitToResolve', changes: expect.objectContaining({ carerId: enid }) }]);
    // The office has it, its note heard.
    expect((await admin.carerApp.toResolve()).visits.find((v) => v.id === fall.id)).toMatchObject({ carerName: 'Enid Ended', reason: VISIT_REFUSALS.sentAfterAccessEnded });
    expect((await admin.carerApp.fromCarers()).visits.map((v) => v.visitId)).toContain(fall.id);

    // Every other call with that token is refused as before.
    expect((await callOverHttp(t.app, { path: 'carerApp.myVisits', type: 'query' }, undefined, token)).statusCode).toBe(401);
    // A token issued after the end, or an end more than 14 days ago, sends nothing.
    const late = visit({ packageId: hers, date: addDays(today, -4), start: '11:00', end: '11:30' });
    expect((await callOverHttp(t.app, SYNC, { visits: [late] }, await lastToken(1))).statusCode).toBe(401);
    await t.database.db.update(users).set({ disabledAt: new Date(Date.now() - 15 * DAY_MS) }).where(eq(users.id, account!.id));
    expect((await callOverHttp(t.app, SYNC, { visits: [late] }, await lastToken(16))).statusCode).toBe(401);
    expect(await stored(late.id)).toEqual([]);
    // Invited again, the carer is live: the old token is no way in.
    await admin.carerApp.invite({ carerId: enid });
    expect((await callOverHttp(t.app, SYNC, { visits: [late] }, token)).statusCode).toBe(401);
  });
});

describe('carerApp.myVisits', () => {
  it('gives the carer their packages not yet ended and their visits of the last 30 days, and nothing else of any client', async () => {
    const mine = await carerApp.myVisits();
    expect(mine.today).toBe(TODAY);
    expect(mine.packages.map((p) => p.id)).toEqual([own]);
    expect(mine.packages[0]).toEqual({
      id: own,
      clientName: 'Edna Home',
      address: 'Wiveliscombe, TA4 2AB',
      phone: '01984 000111',
      services: [],
      notes: '',
      weeklyHours: 7,
      startDate: '2026-01-05',
      endDate: null,
      keyInformation: null,
    });
    expect(mine.visits.length).toBeGreaterThan(0);
    expect(mine.visits.every((v) => v.date >= '2026-02-16' && ['recorded', 'toResolve', 'turnedDown', 'withdrawn'].includes(v.state))).toBe(true);
    const text = JSON.stringify(mine);
    for (const hidden of ['1940-03-02', 'Otto Other', someoneElses, 'deprivation']) expect(text).not.toContain(hidden);
  });
});
