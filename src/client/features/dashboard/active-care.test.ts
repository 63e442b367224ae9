import { describe, expect, it } from 'vitest';
import { activeCareTotals } from './active-care';

const TODAY = '2026-03-10';
let lastId = 0;
type More = { id?: string; startDate?: string; requestType?: string; requestId?: string };
/** What requests and packages share: an id of their kind, dates (from 6 January 2025) and weekly hours. */
const careItem = <Owner extends object>(kind: 'r' | 'p', owner: Owner, weeklyHours: number, endDate: string, more: More) => ({
  id: `${kind}${++lastId}`,
  ...owner,
  startDate: '2025-01-06',
  endDate,
  ...more,
  details: { weeklyHours },
});
const request = (clientId: string, weeklyHours: number, endDate = 'open', more: More = {}) => careItem('r', { clientId, requestType: 'paid' }, weeklyHours, endDate, more);
const pkg = (carerId: string, weeklyHours: number, endDate = 'open', more: More = {}) => careItem('p', { carerId, requestId: 'r0' }, weeklyHours, endDate, more);

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

  it('count a request renewed today once, but a request of another type starting today as well', () => {
    const renewed = [request('c1', 5, TODAY), request('c1', 6, 'open', { startDate: TODAY })];
    expect(activeCareTotals(renewed, [], TODAY).requestHours).toBe(6);
    const otherType = [request('c1', 5, TODAY), request('c1', 6, 'open', { startDate: TODAY, requestType: 'unpaid' })];
    expect(activeCareTotals(otherType, [], TODAY).requestHours).toBe(11);
  });

  it('count a package renewed today once, on the same request or carried over to the renewed request', () => {
    const requests = [request('c1', 5, TODAY, { id: 'rOld' }), request('c1', 5, 'open', { id: 'rNew', startDate: TODAY })];
    const sameRequest = [pkg('m1', 3, TODAY, { requestId: 'rOld' }), pkg('m1', 4, 'open', { requestId: 'rOld', startDate: TODAY })];
    expect(activeCareTotals(requests, sameRequest, TODAY).careHours).toBe(4);
    const carried = [pkg('m1', 3, TODAY, { requestId: 'rOld' }), pkg('m1', 3, 'open', { requestId: 'rNew', startDate: TODAY })];
    expect(activeCareTotals(requests, carried, TODAY).careHours).toBe(3);
    const otherCarer = [pkg('m1', 3, TODAY, { requestId: 'rOld' }), pkg('v1', 2, 'open', { requestId: 'rNew', startDate: TODAY })];
    expect(activeCareTotals(requests, otherCarer, TODAY).careHours).toBe(5);
  });

  it('are all zero with nothing active', () => {
    expect(activeCareTotals([], [], TODAY)).toEqual({ clients: 0, mps: 0, volunteers: 0, careHours: 0, requestHours: 0 });
  });
});
