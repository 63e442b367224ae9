/**
 * `npm run bench [-- --quick]`: generates a large data set into new databases, times the product's API
 * beside a baseline on PGlite and (where one answers) PostgreSQL, runs the mixed load of `npm run load`
 * against both over the demo data, measures the front end in headless Chromium (with Lighthouse too), checks the budgets,
 * prints everything and records it under "## Benchmark" in docs/BENCHMARKS.md. The product and the
 * baseline run at once, each over its own copy of the same data, and are timed in rounds taken in turn:
 * every ratio is taken round by round, from spells seconds apart, so what else the machine does weighs on
 * both alike. `--quick` is the small subset for CI: a tenth of the data, a 10 s mixed load, PGlite only,
 * nothing written; it fails only on a ratio past its budget or its recorded reference by more than their
 * tolerances (bench/budgets.ts), or an exact figure past its own, and measures beside them the product made
 * twice as slow on purpose, which must fail.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { buildWebAppIfStale } from '@/server/launch';
import { apiClient, signInOverHttp } from '@/server/test/http-sign-in';
import { addDays, todayIn } from '@/shared/dates';
import { weekStartOf } from '@/shared/deliveries';
import { MOST_DAY_STOPS } from '@/shared/routing/day-order';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/server';
import { checkBudgets, type GateReferences, gateReferenceFrom, passes, quickRunOf, REFERENCE_RUNS, slowedAsProduct } from './budgets';
import { sizeAt } from './data-set';
import { BENCH_USER, type BenchDatabase, fillDatabase, newPgliteDatabase, newPostgresDatabase, reachablePostgres } from './databases';
import { timeJsonImport } from './json-import';
import { carerAppScripts, type CarerAppSettings, measureCarerApp } from './carer-sync';
import { measurePlannedVisits, type PlannedVisitsSettings } from './planned-visits';
import { DAY_ORDER_DAYS, runSolomon, timeDayOrders } from './solomon';
import { measureCommandLine } from './command-line';
import { timeWorkbook } from './workbook';
import type { ScriptSet } from './bytes-as-sent';
import { type BrowserFigures, type BrowserSettings, measureInBrowser } from './frontend';
import { measureLighthouse } from './lighthouse';
import type { LighthouseFigures } from './lighthouse-figures';
import type { LoadShape } from './latency';
import { describeMachine, processorOf } from './machine';
import { measureWorkload, type MixedLoadOptions, type MixedLoadRun, mixedLoadFigures, poolsFromApi, poolsFromDatabase, prepare, signInStaff, staffCredentials, startSessions } from './mixed-load';
import { type CallOn, LONG_WARM_UP, type Operation, type OperationKind, operations, REPORT_OPERATIONS, send, timeCalls, timeInTurn, WARM_UP } from './operations';
import { ratioRecord, renderReport, writeReferenceSection, writeReportSection } from './report';
import { type BenchResult, computedAnswer, type DatabaseRun, type GrowthPoint, type OperationFigures, type Side, type UnderLoad } from './results';
import { residentMemory, startProduct, startSide, type TimedServer } from './servers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCHMARKS_FILE = path.join(ROOT, 'docs/BENCHMARKS.md');
/** The quick run's reference (bench/budgets.ts): each `npm run bench -- --quick --write-reference` adds its run to it. */
const GATE_REFERENCE_FILE = path.join(ROOT, 'bench/gate-reference.json');
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
  /**
   * Each round at one client, and how many rounds each side is timed in, in turn with the others: more for the
   * operations held to a ratio (a median of seven swung by a quarter from run to run), fewer for the timesheet and
   * the reports, whose budgets are their own times and whose baseline takes seconds a call.
   */
  one: LoadShape;
  ratioRounds: number;
  rounds: number;
  /**
   * The lists' rounds, longer and fewer: a list's answer is large, and rounds of a second (seven of the
   * baseline's calls) gave the PGlite ratio of the packages list rounds from 0.28 to 0.51 and medians a fifth
   * apart from one run to the next.
   */
  listRounds: { one: LoadShape; rounds: number };
  /** At many clients: one spell a side, the product's then the baseline's. */
  many: LoadShape;
  /** Whether reports are also timed at many clients: each takes seconds, and every client waits for one. */
  reportsUnderLoad: boolean;
  browser: BrowserSettings;
  /** Lighthouse runs of each page (bench/lighthouse.ts): its scores vary from run to run, and the median is kept. */
  lighthouseRuns: number;
  carerApp: CarerAppSettings;
  /** The office's day, a month's visit measures over a year of visits, and a carer's phone with a week of plans. */
  plannedVisits: PlannedVisitsSettings;
  /** Solomon's instances the engine plans (all 56 when none are named), and the seconds each. */
  solomon: { instances?: string[]; secondsPerInstance: number };
  /** How many times `npm run user -- list` and `npm start` are timed. */
  commandRuns: number;
  /** The mix of `npm run load`: each round's length, and how many rounds each side runs, in turn with the others. */
  mixedLoad: MixedLoadOptions & { rounds: number };
  /** The servers measured: the product and the baseline, and in a quick run the product made twice as slow. */
  sides: Side[];
  postgres: boolean;
  write: boolean;
}

