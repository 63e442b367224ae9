// The planning engine: routes for a fleet (carers or vans) through visits with time windows (the VRPTW).
//
// Method: SISR, "Slack Induction by String Removals" (J. Christiaens and G. Vanden Berghe, Transportation Science
// 54(2):417–433, 2020): each step removes a few strings of neighbouring visits from nearby routes, puts them back one by
// one where they cost least (skipping a few places at random, the "blinks"), and keeps the result by simulated
// annealing. Time windows are checked in O(1) per place: each route keeps, per stop, the earliest time it can be left and
// the latest time its service may start without making a later stop late. Plain TypeScript, no dependencies, so the
// server and the browser both run it.

import { seededRandom } from '@/shared/seeded-random';

export interface RoutingJob {
  location: number;
  /** minutes (or Solomon's units) spent there */
  service: number;
  /** earliest and latest START of service */
  window: [number, number];
  demand?: number;
  /** indices of vehicles allowed to serve it; undefined = any */
  vehicles?: readonly number[];
}

export interface RoutingVehicle {
  start: number;
  end: number;
  /** earliest leave start, latest arrive back at end */
  shift: [number, number];
  capacity?: number;
}

export interface RoutingProblem {
  /** travel time between locations, [from][to] */
  durations: readonly (readonly number[])[];
  /** what the plan minimises, e.g. miles; defaults to durations */
  costs?: readonly (readonly number[])[];
  jobs: readonly RoutingJob[];
  vehicles: readonly RoutingVehicle[];
}

export interface PlannedRoute {
  vehicle: number;
  jobs: number[];
  /** start-of-service time of each job, same order */
  starts: number[];
  /** the cost of driving start → jobs → end */
  cost: number;
  /** from leaving the start to arriving back at the end */
  duration: number;
}

export interface RoutingPlan {
  /** one per vehicle that has jobs, in vehicle order */
  routes: PlannedRoute[];
  /** jobs no vehicle can serve within the windows (alone, or with the fleet busy with the others) */
  unassigned: number[];
  /** the routes' costs added up (the unassigned jobs add nothing here) */
  cost: number;
}

export interface RoutingOptions {
  timeLimitMs?: number;
  iterations?: number;
  seed?: number;
  /** per-vehicle job sequences to start from; jobs that break a rule there are placed again */
  initial?: number[][];
}

/** SISR's parameters as the paper sets them. */
const AVERAGE_REMOVED = 10;
const LONGEST_STRING = 10;
const SPLIT_RATE = 0.5;
const SPLIT_DEPTH = 0.01;
const BLINK_RATE = 0.01;
/**
 * Annealing temperatures as multiples of the first plan's average leg cost, so that minutes, miles and Solomon's units
 * all anneal alike (the paper's fixed 100 and 1 suit Solomon's units and longer runs; these did best in 10-second runs).
 */
const HOT = 3;
const COLD = 0.05;
/** Steps when neither a time limit nor a count is given. */
const DEFAULT_ITERATIONS = 10_000;
/** Ruin looks no further than this many nearest jobs from its seed. */
const NEIGHBOURS = 100;

/** Start-of-service times come out of sums of floating-point legs; a check forgives this much. */
const TOLERANCE = 1e-6;

const now = () => globalThis.performance.now();

/** One vehicle's route with what the O(1) insertion test needs; node 0 is the start, node k+1 the end. */
interface Route {
  vehicle: number;
  jobs: number[];
  location: Int32Array;
  /** earliest time each node can be left (after service) */
  leave: Float64Array;
  /** latest start of service at each node that keeps every later window; the end's is the shift's end */
  latest: Float64Array;
  load: number;
  cost: number;
}

class RouteSearch {
  readonly jobCount: number;
  readonly vehicleCount: number;
  readonly size: number;
  readonly travel: Float64Array;
  readonly price: Float64Array;
  readonly jobLocation: Int32Array;
  readonly opens: Float64Array;
  readonly closes: Float64Array;
  readonly service: Float64Array;
  readonly demand: Float64Array;
  readonly depotDistance: Float64Array;
  readonly vehicleStart: Int32Array;
  readonly vehicleEnd: Int32Array;
  readonly shiftStart: Float64Array;
  readonly shiftEnd: Float64Array;
  readonly capacity: Float64Array;
  /** vehicles alike in everything but their index share a kind: one empty vehicle of a kind is enough to try */
  readonly vehicleKind: Int32Array;
  /** allowed[job * vehicles + vehicle]: the vehicle may serve the job and could serve it alone */
  readonly allowed: Uint8Array;
  readonly neighbours: Int32Array[];
  readonly servable: number[];
  readonly unservable: number[];
  /** what leaving a job out costs: more than any set of routes */
  readonly penalty: number;
  readonly random: () => number;

