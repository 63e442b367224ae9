import { describe, expect, it } from 'vitest';
import { minuteOfDay, timeOfMinute } from '@/shared/carer-app';
import { orderDay, type DayVisitToOrder } from './day-plan';

// Places on a line, a mile and two minutes apart: the shortest day visits them in the order of the line.
const travel = (from: number, to: number) => ({ minutes: 2 * Math.abs(from - to), miles: Math.abs(from - to) });
const hourAt = (hour: number, place: number | null, movesWithin: [number, number] | null = null): DayVisitToOrder => ({
  id: `v${hour}`,
  start: timeOfMinute(hour * 60),
  end: timeOfMinute(hour * 60 + 30),
  place,
  movesWithin,
});
const ALL_DAY: [number, number] = [6 * 60, 22 * 60];

describe('orderDay', () => {
  it('gives each leg of the day as planned, and a shorter order where visits may move', () => {
    const day = orderDay({ home: 0, travel, visits: [hourAt(8, 3, ALL_DAY), hourAt(9, 1, ALL_DAY), hourAt(10, 2, ALL_DAY)] });
    expect(day.legs).toEqual({ v8: travel(0, 3), v9: travel(3, 1), v10: travel(1, 2) });
    expect(day.back).toEqual(travel(2, 0));
    expect(day.total).toEqual({ minutes: 16, miles: 8 });
    expect(day.shorter!.total).toEqual({ minutes: 12, miles: 6 });
    // The line's order, as near the times planned as the drives allow.
    const starts = new Map(day.shorter!.moves.map((move) => [move.id, minuteOfDay(move.start)]));
    const at = (id: string) => starts.get(id) ?? minuteOfDay(`${id.slice(1).padStart(2, '0')}:00`);
    expect(at('v9')).toBeLessThan(at('v10'));
    expect(at('v10')).toBeLessThan(at('v8'));
  });

  it('offers nothing where no visit may move, or where the planned order is already the shortest', () => {
    expect(orderDay({ home: 0, travel, visits: [hourAt(8, 3), hourAt(9, 1), hourAt(10, 2)] }).shorter).toBeNull();
    expect(orderDay({ home: 0, travel, visits: [hourAt(8, 1, ALL_DAY), hourAt(9, 2, ALL_DAY), hourAt(10, 3, ALL_DAY)] }).shorter).toBeNull();
  });

  it('counts no drive to or from a place off the map, nor from an unknown home', () => {
    const day = orderDay({ home: null, travel, visits: [hourAt(8, 0), hourAt(9, null), hourAt(10, 1)] });
    expect(day.legs).toEqual({ v8: null, v9: null, v10: null });
    expect(day.total).toEqual({ minutes: 0, miles: 0 });
    expect(orderDay({ home: null, travel, visits: [hourAt(8, 0), hourAt(10, 1)] }).legs).toEqual({ v8: null, v10: travel(0, 1) });
  });

  it('orders a day of more than 12 visits by the planning engine, keeping every visit within its times', () => {
    // Thirteen visits, each an hour apart, on places out of order; each may move within its own two hours.
    const places = [5, 1, 9, 3, 12, 7, 0, 11, 4, 8, 2, 10, 6];
    const visits = places.map((place, k) => hourAt(7 + k, place, [(7 + k) * 60 - 60, (7 + k) * 60 + 60]));
    const day = orderDay({ home: 6, travel, visits });
    expect(day.shorter!.total.minutes).toBeLessThan(day.total.minutes);
    for (const move of day.shorter!.moves) {
      const visit = visits.find((v) => v.id === move.id)!;
      expect(minuteOfDay(move.start)).toBeGreaterThanOrEqual(visit.movesWithin![0]);
      expect(minuteOfDay(move.start)).toBeLessThanOrEqual(visit.movesWithin![1]);
    }
  });
});
