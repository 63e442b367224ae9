import { describe, expect, it } from 'vitest';
import { bestDayOrder } from './day-order';
import { seededRandom } from '@/shared/seeded-random';
import { planProblem, planRoutes, type RoutingJob, type RoutingPlan, type RoutingProblem, type RoutingVehicle } from './vrptw';

/** Points on a line: minutes are the distance between them. */
function line(...points: number[]): number[][] {
  return points.map((a) => points.map((b) => Math.abs(a - b)));
}

const DAY: [number, number] = [0, 600];

function job(location: number, window: [number, number] = DAY, more: Partial<RoutingJob> = {}): RoutingJob {
  return { location, service: 10, window, ...more };
}

function vehicle(more: Partial<RoutingVehicle> = {}): RoutingVehicle {
  return { start: 0, end: 0, shift: DAY, ...more };
}

function solve(problem: RoutingProblem, options: Parameters<typeof planRoutes>[1] = { iterations: 500 }): RoutingPlan {
  const plan = planRoutes(problem, options);
  expect(planProblem(problem, plan)).toBeNull();
  return plan;
}

/** A random small problem in a 60-minute square, windows from wide to tight, a few demands and restrictions. */
function randomProblem(random: () => number, jobCount: number, vehicleCount: number, miles = false): RoutingProblem {
  const points = Array.from({ length: jobCount + 1 }, () => [random() * 60, random() * 60] as const);
  const durations = points.map(([x1, y1]) => points.map(([x2, y2]) => Math.hypot(x1 - x2, y1 - y2)));
  const costs = miles ? durations.map((row) => row.map((minutes) => minutes * (0.5 + random()))) : undefined;
  const jobs = Array.from({ length: jobCount }, (_, j): RoutingJob => {
    const open = random() * 300;
    const width = random() < 0.4 ? 20 + random() * 40 : 100 + random() * 300;
    const only = random() < 0.2 ? [Math.floor(random() * vehicleCount)] : undefined;
    return { location: j + 1, service: 10 + Math.floor(random() * 30), window: [open, open + width], demand: 1 + Math.floor(random() * 3), vehicles: only };
  });
  // The shift's end is never the binding rule here, as exactBest orders each day without it.
  const vehicles = Array.from({ length: vehicleCount }, () => ({ start: 0, end: 0, shift: [0, 2000] as [number, number], capacity: 6 }));
  return { durations, costs, jobs, vehicles };
}

/** The exact best by trying every way to share the jobs out (or leave them), each vehicle's day ordered exactly. */
function exactBest(problem: RoutingProblem): { served: number; cost: number } {
  const { jobs, vehicles, durations, costs } = problem;
  const choices = vehicles.length + 1;
  let best = { served: -1, cost: Infinity };
  for (let code = 0; code < choices ** jobs.length; code++) {
    const shares = vehicles.map(() => [] as number[]);
    let served = 0;
    let rest = code;
    for (let j = 0; j < jobs.length; j++) {
      const pick = rest % choices;
      rest = Math.floor(rest / choices);
      if (pick === vehicles.length) continue;
      shares[pick]!.push(j);
      served++;
    }
    if (served < best.served) continue;
    let cost = 0;
    for (let v = 0; v < vehicles.length && cost < Infinity; v++) {
      const share = shares[v]!;
      if (!share.length) continue;
      const { start, end, shift, capacity = Infinity } = vehicles[v]!;
      const allowed = share.every((j) => !jobs[j]!.vehicles || jobs[j]!.vehicles!.includes(v));
      const load = share.reduce((sum, j) => sum + (jobs[j]!.demand ?? 0), 0);
      const day = allowed && load <= capacity ? bestDayOrder(durations, share.map((j) => jobs[j]!), { start, end, leave: shift[0] }, costs) : null;
      cost = day ? cost + day.cost : Infinity;
    }
    if (cost === Infinity) continue;
    if (served > best.served || cost < best.cost) best = { served, cost };
  }
  return best;
}

