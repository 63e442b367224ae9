import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from './outbox';
import { type CarerApi, NOT_TAKEN_AFTER_END, sendAfterEnd, sendWaiting } from './sender';
import { visitProblems } from './visit-form';

let name = '';
let opened: Outbox[] = [];
async function open() {
  const outbox = await Outbox.open(name);
  opened.push(outbox);
  return outbox;
}
afterEach(async () => {
  for (const outbox of opened) outbox.close();
  opened = [];
  await Outbox.wipe(undefined, name);
});

const visit = (n: number) => ({ id: randomUUID(), packageId: 'p1', date: '2026-11-20', start: `${String(8 + (n % 10)).padStart(2, '0')}:00`, end: `${String(8 + (n % 10)).padStart(2, '0')}:30` });

describe('the phone’s outbox', () => {
  it('keeps a saved visit waiting across the app being killed and opened again, until the server answers for it', async () => {
    name = `outbox-${randomUUID()}`;
    const first = await open();
    const saved = await first.save(visit(1));
    first.close();
    const reopened = await open();
    expect(await reopened.waiting(100)).toEqual([saved]);
    expect(await reopened.countWaiting()).toBe(1);
  });

  it('marks what the server answered: recorded or duplicate is sent, refused keeps the visit with the reason', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    const [a, b, c] = [await outbox.save(visit(1)), await outbox.save(visit(2)), await outbox.save(visit(3))];
    await outbox.settle([
      { id: a.id, result: 'recorded' },
      { id: b.id, result: 'duplicate' },
      { id: c.id, result: 'refused', reason: 'The visit ends before it starts' },
      { id: randomUUID(), result: 'recorded' },
    ]);
    const states = Object.fromEntries((await outbox.all()).map((v) => [v.id, [v.state, v.reason]]));
    expect(states).toEqual({ [a.id]: ['sent', undefined], [b.id]: ['sent', undefined], [c.id]: ['refused', 'The visit ends before it starts'] });
    expect(await outbox.countWaiting()).toBe(0);
    // A sent visit the server's list holds is shown from that list; a refused one stays.
    await outbox.forgetSent(new Set([a.id, c.id]));
    expect((await outbox.all()).map((v) => v.id).sort()).toEqual([b.id, c.id].sort());
  });

  it('is wiped whole: visits, the packages kept and a visit under way', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    await outbox.save(visit(1));
    await outbox.set('live', { packageId: 'p1', date: '2026-11-20', start: '09:00' });
    await outbox.set('owner', 'u1');
    await Outbox.wipe(outbox, name);
    const fresh = await open();
    expect(await fresh.all()).toEqual([]);
    expect(await fresh.get('live')).toBeUndefined();
    expect(await fresh.get('owner')).toBeUndefined();
  });
});

/** The server as the phone sees it, answering every visit recorded, and failing when told to. */
function fakeServer(fail?: (call: number) => Error | undefined): CarerApi & { batches: string[][] } {
  const batches: string[][] = [];
  const recorded = new Set<string>();
  return {
    batches,
    async sync(visits) {
      const failure = fail?.(batches.length);
      batches.push(visits.map((v) => v.id));
      if (failure) throw failure;
      return visits.map((v) => {
        const result = recorded.has(v.id) ? ('duplicate' as const) : ('recorded' as const);
        recorded.add(v.id);
        return { id: v.id, result };
      });
    },
    async myVisits() {
      return { today: '2026-11-27', packages: [], planned: [], wellbeingDue: [], driving: null, visits: [...recorded].map((id) => ({ id, packageId: 'p1', clientName: 'Ann Client', date: '2026-11-20', start: '08:00', end: '08:30', couldNotVisit: null, note: '', tellOffice: false, state: 'recorded' as const, mayChange: true, plannedVisitId: null })) };
    },
  };
}

