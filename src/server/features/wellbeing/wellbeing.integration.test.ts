import { describe, expect, it } from 'vitest';
import { WELLBEING_MESSAGES } from '@/shared/wellbeing';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

// A client's wellbeing as the ONS asks it: recorded with what they declined (never as a score), listed for Admin and
// Coordinator alone, and asked again at each review; and the list of funders packages name.

/** Monday 16 March 2026. */
const TODAY = '2026-03-16';

const { t, admin } = testAppForFile({ today: TODAY });
const coordinator = t.caller('Coordinator');

const EVERY_ANSWER = { lifeSatisfaction: 4, worthwhile: 5, happy: 3, anxious: 7, lonely: 'oftenOrAlways' as const };

/** A client in care from `from`, with a package of an MP's. */
async function clientInCare(name: string, from: string) {
  const client = await admin.clients.create(newClient({ name }));
  const mp = await admin.mps.create(newCarer({ name: `${name} Carer` }));
  const request = await admin.requests.create(newRequest(client.id, { startDate: from, weeklyHours: 2 }));
  await admin.packages.create(newPackage(mp.id, request.id, { startDate: from, weeklyHours: 2 }));
  return client;
}

describe('wellbeing.record and wellbeing.list', () => {
  it('keeps each answer, and a question declined as declined with no score; the audit trail names the questions, not the scores', async () => {
    const client = await clientInCare('Wilma Answers', '2026-01-05');
    const saved = await coordinator.wellbeing.record({
      clientId: client.id,
      askedOn: '2026-03-10',
      ...EVERY_ANSWER,
      anxious: undefined,
      declined: ['anxious'],
      mattersMost: 'Seeing my grandson on Sundays',
    });
    expect(saved).toMatchObject({ askedOn: '2026-03-10', lifeSatisfaction: 4, anxious: null, declined: ['anxious'], lonely: 'oftenOrAlways', askedBy: null });
    expect(await admin.wellbeing.list({ clientId: client.id })).toEqual([saved]);
    const [entry] = await t.auditRows(client.id, 'wellbeing.record');
    expect(entry!.changes).toEqual({ askedOn: '2026-03-10', answered: ['lifeSatisfaction', 'worthwhile', 'happy', 'lonely'], declined: ['anxious'], fromPhone: false });
    expect(JSON.stringify(entry!.changes)).not.toContain('grandson');
  });

  it('refuses a question left out, one both answered and declined, a score past 10 and a day to come, and keeps nothing', async () => {
    const client = await clientInCare('Rita Refused', '2026-01-05');
    const asked = { clientId: client.id, askedOn: '2026-03-10' };
    await expect(coordinator.wellbeing.record({ ...asked, ...EVERY_ANSWER, happy: undefined })).rejects.toThrow(WELLBEING_MESSAGES.unanswered('Happiness'));
    await expect(coordinator.wellbeing.record({ ...asked, ...EVERY_ANSWER, declined: ['happy'] })).rejects.toThrow(WELLBEING_MESSAGES.answeredAndDeclined('Happiness'));
    await expect(coordinator.wellbeing.record({ ...asked, ...EVERY_ANSWER, worthwhile: 11 })).rejects.toThrow('Give a score from 0 to 10');
    await expect(coordinator.wellbeing.record({ ...asked, ...EVERY_ANSWER, askedOn: '2026-03-17' })).rejects.toThrow(WELLBEING_MESSAGES.askedAhead);
    expect(await admin.wellbeing.list({ clientId: client.id })).toEqual([]);
  });

  it('records answers sent again under the same id once, and refuses that id for another client', async () => {
    const client = await clientInCare('Sally Sent', '2026-01-05');
    const other = await clientInCare('Olive Other', '2026-01-05');
    const answers = { id: 'wphonemade234567a', clientId: client.id, askedOn: '2026-03-12', ...EVERY_ANSWER };
    const first = await coordinator.wellbeing.record(answers);
    expect(await coordinator.wellbeing.record({ ...answers, lifeSatisfaction: 9 })).toEqual(first);
    expect(await admin.wellbeing.list({ clientId: client.id })).toHaveLength(1);
    await expect(coordinator.wellbeing.record({ ...answers, clientId: other.id })).rejects.toThrow('could not be recorded');
    expect(await admin.wellbeing.list({ clientId: other.id })).toEqual([]);
  });

  it('refuses Trustee and Finance a person’s answers and the list of reviews, but not the funders', async () => {
    const client = await clientInCare('Tessa Private', '2026-01-05');
    for (const role of ['Trustee', 'Finance'] as const) {
      const caller = t.caller(role);
      await expect(caller.wellbeing.list({ clientId: client.id })).rejects.toThrow(/may not read wellbeing/);
      await expect(caller.wellbeing.reviewsDue()).rejects.toThrow(/may not read wellbeing/);
      await expect(caller.funders.list()).resolves.toEqual(expect.any(Array));
    }
  });
});

describe('wellbeing.reviewsDue', () => {
  it('lists a client never asked from when their care began, then again the review weeks after the last asking', async () => {
    const client = await clientInCare('Dora Due', '2026-03-02');
    const due = async () => (await coordinator.wellbeing.reviewsDue()).find((item) => item.clientId === client.id);
    expect(await due()).toEqual({ clientId: client.id, clientName: 'Dora Due', kind: 'first', due: '2026-03-02', lastAskedOn: null });
    await coordinator.wellbeing.record({ clientId: client.id, askedOn: '2026-03-04', ...EVERY_ANSWER });
    // Twelve weeks on is 27 May: beyond the fortnight ahead, so not listed yet.
    expect(await due()).toBeUndefined();
    await admin.wellbeing.updateSettings({ reviewWeeks: 3, carersMayAsk: false });
    expect(await due()).toEqual({ clientId: client.id, clientName: 'Dora Due', kind: 'review', due: '2026-03-25', lastAskedOn: '2026-03-04' });
    await expect(coordinator.wellbeing.updateSettings({ reviewWeeks: 4, carersMayAsk: true })).rejects.toThrow(/may not update wellbeingSettings/);
    await admin.wellbeing.updateSettings({ reviewWeeks: 12, carersMayAsk: false });
  });
});

