import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, dayOfWeek, daysBetween, isIsoDate, isNotEndedYet, lastDateOfMonth, monthDates, shiftMonth, todayIn } from './dates';

describe('isIsoDate', () => {
  it('accepts a real calendar date', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-1-01', 'open', '0000-01-01'])('refuses %j, not a real calendar date', (text) => {
    expect(isIsoDate(text)).toBe(false);
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
  it.each([
    ['open', true],
    ['2025-05-01', true],
    ['2025-04-30', false],
  ])('on 1 May 2025 counts an end of %j as active: %j (open and today-or-later are)', (endDate, active) => {
    expect(isNotEndedYet(endDate, '2025-05-01')).toBe(active);
  });
});

describe('calendar arithmetic', () => {
  it('takes 29 February to 28 February in a year that has none', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('adds days and months across a clock change, a month end and a year end', () => {
    // The clocks go forward in the charity's time zone on 29 March 2026 and back on 25 October.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-01', 12)).toBe('2027-01-01');
  });

  it('counts whole days between dates, weekdays and month ends', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('2026-11-29')).toBe(0);
    expect(lastDateOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDateOfMonth('2026-12')).toBe('2026-12-31');
  });
});

describe('months', () => {
  it('steps across years both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', 0)).toBe('2026-03');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
  });

  it('knows a leap February', () => {
    expect(monthDates('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthDates('2025-02').last).toBe('2025-02-28');
  });
});