describe('sending', () => {
  it('sends the oldest first, a call of at most 100 at a time, marks each as answered and keeps the packages as fetched', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    const saved = [];
    for (let n = 0; n < 230; n++) saved.push(await outbox.save(visit(n)));
    const server = fakeServer();
    expect(await sendWaiting(outbox, server, () => 'offline')).toBe('all-sent');
    expect(server.batches.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(server.batches.flat()).toEqual(saved.map((v) => v.id));
    expect(await outbox.countWaiting()).toBe(0);
    expect((await outbox.get('myVisits'))?.visits).toHaveLength(230);
    // The server's list holds them all now: the phone keeps no copy of its own.
    expect(await outbox.all()).toEqual([]);
  });

  it('marks nothing when a call gets no answer, and sends the same visits again next time, which the server answers once', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    const saved = await outbox.save(visit(1));
    // The server recorded the visit, but its answer never reached the phone.
    const server = fakeServer((call) => (call === 0 ? new TypeError('Failed to fetch') : undefined));
    expect(await sendWaiting(outbox, server, () => 'offline')).toBe('offline');
    expect(await outbox.waiting(100)).toEqual([saved]);
    expect(await sendWaiting(outbox, server, () => 'offline')).toBe('all-sent');
    expect(server.batches).toEqual([[saved.id], [saved.id]]);
  });

  it('says why it stopped as the failure is sorted: a sign-in needed keeps the visits waiting', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    await outbox.save(visit(1));
    const server = fakeServer(() => new Error('401'));
    expect(await sendWaiting(outbox, server, () => 'sign-in-needed')).toBe('sign-in-needed');
    expect(await outbox.countWaiting()).toBe(1);
    // Asked then, the server says the office ended the carer's access: the app wipes the phone.
    expect(await sendWaiting(outbox, { ...server, accessEnded: async () => true }, () => 'sign-in-needed')).toBe('access-ended');
  });
});

describe('once the office ended the carer’s access', () => {
  it('sends what the phone holds with its last sign-in, says how many reached the office and which did not, and keeps them with no signal', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    const fall = await outbox.save({ ...visit(1), clientName: 'Edna Home', note: 'Fell, no injury', tellOffice: true });
    const after = await outbox.save({ ...visit(2), clientName: 'Edna Home' });
    const sent: string[][] = [];
    let signal = false;
    const api: CarerApi = {
      ...fakeServer(),
      async sendAfterEnd(visits) {
        if (!signal) throw new TypeError('Failed to fetch');
        sent.push(visits.map((v) => v.id));
        return visits.map((v) =>
          v.id === fall.id ? { id: v.id, result: 'toResolve' as const, reason: 'Sent after your access to the carer app ended' } : { id: v.id, result: 'refused' as const, reason: 'Recorded after your access to the carer app ended' },
        );
      },
    };
    const kind = (error: unknown) => (error instanceof TypeError ? 'offline' : 'sign-in-needed') as 'offline' | 'sign-in-needed';
    // No signal: nothing is lost, and the phone tries again later.
    expect(await sendAfterEnd(outbox, api, kind)).toBe('offline');
    expect(await outbox.countWaiting()).toBe(2);
    signal = true;
    const outcome = await sendAfterEnd(outbox, api, kind);
    expect(sent).toEqual([[fall.id, after.id]]);
    expect(outcome).toEqual({
      delivered: 1,
      notDelivered: [{ visit: expect.objectContaining({ id: after.id, clientName: 'Edna Home' }), reason: 'Recorded after your access to the carer app ended' }],
      askingsNotDelivered: [],
    });
    // The note marked for the office went with it.
    expect(await outbox.countWaiting()).toBe(0);
  });

  it('tells the carer of every visit when the office no longer takes the phone’s sign-in', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    const held = await outbox.save(visit(1));
    const outcome = await sendAfterEnd(outbox, { ...fakeServer(), sendAfterEnd: async () => [] }, () => 'sign-in-needed');
    expect(outcome).toEqual({ delivered: 0, notDelivered: [{ visit: expect.objectContaining({ id: held.id }), reason: NOT_TAKEN_AFTER_END }], askingsNotDelivered: [] });
    expect(await outbox.all()).toEqual([]);
  });
});

const asking = (clientId: string) => {
  const id = randomUUID();
  return { id, clientName: `Client ${clientId}`, input: { id, clientId, askedOn: '2026-11-20', lifeSatisfaction: 6, worthwhile: 7, happy: 5, anxious: 2, lonely: 'never' as const, mattersMost: '', declined: [] } };
};