const SEARCH_WORDS = ['Pollard', 'Hawkins', 'TA14', 'Margaret', 'Tucker', 'Domestic'];

/**
 * A round at one client: as many calls as a second takes (at least one). A round of ten calls gave medians
 * that swung by a half from round to round; the first calls after the other server's round run slower.
 */
const ONE_CLIENT_ROUND: LoadShape = { concurrency: 1, maxRequests: Number.MAX_SAFE_INTEGER, maxSeconds: 1 };

const FULL: Settings = {
  command: 'npm run bench',
  scale: 1,
  growthScales: [1 / 16, 1 / 4],
  one: ONE_CLIENT_ROUND,
  ratioRounds: 15,
  rounds: 7,
  listRounds: { one: { ...ONE_CLIENT_ROUND, maxSeconds: 3 }, rounds: 11 },
  many: { concurrency: CONCURRENCY, maxRequests: 400, maxSeconds: 15 },
  reportsUnderLoad: true,
  browser: { landingLoads: 7, listLoads: 5, searchWords: SEARCH_WORDS },
  lighthouseRuns: 3,
  // 210,000 visits: each phone a month's backlog at the most it records in an hour (300).
  carerApp: { carers: 700, visitsPerCarer: 300, serverKills: 5, accessEndings: 35, fullBatches: 20 },
  // 1,200 visits on the office's day; 438,000 recorded over the year.
  plannedVisits: { carers: 200, visitsADay: 6, calls: 20 },
  solomon: { secondsPerInstance: 10 },
  commandRuns: 7,
  mixedLoad: { clients: MIXED_LOAD_CLIENTS, durationSeconds: 5, rounds: 10, maxRequests: Number.MAX_SAFE_INTEGER },
  sides: ['product', 'baseline'],
  postgres: true,
  write: true,
};

const QUICK: Settings = {
  command: 'npm run bench -- --quick',
  scale: 0.1,
  growthScales: [],
  one: { ...ONE_CLIENT_ROUND, maxSeconds: 0.3 },
  ratioRounds: 11,
  rounds: 5,
  listRounds: { one: { ...ONE_CLIENT_ROUND, maxSeconds: 0.3 }, rounds: 5 },
  many: { concurrency: CONCURRENCY, maxRequests: 60, maxSeconds: 3 },
  reportsUnderLoad: false,
  // The sizes of JavaScript are the gate's; the times, printed only, need no more than a look.
  browser: { landingLoads: 1, listLoads: 1, searchWords: SEARCH_WORDS.slice(0, 1) },
  // Once each, so the run goes through it; its figures, printed only, are a full run's to record.
  lighthouseRuns: 1,
  carerApp: { carers: 20, visitsPerCarer: 100, serverKills: 1, accessEndings: 2, fullBatches: 5 },
  // The phone's answer is the gate's, and is the same size at a tenth of the carers.
  plannedVisits: { carers: 20, visitsADay: 6, calls: 5 },
  // One instance of each class, for a second each: the run goes through it; the full run is the proof.
  solomon: { instances: ['C101', 'C201', 'R101', 'R201', 'RC101', 'RC201'], secondsPerInstance: 1 },
  commandRuns: 3,
  mixedLoad: { clients: MIXED_LOAD_CLIENTS, durationSeconds: 2.5, rounds: 4, maxRequests: Number.MAX_SAFE_INTEGER },
  sides: ['product', 'baseline', 'slowed'],
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
    const headers = await bearerFor(server.url)();
    const reportMs: Record<string, number> = {};
    for (const op of REPORT_OPERATIONS) reportMs[op.name] = (await timeCalls({ url: server.url, call: op.fresh!, headers }, settings.one)).p50Ms;
    return { packages: size.packages, reportMs };
  } finally {
    await server.stop();
  }
}

