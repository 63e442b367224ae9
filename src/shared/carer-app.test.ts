import { describe, expect, it } from 'vitest';
import { endsAfter, endsNextDay, minutesByDay, visitEndDate, visitMinutes } from './carer-app';

describe('a visit’s minutes and days', () => {
  it('reads an end earlier than the start as the next morning, and the same minute as no length', () => {
    expect(visitMinutes({ start: '09:00', end: '10:30' })).toBe(90);
    expect(visitMinutes({ start: '23:50', end: '00:25' })).toBe(35);
    expect(visitMinutes({ start: '22:00', end: '07:00' })).toBe(540);
    expect(visitMinutes({ start: '10:00', end: '10:00' })).toBe(0);
    expect(visitMinutes({ start: '10:00', end: '09:59' })).toBe(1439);
    expect(endsNextDay({ start: '22:00', end: '07:00' })).toBe(true);
    expect(endsNextDay({ start: '07:00', end: '22:00' })).toBe(false);
    expect(visitEndDate({ date: '2026-12-31', start: '22:00', end: '07:00' })).toBe('2027-01-01');
  });

  it('splits a night visit at midnight, each part on its own day', () => {
    expect(minutesByDay({ date: '2026-11-27', start: '22:00', end: '07:00' })).toEqual([
      { date: '2026-11-27', minutes: 120 },
      { date: '2026-11-28', minutes: 420 },
    ]);
    expect(minutesByDay({ date: '2026-11-27', start: '09:00', end: '10:00' })).toEqual([{ date: '2026-11-27', minutes: 60 }]);
    // Ending at midnight exactly is the day's alone.
    expect(minutesByDay({ date: '2026-11-27', start: '23:00', end: '00:00' })).toEqual([{ date: '2026-11-27', minutes: 60 }]);
    expect(minutesByDay({ date: '2026-11-27', start: '00:00', end: '23:59' })).toEqual([{ date: '2026-11-27', minutes: 1439 }]);
  });

  it('holds a visit to have ended by now, allowing five minutes for a phone’s clock', () => {
    const now = { today: '2026-11-28', time: '03:35' };
    expect(endsAfter({ date: '2026-11-28', start: '18:00', end: '19:30' }, now)).toBe(true);
    expect(endsAfter({ date: '2026-11-27', start: '22:00', end: '03:00' }, now)).toBe(false);
    expect(endsAfter({ date: '2026-11-27', start: '22:00', end: '03:40' }, now)).toBe(false);
    expect(endsAfter({ date: '2026-11-27', start: '22:00', end: '03:41' }, now)).toBe(true);
    expect(endsAfter({ date: '2026-11-27', start: '09:00', end: '17:00' }, now)).toBe(false);
    expect(endsAfter({ date: '2026-11-29', start: '09:00', end: '10:00' }, now)).toBe(true);
  });
});
