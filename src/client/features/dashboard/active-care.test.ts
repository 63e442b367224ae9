import { describe, expect, it } from 'vitest';
import { activeCareTotals } from './active-care';

const TODAY = '2026-03-10';
const request = (clientId: string, weeklyHours: number, endDate = 'open') => ({ clientId, endDate, details: { weeklyHours } });
const pkg = (carerId: string, weeklyHours: number, endDate = 'open') => ({ carerId, endDate, details: { weeklyHours } });

describe('the Overview counters', () => {
  it('count distinct clients over requests not ended yet, and sum their weekly hours', () => {
    const totals = activeCareTotals(
      [request('c1', 2), request('c1', 1.5, TODAY), request('c2', 4, '2026-12-31'), request('c3', 10, '2026-03-09')],
      [],
      TODAY,
    );
    expect(totals.clients).toBe(2);
    expect(totals.requestHours).toBe(7.5);
  });

  it('count distinct MPs and volunteers by the first letter of the carer id, and sum the care hours', () => {
    const totals = activeCareTotals(
      [],
      [pkg('m1', 3), pkg('m1', 2), pkg('m2', 1.5), pkg('v1', 4), pkg('v2', 6, '2025-01-01'), pkg('x9', 1)],
      TODAY,
    );
    expect(totals).toMatchObject({ mps: 2, volunteers: 1, careHours: 11.5 });
  });

  it('are all zero with nothing active', () => {
    expect(activeCareTotals([], [], TODAY)).toEqual({ clients: 0, mps: 0, volunteers: 0, careHours: 0, requestHours: 0 });
  });
});
