import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { unrecordedVisitsOn } from '@/server/records/planned-visits';
import { CHANGE_ANSWER_MESSAGES } from '@/shared/planned-visits';
import { CHANGE_MESSAGES } from './planned-visits.service';

// The visit as the unit both sides share: the day's planned visits from the packages' plans, one week's changes
// offered to the carer and accepted, and where each visit of the day stands.

/** Today is Monday 16 March 2026. */
const TODAY = '2026-03-16';
const WEDNESDAY = '2026-03-18';
const REASON = 'Re-check booked for Friday, agreed with the family';

const { t, admin } = testAppForFile({ today: TODAY });
const cara = t.caller('Carer', { email: 'cara@carers.test' });
const colin = t.caller('Carer', { email: 'colin@carers.test' });
let caraId: string;
let colinId: string;
let lapsedId: string;
let clientId: string;
let packageId: string;

beforeAll(async () => {
  caraId = (await admin.volunteers.create(newCarer({ name: 'Cara Planned', email: 'cara@carers.test' }))).id;
  colinId = (await admin.volunteers.create(newCarer({ name: 'Colin Cover', email: 'colin@carers.test' }))).id;
  lapsedId = (await admin.volunteers.create(newCarer({ name: 'Lapsed Larry', dbsExpiry: '2026-03-01' }))).id;
  for (const carerId of [caraId, colinId]) await admin.carerApp.invite({ carerId });
  clientId = (await admin.clients.create(newClient({ name: 'Edna Home' }))).id;
  const requestId = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }))).id;
  packageId = (await admin.packages.create(newPackage(caraId, requestId, { startDate: '2026-01-05', weeklyHours: 3 }))).id;
  // Monday, Wednesday and Friday mornings.
  await admin.visitPlans.set({ packageId, visits: [1, 3, 5].map((weekday) => ({ weekday, start: '09:30', end: '10:30' })) });
});

const id = (date: string, start = '09:30') => `${packageId}/${date}/${start}`;
const dayOf = async (date: string) => (await admin.plannedVisits.getDay({ date })).visits.filter((visit) => visit.packageId === packageId);
const given = (date: string, start: string, end: string, plannedVisitId?: string) => ({ id: randomUUID(), packageId, date, start, end, ...(plannedVisitId ? { plannedVisitId } : {}) });

