import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { visits } from '@/server/db/schema/visits';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

// A month of planned and given visits built by hand (March 2026), and the measures funders and QS123 ask for.

const { t, admin } = testAppForFile({ today: '2026-02-20' });
let caraId: string;
let colinId: string;
let annPackage: string;
let bobPackage: string;

/** A package of its own client, at a locality, from 1 March 2026. */
async function carePackage(carerId: string, client: string, locality: 'Wiveliscombe' | 'Milverton') {
  const clientId = (await admin.clients.create(newClient({ name: client }))).id;
  const requestId = (await admin.requests.create(newRequest(clientId, { startDate: '2026-03-01' }))).id;
  const base = newPackage(carerId, requestId, { startDate: '2026-03-01' });
  return (await admin.packages.create({ ...base, details: { ...base.details, address: { locality, postCode: 'TA4 2AB' } } })).id;
}

/** A visit as a carer's phone stores it: given at its times, or not (couldn't visit); tied to its plan or not. */
async function recorded(packageId: string, carerId: string, date: string, start: string | null, planned = true) {
  const given = start !== null;
  const end = given ? `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}${start.slice(2)}` : null;
  await t.database.db.insert(visits).values({
    id: randomUUID(),
    carerId,
    packageId,
    date,
    startTime: start,
    endTime: end,
    minutes: given ? 60 : 0,
    couldNotVisit: given ? null : 'noAnswer',
    plannedVisitId: planned && start ? `${packageId}/${date}/${start === '09:45' ? '09:00' : start.slice(0, 2) + ':00'}` : null,
  });
}

beforeAll(async () => {
  caraId = (await admin.volunteers.create(newCarer({ name: 'Cara Steady' }))).id;
  colinId = (await admin.volunteers.create(newCarer({ name: 'Colin Cover' }))).id;
  annPackage = await carePackage(caraId, 'Ann Wivey', 'Wiveliscombe');
  bobPackage = await carePackage(colinId, 'Bob Milton', 'Milverton');
  // Ann: Monday and Thursday mornings (nine in March); Bob: Wednesday afternoons (four).
  await admin.visitPlans.set({ packageId: annPackage, visits: [1, 4].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })) });
  await admin.visitPlans.set({ packageId: bobPackage, visits: [{ weekday: 3, start: '14:00', end: '15:00' }] });
  // Planned ahead: Thursday 19th cancelled (Ann in hospital), Monday 23rd covered by Colin.
  await admin.plannedVisits.change({ date: '2026-03-19', packageId: annPackage, start: '09:00', action: 'cancel', reason: 'In hospital' });
  await admin.plannedVisits.change({ date: '2026-03-23', packageId: annPackage, start: '09:00', action: 'cover', carerId: colinId });

  // Cara gives Ann's visits on the 2nd, 5th, 9th (45 minutes late), 12th (from an older phone, with no plan's id),
  // 16th and 30th; Colin covers the 23rd; nobody answered the door on the 26th.
  for (const date of ['2026-03-02', '2026-03-05', '2026-03-16', '2026-03-30']) await recorded(annPackage, caraId, date, '09:00');
  await recorded(annPackage, caraId, '2026-03-09', '09:45');
  await recorded(annPackage, caraId, '2026-03-12', '09:10', false);
  await recorded(annPackage, colinId, '2026-03-23', '09:00');
  await recorded(annPackage, caraId, '2026-03-26', null);
  // Colin gives all Bob's Wednesdays, and an extra visit on Saturday 28th.
  for (const date of ['2026-03-04', '2026-03-11', '2026-03-18', '2026-03-25']) await recorded(bobPackage, colinId, date, '14:00');
  await recorded(bobPackage, colinId, '2026-03-28', '11:00', false);
});

describe('analytics.getVisitMeasures', () => {
  it('counts a month’s visits planned, recorded, missed and late, and continuity, in all, by locality and by carer', async () => {
    t.setToday('2026-04-05');
    const report = await admin.analytics.getVisitMeasures({ month: '2026-03' });
    expect(report).toMatchObject({ month: '2026-03', countedTo: '2026-03-31' });
    expect(report.all).toEqual({ planned: 12, recorded: 12, missed: 1, late: 1, clients: 2, carersPerClient: 1.5 });
    expect(report.localities).toEqual([
      { name: 'Milverton', planned: 4, recorded: 5, missed: 0, late: 0, clients: 1, carersPerClient: 1 },
      { name: 'Wiveliscombe', planned: 8, recorded: 7, missed: 1, late: 1, clients: 1, carersPerClient: 2 },
    ]);
    expect(report.carers).toEqual([
      { carerId: caraId, name: 'Cara Steady', planned: 7, recorded: 6, missed: 1, late: 1, clients: 1, carersPerClient: 2 },
      { carerId: colinId, name: 'Colin Cover', planned: 5, recorded: 6, missed: 0, late: 0, clients: 2, carersPerClient: 1.5 },
    ]);
  });

  it('counts the month under way to yesterday, and nothing for a month to come', async () => {
    t.setToday('2026-03-10');
    const soFar = await admin.analytics.getVisitMeasures({ month: '2026-03' });
    // The 2nd, 4th, 5th and 9th were planned and given (the 9th late); today, the 10th, is not over.
    expect(soFar).toMatchObject({ countedTo: '2026-03-09', all: { planned: 4, recorded: 4, missed: 0, late: 1 } });
    expect(await admin.analytics.getVisitMeasures({ month: '2026-04' })).toMatchObject({ countedTo: null, all: { planned: 0, carersPerClient: null } });
  });
});
