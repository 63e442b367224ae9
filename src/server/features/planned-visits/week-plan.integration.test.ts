import { beforeAll, describe, expect, it } from 'vitest';
import { estimatedTravel } from '@/shared/travel';
import { newCarer } from '@/server/test/builders';
import { clientWithVisit } from '@/server/test/care-builders';
import { addPlaces, ROUND_PLACES } from '@/server/test/places';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { CHANGE_MESSAGES } from './planned-visits.service';
import { LESS_DRIVING } from './week-plan.service';

// "Suggest a week": a carer's visits put in the order with the least driving, each on its own day, within its client's
// visit times and the carer's, pinned visits kept; nothing changes until the office offers it, as the week's changes.

/** Monday 16 March 2026; tomorrow is Tuesday. */
const TODAY = '2026-03-16';
const TUESDAY = '2026-03-17';
const { t, admin } = testAppForFile({ today: TODAY });

const PLACES = ROUND_PLACES;
const ids = {} as Record<'cara' | 'una' | 'ann' | 'bob' | 'cat' | 'annPackage' | 'bobPackage' | 'catPackage' | 'bob', string>;

beforeAll(async () => {
  await addPlaces(t.database.db, Object.values(PLACES));
  const cara = newCarer({ name: 'Cara Driver' });
  cara.details.address = { postCode: PLACES.home.postCode };
  ids.cara = (await admin.volunteers.create(cara)).id;
  const una = newCarer({ name: 'Una Unmapped' });
  una.details.address = { postCode: PLACES.unmapped.postCode };
  ids.una = (await admin.volunteers.create(una)).id;
  // Tuesday zigzags: Milverton, Chipstable (west), then Milverton again.
  ({ clientId: ids.ann, packageId: ids.annPackage } = await clientWithVisit(admin, { name: 'Ann East', postCode: PLACES.milverton.postCode, start: '09:00', end: '10:00', carerId: ids.cara }));
  ({ clientId: ids.bob, packageId: ids.bobPackage } = await clientWithVisit(admin, { name: 'Bob West', postCode: PLACES.chipstable.postCode, start: '10:30', end: '11:30', carerId: ids.cara }));
  ({ clientId: ids.cat, packageId: ids.catPackage } = await clientWithVisit(admin, { name: 'Cat East', postCode: PLACES.milvertonNorth.postCode, start: '12:00', end: '13:00', carerId: ids.cara }));
  await clientWithVisit(admin, { name: 'Dot Elsewhere', postCode: PLACES.milverton.postCode, start: '09:00', end: '10:00', carerId: ids.una });
});

const caraWeek = async () => (await admin.plannedVisits.suggestWeek({ weekStart: TUESDAY, carerId: ids.cara })).carers.find((c) => c.carerId === ids.cara)!;
const drive = (a: keyof typeof PLACES, b: keyof typeof PLACES) => estimatedTravel(PLACES[a] as never, PLACES[b] as never);

describe('a client’s visit times', () => {
  it('are kept whole against the version seen, and audited', async () => {
    expect(await admin.availability.clientTimes({ clientId: ids.bob })).toEqual({ clientId: ids.bob, weekly: [], version: 0 });
    const saved = await admin.availability.setClientTimes({ clientId: ids.bob, weekly: [{ weekday: 2, start: '08:00', end: '17:00' }], version: 0 });
    expect(saved).toEqual({ clientId: ids.bob, weekly: [{ weekday: 2, start: '08:00', end: '17:00' }], version: 1 });
    await expect(admin.availability.setClientTimes({ clientId: ids.bob, weekly: [], version: 0 })).rejects.toThrow(/changed/i);
    expect((await t.auditRows(ids.bob, 'availability.setClientTimes')).length).toBe(1);
  });
});

