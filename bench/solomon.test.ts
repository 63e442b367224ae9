import { describe, expect, it } from 'vitest';
import { planRoutes } from '@/shared/routing/vrptw';
import { bestKnownSolomon, checkSolomon, readSolomon, solomonNames, solomonProblem } from './solomon';

describe('the Solomon benchmark', () => {
  it('has the 56 instances, each with its best known', () => {
    const names = solomonNames();
    expect(names).toHaveLength(56);
    const best = bestKnownSolomon();
    expect(Object.keys(best).sort()).toEqual([...names].sort());
    for (const name of names) {
      const instance = readSolomon(name);
      expect(instance.name).toBe(name);
      expect(instance.customers).toHaveLength(101);
      expect(instance.vehicles).toBe(25);
    }
  });

  it('reads C101 as published', () => {
    const c101 = readSolomon('C101');
    expect(c101.capacity).toBe(200);
    expect(c101.customers[0]).toEqual({ x: 40, y: 50, demand: 0, ready: 0, due: 1236, service: 0 });
    expect(c101.customers[100]).toEqual({ x: 55, y: 85, demand: 20, ready: 647, due: 726, service: 90 });
  });

  it('finds the broken rules of a plan by its own arithmetic', () => {
    const c101 = readSolomon('C101');
    const everyone = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(checkSolomon(c101, [everyone]).broken).toMatch(/after its due time|over the capacity/);
    expect(checkSolomon(c101, everyone.slice(1).map((number) => [number])).broken).toMatch(/customer 1 is visited 0 times|more than the 25/);
  });

  it('solves C101 in 2 seconds to within 10 % of the best known, every rule kept', () => {
    const c101 = readSolomon('C101');
    const plan = planRoutes(solomonProblem(c101), { timeLimitMs: 2000, seed: 1 });
    expect(plan.unassigned).toEqual([]);
    const { broken, distance } = checkSolomon(
      c101,
      plan.routes.map((route) => route.jobs.map((job) => job + 1)),
    );
    expect(broken).toBeNull();
    expect(distance).toBeCloseTo(plan.cost, 6);
    expect(distance).toBeLessThanOrEqual(bestKnownSolomon().C101!.distance * 1.1);
  }, 20_000);
});
