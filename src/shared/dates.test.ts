import { describe, expect, it } from 'vitest';
import { isIsoDate, isNotEndedYet, todayIn } from './dates';

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate('open')).toBe(false);
    expect(isIsoDate('0000-01-01')).toBe(false);
  });
});

describe('todayIn', () => {
  it('uses the charity time zone, not UTC', () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(todayIn('Europe/London', new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    expect(todayIn('Europe/London', new Date('2025-12-31T23:30:00Z'))).toBe('2025-12-31');
  });
});

describe('isNotEndedYet', () => {
  it('counts open and today-or-later as active', () => {
    expect(isNotEndedYet('open', '2025-05-01')).toBe(true);
    expect(isNotEndedYet('2025-05-01', '2025-05-01')).toBe(true);
    expect(isNotEndedYet('2025-04-30', '2025-05-01')).toBe(false);
  });
});