  routes: Route[] = [];
  routeOf: Int32Array;
  absent: number[] = [];
  // Undo of one step: the job lists of the routes it changed, and the jobs left out before it.
  private saved: (number[] | null)[] = [];
  private touched: number[] = [];
  private savedAbsent: number[] = [];
  private kindStamp: Int32Array;
  private stamp = 0;
  private ruinedStamp: Int32Array;

  constructor(problem: RoutingProblem, seed: number) {
    const { jobs, vehicles, durations } = problem;
    const costs = problem.costs ?? durations;
    this.jobCount = jobs.length;
    this.vehicleCount = vehicles.length;
    this.random = seededRandom(seed);
    const size = durations.length;
    this.size = size;
    const checkLocation = (location: number, what: string) => {
      if (!Number.isInteger(location) || location < 0 || location >= size) {
        throw new Error(`${what} is at location ${location}, which the matrix does not have`);
      }
    };
    jobs.forEach((job, j) => checkLocation(job.location, `Job ${j}`));
    vehicles.forEach((vehicle, v) => {
      checkLocation(vehicle.start, `Vehicle ${v} starts`);
      checkLocation(vehicle.end, `Vehicle ${v} ends`);
    });
    this.travel = flatten(durations, size, 'durations');
    this.price = costs === durations ? this.travel : flatten(costs, size, 'costs');

    const n = this.jobCount;
    const m = this.vehicleCount;
    this.jobLocation = Int32Array.from(jobs, (job) => job.location);
    this.opens = Float64Array.from(jobs, (job) => job.window[0]);
    this.closes = Float64Array.from(jobs, (job) => job.window[1]);
    this.service = Float64Array.from(jobs, (job) => job.service);
    this.demand = Float64Array.from(jobs, (job) => job.demand ?? 0);
    this.vehicleStart = Int32Array.from(vehicles, (vehicle) => vehicle.start);
    this.vehicleEnd = Int32Array.from(vehicles, (vehicle) => vehicle.end);
    this.shiftStart = Float64Array.from(vehicles, (vehicle) => vehicle.shift[0]);
    this.shiftEnd = Float64Array.from(vehicles, (vehicle) => vehicle.shift[1]);
    this.capacity = Float64Array.from(vehicles, (vehicle) => vehicle.capacity ?? Infinity);
    const kinds = new Map<string, number>();
    this.vehicleKind = Int32Array.from(vehicles, (vehicle) => {
      const key = [vehicle.start, vehicle.end, vehicle.shift[0], vehicle.shift[1], vehicle.capacity ?? Infinity].join(' ');
      if (!kinds.has(key)) kinds.set(key, kinds.size);
      return kinds.get(key)!;
    });
    this.kindStamp = new Int32Array(kinds.size).fill(-1);
    this.ruinedStamp = new Int32Array(m).fill(-1);

    this.allowed = new Uint8Array(n * m);
    this.servable = [];
    this.unservable = [];
    for (let j = 0; j < n; j++) {
      const only = jobs[j]!.vehicles;
      let any = false;
      for (let v = 0; v < m; v++) {
        if (only && !only.includes(v)) continue;
        if (this.fitsAlone(j, v)) {
          this.allowed[j * m + v] = 1;
          any = true;
        }
      }
      (any ? this.servable : this.unservable).push(j);
    }

    this.depotDistance = new Float64Array(n);
    const starts = [...new Set(vehicles.map((vehicle) => vehicle.start))];
    for (let j = 0; j < n; j++) {
      const fromStarts = starts.map((start) => this.price[start * size + this.jobLocation[j]!]!);
      this.depotDistance[j] = fromStarts.length ? Math.min(...fromStarts) : 0;
    }

    // Nearest servable jobs first (the job itself leads its own list, as the seed of a ruin).
    const count = Math.min(this.servable.length, NEIGHBOURS + 1);
    this.neighbours = new Array<Int32Array>(n);
    for (const j of this.servable) {
      const from = this.jobLocation[j]! * size;
      const order = this.servable.filter((other) => other !== j);
      const distance = (other: number) => this.price[from + this.jobLocation[other]!]!;
      order.sort((a, b) => distance(a) - distance(b) || a - b);
      this.neighbours[j] = Int32Array.from([j, ...order.slice(0, count - 1)]);
    }

    let largest = 0;
    for (let i = 0; i < this.price.length; i++) largest = Math.max(largest, Math.abs(this.price[i]!));
    this.penalty = (n + m + 1) * (largest + 1);

    this.routeOf = new Int32Array(n).fill(-1);
    for (let v = 0; v < m; v++) {
      const route: Route = { vehicle: v, jobs: [], location: new Int32Array(4), leave: new Float64Array(4), latest: new Float64Array(4), load: 0, cost: 0 };
      this.routes.push(route);
      this.update(route);
    }
    this.saved = new Array<number[] | null>(m).fill(null);
  }

