import { describe, expect, it } from 'vitest';
import { datesInOrder, hoursInService, renewalDates, renewalRefusal } from './care';

const TODAY = '2025-05-10';
const pkg = (endDate: string, weeklyHours: number) => ({ endDate, details: { weeklyHours } });

describe('hoursInService', () => {
  it('adds the weekly hours of packages that are open or end today or later', () => {
    const packages = [pkg('open', 2), pkg(TODAY, 1.5), pkg('2025-05-11', 3), pkg('2025-05-09', 10)];
    expect(hoursInService(packages, TODAY)).toBe(6.5);
  });

  it('is 0 for a request with no packages', () => {
    expect(hoursInService([], TODAY)).toBe(0);
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