describe('plannedVisits.getDay', () => {
  it('gives each visit of the day from the plans, with its carer, client and times, and none on a day with no plan', async () => {
    expect(await dayOf(WEDNESDAY)).toEqual([
      expect.objectContaining({ id: id(WEDNESDAY), packageId, carerId: caraId, carerName: 'Cara Planned', clientId, clientName: 'Edna Home', start: '09:30', end: '10:30', state: 'planned', change: null }),
    ]);
    expect(await dayOf('2026-03-17')).toEqual([]);
    // Before the package started there was nothing to visit.
    expect(await dayOf('2026-01-02')).toEqual([]);
  });

  it('follows a visit through the day: planned, late 30 minutes after its time, started, done; tied to the plan by its id', async () => {
    t.setToday(TODAY, '09:59');
    expect((await dayOf(TODAY))[0]).toMatchObject({ state: 'planned' });
    t.setToday(TODAY, '10:00');
    expect((await dayOf(TODAY))[0]).toMatchObject({ state: 'late' });
    await cara.carerApp.sync({ visits: [], starts: [{ plannedVisitId: id(TODAY), date: TODAY, start: '10:02' }] });
    expect((await dayOf(TODAY))[0]).toMatchObject({ state: 'started', startedAt: '10:02' });
    t.setToday(TODAY, '11:05');
    const visit = given(TODAY, '10:02', '11:00', id(TODAY));
    expect(await cara.carerApp.sync({ visits: [visit] })).toEqual([{ id: visit.id, result: 'recorded' }]);
    expect((await dayOf(TODAY))[0]).toMatchObject({ state: 'done', recorded: { start: '10:02', end: '11:00' } });
    // The office heard from the phone.
    const phone = (await admin.plannedVisits.getDay({ date: TODAY })).phones.find((p) => p.carerId === caraId);
    expect(phone?.heardAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it('says a visit with nothing by the day’s end is not recorded, and one the carer could not make is couldn’t visit', async () => {
    t.setToday('2026-03-21');
    // Wednesday: nothing came. Friday: the client did not answer.
    await cara.carerApp.sync({ visits: [{ id: randomUUID(), packageId, date: '2026-03-20', couldNotVisit: 'noAnswer' }] });
    expect((await dayOf(WEDNESDAY))[0]).toMatchObject({ state: 'notRecorded' });
    expect((await dayOf('2026-03-20'))[0]).toMatchObject({ state: 'couldNotVisit' });
  });

  it('names the visits of a day nothing was recorded for, as the weekly digest does', async () => {
    expect(await unrecordedVisitsOn(t.database.db, WEDNESDAY)).toEqual([{ date: WEDNESDAY, start: '09:30', end: '10:30', carerName: 'Cara Planned', clientName: 'Edna Home' }]);
    // Friday's was recorded as couldn't visit: the office has heard of it.
    expect(await unrecordedVisitsOn(t.database.db, '2026-03-20')).toEqual([]);
  });

  it('matches a visit recorded without the plan’s id (an older phone) to its package’s visit of the day', async () => {
    t.setToday('2026-03-24');
    await cara.carerApp.sync({ visits: [given('2026-03-23', '09:40', '10:35')] });
    expect((await dayOf('2026-03-23'))[0]).toMatchObject({ state: 'done' });
  });

  it('is the office’s: Finance and a carer are refused it', async () => {
    for (const role of ['Finance', 'Carer'] as const) {
      const response = await callOverHttp(t.app, { path: 'plannedVisits.getDay', type: 'query' }, { date: TODAY }, await t.idToken(role));
      expect(response.statusCode).toBe(403);
    }
    expect((await t.caller('Trustee').plannedVisits.getDay({ date: WEDNESDAY })).visits.length).toBeGreaterThan(0);
  });
});

describe('one week’s changes, offered to the carer', () => {
  const APRIL_1 = '2026-04-01';

  it('moves a visit: offered on the carer’s phone at its new time, then accepted; the office sees both', async () => {
    const moved = await admin.plannedVisits.change({ date: APRIL_1, packageId, start: '09:30', action: 'move', to: { date: '2026-04-02', start: '14:00', end: '15:00' } });
    expect(moved).toMatchObject({ id: id(APRIL_1), change: { kind: 'moved', answer: 'offered', from: { date: APRIL_1, start: '09:30' } } });
    expect(await dayOf(APRIL_1)).toEqual([]);
    expect(await dayOf('2026-04-02')).toEqual([expect.objectContaining({ id: id(APRIL_1), start: '14:00', end: '15:00', change: expect.objectContaining({ answer: 'offered' }) })]);

    t.setToday('2026-03-27');
    const phone = (await cara.carerApp.myVisits()).planned.find((visit) => visit.id === id(APRIL_1))!;
    expect(phone).toMatchObject({ date: '2026-04-02', start: '14:00', covered: false, change: { kind: 'moved', answer: 'offered', version: 1 } });
    expect(await cara.carerApp.answerChange({ plannedVisitId: id(APRIL_1), answer: 'accept', version: 1 })).toMatchObject({ change: { answer: 'accepted' } });
    expect((await dayOf('2026-04-02'))[0]!.change).toMatchObject({ answer: 'accepted' });
    // A change made again is offered afresh; the answer to the old version is refused.
    await admin.plannedVisits.change({ date: APRIL_1, packageId, start: '09:30', action: 'move', to: { date: '2026-04-02', start: '15:00', end: '16:00' } });
    await expect(cara.carerApp.answerChange({ plannedVisitId: id(APRIL_1), answer: 'accept', version: 1 })).rejects.toThrow(CHANGE_ANSWER_MESSAGES.changedAgain);
    expect((await dayOf('2026-04-02'))[0]!.change).toMatchObject({ answer: 'offered', version: 2 });
    // Undone: the plan's visit is back.
    await admin.plannedVisits.change({ date: APRIL_1, packageId, start: '09:30', action: 'undo' });
    expect(await dayOf(APRIL_1)).toEqual([expect.objectContaining({ start: '09:30', change: null })]);
  });

  it('cancels a visit with its reason, and the carer declines or accepts as they choose', async () => {
    const date = '2026-04-03';
    await admin.plannedVisits.change({ date, packageId, start: '09:30', action: 'cancel', reason: 'In hospital until Monday' });
    expect((await dayOf(date))[0]).toMatchObject({ state: 'cancelled', change: { kind: 'cancelled', reason: 'In hospital until Monday' } });
    t.setToday('2026-03-30');
    await cara.carerApp.answerChange({ plannedVisitId: id(date), answer: 'decline', version: 1 });
    expect((await dayOf(date))[0]!.change).toMatchObject({ answer: 'declined' });
  });

  it('gives a visit to another carer through the compliance gate; the cover is offered to them, the package’s carer told', async () => {
    const date = '2026-04-06';
    await expect(admin.plannedVisits.change({ date, packageId, start: '09:30', action: 'cover', carerId: lapsedId })).rejects.toThrow(
      'Lapsed Larry is not compliant: DBS re-check was due on 1 March 2026. Choose another carer, or give a reason to assign them anyway.',
    );
    expect((await dayOf(date))[0]).toMatchObject({ carerId: caraId, change: null });
    expect(await admin.plannedVisits.change({ date, packageId, start: '09:30', action: 'cover', carerId: lapsedId, override: { reason: REASON } })).toMatchObject({
      change: { kind: 'cover' },
      excluded: null,
    });
    // The client is not to be matched with Colin: the cover is made, and the office told beside it.
    await admin.clients.addExclusion({ clientId, carerId: colinId, reason: 'Former neighbour' });
    const covered = await admin.plannedVisits.change({ date, packageId, start: '09:30', action: 'cover', carerId: colinId });
    expect(covered.excluded).toEqual({ reason: 'Former neighbour' });
    expect((await dayOf(date))[0]).toMatchObject({ carerId: colinId, carerName: 'Colin Cover', change: { kind: 'cover', answer: 'offered' } });

    t.setToday('2026-04-01');
    expect((await colin.carerApp.myVisits()).planned).toEqual([expect.objectContaining({ id: id(date), covered: false, change: expect.objectContaining({ kind: 'cover' }) })]);
    expect((await cara.carerApp.myVisits()).planned.find((visit) => visit.id === id(date))).toMatchObject({ covered: true });
    // It is Colin's to answer, not Cara's.
    await expect(cara.carerApp.answerChange({ plannedVisitId: id(date), answer: 'accept', version: 2 })).rejects.toThrow(CHANGE_ANSWER_MESSAGES.notYours);
    await colin.carerApp.answerChange({ plannedVisitId: id(date), answer: 'accept', version: 2 });
    // Moved as well, the cover stays.
    await admin.plannedVisits.change({ date, packageId, start: '09:30', action: 'move', to: { date, start: '11:00', end: '12:00' } });
    expect((await dayOf(date))[0]).toMatchObject({ carerId: colinId, start: '11:00', change: { answer: 'offered' } });
    await admin.clients.removeExclusion({ clientId, carerId: colinId });
  });

  it('adds an extra visit, offered to the package’s carer, and cancelling it takes it away', async () => {
    const date = '2026-04-07';
    await admin.plannedVisits.change({ date, packageId, start: '16:00', end: '17:00', action: 'extra' });
    expect(await dayOf(date)).toEqual([expect.objectContaining({ id: id(date, '16:00'), carerId: caraId, start: '16:00', end: '17:00', change: expect.objectContaining({ kind: 'extra' }) })]);
    await expect(admin.plannedVisits.change({ date, packageId, start: '16:00', end: '17:30', action: 'extra' })).rejects.toThrow(CHANGE_MESSAGES.slotTaken(date, '16:00'));
    await admin.plannedVisits.change({ date, packageId, start: '16:00', action: 'cancel', reason: 'Not needed after all' });
    expect(await dayOf(date)).toEqual([]);
  });

  it('refuses the past, a visit the plan does not have, a move too far, and a day the package does not run, changing nothing', async () => {
    t.setToday('2026-04-08');
    const refusals: [Parameters<typeof admin.plannedVisits.change>[0], string][] = [
      [{ date: '2026-04-06', packageId, start: '09:30', action: 'cancel', reason: 'Away' }, CHANGE_MESSAGES.past],
      [{ date: '2026-04-09', packageId, start: '09:30', action: 'cancel', reason: 'Away' }, CHANGE_MESSAGES.noSuchVisit('2026-04-09', '09:30')],
      [{ date: '2026-04-10', packageId, start: '09:30', action: 'move', to: { date: '2026-04-17', start: '09:30', end: '10:30' } }, CHANGE_MESSAGES.tooFar],
      [{ date: '2026-04-10', packageId, start: '09:30', action: 'move', to: { date: '2026-04-07', start: '09:30', end: '10:30' } }, CHANGE_MESSAGES.past],
      [{ date: '2026-04-10', packageId, start: '09:30', action: 'undo' }, CHANGE_MESSAGES.nothingToUndo],
      [{ date: '2026-04-10', packageId, start: '09:30', action: 'cover', carerId: caraId }, CHANGE_MESSAGES.ownCarer],
    ];
    for (const [input, message] of refusals) await expect(admin.plannedVisits.change(input)).rejects.toThrow(message);
    expect((await dayOf('2026-04-10'))[0]).toMatchObject({ start: '09:30', change: null });
  });

  it('audits each change in words, under the planned visit’s id', async () => {
    const rows = await t.auditRows(id('2026-04-03'), 'plannedVisits.change');
    expect(rows.at(-1)?.changes).toMatchObject({ cancelled: { to: true }, reason: { to: 'In hospital until Monday' } });
  });
});