describe('plannedVisits.suggestWeek', () => {
  it('moves a visit within its client’s times to take the zigzag out of the day, and says the driving before and after', async () => {
    const week = await caraWeek();
    // Bob may be seen any time on Tuesdays: after Cat, not between Ann and Cat.
    expect(week.moves).toEqual([
      {
        id: `${ids.bobPackage}/${TUESDAY}/10:30`,
        packageId: ids.bobPackage,
        clientName: 'Bob West',
        date: TUESDAY,
        from: { start: '10:30', end: '11:30' },
        to: { start: expect.stringMatching(/^13:[0-5][05]$/), end: expect.stringMatching(/^14:/) },
      },
    ]);
    const zigzag = ['home', 'milverton', 'chipstable', 'milvertonNorth', 'home'] as const;
    const straight = ['home', 'milverton', 'milvertonNorth', 'chipstable', 'home'] as const;
    const sum = (path: readonly (keyof typeof PLACES)[]) => path.slice(1).reduce((total, to, i) => total + drive(path[i]!, to).minutes, 0);
    expect(week.before.minutes).toBeCloseTo(sum(zigzag), 6);
    expect(week.after.minutes).toBeCloseTo(sum(straight), 6);
    expect(week.after.minutes).toBeLessThan(week.before.minutes);
    // Bob's new start leaves time to drive from Cat's.
    const [hours, minutes] = week.moves[0]!.to.start.split(':').map(Number);
    expect(hours! * 60 + minutes! - 13 * 60).toBeGreaterThanOrEqual(drive('milvertonNorth', 'chipstable').minutes);
    // Nothing changed yet.
    expect((await admin.plannedVisits.getDay({ date: TUESDAY })).visits.every((visit) => visit.change === null)).toBe(true);
  });

  it('keeps within the times the carer said they can work', async () => {
    await admin.availability.set({ carerId: ids.cara, weekly: [{ weekday: 2, start: '08:00', end: '12:30' }], timeOff: [] });
    expect((await caraWeek()).moves).toEqual([]);
    await admin.availability.set({ carerId: ids.cara, weekly: [], timeOff: [], version: 1 });
    expect((await caraWeek()).moves).toHaveLength(1);
  });

  it('leaves a pinned visit where it is', async () => {
    const plan = await admin.visitPlans.get({ packageId: ids.bobPackage });
    await admin.visitPlans.set({ packageId: ids.bobPackage, visits: [{ weekday: 2, start: '10:30', end: '11:30', pinned: true }], version: plan.version });
    const week = await caraWeek();
    expect(week.moves).toEqual([]);
    expect(week.after).toEqual(week.before);
    const pinned = await admin.visitPlans.get({ packageId: ids.bobPackage });
    await admin.visitPlans.set({ packageId: ids.bobPackage, visits: [{ weekday: 2, start: '10:30', end: '11:30' }], version: pinned.version });
  });

  it('plans every carer with visits that week, saying whose home has no place', async () => {
    const all = await admin.plannedVisits.suggestWeek({ weekStart: TODAY });
    expect(all.weekStart).toBe(TODAY);
    expect(all.source).toBe('estimate');
    expect(all.carers.map((c) => [c.carerName, c.notPlanned, c.moves.length])).toEqual([
      ['Cara Driver', null, 1],
      ['Una Unmapped', 'No map position for TA4 9ZZ', 0],
    ]);
  });
});

describe('plannedVisits.offerWeek', () => {
  it('offers the moves to the carer as the week’s changes, with the reason', async () => {
    const { moves } = await caraWeek();
    await admin.plannedVisits.offerWeek({ moves: moves.map((move) => ({ packageId: move.packageId, date: move.date, start: move.from.start, to: { date: move.date, ...move.to } })) });
    const bob = (await admin.plannedVisits.getDay({ date: TUESDAY })).visits.find((visit) => visit.clientName === 'Bob West')!;
    expect(bob).toMatchObject({ start: moves[0]!.to.start, change: { kind: 'moved', answer: 'offered', reason: LESS_DRIVING, from: { date: TUESDAY, start: '10:30' } } });
    expect((await t.auditRows(`${ids.bobPackage}/${TUESDAY}/10:30`, 'plannedVisits.offerWeek')).length).toBe(1);
    // Already changed for the week: planned again, it stays as offered.
    expect((await caraWeek()).moves).toEqual([]);
  });

  it('offers all or none: a move into the past refuses the lot', async () => {
    await expect(
      admin.plannedVisits.offerWeek({
        moves: [
          { packageId: ids.annPackage, date: TUESDAY, start: '09:00', to: { date: TUESDAY, start: '09:15', end: '10:15' } },
          { packageId: ids.catPackage, date: '2026-03-10', start: '12:00', to: { date: '2026-03-10', start: '12:30', end: '13:30' } },
        ],
      }),
    ).rejects.toThrow(CHANGE_MESSAGES.past);
    const ann = (await admin.plannedVisits.getDay({ date: TUESDAY })).visits.find((visit) => visit.clientName === 'Ann East')!;
    expect(ann.change).toBeNull();
    await expect(admin.plannedVisits.offerWeek({ moves: [] })).rejects.toThrow('There is nothing to offer');
  });
});
