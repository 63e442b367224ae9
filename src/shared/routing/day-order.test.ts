import { describe, expect, it } from 'vitest';
import { bestDayOrder, type DayStop } from './day-order';
import { randomDay } from './random-day';
import { seededRandom } from '@/shared/seeded-random';

type Matrix = number[][];

/** Every order of the stops, cut only where a window is already missed: the cost of the cheapest that keeps all. */
function bruteForce(durations: Matrix, costs: Matrix, stops: DayStop[], from: { start: number; end: number; leave: number }): number | null {
  let best = Infinity;
  const used = new Array<boolean>(stops.length).fill(false);
  const visit = (at: number, time: number, cost: number, made: number) => {
    if (made === stops.length) {
      best = Math.min(best, cost + costs[at]![from.end]!);
      return;
    }
    stops.forEach((stop, index) => {
      if (used[index]) return;
      const start = Math.max(time + durations[at]![stop.location]!, stop.window[0]);
      if (start > stop.window[1]) return;
      used[index] = true;
      visit(stop.location, start + stop.service, cost + costs[at]![stop.location]!, made + 1);
      used[index] = false;
    });
  };
  visit(from.start, from.leave, 0, 0);
  return best === Infinity ? null : best;
}

/** Walks an order from scratch: the cost it drives and whether every stop starts inside its window, as reported. */
function walk(durations: Matrix, costs: Matrix, stops: DayStop[], from: { start: number; end: number; leave: number }, order: number[], starts: number[]) {
  let at = from.start;
  let time = from.leave;
  let cost = 0;
  let keeps = order.length === stops.length && new Set(order).size === stops.length;
  order.forEach((index, position) => {
    const stop = stops[index]!;
    const start = Math.max(time + durations[at]![stop.location]!, stop.window[0]);
    keeps &&= start <= stop.window[1] && Math.abs(start - starts[position]!) < 1e-9;
    cost += costs[at]![stop.location]!;
    time = start + stop.service;
    at = stop.location;
  });
  return { cost: cost + costs[at]![from.end]!, keeps };
}

describe('bestDayOrder', () => {
  it('matches every order tried by brute force on 240 random days of 1 to 9 stops', () => {
    const random = seededRandom(2024);
    let feasible = 0;
    for (let day = 0; day < 240; day++) {
      const { durations, costs, stops, from } = randomDay(random, 1 + (day % 9));
      const expected = bruteForce(durations, costs, stops, from);
      const found = bestDayOrder(durations, stops, from, costs);
      if (expected === null) {
        expect(found, `day ${day}`).toBeNull();
        continue;
      }
      feasible++;
      expect(found, `day ${day}`).not.toBeNull();
      expect(found!.cost).toBeCloseTo(expected, 9);
      const walked = walk(durations, costs, stops, from, found!.order, found!.starts);
      expect(walked.keeps, `day ${day}`).toBe(true);
      expect(walked.cost).toBeCloseTo(found!.cost, 9);
    }
    // Both kinds of day were met.
    expect(feasible).toBeGreaterThan(40);
    expect(feasible).toBeLessThan(230);
  });

  it('drives straight from start to end on a day without stops', () => {
    const durations = [
      [0, 7],
      [7, 0],
    ];
    expect(bestDayOrder(durations, [], { start: 0, end: 1, leave: 0 })).toEqual({ order: [], starts: [], cost: 7 });
  });

  it('waits for a window to open and says null when a window cannot be kept', () => {
    const durations = [
      [0, 10],
      [10, 0],
    ];
    const stop: DayStop = { location: 1, service: 30, window: [60, 90] };
    expect(bestDayOrder(durations, [stop], { start: 0, end: 0, leave: 0 })).toEqual({ order: [0], starts: [60], cost: 20 });
    expect(bestDayOrder(durations, [stop], { start: 0, end: 0, leave: 85 })).toBeNull();
  });

  it('orders a day of 12 stops with wide windows (timed in npm run bench)', () => {
    const { durations, stops, from } = randomDay(seededRandom(12), 12, { wide: true });
    const found = bestDayOrder(durations, stops, from);
    expect(found?.order).toHaveLength(12);
    expect(new Set(found!.order).size).toBe(12);
  });

  it('refuses more stops than it can order exactly', () => {
    const random = seededRandom(13);
    const { durations, stops, from } = randomDay(random, 13);
    expect(() => bestDayOrder(durations, stops, from)).toThrow(RangeError);
  });
});