  /** Whether vehicle v could serve job j and nothing else within its shift and capacity. */
  private fitsAlone(j: number, v: number): boolean {
    if (this.demand[j]! > this.capacity[v]!) return false;
    const location = this.jobLocation[j]!;
    const arrive = this.shiftStart[v]! + this.travel[this.vehicleStart[v]! * this.size + location]!;
    const start = Math.max(arrive, this.opens[j]!);
    if (start > this.closes[j]! || this.opens[j]! > this.closes[j]!) return false;
    return start + this.service[j]! + this.travel[location * this.size + this.vehicleEnd[v]!]! <= this.shiftEnd[v]!;
  }

  /** Recomputes a route's schedule, load and cost after its job list changed: O(its length). */
  update(route: Route): void {
    const { jobs } = route;
    const k = jobs.length;
    if (route.location.length < k + 2) {
      const length = Math.max(k + 2, route.location.length * 2);
      route.location = new Int32Array(length);
      route.leave = new Float64Array(length);
      route.latest = new Float64Array(length);
    }
    const { location, leave, latest } = route;
    const { size, travel, price } = this;
    const v = route.vehicle;
    location[0] = this.vehicleStart[v]!;
    leave[0] = this.shiftStart[v]!;
    let cost = 0;
    let load = 0;
    for (let i = 1; i <= k; i++) {
      const j = jobs[i - 1]!;
      const here = this.jobLocation[j]!;
      const edge = location[i - 1]! * size + here;
      location[i] = here;
      const arrive = leave[i - 1]! + travel[edge]!;
      const open = this.opens[j]!;
      leave[i] = (arrive < open ? open : arrive) + this.service[j]!;
      cost += price[edge]!;
      load += this.demand[j]!;
    }
    location[k + 1] = this.vehicleEnd[v]!;
    if (k > 0) cost += price[location[k]! * size + location[k + 1]!]!;
    latest[k + 1] = this.shiftEnd[v]!;
    for (let i = k; i >= 1; i--) {
      const j = jobs[i - 1]!;
      const bound = latest[i + 1]! - travel[location[i]! * size + location[i + 1]!]! - this.service[j]!;
      const close = this.closes[j]!;
      latest[i] = bound < close ? bound : close;
    }
    route.cost = cost;
    route.load = load;
  }

  /** Summed afresh each time: a running total would drift over millions of steps. */
  routeCosts(): number {
    let sum = 0;
    for (const route of this.routes) sum += route.cost;
    return sum;
  }

  totalCost(): number {
    return this.routeCosts() + this.penalty * this.absent.length;
  }

  private touch(r: number): void {
    if (this.saved[r]) return;
    this.saved[r] = this.routes[r]!.jobs.slice();
    this.touched.push(r);
  }

  beginStep(): void {
    for (const r of this.touched) this.saved[r] = null;
    this.touched.length = 0;
    this.savedAbsent = this.absent.slice();
  }

