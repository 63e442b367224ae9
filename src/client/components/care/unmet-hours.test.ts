import { describe, expect, it } from 'vitest';
import { defaultPackageHours, unmetHours } from './unmet-hours';

describe('unmetHours', () => {
  it('is the weekly hours less the hours in service', () => {
    expect(unmetHours({ weeklyHours: 6, hoursInService: 4 })).toBe(2);
    expect(unmetHours({ weeklyHours: 6, hoursInService: 0 })).toBe(6);
    expect(unmetHours({ weeklyHours: 0.3, hoursInService: 0.1 })).toBe(0.2);
  });

  it('is never below 0', () => {
    expect(unmetHours({ weeklyHours: 4, hoursInService: 4 })).toBe(0);
    expect(unmetHours({ weeklyHours: 4, hoursInService: 7.5 })).toBe(0);
  });
});

describe('defaultPackageHours', () => {
  it('is the request\'s unmet hours', () => {
    expect(defaultPackageHours({ weeklyHours: 6, hoursInService: 3.5 })).toBe(2.5);
  });

  it('is the spec default of 1 without a request or when nothing is unmet', () => {
    expect(defaultPackageHours(undefined)).toBe(1);
    expect(defaultPackageHours({ weeklyHours: 4, hoursInService: 4 })).toBe(1);
    expect(defaultPackageHours({ weeklyHours: 2, hoursInService: 5 })).toBe(1);
  });
});
