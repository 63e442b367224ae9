import { beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES } from '@/shared/availability';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';

// When a carer can work, said by them on their phone or by the office for them: the plan and the week's changes
// warn outside it, and the suggestions for a request count its hours and time off.

/** Monday 16 March 2026. */
const TODAY = '2026-03-16';

const { t, admin } = testAppForFile({ today: TODAY });
const amy = t.caller('Carer', { email: 'amy@available.test' });
let amyId: string;
let mpId: string;
let requestId: string;
let packageId: string;

const MORNINGS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '13:00' }));

beforeAll(async () => {
  amyId = (await admin.volunteers.create(newCarer({ name: 'Amy Able', email: 'amy@available.test' }))).id;
  mpId = (await admin.mps.create(newCarer({ name: 'Mona Provider' }))).id;
  await admin.carerApp.invite({ carerId: amyId });
  const clientId = (await admin.clients.create(newClient({ name: 'Edna Planned' }))).id;
  requestId = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05', weeklyHours: 2 }))).id;
  packageId = (await admin.packages.create(newPackage(amyId, requestId, { startDate: '2026-01-05', weeklyHours: 2 }))).id;
});

describe('availability.get and availability.set', () => {
  it('has none said at first, then the office’s, in the order the week runs, audited in words', async () => {
    expect(await admin.availability.get({ carerId: amyId })).toEqual({ carerId: amyId, weekly: [], timeOff: [], version: 0 });
    const saved = await admin.availability.set({ carerId: amyId, weekly: [...MORNINGS].reverse(), timeOff: [{ from: '2026-03-25', to: '2026-03-27', note: 'Away' }], version: 0 });
    expect(saved).toEqual({ carerId: amyId, weekly: MORNINGS, timeOff: [{ from: '2026-03-25', to: '2026-03-27', note: 'Away' }], version: 1 });
    const [entry] = await t.auditRows(amyId, 'availability.set');
    expect(entry!.changes).toMatchObject({ weekly: { from: [], to: MORNINGS.map(() => expect.stringMatching(/^\w+day 08:00–13:00$/)) } });
  });

  it('is the carer’s own to say from their phone, and the office reads it', async () => {
    const mine = await amy.carerApp.myAvailability();
    expect(mine.version).toBe(1);
    await amy.carerApp.setMyAvailability({ weekly: MORNINGS, timeOff: [{ from: '2026-03-25', to: '2026-03-27', note: 'Hospital appointment' }], version: 1 });
    expect(await admin.availability.get({ carerId: amyId })).toMatchObject({ timeOff: [{ note: 'Hospital appointment' }], version: 2 });
  });

  it('refuses times that overlap, time off that ends before it starts, and an out-of-date version, changing nothing', async () => {
    await expect(admin.availability.set({ carerId: amyId, weekly: [MORNINGS[0]!, { weekday: 1, start: '12:00', end: '14:00' }], timeOff: [], version: 2 })).rejects.toThrow('overlaps');
    await expect(admin.availability.set({ carerId: amyId, weekly: [], timeOff: [{ from: '2026-04-02', to: '2026-04-01' }], version: 2 })).rejects.toThrow(AVAILABILITY_MESSAGES.timeOffOrder);
    await expect(admin.availability.set({ carerId: amyId, weekly: [], timeOff: [], version: 1 })).rejects.toThrow('changed by someone else');
    expect((await admin.availability.get({ carerId: amyId })).version).toBe(2);
  });

  it('is refused to Finance for an MP, whom Finance may not read', async () => {
    const response = await callOverHttp(t.app, { path: 'availability.get', type: 'query' }, { carerId: mpId }, await t.idToken('Finance'));
    expect(response.statusCode).toBe(403);
  });
});

describe('planning within it', () => {
  it('warns of a planned visit outside the times the carer said, and saves it', async () => {
    const plan = await admin.visitPlans.set({ packageId, visits: [{ weekday: 2, start: '09:00', end: '10:00' }, { weekday: 4, start: '17:00', end: '18:00' }] });
    expect(plan.warnings).toEqual([AVAILABILITY_MESSAGES.outside('Amy Able', { weekday: 4, start: '17:00', end: '18:00' })]);
    expect((await admin.visitPlans.get({ packageId })).warnings).toEqual(plan.warnings);
  });

  it('warns when one week’s visit moves into the carer’s time off', async () => {
    const moved = await admin.plannedVisits.change({ date: '2026-03-24', packageId, start: '09:00', action: 'move', to: { date: '2026-03-25', start: '09:00', end: '10:00' } });
    expect(moved.warnings).toEqual(['Amy Able is away on 25 Mar 2026 (25 Mar 2026 to 27 Mar 2026: Hospital appointment)']);
    const back = await admin.plannedVisits.change({ date: '2026-03-24', packageId, start: '09:00', action: 'move', to: { date: '2026-03-24', start: '10:00', end: '11:00' } });
    expect(back.warnings).toEqual([]);
  });

  it('counts the hours a carer said in the suggestions for a request, and puts a carer away now last among equals', async () => {
    const suggested = await admin.carers.suggestForRequest({ requestId });
    const amy = suggested.find((s) => s.carerId === amyId)!;
    // 25 hours said, 2 given: 23 free.
    expect(amy.spareHours).toBe(23);
    expect(amy.reasons).toContain('23 of 25 weekly hours free');
    await admin.availability.set({ carerId: amyId, weekly: MORNINGS, timeOff: [{ from: '2026-03-10', to: '2026-03-20', note: 'Holiday' }], version: 2 });
    const later = await admin.carers.suggestForRequest({ requestId });
    expect(later.find((s) => s.carerId === amyId)!.reasons).toContain('Away until 20 Mar 2026: Holiday');
    expect(later.findIndex((s) => s.carerId === amyId)).toBeGreaterThan(later.findIndex((s) => s.carerId === mpId));
  });
});
