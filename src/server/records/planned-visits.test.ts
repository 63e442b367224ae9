import { describe, expect, it } from 'vitest';
import type { DatedVisit, VisitChange } from '@/shared/planned-visits';
import { matchRecorded } from './planned-visits';

const planned = (start: string, change: Partial<VisitChange> | null = null): DatedVisit => ({
  id: `p1/2026-11-23/${start}`,
  packageId: 'p1',
  date: '2026-11-23',
  start,
  end: start,
  carerId: 'c1',
  packageCarerId: 'c1',
  pinned: false,
  change: change as VisitChange | null,
});
const recorded = (start: string, plannedVisitId: string | null = null, date = '2026-11-23') => ({ packageId: 'p1', date, start, plannedVisitId });

describe('matchRecorded', () => {
  it("gives a visit carrying its plan's id that planned visit, whatever its time", () => {
    const given = recorded('16:00', 'p1/2026-11-23/09:00');
    expect(matchRecorded([planned('09:00'), planned('15:00')], [given]).get('p1/2026-11-23/09:00')).toBe(given);
  });

  it("matches one recorded without an id to the nearest planned visit of its package's day not yet given", () => {
    const afternoon = recorded('14:50');
    const morning = recorded('09:10');
    const third = recorded('12:00');
    const matched = matchRecorded([planned('09:00'), planned('15:00')], [afternoon, morning, third]);
    expect(matched.get('p1/2026-11-23/15:00')).toBe(afternoon);
    expect(matched.get('p1/2026-11-23/09:00')).toBe(morning);
    expect([...matched.values()]).not.toContain(third);
  });

  it('gives no cancelled visit, and none of another day', () => {
    const matched = matchRecorded([planned('09:00', { cancelled: true })], [recorded('09:00'), recorded('09:00', null, '2026-11-24')]);
    expect(matched.size).toBe(0);
  });
});
