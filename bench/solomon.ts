/**
 * The planning engine on Solomon's 56 VRPTW instances of 100 customers (bench/solomon/SOURCES.md says where they and
 * the best-known solutions come from). One instance after another, on one core.
 *
 *   npx tsx bench/solomon.ts [--seconds 10] [--only C101,R201] [--seed 1]
 *
 * The best-known figures minimise vehicles first and distance second; the engine minimises distance only (with up to
 * the instance's fleet of 25), so it may use more vehicles for less distance and show a negative gap.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planRoutes, type RoutingProblem } from '@/shared/routing/vrptw';
import { bestDayOrder, MOST_DAY_STOPS } from '@/shared/routing/day-order';
import { randomDay } from '@/shared/routing/random-day';
import { seededRandom } from '@/shared/seeded-random';

const FOLDER = fileURLToPath(new URL('./solomon/', import.meta.url));

export interface SolomonCustomer {
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  /** the depot first, then the customers 1–100 */
  customers: SolomonCustomer[];
}

export interface SolomonResult {
  name: string;
  distance: number;
  vehicles: number;
  bestKnownDistance: number;
  bestKnownVehicles: number;
  /** how far the distance is above the best known, in per cent (negative where it is below) */
  gap: number;
  seconds: number;
  /** the independent check's finding, or null when every rule holds */
  broken: string | null;
}

interface BestKnown {
  vehicles: number;
  distance: number;
}

/** Reads an instance in Solomon's text layout: a name, the fleet (number, capacity), then one line a customer. */
export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line)!;
  const fleetAt = lines.findIndex((line) => /^NUMBER\s+CAPACITY/i.test(line));
  const [vehicles, capacity] = lines[fleetAt + 1]!.split(/\s+/).map(Number);
  const customers = lines
    .slice(fleetAt + 2)
    .map((line) => line.split(/\s+/).map(Number))
    .filter((fields) => fields.length === 7 && fields.every(Number.isFinite))
    .map(([, x, y, demand, ready, due, service]) => ({ x: x!, y: y!, demand: demand!, ready: ready!, due: due!, service: service! }));
  if (!vehicles || !capacity || customers.length < 2) throw new Error(`${name}: not an instance in Solomon's layout`);
  return { name, vehicles, capacity, customers };
}

export function readSolomon(name: string): SolomonInstance {
  return parseSolomon(readFileSync(path.join(FOLDER, `${name}.txt`), 'utf8'));
}

export function solomonNames(): string[] {
  const order = (name: string) => name.replace(/^(C|RC|R)/, (kind) => ({ C: '0', R: '1', RC: '2' })[kind]!);
  return readdirSync(FOLDER)
    .filter((file) => /^(C|R|RC)\d{3}\.txt$/.test(file))
    .map((file) => file.replace('.txt', ''))
    .sort((a, b) => order(a).localeCompare(order(b)));
}

export function bestKnownSolomon(): Record<string, BestKnown> {
  return JSON.parse(readFileSync(path.join(FOLDER, 'best-known.json'), 'utf8')) as Record<string, BestKnown>;
}

/** Euclidean distance in double precision, not rounded: the convention of the published best knowns. */
export function solomonDistance(a: SolomonCustomer, b: SolomonCustomer): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Solomon's conventions: travel time = distance, the depot's window is every vehicle's shift. */
export function solomonProblem(instance: SolomonInstance): RoutingProblem {
  const { customers } = instance;
  const depot = customers[0]!;
  const durations = customers.map((from) => customers.map((to) => solomonDistance(from, to)));
  return {
    durations,
    jobs: customers.slice(1).map((customer, i) => ({
      location: i + 1,
      service: customer.service,
      window: [customer.ready, customer.due],
      demand: customer.demand,
    })),
    vehicles: Array.from({ length: instance.vehicles }, () => ({ start: 0, end: 0, shift: [depot.ready, depot.due], capacity: instance.capacity })),
  };
}

/**
 * Checks routes of customer numbers against the instance with its own arithmetic, not the engine's: every customer
 * once, each route within the capacity, each service started inside its window, each vehicle back by the depot's
 * closing time. Returns the first broken rule, or null, and the total distance.
 */