  undoStep(): void {
    for (const r of this.touched) {
      const route = this.routes[r]!;
      for (const j of route.jobs) this.routeOf[j] = -1;
    }
    for (const j of this.absent) this.routeOf[j] = -1;
    for (const r of this.touched) {
      const route = this.routes[r]!;
      route.jobs = this.saved[r]!;
      this.saved[r] = null;
      for (const j of route.jobs) this.routeOf[j] = r;
      this.update(route);
    }
    this.touched.length = 0;
    this.absent = this.savedAbsent;
    for (const j of this.absent) this.routeOf[j] = -1;
  }

  /** Places the initial sequences' jobs where they keep every rule; the rest wait for the first recreate. */
  start(initial: number[][] | undefined): void {
    const placed = new Uint8Array(this.jobCount);
    const servable = new Uint8Array(this.jobCount);
    for (const j of this.servable) servable[j] = 1;
    initial?.forEach((sequence, v) => {
      const route = this.routes[v];
      if (!route) return;
      for (const j of sequence) {
        if (!Number.isInteger(j) || j < 0 || j >= this.jobCount || !servable[j] || placed[j]) continue;
        if (!this.allowed[j * this.vehicleCount + v] || route.load + this.demand[j]! > this.capacity[v]!) continue;
        const k = route.jobs.length;
        if (this.insertionCost(route, j, k) === Infinity) continue;
        route.jobs.push(j);
        this.update(route);
        this.routeOf[j] = v;
        placed[j] = 1;
      }
    });
    const rest = this.servable.filter((j) => !placed[j]);
    this.shuffle(rest);
    this.recreate(rest, 0);
  }

  /** The added cost of putting job j between node i and node i+1 of a route, or Infinity where a window breaks. */
  private insertionCost(route: Route, j: number, i: number): number {
    const { size } = this;
    const here = this.jobLocation[j]!;
    const before = route.location[i]!;
    const after = route.location[i + 1]!;
    const arrive = route.leave[i]! + this.travel[before * size + here]!;
    const start = arrive < this.opens[j]! ? this.opens[j]! : arrive;
    if (start > this.closes[j]!) return Infinity;
    if (start + this.service[j]! + this.travel[here * size + after]! > route.latest[i + 1]!) return Infinity;
    const added = this.price[before * size + here]! + this.price[here * size + after]!;
    return route.jobs.length ? added - this.price[before * size + after]! : added;
  }

  private shuffle(items: number[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const k = Math.floor(this.random() * (i + 1));
      [items[i], items[k]] = [items[k]!, items[i]!];
    }
  }

  /** SISR's ruin: strings of neighbouring jobs out of routes near a random seed job. */
  ruin(): number[] {
    const removed: number[] = [];
    let used = 0;
    let assigned = 0;
    for (const route of this.routes) {
      if (route.jobs.length) {
        used++;
        assigned += route.jobs.length;
      }
    }
    if (!assigned) return removed;
    const longest = Math.min(LONGEST_STRING, assigned / used);
    const mostStrings = (4 * AVERAGE_REMOVED) / (1 + longest) - 1;
    const strings = Math.floor(1 + this.random() * mostStrings);
    const seed = this.servable[Math.floor(this.random() * this.servable.length)]!;
    const neighbours = this.neighbours[seed]!;
    const stamp = ++this.stamp;
    let ruined = 0;
    for (let index = 0; index < neighbours.length && ruined < strings; index++) {
      const j = neighbours[index]!;
      const r = this.routeOf[j]!;
      if (r < 0 || this.ruinedStamp[r] === stamp) continue;
      this.ruinedStamp[r] = stamp;
      ruined++;
      const route = this.routes[r]!;
      const length = route.jobs.length;
      const cardinality = Math.min(length, Math.floor(1 + this.random() * Math.min(length, longest)));
      const position = route.jobs.indexOf(j);
      this.touch(r);
      if (cardinality === length || this.random() < SPLIT_RATE) this.removeString(route, position, cardinality, removed);
      else this.removeSplitString(route, position, cardinality, removed);
    }
    return removed;
  }

  /** Takes out `count` consecutive jobs that include the one at `position`. */
  private removeString(route: Route, position: number, count: number, removed: number[]): void {
    const first = Math.max(0, position - count + 1);
    const last = Math.min(position, route.jobs.length - count);
    const from = first + Math.floor(this.random() * (last - first + 1));
    for (const j of route.jobs.splice(from, count)) {
      this.routeOf[j] = -1;
      removed.push(j);
    }
    this.update(route);
  }