/** A server the run measures, and the headers its callers send (the baseline takes any). */
interface SideServer {
  side: Side;
  server: TimedServer;
  headers: () => Promise<Record<string, string>>;
}

/**
 * Runs `measure` with each side's server started at once, the first over `database` and every other over a
 * copy of it; then stops them and removes the copies.
 */
async function withSides<T>(database: BenchDatabase, sides: readonly Side[], measure: (servers: SideServer[]) => Promise<T>): Promise<T> {
  const copies: BenchDatabase[] = [];
  const servers: SideServer[] = [];
  try {
    // Copied before any server opens the data: a server holds its database's files as its own.
    while (copies.length < sides.length - 1) copies.push(await database.copy());
    for (const [i, side] of sides.entries()) {
      const server = await startSide(side, (i === 0 ? database : copies[i - 1]!).target);
      servers.push({ side, server, headers: side === 'baseline' ? async () => ({}) : bearerFor(server.url) });
    }
    return await measure(servers);
  } finally {
    for (const { server } of servers) await server.stop();
    for (const copy of copies) await copy.remove();
  }
}

/** The kinds of operation held to a ratio of the baseline's time: the only ones the slowed product need show. */
const HELD_TO_RATIOS: OperationKind[] = ['list', 'record', 'update'];

/**
 * Each operation at one client, every side in rounds taken in turn (a cached query also computed afresh on
 * the product's sides); then the product and the baseline at many clients, one after the other.
 */
async function timeOperations(list: Operation[], servers: readonly SideServer[], settings: Settings): Promise<OperationFigures[]> {
  const figures: OperationFigures[] = [];
  for (const op of list) {
    progress(`  ${op.name}`);
    const timed: { side: Side; load: 'one' | 'fresh'; target: CallOn }[] = [];
    for (const { side, server, headers } of servers.filter((s) => s.side !== 'slowed' || HELD_TO_RATIOS.includes(op.kind))) {
      const signedIn = await headers();
      timed.push({ side, load: 'one', target: { url: server.url, call: side === 'baseline' ? op.baseline : op.product, headers: signedIn } });
      if (side !== 'baseline' && op.fresh) timed.push({ side, load: 'fresh', target: { url: server.url, call: op.fresh, headers: signedIn } });
    }
    const [shape, rounds] = op.kind === 'list' ? [settings.listRounds.one, settings.listRounds.rounds] : [settings.one, HELD_TO_RATIOS.includes(op.kind) ? settings.ratioRounds : settings.rounds];
    const warm = op.kind === 'record' || op.kind === 'update' ? LONG_WARM_UP : WARM_UP;
    const atOne = await timeInTurn(timed.map((t) => t.target), shape, rounds, { warm });
    const underLoad: Partial<Record<Side, UnderLoad>> = {};
    timed.forEach(({ side, load }, i) => (underLoad[side] = { ...underLoad[side]!, [load]: atOne[i]! }));

    if (op.kind !== 'report' || settings.reportsUnderLoad) {
      const many = timed.filter((t) => t.load === 'one' && t.side !== 'slowed');
      const atMany = await timeInTurn(many.map((t) => t.target), settings.many, 1, { warm: false });
      many.forEach(({ side }, i) => (underLoad[side]!.many = atMany[i]!));
    }
    figures.push({ name: op.name, kind: op.kind, product: underLoad.product!, baseline: underLoad.baseline!, ...(underLoad.slowed ? { slowed: underLoad.slowed } : {}) });
  }
  return figures;
}

/** The operations timed side by side, then the front end (when asked), over the generated data set. */
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
    progress(`${database.kind}: ${settings.sides.join(', ')}, side by side`);
    const { figures, memory, coldStartMs } = await withSides(database, settings.sides, async (servers) => {
      const product = servers[0]!;
      const weekStarts = [0, 1, 2, 3].map((weeksBack) => addDays(weekStartOf(today), -7 * weeksBack));
      const list = operations({ clientIds, clientUpdates: await clientUpdates(product.server.url, await product.headers(), clientIds), weekStarts });
      const timed = await timeOperations(list, servers, settings);
      if (inBrowser) await inBrowser(product.server.url);
      // Read once the run is over and the server has gone quiet, as it then hands back what the busy spell
      // left (src/server/idle-memory.ts); the peak is read as well.
      await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLES_MS));
      return { figures: timed, memory: residentMemory(product.server.pid), coldStartMs: product.server.coldStartMs };
    });

    let jsonImportMs: number | undefined;
    let workbook: DatabaseRun['workbook'];
    if (database.kind === 'PGlite') {
      progress(`${database.kind}: export as JSON, import into an empty database`);
      jsonImportMs = await timeJsonImport(database);
      progress(`${database.kind}: export as a workbook, import it into an empty database`);
      workbook = await timeWorkbook(database);
    }

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
      coldStartMs,
      ...memory,
      jsonImportMs,
      workbook,
    };
  } finally {
    await database.remove();
  }
}

