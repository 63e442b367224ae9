import { describe, expect, it } from 'vitest';
import { inWeekOrder, overlappingVisits, plannedVisitWords, planWeeklyHours } from './visit-plans';

const visit = (weekday: number, start: string, end: string) => ({ weekday, start, end });

describe('a package’s plan of visits', () => {
  it('counts its hours in a week: each visit’s length, a night’s past midnight, and the hours at any time', () => {
    expect(planWeeklyHours({ visits: [], anyTime: null })).toBe(0);
    expect(planWeeklyHours({ visits: [visit(1, '09:30', '10:30'), visit(3, '09:30', '10:15')], anyTime: null })).toBe(1.75);
    expect(planWeeklyHours({ visits: [visit(7, '22:00', '07:00')], anyTime: { hours: 1.5 } })).toBe(10.5);
    expect(planWeeklyHours({ visits: [visit(2, '08:00', '08:20')], anyTime: null })).toBe(0.33);
  });

  it('finds two visits that overlap, on a day or from Sunday night into Monday, and not two back to back', () => {
    expect(overlappingVisits([visit(2, '09:00', '10:00'), visit(2, '09:59', '11:00')])).toEqual([0, 1]);
    expect(overlappingVisits([visit(2, '09:00', '10:00'), visit(2, '10:00', '11:00'), visit(3, '09:00', '10:00')])).toBeUndefined();
    expect(overlappingVisits([visit(1, '06:30', '08:00'), visit(4, '12:00', '13:00'), visit(7, '22:00', '07:00')])).toEqual([0, 2]);
    expect(overlappingVisits([visit(1, '07:00', '08:00'), visit(7, '22:00', '07:00')])).toBeUndefined();
    expect(overlappingVisits([visit(5, '23:00', '02:00'), visit(6, '01:00', '03:00')])).toEqual([0, 1]);
  });

  it('puts the visits in the order the week runs, and names each in words', () => {
    const week = inWeekOrder([visit(5, '09:00', '10:00'), visit(1, '14:00', '15:00'), visit(1, '09:00', '10:00')]);
    expect(week.map(plannedVisitWords)).toEqual(['Monday 09:00–10:00', 'Monday 14:00–15:00', 'Friday 09:00–10:00']);
  });
});