  /** Takes out `count` jobs of a longer string around `position`, keeping a run of jobs in its middle. */
  private removeSplitString(route: Route, position: number, count: number, removed: number[]): void {
    const length = route.jobs.length;
    let kept = 1;
    while (count + kept < length && this.random() > SPLIT_DEPTH) kept++;
    const span = count + kept;
    const first = Math.max(0, position - span + 1);
    const last = Math.min(position, length - span);
    const from = first + Math.floor(this.random() * (last - first + 1));
    const keepFrom = from + Math.floor(this.random() * (count + 1));
    const keep: number[] = [];
    for (let i = from; i < from + span; i++) {
      const j = route.jobs[i]!;
      if (i >= keepFrom && i < keepFrom + kept) keep.push(j);
      else {
        this.routeOf[j] = -1;
        removed.push(j);
      }
    }
    route.jobs.splice(from, span, ...keep);
    this.update(route);
  }

  /** SISR's recreate: each job, in one of four orders, where it costs least, skipping a place now and then. */
  recreate(jobs: number[], blinkRate: number): void {
    this.sortForRecreate(jobs);
    const m = this.vehicleCount;
    const { size, travel, price } = this;
    for (const j of jobs) {
      const here = this.jobLocation[j]!;
      const open = this.opens[j]!;
      const close = this.closes[j]!;
      const service = this.service[j]!;
      const demand = this.demand[j]!;
      let bestCost = Infinity;
      let bestRoute = -1;
      let bestPlace = -1;
      const kindStamp = ++this.stamp;
      for (let r = 0; r < m; r++) {
        if (!this.allowed[j * m + r]) continue;
        const route = this.routes[r]!;
        const k = route.jobs.length;
        if (k === 0) {
          const kind = this.vehicleKind[r]!;
          if (this.kindStamp[kind] === kindStamp) continue;
          this.kindStamp[kind] = kindStamp;
        }
        if (route.load + demand > this.capacity[r]!) continue;
        const { location, leave, latest } = route;
        for (let i = 0; i <= k; i++) {
          const leaveBefore = leave[i]!;
          // Each later node is left no earlier, so none of them can reach the job in time either.
          if (leaveBefore > close) break;
          if (blinkRate && this.random() < blinkRate) continue;
          const before = location[i]!;
          const after = location[i + 1]!;
          let added = price[before * size + here]! + price[here * size + after]!;
          if (k) added -= price[before * size + after]!;
          if (added >= bestCost) continue;
          const arrive = leaveBefore + travel[before * size + here]!;
          const begin = arrive < open ? open : arrive;
          if (begin > close) continue;
          if (begin + service + travel[here * size + after]! > latest[i + 1]!) continue;
          bestCost = added;
          bestRoute = r;
          bestPlace = i;
        }
      }
      if (bestRoute < 0) {
        this.absent.push(j);
        continue;
      }
      this.touch(bestRoute);
      const route = this.routes[bestRoute]!;
      route.jobs.splice(bestPlace, 0, j);
      this.routeOf[j] = bestRoute;
      this.update(route);
    }
  }

  private sortForRecreate(jobs: number[]): void {
    const pick = this.random() * 11;
    if (pick < 4) this.shuffle(jobs);
    else if (pick < 8) jobs.sort((a, b) => this.demand[b]! - this.demand[a]!);
    else if (pick < 10) jobs.sort((a, b) => this.depotDistance[b]! - this.depotDistance[a]!);
    else jobs.sort((a, b) => this.depotDistance[a]! - this.depotDistance[b]!);
  }

  /** The routes' job lists, to keep the best plan found. */
  snapshot(): number[][] {
    return this.routes.map((route) => route.jobs.slice());
  }

  restore(snapshot: number[][]): void {
    this.routeOf.fill(-1);
    const placed = new Uint8Array(this.jobCount);
    snapshot.forEach((jobs, r) => {
      const route = this.routes[r]!;
      route.jobs = jobs.slice();
      for (const j of route.jobs) {
        this.routeOf[j] = r;
        placed[j] = 1;
      }
      this.update(route);
    });
    this.absent = this.servable.filter((j) => !placed[j]);
    for (const r of this.touched) this.saved[r] = null;
    this.touched.length = 0;
  }