/**
 * The mix of `npm run load` against each side, each over a fresh demo database, in rounds taken in turn:
 * the product's members of staff sign in through its provider and find their ids through its API; the
 * baseline takes any token, and its ids are read from the database.
 */
async function measureMixedLoad(newDatabase: () => Promise<BenchDatabase>, settings: Settings, today: string): Promise<DatabaseRun['mixedLoad']> {
  const options = settings.mixedLoad;
  const sides: { side: Side; server: TimedServer; sessions: Awaited<ReturnType<typeof startSessions>> }[] = [];
  const cleanUp: (() => Promise<void>)[] = [];
  try {
    for (const side of settings.sides) {
      const database = await newDatabase();
      cleanUp.push(() => database.remove());
      progress(`${database.kind}: the mixed load's ${side}`);
      await prepare(database, side === 'baseline' ? 0 : options.clients);
      const pools = side === 'baseline' ? await poolsFromDatabase(database) : undefined;
      const server = await startSide(side, database.target);
      cleanUp.unshift(async () => void (await server.stop()));
      const idTokens = side === 'baseline' ? Array.from({ length: options.clients }, () => 'baseline') : await signInStaff(server.url, options.clients);
      const sessions = await startSessions(server.url, idTokens, pools ?? (await poolsFromApi(apiClient(server.url, idTokens[0]!))), today);
      sides.push({ side, server, sessions });
    }
    progress(`mixed load: ${options.clients} clients, ${options.rounds} rounds of ${options.durationSeconds} s a side`);
    const runs: MixedLoadRun[][] = sides.map(() => []);
    for (let round = 0; round < options.rounds; round++) {
      const order = sides.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) runs[i]!.push(await measureWorkload(sides[i]!.sessions, sides[i]!.server.pid, options));
    }
    return Object.fromEntries(sides.map(({ side }, i) => [side, mixedLoadFigures(runs[i]!, options.clients)])) as DatabaseRun['mixedLoad'];
  } finally {
    for (const step of cleanUp) await step();
  }
}

/**
 * Lighthouse over the charity as it is (the demo data the mixed load also uses), on a server of its own: what a person
 * at the charity waits for on a phone, not the fifty-fold data set the server's budgets are held to (decision 322).
 */
async function measureLighthouseAtCharitySize(runs: number): Promise<LighthouseFigures> {
  const database = newPgliteDatabase();
  try {
    await prepare(database, 1);
    const server = await startProduct(database.target);
    try {
      return await measureLighthouse(server.url, staffCredentials(1), runs, progress);
    } finally {
      await server.stop();
    }
  } finally {
    await database.remove();
  }
}