describe('analytics.getWellbeingReport', () => {
  /** One asking of every question: the four scores, and loneliness, or declined where null. */
  const asking = (clientId: string, askedOn: string, [lifeSatisfaction, worthwhile, happy, anxious]: (number | null)[], lonely: string | null) => {
    const scores = { lifeSatisfaction, worthwhile, happy, anxious };
    const declined = Object.entries({ ...scores, lonely }).flatMap(([question, answer]) => (answer === null ? [question] : []));
    const answered = Object.fromEntries(Object.entries({ ...scores, lonely }).filter(([, answer]) => answer !== null));
    return coordinator.wellbeing.record({ clientId, askedOn, ...answered, declined } as Parameters<typeof coordinator.wellbeing.record>[0]);
  };

  it('pairs each person’s first asking with their last in the period, by question, and cuts by funder (worked by hand)', async () => {
    const [ann, bob, cat, dee, eve] = await Promise.all(['Ann', 'Bob', 'Cat', 'Dee', 'Eve'].map((name) => clientInCare(`${name} Paired`, '2025-05-01')));
    await asking(ann!.id, '2025-12-01', [4, 5, 3, 7], 'oftenOrAlways');
    await asking(ann!.id, '2026-02-01', [5, 5, 4, 6], 'someOfTheTime');
    await asking(ann!.id, '2026-03-01', [7, 6, 6, 4], 'occasionally');
    await asking(bob!.id, '2026-01-10', [5, 5, 5, 6], 'someOfTheTime');
    await asking(bob!.id, '2026-03-10', [6, 7, 6, null], 'hardlyEver');
    await asking(cat!.id, '2026-01-05', [6, 6, 6, 5], null);
    await asking(cat!.id, '2026-03-12', [6, 8, 7, 5], 'never');
    // Asked once; and asked twice, both before the period: neither is a pair.
    await asking(dee!.id, '2026-02-01', [3, 3, 3, 3], 'never');
    await asking(eve!.id, '2025-06-01', [3, 3, 3, 3], 'never');
    await asking(eve!.id, '2025-09-01', [9, 9, 9, 1], 'never');

    const all = await admin.analytics.getWellbeingReport({ from: '2026-01-01', to: '2026-03-16' });
    expect(all).toMatchObject({ people: 3, funder: null, fewPairs: true });
    // Life satisfaction: changes +3, +1, 0; mean 4/3, s² = 7/3, s/√3 = 0.8819, t(0.975, 2) = 4.3027.
    expect(all.lifeSatisfaction).toMatchObject({ paired: 3, meanBefore: 5, withheld: false });
    expect(all.lifeSatisfaction.meanChange).toBeCloseTo(1.3333, 4);
    expect(all.lifeSatisfaction.ci95![0]).toBeCloseTo(-2.4613, 3);
    expect(all.lifeSatisfaction.ci95![1]).toBeCloseTo(5.1279, 3);
    expect(all.lifeSatisfaction.bands).toEqual(expect.arrayContaining([{ from: 'Low', to: 'High', people: 1 }, { from: 'Medium', to: 'Medium', people: 2 }]));
    // Four WELLBYs (4/3 a person, three people) at £13,000 each, 2019 prices.
    expect(all.lifeSatisfaction.wellbys).toEqual({ points: 4, valueGbp: 52_000, valuePerPointGbp: 13_000, priceYear: 2019 });
    // Bob declined anxiety the second time: two pairs.
    expect(all.anxious).toMatchObject({ paired: 2, meanBefore: 6, meanAfter: 4.5, meanChange: -1.5 });
    // Cat declined loneliness the first time.
    expect(all.lonely).toMatchObject({ paired: 2, before: { oftenOrAlways: 1, someOfTheTime: 1 }, after: { occasionally: 1, hardlyEver: 1 } });

    const fund = await admin.funders.create({ name: 'Paired Fund' });
    for (const client of [ann!, bob!]) {
      const [pkg] = (await admin.clients.getById({ id: client.id })).requests[0]!.packages;
      const stored = await admin.packages.getById({ id: pkg!.id });
      await admin.packages.update({ ...stored, details: { ...stored.details, funderId: fund.id } });
    }
    const funded = await admin.analytics.getWellbeingReport({ from: '2026-01-01', to: '2026-03-16', funder: fund.id });
    expect(funded).toMatchObject({ people: 2, funder: { id: fund.id, name: 'Paired Fund' } });
    // Changes +3 and +1: mean 2, s/√2 = 1, t(0.975, 1) = 12.706.
    expect(funded.lifeSatisfaction.ci95![0]).toBeCloseTo(-10.706, 3);

    // A Trustee reads totals, and no figure of fewer than five people.
    const trustees = await t.caller('Trustee').analytics.getWellbeingReport({ from: '2026-01-01', to: '2026-03-16' });
    expect(trustees.lifeSatisfaction).toMatchObject({ paired: 3, meanChange: null, ci95: null, bands: [], withheld: true, wellbys: null });
    expect(trustees.lonely).toMatchObject({ paired: 2, withheld: true, before: { oftenOrAlways: 0 } });
  });
});
