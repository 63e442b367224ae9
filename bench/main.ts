/**
 * `npm run bench [-- --quick]`: generates a large data set into new databases, times the product's API
 * against a baseline on PGlite and (where one answers) PostgreSQL, runs the mixed load of `npm run load`
 * against both over the demo data, measures the front end in headless Chromium, checks the budgets,
 * prints everything and records it under "## Benchmark" in docs/BENCHMARKS.md. `--quick` is the small
 * subset for CI: a tenth of the data, a 10 s mixed load, PGlite only, nothing written, and a failure only
 * for a figure more than twice over its budget.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { apiClient, signInOverHttp } from '@/server/test/http-sign-in';
import { addDays, todayIn } from '@/shared/dates';
import { weekStartOf } from '@/shared/deliveries';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/server';
import { checkBudgets } from './budgets';
import { sizeAt } from './data-set';
import { BENCH_USER, type BenchDatabase, fillDatabase, newPgliteDatabase, newPostgresDatabase, reachablePostgres } from './databases';
import { timeJsonImport } from './json-import';
import { type BrowserFigures, type BrowserSettings, ensureWebBuild, measureInBrowser } from './frontend';
import type { LoadShape } from './latency';
import { describeMachine } from './machine';
import { measureWorkload, type MixedLoadOptions, mixedLoadFigures, poolsFromApi, poolsFromDatabase, prepare, signInStaff, startSessions } from './mixed-load';
import { type Call, type Operation, operations, REPORT_OPERATIONS, send, timeCalls } from './operations';
import { renderReport, writeReportSection } from './report';
import { type BenchResult, computedAnswer, type DatabaseRun, type GrowthPoint, type OperationFigures, type UnderLoad } from './results';
import { residentMemory, startBaseline, startProduct } from './servers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCHMARKS_FILE = path.join(ROOT, 'docs/BENCHMARKS.md');
const CONCURRENCY = 20;
/** After the last call: the server's quiet spell (2 s) and its next check (every second), with a second to spare. */
const MEMORY_SETTLES_MS = 4_000;
/** Members of staff in the mixed load, each with one request in flight at a time. */
const MIXED_LOAD_CLIENTS = 50;
/** ID tokens last 15 minutes; a new sign-in well before then. */
const TOKEN_RENEW_MS = 10 * 60_000;

interface Settings {
  command: string;
  /** Of the full data set (fifty times the charity's present size). */
  scale: number;
  /** Smaller data sets the reports are also timed on, to see how their time grows. */
  growthScales: number[];
  one: LoadShape;
  many: LoadShape;
  /** Whether reports are also timed at many clients: each takes seconds, and every client waits for one. */
  reportsUnderLoad: boolean;
  browser: BrowserSettings;
  /** The mix of `npm run load`, against the product and the baseline in turn. */
  mixedLoad: MixedLoadOptions;
  postgres: boolean;
  write: boolean;
}

const SEARCH_WORDS = ['Pollard', 'Hawkins', 'TA14', 'Margaret', 'Tucker', 'Domestic'];

const FULL: Settings = {
  command: 'npm run bench',
  scale: 1,
  growthScales: [1 / 16, 1 / 4],
  one: { concurrency: 1, maxRequests: 30, maxSeconds: 10 },
  many: { concurrency: CONCURRENCY, maxRequests: 400, maxSeconds: 15 },
  reportsUnderLoad: true,
  browser: { landingLoads: 7, listLoads: 5, searchWords: SEARCH_WORDS },
  mixedLoad: { clients: MIXED_LOAD_CLIENTS, durationSeconds: 30, maxRequests: Number.MAX_SAFE_INTEGER },
  postgres: true,
  write: true,
};

const QUICK: Settings = {
  command: 'npm run bench -- --quick',
  scale: 0.1,
  growthScales: [],
  // Fifteen calls at one client: the median of five swung by a third between runs of the same code.
  one: { concurrency: 1, maxRequests: 15, maxSeconds: 3 },
  many: { concurrency: CONCURRENCY, maxRequests: 60, maxSeconds: 3 },
  reportsUnderLoad: false,
  browser: { landingLoads: 3, listLoads: 3, searchWords: SEARCH_WORDS.slice(0, 2) },
  mixedLoad: { clients: MIXED_LOAD_CLIENTS, durationSeconds: 10, maxRequests: Number.MAX_SAFE_INTEGER },
  postgres: false,
  write: false,
};