async function measureDatabase(
  newDatabase: () => Promise<BenchDatabase>,
  settings: Settings,
  today: string,
  inBrowser: ((serverUrl: string) => Promise<void>) | undefined,
): Promise<DatabaseRun> {
  const dataSet = await measureDataSet(newDatabase, settings, today, inBrowser);
  return { ...dataSet, mixedLoad: await measureMixedLoad(newDatabase, settings, today) };
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
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, 'write-reference': { type: 'boolean', default: false } } });
  if (values['write-reference'] && !values.quick) throw new Error('--write-reference records a quick run: add --quick.');
  const settings = values.quick ? QUICK : FULL;
  const references = existsSync(GATE_REFERENCE_FILE) ? (JSON.parse(readFileSync(GATE_REFERENCE_FILE, 'utf8')) as GateReferences) : {};
  const processor = processorOf();
  const reference = values.quick ? references[processor] : undefined;
  const startedOn = new Date();
  const today = todayIn();
  buildWebAppIfStale();

  const postgresUrl = settings.postgres ? await reachablePostgres() : undefined;
  if (settings.postgres && !postgresUrl) progress('No PostgreSQL answers: measuring PGlite only.');

  let browser: BrowserFigures | undefined;
  let carerScripts: ScriptSet | undefined;
  const databases: DatabaseRun[] = [];
  databases.push(
    await measureDatabase(async () => newPgliteDatabase(), settings, today, async (serverUrl) => {
      progress('PGlite: the front end in Chromium, and the carer app as sent');
      browser = await measureInBrowser(serverUrl, BENCH_USER, settings.browser);
      carerScripts = await carerAppScripts(serverUrl);
    }),
  );
  progress('PGlite at the charity’s size: Lighthouse on three pages');
  const lighthouse = await measureLighthouseAtCharitySize(settings.lighthouseRuns);
  if (postgresUrl) databases.push(await measureDatabase(() => newPostgresDatabase(postgresUrl), settings, today, undefined));
  const carerApp = await measureCarerApp(settings.carerApp, carerScripts!, progress);
  const plannedVisits = await measurePlannedVisits(settings.plannedVisits, progress);
  progress(`the planning engine on Solomon's instances, ${settings.solomon.secondsPerInstance} s each`);
  const solomon = { secondsPerInstance: settings.solomon.secondsPerInstance, results: await runSolomon(settings.solomon) };
  progress(`the exact day order on ${DAY_ORDER_DAYS} days of ${MOST_DAY_STOPS} visits`);
  const dayOrder = { stops: MOST_DAY_STOPS, ms: timeDayOrders(DAY_ORDER_DAYS) };
  progress('the command line: npm run user -- list, npm start');
  const commandLine = await measureCommandLine(settings.commandRuns);

  const result: BenchResult = {
    quick: values.quick,
    startedAt: startedOn,
    minutes: (performance.now() - startedAt) / 60_000,
    machine: describeMachine(),
    chromium: await chromiumVersion(),
    concurrency: CONCURRENCY,
    rounds: { ratios: settings.ratioRounds, others: settings.rounds },
    databases,
    browser: browser!,
    lighthouse,
    carerApp,
    plannedVisits,
    solomon,
    dayOrder,
    commandLine,
  };
  const budgets = checkBudgets(result);
  const slowed = slowedAsProduct(result);
  const slowedBudgets = slowed && checkBudgets(slowed);
  const report = renderReport(result, budgets, settings.command, slowedBudgets, reference);
  console.log(`\n${report}\n`);
  if (values['write-reference']) {
    const recorded = gateReferenceFrom([...(reference?.runs ?? []), quickRunOf(budgets, today)], result.machine);
    writeFileSync(GATE_REFERENCE_FILE, `${JSON.stringify({ ...references, [processor]: recorded }, null, 2)}\n`);
    writeReferenceSection(BENCHMARKS_FILE, processor, recorded);
    console.log(
      `This run added to the gate's reference in ${path.relative(process.cwd(), GATE_REFERENCE_FILE)} (${recorded.runs.length} of the ${REFERENCE_RUNS} quick runs it is made from; ` +
        `tolerance ${recorded.tolerance}), and its runs to ${path.relative(process.cwd(), BENCHMARKS_FILE)}.`,
    );
  }
  if (settings.write) {
    writeReportSection(BENCHMARKS_FILE, report, ratioRecord(result, budgets));
    console.log(`Recorded under "## Benchmark" in ${path.relative(process.cwd(), BENCHMARKS_FILE)}.`);
  }

  const passed = passes(budgets, values.quick, reference);
  const held = budgets.filter((l) => l.measure !== 'absolute');
  const targets = budgets.filter((l) => l.measure === 'absolute');
  console.log(
    `${held.filter((l) => l.verdict === 'PASS').length} of ${held.length} budgets met, ${targets.filter((l) => l.verdict === 'PASS').length} of ${targets.length} absolute targets; ` +
      `${values.quick ? `the gate ${passed ? 'passes' : 'fails'}` : passed ? 'every budget met' : 'some budgets missed'}.`,
  );
  if (!slowedBudgets) return passed ? 0 : 1;
  // The gate's own test: a product twice as slow must fail it, or the gate would pass anything. Without a reference
  // for this processor the gate holds budgets alone, which a product well inside them may pass twice as slow.
  const slowedFails = !passes(slowedBudgets, true, reference);
  if (!reference) {
    console.log(
      `No reference is recorded for this processor (${processor}): the gate held each ratio to its budget alone, and the product made twice as slow ${slowedFails ? 'fails it' : 'passes it'}. ` +
        'Record one with five runs of npm run bench -- --quick --write-reference.',
    );
    return passed ? 0 : 1;
  }
  console.log(`The product made twice as slow ${slowedFails ? 'fails the gate, as it must' : 'passes the gate: the gate would let a regression through'}.`);
  return passed && slowedFails ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
