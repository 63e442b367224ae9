import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimatedTravel } from '@/shared/travel';
import { newCarer } from '@/server/test/builders';
import { clientWithVisit } from '@/server/test/care-builders';
import { addPlaces, ROUND_PLACES } from '@/server/test/places';
import { testAppForFile } from '@/server/test/test-app-for-file';

// The day in the best order: the drive to each visit on the office's Today and the carer's phone, and the shorter
// order for visits at any time (within their client's times, not pinned, not yet started), offered, never imposed.

/** Tuesday 17 March 2026, early: the day's visits are all still to come. */
const TODAY = '2026-03-17';
const { t, admin } = testAppForFile();
const EARLY = '07:30';
const carerApp = t.caller('Carer').carerApp;

const PLACES = ROUND_PLACES;
type PlaceName = Exclude<keyof typeof PLACES, 'unmapped'>;
const ids = {} as Record<'cara' | 'una' | 'bob' | 'bobPackage' | 'dotPackage', string>;
const visitId = (packageId: string, start: string) => `${packageId}/${TODAY}/${start}`;

beforeEach(() => t.setToday(TODAY, EARLY));

beforeAll(async () => {
  t.setToday(TODAY, EARLY);
  await addPlaces(t.database.db, Object.values(PLACES));
  // The Carer role's test caller signs in as carer@valecare.test: Cara's phone.
  const cara = newCarer({ name: 'Cara Driver', email: 'carer@valecare.test' });
  cara.details.address = { postCode: PLACES.home.postCode };
  ids.cara = (await admin.volunteers.create(cara)).id;
  await admin.carerApp.invite({ carerId: ids.cara });
  const una = newCarer({ name: 'Una Unmapped' });
  una.details.address = { postCode: PLACES.unmapped.postCode };
  ids.una = (await admin.volunteers.create(una)).id;
  // Tuesday zigzags: Milverton, Chipstable (west), then Milverton again; Bob may be seen any time on Tuesdays.
  await clientWithVisit(admin, { name: 'Ann East', postCode: PLACES.milverton.postCode, start: '09:00', end: '10:00', carerId: ids.cara });
  ({ clientId: ids.bob, packageId: ids.bobPackage } = await clientWithVisit(admin, { name: 'Bob West', postCode: PLACES.chipstable.postCode, start: '10:30', end: '11:30', carerId: ids.cara }));
  await clientWithVisit(admin, { name: 'Cat East', postCode: PLACES.milvertonNorth.postCode, start: '12:00', end: '13:00', carerId: ids.cara });
  ({ packageId: ids.dotPackage } = await clientWithVisit(admin, { name: 'Dot Elsewhere', postCode: PLACES.milverton.postCode, start: '09:00', end: '10:00', carerId: ids.una }));
  await admin.availability.setClientTimes({ clientId: ids.bob, weekly: [{ weekday: 2, start: '08:00', end: '17:00' }], version: 0 });
});

const drive = (a: PlaceName, b: PlaceName) => estimatedTravel(PLACES[a], PLACES[b]);
const minutesOf = (path: readonly PlaceName[]) => path.slice(1).reduce((total, to, i) => total + drive(path[i]!, to).minutes, 0);
const ZIGZAG = ['home', 'milverton', 'chipstable', 'milvertonNorth', 'home'] as const;
const STRAIGHT = ['home', 'milverton', 'milvertonNorth', 'chipstable', 'home'] as const;
const caraDay = async () => (await admin.plannedVisits.getDay({ date: TODAY })).driving.find((day) => day.carerId === ids.cara)!;

describe('the office’s day', () => {
  it('gives the drive to each visit, the day’s total, and a shorter order moving the visit at any time', async () => {
    const day = await caraDay();
    const ann = Object.entries(day.legs).find(([id]) => id.endsWith('/09:00'))!;
    expect(ann[1]!.minutes).toBeCloseTo(drive('home', 'milverton').minutes, 6);
    expect(day.legs[visitId(ids.bobPackage, '10:30')]!.miles).toBeCloseTo(drive('milverton', 'chipstable').miles, 6);
    expect(day.back!.minutes).toBeCloseTo(drive('milvertonNorth', 'home').minutes, 6);
    expect(day.total.minutes).toBeCloseTo(minutesOf(ZIGZAG), 6);
    expect(day).toMatchObject({ homeUnknown: false, source: 'estimate' });
    expect(day.shorter!.total.minutes).toBeCloseTo(minutesOf(STRAIGHT), 6);
    expect(day.shorter!.moves).toEqual([
      {
        id: visitId(ids.bobPackage, '10:30'),
        packageId: ids.bobPackage,
        clientName: 'Bob West',
        date: TODAY,
        from: { start: '10:30', end: '11:30' },
        to: { start: expect.stringMatching(/^13:[0-5][05]$/), end: expect.stringMatching(/^14:/) },
      },
    ]);
  });

  it('counts a day from the first visit where the carer’s home has no map position, and says a drive it cannot know', async () => {
    const una = (await admin.plannedVisits.getDay({ date: TODAY })).driving.find((day) => day.carerId === ids.una)!;
    expect(una).toMatchObject({ homeUnknown: true, legs: { [visitId(ids.dotPackage, '09:00')]: null }, back: null, total: { minutes: 0, miles: 0 }, shorter: null });
  });

  it('moves nothing already past as the day goes on, nor a visit kept at its time', async () => {
    t.setToday(TODAY, '10:45');
    expect((await caraDay()).shorter).toBeNull();
    t.setToday(TODAY, EARLY);
    const plan = await admin.visitPlans.get({ packageId: ids.bobPackage });
    await admin.visitPlans.set({ packageId: ids.bobPackage, visits: [{ weekday: 2, start: '10:30', end: '11:30', pinned: true }], version: plan.version });
    expect((await caraDay()).shorter).toBeNull();
    const pinned = await admin.visitPlans.get({ packageId: ids.bobPackage });
    await admin.visitPlans.set({ packageId: ids.bobPackage, visits: [{ weekday: 2, start: '10:30', end: '11:30' }], version: pinned.version });
    expect((await caraDay()).shorter).not.toBeNull();
  });
});

describe('the carer’s phone', () => {
  it('reads today’s drives and the shorter order, then the office’s offer of it to accept', async () => {
    const onPhone = (await carerApp.myVisits()).driving!;
    const inOffice = await caraDay();
    expect(onPhone).toEqual(inOffice);

    const { moves } = inOffice.shorter!;
    await admin.plannedVisits.offerWeek({ moves: moves.map((move) => ({ packageId: move.packageId, date: move.date, start: move.from.start, to: { date: move.date, ...move.to } })) });
    const mine = await carerApp.myVisits();
    const bob = mine.planned.find((visit) => visit.clientName === 'Bob West' && visit.date === TODAY)!;
    expect(bob).toMatchObject({ start: moves[0]!.to.start, change: { kind: 'moved', answer: 'offered' } });
    // Offered: the visit is the carer's to accept, not moved again, and the day is driven as offered.
    expect(mine.driving!.shorter).toBeNull();
    expect(mine.driving!.total.minutes).toBeCloseTo(minutesOf(STRAIGHT), 6);
  });
});