  /** Ruin and recreate with simulated annealing until the step count or the clock runs out; ends on the best plan. */
  improve(iterations: number, timeLimitMs: number, started: number): void {
    if (!this.servable.length) return;
    let current = this.totalCost();
    let best = current;
    let bestPlan = this.snapshot();
    const served = this.servable.length - this.absent.length;
    const used = this.routes.filter((route) => route.jobs.length).length;
    const leg = served ? this.routeCosts() / (served + used) : 1;
    const hot = HOT * (leg > 0 ? leg : 1);
    const cold = COLD * (leg > 0 ? leg : 1);
    for (let step = 0; step < iterations; step++) {
      const elapsed = now() - started;
      if (elapsed >= timeLimitMs) break;
      const progress = Math.max(step / iterations, elapsed / timeLimitMs);
      const temperature = hot * Math.pow(cold / hot, progress);
      this.beginStep();
      const removed = this.ruin();
      for (const j of this.absent) removed.push(j);
      this.absent = [];
      this.recreate(removed, BLINK_RATE);
      const cost = this.totalCost();
      if (cost < current - temperature * Math.log(1 - this.random())) {
        current = cost;
        if (cost < best) {
          best = cost;
          bestPlan = this.snapshot();
        }
      } else this.undoStep();
    }
    this.beginStep();
    this.restore(bestPlan);
    // A last try, without blinks, for any job still left out.
    if (this.absent.length) {
      const left = this.absent;
      this.absent = [];
      this.recreate(left, 0);
    }
  }

  /** The plan as the app reads it: each route leaves as late as keeps its windows and its return time. */
  plan(): RoutingPlan {
    const routes: PlannedRoute[] = [];
    for (const route of this.routes) {
      if (route.jobs.length) routes.push(this.schedule(route));
    }
    const unassigned = [...this.unservable, ...this.absent].sort((a, b) => a - b);
    return { routes, unassigned, cost: routes.reduce((sum, route) => sum + route.cost, 0) };
  }

  private schedule(route: Route): PlannedRoute {
    const { jobs, location } = route;
    const { size, travel } = this;
    const k = jobs.length;
    const v = route.vehicle;
    // Back at the end as early as leaving at the shift's start allows; leave later by the waiting that saves.
    const back = route.leave[k]! + travel[location[k]! * size + location[k + 1]!]!;
    let driveAndWork = 0;
    for (let i = 1; i <= k + 1; i++) driveAndWork += travel[location[i - 1]! * size + location[i]!]!;
    for (const j of jobs) driveAndWork += this.service[j]!;
    const latestLeave = route.latest[1]! - travel[location[0]! * size + location[1]!]!;
    const leave = Math.max(this.shiftStart[v]!, Math.min(back - driveAndWork, latestLeave));
    const starts: number[] = [];
    let time = leave;
    for (let i = 1; i <= k; i++) {
      const j = jobs[i - 1]!;
      const arrive = time + travel[location[i - 1]! * size + location[i]!]!;
      const start = Math.max(arrive, this.opens[j]!);
      starts.push(start);
      time = start + this.service[j]!;
    }
    const end = time + travel[location[k]! * size + location[k + 1]!]!;
    return { vehicle: v, jobs: jobs.slice(), starts, cost: route.cost, duration: end - leave };
  }
}

function flatten(matrix: readonly (readonly number[])[], size: number, name: string): Float64Array {
  const flat = new Float64Array(size * size);
  if (matrix.length !== size) throw new Error(`The ${name} matrix has ${matrix.length} rows, not ${size}`);
  for (let from = 0; from < size; from++) {
    const row = matrix[from]!;
    if (row.length < size) throw new Error(`Row ${from} of the ${name} matrix has ${row.length} entries, not ${size}`);
    for (let to = 0; to < size; to++) {
      const value = row[to]!;
      if (!Number.isFinite(value)) throw new Error(`The ${name} matrix has ${value} from ${from} to ${to}`);
      flat[from * size + to] = value;
    }
  }
  return flat;
}

/**
 * Routes that serve as many jobs as the windows, shifts and capacities allow, at the least total cost found. The same
 * seed and iteration count give the same plan; a time limit stops where the clock says, so it may differ run to run.
 */