const startedAt = performance.now();
function progress(message: string) {
  console.error(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${message}`);
}

/** The bench user's bearer token for a server, signed in again before it can expire. */
function bearerFor(serverUrl: string) {
  let token = '';
  let signedInAt = Number.NEGATIVE_INFINITY;
  return async (): Promise<Record<string, string>> => {
    if (performance.now() - signedInAt > TOKEN_RENEW_MS) {
      token = await signInOverHttp(serverUrl, BENCH_USER);
      signedInAt = performance.now();
    }
    return { authorization: `Bearer ${token}` };
  };
}

/** A clients.update input for each client, from what the edit form would load. */
async function clientUpdates(serverUrl: string, headers: Record<string, string>, clientIds: string[]) {
  return Promise.all(
    clientIds.map(async (id) => {
      const client = JSON.parse((await send(serverUrl, { path: `/trpc/clients.getById?input=${encodeURIComponent(JSON.stringify({ id }))}` }, headers)).toString())
        .result.data as { archived: string; dateOfBirth: string; details: Record<string, unknown> };
      return { id, archived: client.archived, dateOfBirth: client.dateOfBirth, details: client.details };
    }),
  );
}

/** The median time of each report by itself, computed afresh, on a smaller data set. */
async function reportTimes(database: BenchDatabase, scale: number, settings: Settings, today: string): Promise<GrowthPoint> {
  const size = sizeAt(scale);
  progress(`${database.kind}: ${size.packages.toLocaleString('en-GB')} packages for the report growth…`);
  await fillDatabase(database, size, today);
  const server = await startProduct(database.target);
  try {
    const headers = bearerFor(server.url);
    const reportMs: Record<string, number> = {};
    await warmUp(server.url, REPORT_OPERATIONS.map((op) => op.fresh!), await headers());
    for (const op of REPORT_OPERATIONS) reportMs[op.name] = (await timeCalls(server.url, op.fresh!, settings.one, await headers())).p50Ms;
    return { packages: size.packages, reportMs };
  } finally {
    await server.stop();
  }
}

/** Each operation at one client, then at many; signed in (the product) before each, so no call waits on it. */
/**
 * Rounds of every call, untimed, before any is timed. A process just started runs its code, and PGlite's
 * WebAssembly, unoptimised for its first seconds: otherwise the first operation timed on each side pays
 * for that, and the others do not.
 */
const WARM_UP_ROUNDS = 3;

async function warmUp(url: string, calls: ((n: number) => Call)[], headers: Record<string, string>) {
  for (let n = 0; n < WARM_UP_ROUNDS; n++) for (const call of calls) await send(url, call(n), headers);
}

async function timeOperations(url: string, list: Operation[], side: 'product' | 'baseline', settings: Settings, headers?: () => Promise<Record<string, string>>) {
  const figures = new Map<string, UnderLoad>();
  await warmUp(url, list.flatMap((op) => [op[side], ...(side === 'product' && op.fresh ? [op.fresh] : [])]), headers ? await headers() : {});
  for (const op of list) {
    progress(`  ${side} ${op.name}`);
    const signedIn = headers ? await headers() : {};
    const one = await timeCalls(url, op[side], settings.one, signedIn);
    const underLoad = op.kind !== 'report' || settings.reportsUnderLoad;
    const many = underLoad ? await timeCalls(url, op[side], settings.many, signedIn) : undefined;
    const fresh = side === 'product' && op.fresh ? await timeCalls(url, op.fresh, settings.one, signedIn) : undefined;
    figures.set(op.name, { one, many, fresh });
  }
  return figures;
}

/** The operations timed one by one, then the front end (when asked), over the generated data set. */
async function measureDataSet(
  newDatabase: () => Promise<BenchDatabase>,
  settings: Settings,
  today: string,
  inBrowser: ((serverUrl: string) => Promise<void>) | undefined,
): Promise<Omit<DatabaseRun, 'mixedLoad'>> {
  const growth: GrowthPoint[] = [];
  for (const scale of settings.growthScales) {
    const database = await newDatabase();
    try {
      growth.push(await reportTimes(database, scale, settings, today));
    } finally {
      await database.remove();
    }
  }

  const database = await newDatabase();
  try {
    const size = sizeAt(settings.scale);
    progress(`${database.kind}: generating ${size.clients.toLocaleString('en-GB')} clients, ${size.packages.toLocaleString('en-GB')} packages…`);
    const clientIds = await fillDatabase(database, size, today);
    progress(`${database.kind}: the product`);
    const server = await startProduct(database.target);
    let memory: ReturnType<typeof residentMemory>;
    let product: Awaited<ReturnType<typeof timeOperations>>;
    let list: Operation[];
    try {
      const headers = bearerFor(server.url);
      const weekStarts = [0, 1, 2, 3].map((weeksBack) => addDays(weekStartOf(today), -7 * weeksBack));
      list = operations({ clientIds, clientUpdates: await clientUpdates(server.url, await headers(), clientIds), weekStarts });
      product = await timeOperations(server.url, list, 'product', settings, headers);
      if (inBrowser) await inBrowser(server.url);
      // Read once the run is over and the server has gone quiet, as it then hands back what the busy spell
      // left (src/server/idle-memory.ts); the peak is read as well.
      await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLES_MS));
      memory = residentMemory(server.pid);
    } finally {
      await server.stop();
    }

    progress(`${database.kind}: the baseline`);
    const baselineServer = await startBaseline(database.target);
    let baseline: Awaited<ReturnType<typeof timeOperations>>;
    try {
      baseline = await timeOperations(baselineServer.url, list, 'baseline', settings);
    } finally {
      await baselineServer.stop();
    }

    let jsonImportMs: number | undefined;
    if (database.kind === 'PGlite') {
      progress(`${database.kind}: export as JSON, import into an empty database`);
      jsonImportMs = await timeJsonImport(database);
    }

    const figures: OperationFigures[] = list.map((op) => ({ name: op.name, kind: op.kind, product: product.get(op.name)!, baseline: baseline.get(op.name)! }));
    const full: GrowthPoint = {
      packages: size.packages,
      reportMs: Object.fromEntries(figures.filter((f) => f.kind === 'report').map((f) => [f.name, computedAnswer(f.product).p50Ms])),
    };
    return {
      kind: database.kind,
      description: database.description,
      size,
      operations: figures,
      growth: settings.growthScales.length ? [...growth, full] : [],
      coldStartMs: server.coldStartMs,
      ...memory,
      jsonImportMs,
    };
  } finally {
    await database.remove();
  }
}

/**
 * The mix of `npm run load` against the product, then against the baseline, each over a fresh demo database:
 * the product's members of staff sign in through its provider and find their ids through its API; the
 * baseline takes any token, and its ids are read from the database.
 */
async function measureMixedLoad(newDatabase: () => Promise<BenchDatabase>, options: MixedLoadOptions, today: string): Promise<DatabaseRun['mixedLoad']> {
  const run = async (side: 'product' | 'baseline') => {
    const database = await newDatabase();
    try {
      progress(`${database.kind}: the mixed load on the ${side}, ${options.clients} clients for ${options.durationSeconds} s`);
      await prepare(database, side === 'product' ? options.clients : 0);
      const pools = side === 'baseline' ? await poolsFromDatabase(database) : undefined;
      const server = side === 'product' ? await startProduct(database.target) : await startBaseline(database.target);
      try {
        const idTokens = side === 'product' ? await signInStaff(server.url, options.clients) : Array.from({ length: options.clients }, () => 'baseline');
        const started = await startSessions(server.url, idTokens, pools ?? (await poolsFromApi(apiClient(server.url, idTokens[0]!))), today);
        return mixedLoadFigures(await measureWorkload(started, server.pid, options), options.clients);
      } finally {
        await server.stop();
      }
    } finally {
      await database.remove();
    }
  };
  const product = await run('product');
  return { product, baseline: await run('baseline') };
}

async function measureDatabase(
  newDatabase: () => Promise<BenchDatabase>,
  settings: Settings,
  today: string,
  inBrowser: ((serverUrl: string) => Promise<void>) | undefined,
): Promise<DatabaseRun> {
  const dataSet = await measureDataSet(newDatabase, settings, today, inBrowser);
  return { ...dataSet, mixedLoad: await measureMixedLoad(newDatabase, settings.mixedLoad, today) };
}

async function chromiumVersion(): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const settings = values.quick ? QUICK : FULL;
  const startedOn = new Date();
  const today = todayIn();
  ensureWebBuild();

  const postgresUrl = settings.postgres ? await reachablePostgres() : undefined;
  if (settings.postgres && !postgresUrl) progress('No PostgreSQL answers: measuring PGlite only.');

  let browser: BrowserFigures | undefined;
  const databases: DatabaseRun[] = [];
  databases.push(
    await measureDatabase(async () => newPgliteDatabase(), settings, today, async (serverUrl) => {
      progress('PGlite: the front end in Chromium');
      browser = await measureInBrowser(serverUrl, BENCH_USER, settings.browser);
    }),
  );
  if (postgresUrl) databases.push(await measureDatabase(() => newPostgresDatabase(postgresUrl), settings, today, undefined));

  const result: BenchResult = {
    quick: values.quick,
    startedAt: startedOn,
    minutes: (performance.now() - startedAt) / 60_000,
    machine: describeMachine(),
    chromium: await chromiumVersion(),
    concurrency: CONCURRENCY,
    databases,
    browser: browser!,
  };
  const budgets = checkBudgets(result);
  const report = renderReport(result, budgets, settings.command);
  console.log(`\n${report}\n`);
  if (settings.write) {
    writeReportSection(BENCHMARKS_FILE, report);
    console.log(`Recorded under "## Benchmark" in ${path.relative(process.cwd(), BENCHMARKS_FILE)}.`);
  }

  const missed = budgets.filter((line) => line.verdict === 'FAIL');
  const farOver = missed.filter((line) => line.farOver);
  console.log(`${budgets.length - missed.length} budgets met, ${missed.length} missed${farOver.length ? ` (${farOver.length} by more than twice)` : ''}.`);
  if (values.quick) return farOver.length ? 1 : 0;
  return missed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
