import { describe, expect, it } from 'vitest';
import { datesInOrder, hoursInService, renewalDates, renewalRefusal, withoutRenewed } from './care';

const TODAY = '2025-05-10';
let lastId = 0;
const pkg = (endDate: string, weeklyHours: number, more: { carerId?: string; startDate?: string } = {}) => ({
  id: `p${++lastId}`,
  carerId: 'm1',
  startDate: '2025-01-06',
  endDate,
  ...more,
  details: { weeklyHours },
});

describe('hoursInService', () => {
  it('adds the weekly hours of packages that are open or end in the future (after today)', () => {
    const packages = [pkg('open', 2), pkg(TODAY, 1.5), pkg('2025-05-11', 3), pkg('2025-05-09', 10)];
    expect(hoursInService(packages, TODAY)).toBe(5);
  });

  it('counts a package renewed today once', () => {
    expect(hoursInService([pkg(TODAY, 4), pkg('open', 4, { startDate: TODAY })], TODAY)).toBe(4);
  });

  it('counts a package renewed on a later date once, but a different carer starting that day as well', () => {
    const renewed = [pkg('2025-05-31', 4), pkg('open', 5, { startDate: '2025-05-31' })];
    expect(hoursInService(renewed, TODAY)).toBe(5);
    expect(hoursInService([pkg('2025-05-31', 4), pkg('open', 5, { carerId: 'v2', startDate: '2025-05-31' })], TODAY)).toBe(9);
  });

  it('is 0 for a request with no packages', () => {
    expect(hoursInService([], TODAY)).toBe(0);
  });
});

describe('withoutRenewed', () => {
  const item = (id: string, key: string, startDate: string, endDate: string) => ({ id, key, startDate, endDate });

  it('leaves out an item whose successor (same key) starts the day it ends', () => {
    const items = [item('a', 'k', '2025-01-01', TODAY), item('b', 'k', TODAY, 'open'), item('c', 'other', TODAY, 'open')];
    expect(withoutRenewed(items, (i) => i.key).map((i) => i.id)).toEqual(['b', 'c']);
  });

  it('keeps an item whose follower has another key, starts another day, or is itself (a one-day item)', () => {
    const items = [item('a', 'k', '2025-01-01', TODAY), item('b', 'other', TODAY, 'open'), item('c', 'k', '2025-05-11', 'open')];
    expect(withoutRenewed(items, (i) => i.key)).toHaveLength(3);
    expect(withoutRenewed([item('d', 'k', TODAY, TODAY)], (i) => i.key)).toHaveLength(1);
  });
});

describe('datesInOrder', () => {
  it('accepts an end on or after the start, and open', () => {
    expect(datesInOrder('2025-05-10', '2025-05-10')).toBe(true);
    expect(datesInOrder('2025-05-10', 'open')).toBe(true);
    expect(datesInOrder('2025-05-10', '2025-05-09')).toBe(false);
  });
});

describe('renewalDates', () => {
  it('ends the old item today and starts the new one that day by default', () => {
    expect(renewalDates({}, TODAY)).toEqual({ renewalDate: TODAY, newStartDate: TODAY });
  });

  it('starts the new item on an edited end date, unless its start was edited too', () => {
    expect(renewalDates({ oldEndDate: '2025-05-31' }, TODAY)).toEqual({ renewalDate: '2025-05-31', newStartDate: '2025-05-31' });
    expect(renewalDates({ oldEndDate: '2025-05-31', newStartDate: '2025-06-01' }, TODAY)).toEqual({
      renewalDate: '2025-05-31',
      newStartDate: '2025-06-01',
    });
  });
});

describe('renewalRefusal', () => {
  const open = { archived: 'N' as const, startDate: '2025-01-01', endDate: 'open' };
  const dates = { renewalDate: TODAY, newStartDate: TODAY };

  it('lets a current, unarchived item be renewed', () => {
    expect(renewalRefusal('request', open, dates, TODAY)).toBeUndefined();
    expect(renewalRefusal('package', { ...open, endDate: TODAY }, dates, TODAY)).toBeUndefined();
  });

  it('refuses archived and ended items', () => {
    expect(renewalRefusal('request', { ...open, archived: 'Y' }, dates, TODAY)).toBe('This request is archived, so cannot be renewed.');
    expect(renewalRefusal('package', { ...open, endDate: '2025-05-09' }, dates, TODAY)).toBe('This package has ended, so cannot be renewed.');
  });

  it('refuses dates that would end the item before it starts, lengthen it, or start the new one early', () => {
    const endingEarly = { renewalDate: '2024-12-31', newStartDate: '2024-12-31' };
    expect(renewalRefusal('request', open, endingEarly, TODAY)).toMatch(/cannot end before it starts/);
    const lengthening = { renewalDate: '2025-07-01', newStartDate: '2025-07-01' };
    expect(renewalRefusal('request', { ...open, endDate: '2025-06-30' }, lengthening, TODAY)).toMatch(/already ends on 2025-06-30/);
    expect(renewalRefusal('package', open, { renewalDate: TODAY, newStartDate: '2025-05-09' }, TODAY)).toMatch(
      /new package cannot start before the old one ends/,
    );
  });
});