export function checkSolomon(instance: SolomonInstance, routes: number[][]): { broken: string | null; distance: number } {
  const { customers } = instance;
  const depot = customers[0]!;
  const visits = new Array<number>(customers.length).fill(0);
  let distance = 0;
  let broken: string | null = null;
  const fail = (why: string) => (broken ??= why);
  if (routes.length > instance.vehicles) fail(`${routes.length} routes, more than the ${instance.vehicles} vehicles`);
  for (const route of routes) {
    let time = depot.ready;
    let load = 0;
    let at = depot;
    for (const number of route) {
      const customer = customers[number];
      if (!customer || number === 0) {
        fail(`customer ${number} does not exist`);
        continue;
      }
      visits[number]!++;
      const leg = solomonDistance(at, customer);
      distance += leg;
      time = Math.max(time + leg, customer.ready);
      if (time > customer.due + 1e-6) fail(`customer ${number} served at ${time}, after its due time ${customer.due}`);
      time += customer.service;
      load += customer.demand;
      at = customer;
    }
    const home = solomonDistance(at, depot);
    distance += home;
    if (time + home > depot.due + 1e-6) fail(`a route is back at ${time + home}, after the depot closes at ${depot.due}`);
    if (load > instance.capacity) fail(`a route carries ${load}, over the capacity ${instance.capacity}`);
  }
  for (let number = 1; number < customers.length; number++) {
    if (visits[number] !== 1) fail(`customer ${number} is visited ${visits[number]} times`);
  }
  return { broken, distance };
}

/** Solves each instance (all 56 unless named) for the given seconds, one after another. */
export async function runSolomon(options: {
  instances?: string[];
  secondsPerInstance: number;
  seed?: number;
  /** told of each instance as it finishes, for a long run's progress */
  onResult?: (result: SolomonResult) => void;
}): Promise<SolomonResult[]> {
  const best = bestKnownSolomon();
  const results: SolomonResult[] = [];
  for (const name of options.instances ?? solomonNames()) {
    const instance = readSolomon(name);
    const known = best[name];
    if (!known) throw new Error(`${name} has no best-known entry`);
    const started = performance.now();
    const plan = planRoutes(solomonProblem(instance), { timeLimitMs: options.secondsPerInstance * 1000, seed: options.seed ?? 1 });
    const seconds = (performance.now() - started) / 1000;
    // Jobs are customers 1–100 at locations 1–100, so a job's location is its customer number.
    const routes = plan.routes.map((route) => route.jobs.map((job) => job + 1));
    const { broken, distance } = checkSolomon(instance, routes);
    const result: SolomonResult = {
      name,
      distance,
      vehicles: routes.length,
      bestKnownDistance: known.distance,
      bestKnownVehicles: known.vehicles,
      gap: ((distance - known.distance) / known.distance) * 100,
      seconds,
      broken: broken ?? (plan.unassigned.length ? `${plan.unassigned.length} customers unserved` : null),
    };
    results.push(result);
    options.onResult?.(result);
    // Lets a caller's timers and output run between instances.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
}

export function solomonTable(results: readonly SolomonResult[]): string {
  const header = '| Instance | Distance | Best known | Gap % | Vehicles | Best-known vehicles | Seconds | Check |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const rows = results.map((result) =>
    [
      result.name,
      result.distance.toFixed(2),
      result.bestKnownDistance.toFixed(2),
      result.gap.toFixed(2),
      result.vehicles,
      result.bestKnownVehicles,
      result.seconds.toFixed(1),
      result.broken ?? 'feasible',
    ].join(' | '),
  );
  const average = (pick: (result: SolomonResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / Math.max(1, results.length);
  return [
    header,
    rule,
    ...rows.map((row) => `| ${row} |`),
    '',
    `Average gap: ${average((result) => result.gap).toFixed(2)} % over ${results.length} instances; average seconds: ${average((result) => result.seconds).toFixed(2)}.`,
    `Instances with more vehicles than the best known: ${results.filter((result) => result.vehicles > result.bestKnownVehicles).length}` +
      ' (the engine minimises distance only; the best knowns minimise vehicles first, so a gap can be negative).',
  ].join('\n');
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const secondsPerInstance = Number(option('seconds') ?? 10);
  const instances = option('only')?.split(',').map((name) => name.trim().toUpperCase());
  const seed = option('seed') === undefined ? undefined : Number(option('seed'));
  const results = await runSolomon({
    instances,
    secondsPerInstance,
    seed,
    onResult: (result) => process.stderr.write(`${result.name} ${result.distance.toFixed(2)} (${result.gap.toFixed(2)} %)\n`),
  });
  console.log(solomonTable(results));
}

/** Made-up days the exact day order is timed on. */
export const DAY_ORDER_DAYS = 10;

/** The exact day order on `days` made-up days of the most visits it orders, every window a whole day: ms each. */
export function timeDayOrders(days: number): number[] {
  return Array.from({ length: days }, (_, seed) => {
    const { durations, stops, from } = randomDay(seededRandom(seed + 1), MOST_DAY_STOPS, { wide: true });
    const started = performance.now();
    if (!bestDayOrder(durations, stops, from)) throw new Error('A day with every window open has an order');
    return performance.now() - started;
  });
}