export function planRoutes(problem: RoutingProblem, options: RoutingOptions = {}): RoutingPlan {
  // The time limit counts from here, setting up included, as the caller waits for all of it.
  const started = now();
  const search = new RouteSearch(problem, options.seed ?? 1);
  search.start(options.initial);
  const limited = options.timeLimitMs !== undefined;
  const iterations = options.iterations ?? (limited ? Infinity : DEFAULT_ITERATIONS);
  search.improve(iterations, options.timeLimitMs ?? Infinity, started);
  return search.plan();
}

/** Checks a plan against the problem from scratch: returns the first broken rule in words, or null. */
export function planProblem(problem: RoutingProblem, plan: RoutingPlan): string | null {
  const { jobs, vehicles, durations } = problem;
  const costs = problem.costs ?? durations;
  const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
  const slack = (value: number) => TOLERANCE * Math.max(1, Math.abs(value));
  const leg = (matrix: readonly (readonly number[])[], from: number, to: number) => matrix[from]?.[to] ?? NaN;
  const seen = new Map<number, string>();
  const vehiclesUsed = new Set<number>();
  let total = 0;
  for (const route of plan.routes) {
    const v = route.vehicle;
    const vehicle = vehicles[v];
    if (!Number.isInteger(v) || !vehicle) return `Route for vehicle ${v}: there is no such vehicle`;
    if (vehiclesUsed.has(v)) return `Vehicle ${v} has more than one route`;
    vehiclesUsed.add(v);
    if (route.starts.length !== route.jobs.length) return `Vehicle ${v}: ${route.jobs.length} jobs but ${route.starts.length} start times`;
    let place = vehicle.start;
    let free = vehicle.shift[0];
    let load = 0;
    let cost = 0;
    for (let i = 0; i < route.jobs.length; i++) {
      const j = route.jobs[i]!;
      const job = jobs[j];
      if (!Number.isInteger(j) || !job) return `Vehicle ${v} serves job ${j}, which does not exist`;
      if (seen.has(j)) return `Job ${j} is planned twice (${seen.get(j)} and vehicle ${v})`;
      seen.set(j, `vehicle ${v}`);
      if (job.vehicles && !job.vehicles.includes(v)) return `Job ${j} may not be served by vehicle ${v}`;
      const start = route.starts[i]!;
      const arrive = free + leg(durations, place, job.location);
      if (!(start >= arrive - slack(arrive))) return `Job ${j} starts at ${start}, before vehicle ${v} can arrive (${arrive})`;
      if (start < job.window[0] - slack(job.window[0])) return `Job ${j} starts at ${start}, before its window opens (${job.window[0]})`;
      if (start > job.window[1] + slack(job.window[1])) return `Job ${j} starts at ${start}, after its window closes (${job.window[1]})`;
      load += job.demand ?? 0;
      cost += leg(costs, place, job.location);
      place = job.location;
      free = start + job.service;
    }
    if (load > (vehicle.capacity ?? Infinity)) return `Vehicle ${v} carries ${load}, over its capacity of ${vehicle.capacity}`;
    const back = free + leg(durations, place, vehicle.end);
    if (route.jobs.length) {
      cost += leg(costs, place, vehicle.end);
      if (back > vehicle.shift[1] + slack(vehicle.shift[1])) return `Vehicle ${v} is back at ${back}, after its shift ends (${vehicle.shift[1]})`;
      const firstJob = jobs[route.jobs[0]!]!;
      const left = route.starts[0]! - leg(durations, vehicle.start, firstJob.location);
      if (!near(route.duration, back - left)) return `Vehicle ${v}'s duration is ${route.duration}, not ${back - left}`;
    }
    if (!near(route.cost, cost)) return `Vehicle ${v}'s cost is ${route.cost}, not ${cost}`;
    total += cost;
  }
  for (const j of plan.unassigned) {
    if (!Number.isInteger(j) || !jobs[j]) return `Job ${j} is listed as unassigned but does not exist`;
    if (seen.has(j)) return `Job ${j} is both planned (${seen.get(j)}) and unassigned`;
    seen.set(j, 'unassigned');
  }
  for (let j = 0; j < jobs.length; j++) {
    if (!seen.has(j)) return `Job ${j} is neither planned nor unassigned`;
  }
  if (!near(plan.cost, total)) return `The plan's cost is ${plan.cost}, not ${total}`;
  return null;
}