describe('planRoutes', () => {
  it('plans nothing for an empty problem, and leaves every job when there is no vehicle', () => {
    expect(solve({ durations: [], jobs: [], vehicles: [] })).toEqual({ routes: [], unassigned: [], cost: 0 });
    expect(solve({ durations: line(0), jobs: [], vehicles: [vehicle()] })).toEqual({ routes: [], unassigned: [], cost: 0 });
    const noVehicles = solve({ durations: line(0, 5, 9), jobs: [job(1), job(2)], vehicles: [] });
    expect(noVehicles).toEqual({ routes: [], unassigned: [0, 1], cost: 0 });
  });

  it('serves a single job, leaving as late as its window allows', () => {
    const plan = solve({ durations: line(0, 20), jobs: [job(1, [100, 200])], vehicles: [vehicle()] });
    expect(plan).toEqual({ routes: [{ vehicle: 0, jobs: [0], starts: [100], cost: 40, duration: 50 }], unassigned: [], cost: 40 });
  });

  it('leaves unassigned the jobs no vehicle can serve: window missed, too heavy, not back in time, wrong vehicle', () => {
    const problem: RoutingProblem = {
      durations: line(0, 50, 10),
      jobs: [
        job(1, [0, 40]),
        job(2, DAY, { demand: 9 }),
        job(1, [0, 600], { service: 530 }),
        job(2, DAY, { vehicles: [3] }),
        job(2, [200, 100]),
        job(2),
      ],
      vehicles: [vehicle({ capacity: 5 }), vehicle({ capacity: 5 })],
    };
    const plan = solve(problem);
    expect(plan.unassigned).toEqual([0, 1, 2, 3, 4]);
    expect(plan.routes.map((route) => route.jobs)).toEqual([[5]]);
  });

  it('keeps each job to its allowed vehicles and each vehicle to its capacity', () => {
    const problem: RoutingProblem = {
      durations: line(0, 10, 11, 12, 13),
      jobs: [job(1, DAY, { demand: 3 }), job(2, DAY, { demand: 3 }), job(3, DAY, { demand: 3, vehicles: [1] }), job(4, DAY, { demand: 3, vehicles: [1] })],
      vehicles: [vehicle({ capacity: 6 }), vehicle({ capacity: 6 })],
    };
    const plan = solve(problem);
    expect(plan.unassigned).toEqual([]);
    expect(plan.routes.find((route) => route.vehicle === 1)?.jobs.sort()).toEqual([2, 3]);
  });

  it('serves more jobs before it saves cost', () => {
    // One vehicle, two far jobs at the same time: it serves one; a second vehicle serves both at a far greater cost.
    const durations = line(0, 100, -100);
    const jobs = [job(1, [100, 110]), job(2, [100, 110])];
    expect(solve({ durations, jobs, vehicles: [vehicle()] }).unassigned).toHaveLength(1);
    const both = solve({ durations, jobs, vehicles: [vehicle(), vehicle()] });
    expect(both.unassigned).toEqual([]);
    expect(both.cost).toBe(400);
  });

  it('minimises the costs given, not the minutes', () => {
    // Both ways round take the same minutes; one of them is dear in miles.
    const durations = [
      [0, 10, 30],
      [10, 0, 10],
      [30, 10, 0],
    ];
    const costs = [
      [0, 50, 1],
      [1, 0, 1],
      [1, 1, 0],
    ];
    const problem: RoutingProblem = { durations, costs, jobs: [job(1), job(2)], vehicles: [vehicle()] };
    const plan = solve(problem);
    expect(plan.routes[0]!.jobs).toEqual([1, 0]);
    expect(plan.cost).toBe(3);
  });

  it('starts from the sequences it is given and puts back what breaks a rule', () => {
    const problem: RoutingProblem = { durations: line(0, 10, 20, 30), jobs: [job(1), job(2), job(3, [0, 15])], vehicles: [vehicle(), vehicle()] };
    const plan = solve(problem, { iterations: 0, initial: [[0, 1], [2, 2, 7]] });
    expect(plan.routes.map((route) => route.jobs)).toEqual([[0, 1]]);
    // Job 2 cannot be reached by minute 15 from anywhere, so it stays out however it is offered.
    expect(plan.unassigned).toEqual([2]);
  });

  it('gives the same plan for the same seed and step count', () => {
    const problem = randomProblem(seededRandom(5), 40, 6);
    const first = planRoutes(problem, { iterations: 800, seed: 9 });
    expect(planRoutes(problem, { iterations: 800, seed: 9 })).toEqual(first);
    expect(planProblem(problem, first)).toBeNull();
  });

  it('stops at its time limit', () => {
    const problem = randomProblem(seededRandom(6), 60, 8);
    const started = performance.now();
    solve(problem, { timeLimitMs: 300 });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('finds the exact best plan of small random problems', () => {
    const random = seededRandom(31);
    for (let round = 0; round < 30; round++) {
      const problem = randomProblem(random, 5 + (round % 3), 2, round % 2 === 1);
      const exact = exactBest(problem);
      const plan = solve(problem, { iterations: 1500, seed: round });
      expect(problem.jobs.length - plan.unassigned.length, `round ${round}`).toBe(exact.served);
      expect(plan.cost, `round ${round}`).toBeCloseTo(exact.cost, 6);
    }
  });
});

describe('planProblem', () => {
  const problem: RoutingProblem = {
    durations: line(0, 10, 20),
    jobs: [job(1, [0, 100], { demand: 2 }), job(2, [0, 100], { demand: 2 })],
    vehicles: [vehicle({ capacity: 3 }), vehicle({ capacity: 3 })],
  };
  const good: RoutingPlan = {
    routes: [
      { vehicle: 0, jobs: [0], starts: [10], cost: 20, duration: 30 },
      { vehicle: 1, jobs: [1], starts: [20], cost: 40, duration: 50 },
    ],
    unassigned: [],
    cost: 60,
  };
  const broken = (change: (plan: RoutingPlan) => void) => {
    const plan = structuredClone(good);
    change(plan);
    return planProblem(problem, plan);
  };

  it('passes a plan that keeps every rule', () => {
    expect(planProblem(problem, good)).toBeNull();
  });

  it('names the first broken rule', () => {
    expect(broken((plan) => (plan.routes[0]!.starts[0] = 5))).toMatch(/before vehicle 0 can arrive/);
    expect(broken((plan) => (plan.routes[0]!.starts[0] = 101))).toMatch(/after its window closes/);
    expect(broken((plan) => (plan.routes[1]!.jobs = [1, 0]))).toMatch(/start times/);
    expect(broken((plan) => plan.routes.pop())).toMatch(/Job 1 is neither planned nor unassigned/);
    expect(broken((plan) => plan.unassigned.push(0))).toMatch(/both planned/);
    expect(broken((plan) => (plan.routes[1]!.vehicle = 0))).toMatch(/more than one route/);
    expect(broken((plan) => (plan.cost = 61))).toMatch(/plan's cost/);
    expect(broken((plan) => (plan.routes[0]!.cost = 21))).toMatch(/Vehicle 0's cost/);
    expect(
      broken((plan) => {
        plan.routes = [{ vehicle: 0, jobs: [0, 1], starts: [10, 30], cost: 40, duration: 50 }];
      }),
    ).toMatch(/over its capacity/);
    expect(
      planProblem({ ...problem, vehicles: [vehicle({ shift: [0, 40] }), vehicle()] }, good),
    ).toBeNull();
    expect(planProblem({ ...problem, vehicles: [vehicle(), vehicle({ shift: [0, 40] })] }, good)).toMatch(/after its shift ends/);
  });
});