describe('wellbeing answers asked on the phone', () => {
  it('wait across the app being killed, go once the server answers, leave the phone once recorded, and stay with why when refused', async () => {
    name = `outbox-${randomUUID()}`;
    const first = await open();
    const [kept, refused] = [asking('c1'), asking('c2')];
    await first.saveAsking(kept);
    await first.saveAsking(refused);
    first.close();
    const outbox = await open();
    expect((await outbox.waitingAskings(100)).map((a) => a.id)).toEqual([kept.id, refused.id]);

    const recorded = new Set<string>();
    const calls: string[][] = [];
    const api: CarerApi = {
      ...fakeServer(),
      async sendWellbeing(answers) {
        calls.push(answers.map((a) => a.id!));
        // The server recorded the first call's answers, but its answer never reached the phone.
        for (const answer of answers) if (answer.clientId === 'c1') recorded.add(answer.id!);
        if (calls.length === 1) throw new TypeError('Failed to fetch');
        return answers.map((a) => (a.clientId === 'c1' ? { id: a.id!, result: 'recorded' as const } : { id: a.id!, result: 'refused' as const, reason: 'You do not give care to this client' }));
      },
    };
    expect(await sendWaiting(outbox, api, () => 'offline')).toBe('offline');
    expect(await outbox.waitingAskings(100)).toHaveLength(2);
    expect(await sendWaiting(outbox, api, () => 'offline')).toBe('all-sent');
    expect(calls).toEqual([[kept.id, refused.id], [kept.id, refused.id]]);
    expect([...recorded]).toEqual([kept.id]);
    expect(await outbox.askings()).toEqual([expect.objectContaining({ id: refused.id, state: 'refused', reason: 'You do not give care to this client' })]);
    await outbox.removeAsking(refused.id);
    expect(await outbox.askings()).toEqual([]);
  });

  it('after the office ended the carer’s access, tells the carer of each asking its last sign-in could not send', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    const held = asking('c1');
    await outbox.saveAsking(held);
    const outcome = await sendAfterEnd(outbox, { ...fakeServer(), sendAfterEnd: async () => [], sendWellbeing: async () => [] }, () => 'sign-in-needed');
    expect(outcome).toEqual({ delivered: 0, notDelivered: [], askingsNotDelivered: [{ asking: expect.objectContaining({ id: held.id, clientName: 'Client c1' }), reason: NOT_TAKEN_AFTER_END }] });
  });

  it('are wiped with the rest of the phone', async () => {
    name = `outbox-${randomUUID()}`;
    const outbox = await open();
    await outbox.saveAsking(asking('c1'));
    await Outbox.wipe(outbox, name);
    const fresh = await open();
    expect(await fresh.askings()).toEqual([]);
  });
});

describe('a visit’s own checks on the phone', () => {
  const today = '2026-11-27';
  const at = (time: string) => ({ today, time });
  it.each([
    [{ date: '2026-11-28', start: '09:00', end: '10:00', note: '' }, '12:00', { date: 'This day is still to come: a visit is recorded on or after its day' }],
    [{ date: today, start: '', end: '10:00', note: '' }, '12:00', { start: 'Enter the time the visit started, as HH:MM' }],
    [{ date: today, start: '10:00', end: '10:00', note: '' }, '12:00', { end: 'The visit ends the minute it starts: check the start and end times' }],
    // At 03:35 a visit of this evening has not happened yet; a night visit ending at 03:00 has.
    [{ date: today, start: '18:00', end: '19:30', note: '' }, '03:35', { end: 'This visit ends at 19:30, later than now: record it once it has ended' }],
    [{ date: '2026-11-26', start: '22:00', end: '03:00', note: '' }, '03:35', {}],
    [{ date: '2026-11-26', start: '22:00', end: '07:00', note: '' }, '03:35', { end: 'This visit ends at 07:00, later than now: record it once it has ended' }],
    // A phone's clock a few minutes ahead of the end is let be.
    [{ date: today, start: '09:00', end: '12:04', note: '' }, '12:00', {}],
    [{ date: today, start: '09:00', end: '12:06', note: '' }, '12:00', { end: 'This visit ends at 12:06, later than now: record it once it has ended' }],
    [{ date: today, start: '09:00', end: '10:00', note: '', tellOffice: true }, '12:00', { note: 'Say in the note what the office needs to know' }],
    [{ date: today, start: '09:00', end: '10:00', note: 'Fell in the hall', tellOffice: true }, '12:00', {}],
    [{ date: today, start: '09:00', end: '10:00', note: '', couldNotVisit: '' as const }, '12:00', { couldNotVisit: 'Choose why you could not visit' }],
    [{ date: today, start: '', end: '', note: '', couldNotVisit: 'noAnswer' as const }, '12:00', {}],
  ])('%j at %s: %j', (draft, time, problems) => {
    expect(visitProblems(draft, at(time))).toEqual(problems);
  });

  it('refuses a visit overlapping another the phone knows of, across midnight, and never a visit that did not happen', () => {
    const night = { date: '2026-11-25', start: '22:00', end: '07:00' };
    const others = [night, { date: today, start: '09:00', end: '10:00' }, { date: today, start: null, end: null }];
    const problems = (start: string, end: string, date = '2026-11-26') => visitProblems({ date, start, end, note: '' }, at('12:00'), others);
    expect(problems('06:30', '08:00')).toEqual({ end: 'It overlaps your visit of 22:00 to 07:00 on 25 Nov 2026' });
    expect(problems('07:00', '08:00')).toEqual({});
    expect(problems('23:30', '09:30')).toEqual({ end: 'It overlaps your visit of 09:00 to 10:00 on 27 Nov 2026' });
    expect(problems('10:00', '11:00', today)).toEqual({});
  });
});
