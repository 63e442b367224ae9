import type { CarerAppFigures } from './carer-sync';
import type { PlannedVisitsFigures } from './planned-visits';
import type { SolomonResult } from './solomon';
import type { BrowserFigures } from './frontend';
import type { DataSetSize } from './data-set';
import type { DatabaseKind } from './databases';
import { type LatencyFigures, type Spread, spreadOf } from './latency';
import type { OperationKind } from './operations';
import type { CommandLineFigures } from './command-line';
import type { LighthouseFigures } from './lighthouse-figures';

/** One operation at one and at many concurrent clients (a quick run times reports at one only). */
export interface UnderLoad {
  one: LatencyFigures;
  many?: LatencyFigures;
  /** A cached query computed afresh every time, at one client (Operation.fresh). */
  fresh?: LatencyFigures;
}

/** What a caller waits for when the answer must be computed: afresh for a cached query, else any call. */
export function computedAnswer(figures: UnderLoad): LatencyFigures {
  return figures.fresh ?? figures.one;
}

/** The servers a run measures: the product, the baseline, and (in a quick run) the product made twice as slow on purpose. */
export type Side = 'product' | 'baseline' | 'slowed';

export interface OperationFigures {
  name: string;
  kind: OperationKind;
  product: UnderLoad;
  baseline: UnderLoad;
  /** The product made twice as slow (bench/slowed-product.ts), at one client: the gate's own test. */
  slowed?: UnderLoad;
}

/**
 * One server's figures over another's, round by round (the rounds of timeInTurn, taken in turn): the
 * median of the rounds' ratios, and the lowest and highest. A call timed in one spell gives one ratio.
 */
export function roundRatios(over: LatencyFigures, under: LatencyFigures): Spread {
  const overRounds = over.roundP50Ms ?? [over.p50Ms];
  const underRounds = under.roundP50Ms ?? [under.p50Ms];
  return spreadOf(overRounds.map((ms, round) => ms / underRounds[round]!));
}

/** The median time of each report over a data set with this many packages. */
export interface GrowthPoint {
  packages: number;
  reportMs: Record<string, number>;
}

/** The mix of `npm run load` against one server over a demo database (bench/mixed-load.ts). */
export interface MixedLoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers and requests without one. */
  errors: number;
  /** The server process's CPU time per request answered (undefined where /proc is not there to read). */
  serverCpuMsPerRequest?: number;
  /** The CPU time of everything but the server and the load generator per request: with PostgreSQL, mostly the database server. */
  restCpuMsPerRequest?: number;
  /** Each round's throughput and p99 (the sides' rounds are taken in turn). */
  rounds: { perSecond: number; p99Ms: number }[];
}

export interface DatabaseRun {
  kind: DatabaseKind;
  description: string;
  size: DataSetSize;
  operations: OperationFigures[];
  /** Smallest data set first; the last point is the full data set. */
  growth: GrowthPoint[];
  coldStartMs: number;
  rssMb: number;
  peakRssMb: number;
  /** The data set exported as JSON and imported into an empty database (measured on PGlite only). */
  jsonImportMs?: number;
  /** The data set exported as a workbook, and that workbook imported into an empty database (PGlite only). */
  workbook?: { exportMs: number; importMs: number };
  /** The mixed load, each side on a fresh demo database, their rounds taken in turn. */
  mixedLoad: Partial<Record<Side, MixedLoadFigures>> & { product: MixedLoadFigures; baseline: MixedLoadFigures };
}

export interface BenchResult {
  quick: boolean;
  startedAt: Date;
  minutes: number;
  machine: string;
  chromium: string;
  concurrency: number;
  /** Rounds each call is timed in at one client, on each side in turn: the operations held to a ratio, and the others. */
  rounds: { ratios: number; others: number };
  databases: DatabaseRun[];
  browser: BrowserFigures;
  /** Lighthouse's mobile profile on the landing page, the dashboard and the carer app's Today (bench/lighthouse.ts). */
  lighthouse: LighthouseFigures;
  carerApp: CarerAppFigures;
  plannedVisits: PlannedVisitsFigures;
  /** The planning engine on Solomon's VRPTW instances (bench/solomon.ts), and the seconds each was given. */
  solomon: { secondsPerInstance: number; results: SolomonResult[] };
  /** The exact day order (src/shared/routing/day-order.ts) on made-up days of 12 visits with wide windows, ms each. */
  dayOrder: { stops: number; ms: number[] };
  commandLine: CommandLineFigures;
}

/** How fast time grows with data: t ∝ n^exponent between the smallest and the largest data set. */
export function growthExponent(growth: GrowthPoint[], report: string): number {
  const first = growth[0]!;
  const last = growth.at(-1)!;
  return Math.log(last.reportMs[report]! / first.reportMs[report]!) / Math.log(last.packages / first.packages);
}
