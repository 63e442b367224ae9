import { describe, expect, it } from 'vitest';
import { datedVisitWarning, withinPattern } from './availability';
import { plannedVisitSlot, unfoldPlans, type VisitChange, visitStateOf, weekdayOf } from './planned-visits';

const PLAN = { packageId: 'p1', carerId: 'v1', startDate: '2026-03-02', endDate: '2026-03-31', visits: [{ weekday: 1, start: '09:00', end: '10:00' }] };
const change = (overrides: Partial<VisitChange>): VisitChange => ({
  id: 'c1',
  packageId: 'p1',
  slotDate: '2026-03-09',
  slotStart: '09:00',
  extra: false,
  cancelled: false,
  reason: null,
  date: null,
  start: null,
  end: null,
  carerId: null,
  answer: 'offered',
  version: 1,
  ...overrides,
});

describe('unfoldPlans', () => {
  it('gives each plan’s visits on the days its package runs, named by package, day and time', () => {
    const found = unfoldPlans([PLAN], [], '2026-03-01', '2026-04-07');
    expect(found.map((visit) => visit.id)).toEqual(['p1/2026-03-02/09:00', 'p1/2026-03-09/09:00', 'p1/2026-03-16/09:00', 'p1/2026-03-23/09:00', 'p1/2026-03-30/09:00']);
    expect(plannedVisitSlot(found[0]!.id)).toEqual({ packageId: 'p1', date: '2026-03-02', start: '09:00' });
  });

  it('finds a visit moved into the days asked for from outside them, and leaves out one moved away', () => {
    const moved = change({ date: '2026-03-13', start: '14:00', end: '15:00' });
    expect(unfoldPlans([PLAN], [moved], '2026-03-13', '2026-03-13')).toEqual([expect.objectContaining({ id: 'p1/2026-03-09/09:00', date: '2026-03-13', start: '14:00' })]);
    expect(unfoldPlans([PLAN], [moved], '2026-03-09', '2026-03-09')).toEqual([]);
  });

  it('gives a covered visit to the covering carer, keeps a cancelled one, and adds extras', () => {
    const covered = unfoldPlans([PLAN], [change({ carerId: 'v2' })], '2026-03-09', '2026-03-09')[0]!;
    expect(covered).toMatchObject({ carerId: 'v2', packageCarerId: 'v1' });
    expect(unfoldPlans([PLAN], [change({ cancelled: true, reason: 'Away' })], '2026-03-09', '2026-03-09')[0]!.change).toMatchObject({ cancelled: true });
    const extra = change({ slotDate: '2026-03-11', slotStart: '16:00', extra: true, date: '2026-03-11', start: '16:00', end: '17:00' });
    expect(unfoldPlans([PLAN], [extra], '2026-03-11', '2026-03-11')).toEqual([expect.objectContaining({ id: 'p1/2026-03-11/16:00', carerId: 'v1' })]);
  });
});

describe('visitStateOf', () => {
  const visit = { date: '2026-03-09', start: '09:00', change: null };
  it('is planned, late 30 minutes after its time, started, done, couldn’t visit, not recorded once the day is over', () => {
    expect(visitStateOf(visit, {}, { today: '2026-03-09', time: '09:29' })).toBe('planned');
    expect(visitStateOf(visit, {}, { today: '2026-03-09', time: '09:30' })).toBe('late');
    expect(visitStateOf(visit, { started: true }, { today: '2026-03-09', time: '09:40' })).toBe('started');
    expect(visitStateOf(visit, { recorded: { couldNotVisit: false } }, { today: '2026-03-09', time: '11:00' })).toBe('done');
    expect(visitStateOf(visit, { recorded: { couldNotVisit: true } }, { today: '2026-03-09', time: '11:00' })).toBe('couldNotVisit');
    expect(visitStateOf(visit, {}, { today: '2026-03-10', time: '00:01' })).toBe('notRecorded');
  });
});

describe('availability', () => {
  const weekly = [{ weekday: 1, start: '08:00', end: '12:00' }, { weekday: 7, start: '22:00', end: '06:00' }];
  it('holds a visit wholly within one of its times, Sunday night into Monday included', () => {
    expect(withinPattern({ weekday: 1, start: '09:00', end: '10:00' }, weekly)).toBe(true);
    expect(withinPattern({ weekday: 1, start: '11:30', end: '12:30' }, weekly)).toBe(false);
    expect(withinPattern({ weekday: 7, start: '23:00', end: '05:00' }, weekly)).toBe(true);
    expect(withinPattern({ weekday: 3, start: '09:00', end: '10:00' }, [])).toBe(true);
  });

  it('says when a dated visit falls in time off or outside the times', () => {
    expect(weekdayOf('2026-03-09')).toBe(1);
    const availability = { weekly, timeOff: [{ from: '2026-03-09', to: '2026-03-10' }] };
    expect(datedVisitWarning('Amy', { date: '2026-03-09', start: '09:00', end: '10:00' }, availability)).toBe('Amy is away on 9 Mar 2026 (9 Mar 2026 to 10 Mar 2026)');
    expect(datedVisitWarning('Amy', { date: '2026-03-16', start: '13:00', end: '14:00' }, availability)).toBe('Monday 13:00–14:00 is outside the times Amy said they can work');
    expect(datedVisitWarning('Amy', { date: '2026-03-16', start: '09:00', end: '10:00' }, availability)).toBeNull();
  });
});
