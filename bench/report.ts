import { readFileSync, writeFileSync } from 'node:fs';
import { type BudgetLine, type GateReference, KB, mixedLoadRatios, QUICK_RATIO_TOLERANCE, quickGate, quickVerdict, REFERENCE_RUNS } from './budgets';
import { median, percentile, type Spread } from './latency';
import { solomonTable } from './solomon';
import type { BytesAsSent } from './bytes-as-sent';
import { LIGHTHOUSE_PAGES, lighthouseMedians } from './lighthouse-figures';
import { type BenchResult, type DatabaseRun, growthExponent, type MixedLoadFigures, roundRatios, type Side } from './results';

const SECTION_HEADING = '## Benchmark';

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
/** Milliseconds: whole above 10, one decimal below. */
const ms = (n: number) => (Number.isNaN(n) ? '-' : n >= 10 ? whole(n) : n.toFixed(1));
const ratio = (n: number) => `${n.toFixed(2)}×`;
/** A ratio taken round by round: the median, then the lowest and highest round. */
const spread = (r: Spread) => (r.low === r.high ? ratio(r.median) : `${ratio(r.median)} (${r.low.toFixed(2)}–${r.high.toFixed(2)})`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** Bytes as sent with brotli, with gzip, and to a browser that takes neither. */
const asSent = (sent: BytesAsSent) => `${(sent.brotliBytes / KB).toFixed(1)} / ${(sent.gzipBytes / KB).toFixed(1)} / ${kb(sent.rawBytes)}`;

function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const rule = header.map((_, i) => (align[i] === 'l' ? '---' : '---:'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function apiTable(database: DatabaseRun, concurrency: number): string {
  const clients = { fresh: '1, computed afresh', one: '1', many: String(concurrency) };
  const rows = database.operations.flatMap((op) =>
    (['fresh', 'one', 'many'] as const).flatMap((load) => {
      const product = op.product[load];
      const baseline = op.baseline[load === 'fresh' ? 'one' : load];
      if (!product || !baseline) return [];
      return [[
        load === (op.product.fresh ? 'fresh' : 'one') ? `\`${op.name}\`` : '',
        clients[load],
        ms(product.p50Ms),
        ms(product.p99Ms),
        product.perSecond.toFixed(1),
        ms(baseline.p50Ms),
        ms(baseline.p99Ms),
        baseline.perSecond.toFixed(1),
        spread(roundRatios(product, baseline)),
        ratio(product.p99Ms / baseline.p99Ms),
      ]];
    }),
  );
  return table(
    ['operation', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'baseline p50 ms', 'baseline p99 ms', 'baseline req/s', 'p50 ÷ baseline (at 1 client: lowest–highest round)', 'p99 ÷ baseline'],
    rows,
    ['l'],
  );
}

const SIDE_LABELS: Record<Side, string> = { product: 'product', baseline: 'baseline', slowed: 'product made twice as slow' };

/** Each side under the mixed load, and the ratios taken round by round; with PostgreSQL, the CPU the database server (and the rest of the machine) used too. */
function mixedLoadTable(database: DatabaseRun): string {
  const mixed = database.mixedLoad;
  const withRest = database.kind === 'PostgreSQL';
  const cpu = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(2));
  const cpuRatio = (p: number | undefined, b: number | undefined) => (p === undefined || b === undefined ? '-' : ratio(p / b));
  const row = (label: string, f: MixedLoadFigures) => [
    label,
    whole(f.requests),
    whole(f.perSecond),
    ms(f.p50Ms),
    ms(f.p99Ms),
    String(f.errors),
    cpu(f.serverCpuMsPerRequest),
    ...(withRest ? [cpu(f.restCpuMsPerRequest)] : []),
  ];
  const ratioRow = (over: Side) => {
    const ratios = mixedLoadRatios(mixed[over]!, mixed.baseline);
    return [
      `${SIDE_LABELS[over]} ÷ baseline, round by round`,
      '',
      spread(ratios.perSecond),
      ratio(mixed[over]!.p50Ms / mixed.baseline.p50Ms),
      spread(ratios.p99),
      '',
      cpuRatio(mixed[over]!.serverCpuMsPerRequest, mixed.baseline.serverCpuMsPerRequest),
      ...(withRest ? [cpuRatio(mixed[over]!.restCpuMsPerRequest, mixed.baseline.restCpuMsPerRequest)] : []),
    ];
  };
  const sides = (['product', 'baseline', 'slowed'] as const).filter((side) => mixed[side]);
  return table(
    ['server', 'requests', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'server CPU ms/request', ...(withRest ? ['database and the rest, CPU ms/request'] : [])],
    [...sides.map((side) => row(SIDE_LABELS[side], mixed[side]!)), ...sides.filter((side) => side !== 'baseline').map(ratioRow)],
    ['l'],
  );
}

function growthTable(database: DatabaseRun): string {
  const reports = database.operations.filter((op) => op.kind === 'report').map((op) => op.name);
  const first = database.growth[0]!;
  const last = database.growth.at(-1)!;
  return table(
    ['report (median ms)', ...database.growth.map((g) => `${whole(g.packages)} packages`), `time × for data × ${whole(last.packages / first.packages)}`, 'exponent'],
    reports.map((name) => [
      `\`${name}\``,
      ...database.growth.map((g) => ms(g.reportMs[name]!)),
      ratio(last.reportMs[name]! / first.reportMs[name]!),
      growthExponent(database.growth, name).toFixed(2),
    ]),
    ['l'],
  );
}

function sizeLine(database: DatabaseRun): string {
  const s = database.size;
  return (
    `${whole(s.clients)} clients, ${whole(s.mps)} MPs, ${whole(s.volunteers)} volunteers, ${whole(s.requests)} requests, ` +
    `${whole(s.packages)} packages, ${whole(s.trainingRecords)} training records, ${whole(s.magLogs)} MAG logs`
  );
}

function databaseSection(database: DatabaseRun, concurrency: number): string {
  const parts = [
    `### ${database.kind}`,
    `- Database: ${database.description}; ${sizeLine(database)}.`,
    `- Server: cold start ${whole(database.coldStartMs)} ms (process start to the first healthy \`/healthz\`); ` +
      `memory (RSS) after the run ${whole(database.rssMb)} MB, at most ${whole(database.peakRssMb)} MB.`,
    ...(database.jsonImportMs !== undefined ? [`- Import: the data set exported as JSON imports into an empty database in ${whole(database.jsonImportMs)} ms.`] : []),
    ...(database.workbook
      ? [`- Workbook: the data set exports as a workbook in ${whole(database.workbook.exportMs)} ms, and its people and training records import into an empty database in ${whole(database.workbook.importMs)} ms.`]
      : []),
    '',
    apiTable(database, concurrency),
  ];
  const mixed = database.mixedLoad.product;
  parts.push(
    '',
    `Mixed load: the mix of \`npm run load\`, ${mixed.clients} clients, ${mixed.rounds.length} rounds of ${ms(mixed.seconds / mixed.rounds.length)} s a server taken in turn, each server over a fresh demo database:`,
    '',
    mixedLoadTable(database),
  );
  if (database.growth.length > 1) parts.push('', 'Report time as the data grows (every record scaled with the packages):', '', growthTable(database));
  return parts.join('\n');
}

function browserSection(result: BenchResult): string {
  const b = result.browser;
  const p = (values: number[]) => `${ms(median(values))} / ${ms(percentile([...values].sort((x, y) => x - y), 0.99))}`;
  return [
    '### Front end',
    `Headless Chromium ${result.chromium} against the built app served by the product on PGlite; ${whole(b.listedClients)} current clients listed.`,
    '',
    table(
      ['figure', 'value'],
      [
        [`landing page initial JavaScript (${b.landingScripts.files.length} files) as sent: brotli / gzip / uncompressed`, asSent(b.landingScripts)],
        [`signed-in app initial JavaScript to the dashboard (${b.appScripts.files.length} files) as sent: brotli / gzip / uncompressed`, asSent(b.appScripts)],
        [`largest chunk the landing page does not load (\`${b.largestLazyChunk.file.replace(/^assets\//, '')}\`) as sent: brotli / gzip / uncompressed`, asSent(b.largestLazyChunk)],
        [`landing page largest contentful paint, median / p99 of ${b.landingLcpMs.length} first visits`, `${p(b.landingLcpMs)} ms`],
        [`/clients: navigation to the first 50 rows drawn, median / p99 of ${b.clientsFirstRowsMs.length} loads`, `${p(b.clientsFirstRowsMs)} ms`],
        [`clients search: keystroke to filtered rows drawn, median / p99 of ${b.keystrokeMs.length} keys`, `${p(b.keystrokeMs)} ms`],
      ],
      ['l'],
    ),
  ].join('\n');
}

/** Each page's Lighthouse runs in its mobile profile: the medians, each run, and how fast Lighthouse found the machine. */
function lighthouseSection(result: BenchResult): string {
  const { version, profile, pages } = result.lighthouse;
  const runs = pages[0]?.runs.length ?? 0;
  const each = (values: number[], format: (n: number) => string) => (values.length > 1 ? ` (${values.map(format).join(', ')})` : '');
  const score = (n: number) => n.toFixed(2);
  return [
    '### Lighthouse (mobile)',
    `Lighthouse ${version} in headless Chromium ${result.chromium}, its default ${profile.formFactor} profile: a screen of ${profile.screen}, ` +
      `${profile.throttlingMethod === 'simulate' ? 'simulated' : profile.throttlingMethod} throttling of slow 4G (${whole(profile.rttMs)} ms round trip, ` +
      `${whole(profile.downloadKbps)} Kbps down, ${whole(profile.uploadKbps)} Kbps up) and the CPU slowed ${profile.cpuSlowdown}×; the performance category only. ` +
      `Each page ${runs === 1 ? 'once, every load cold.' : `${runs} times, every load cold; the figure is the median, each run beside it.`}`,
    '',
    table(
      ['page', 'performance score', 'largest contentful paint, ms', "Lighthouse's benchmark index of the machine, median"],
      pages.map(({ kind, runs: measured }) => {
        const medians = lighthouseMedians(measured);
        return [
          LIGHTHOUSE_PAGES.find((p) => p.kind === kind)!.label,
          `${score(medians.score)}${each(measured.map((r) => r.score), score)}`,
          `${ms(medians.largestContentfulPaintMs)}${each(measured.map((r) => r.largestContentfulPaintMs), ms)}`,
          whole(median(measured.map((r) => r.benchmarkIndex))),
        ];
      }),
      ['l'],
    ),
  ].join('\n');
}

function carerAppSection(result: BenchResult): string {
  const { settings, scripts, fullBatchMs, fleet } = result.carerApp;
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
  const batches = sorted(fullBatchMs);
  const underLoad = sorted(fleet.fullBatchMs);
  return [
    '### Carer app',
    `The carer app's JavaScript, \`carerApp.sync\` by itself (${whole(settings.fullBatches)} calls of 100 new visits, one after another, to the real server on PGlite), and ${whole(settings.carers)} simulated phones × ${whole(settings.visitsPerCarer)} visits (bench/carer-phones.ts: each phone the app's own outbox and sending code; signal lost at random, phones killed and their outbox reloaded from storage, answers lost after the server gave them, batches sent up to three times at once in any order, clocks skewed, the server killed with SIGKILL mid-batch and restarted).`,
    '',
    table(
      ['figure', 'value'],
      [
        [`carer app JavaScript, every file (${scripts.files.length}, its service worker included) as sent: brotli / gzip / uncompressed`, asSent(scripts)],
        ['`carerApp.sync`, 100 new visits a call, median / p95', `${ms(median(batches))} / ${ms(percentile(batches, 0.95))} ms`],
        ['phones × visits', `${whole(settings.carers)} × ${whole(settings.visitsPerCarer)} = ${whole(fleet.visits)}`],
        ['recorded / lost / doubled / refused', `${whole(fleet.recorded)} / ${whole(fleet.lost)} / ${whole(fleet.doubled)} / ${whole(fleet.refused)}`],
        ["days whose delivered hours are not their visits' sum", whole(fleet.daysWrong)],
        ['delivered hours / hours of the visits', `${whole(Math.round(fleet.deliveredHours))} / ${whole(Math.round(fleet.visitHours))}`],
        ['sync calls / answers lost on the way / visits answered "duplicate"', `${whole(fleet.calls)} / ${whole(fleet.answersLost)} / ${whole(fleet.duplicateAnswers)}`],
        ['phones killed / server killed (SIGKILL)', `${whole(fleet.phoneKills)} / ${whole(fleet.serverKills)}`],
        ['carers whose access ended mid-run / their visits in Visits to resolve', `${whole(fleet.accessEnded)} / ${whole(fleet.toResolve)}`],
        ['the whole run', `${Math.round(fleet.seconds)} s, ${whole(Math.round(fleet.visits / fleet.seconds))} visits/s`],
        ['calls of 100 visits among the phones, median / p95', underLoad.length ? `${ms(median(underLoad))} / ${ms(percentile(underLoad, 0.95))} ms` : '-'],
      ],
      ['l'],
    ),
  ].join('\n');
}

function plannedVisitsSection(result: BenchResult): string {
  const { settings, visitsRecorded, dayMs, measuresMs, myVisitsMs, myVisitsBytes, myVisitsPlanned, suggestMs, weekOneMs, weekAllMs, weekAllMinutes } = result.plannedVisits;
  const spread = (values: number[]) => `${ms(median(values))} / ${ms(Math.max(...values))} ms`;
  return [
    '### Planned visits',
    `${whole(settings.carers)} carers, each visiting ${whole(settings.visitsADay)} clients every day of the week by plan, a year of their visits recorded from the plans (some late, some "Couldn't visit", some never recorded), on PGlite (bench/planned-visits.ts); each call ${whole(settings.calls)} times, one after another.`,
    '',
    table(
      ['figure', 'value'],
      [
        ['visits recorded over the year', whole(visitsRecorded)],
        [`\`plannedVisits.getDay\`, the office's Today (${whole(settings.carers * settings.visitsADay)} planned visits), median / slowest`, spread(dayMs)],
        ["`analytics.getVisitMeasures`, last month's, median / slowest", spread(measuresMs)],
        [`\`carerApp.myVisits\`, one carer's phone (${whole(myVisitsPlanned)} planned visits), median / slowest`, spread(myVisitsMs)],
        ["`carerApp.myVisits`, the phone's answer as JSON", `${(myVisitsBytes / KB).toFixed(1)} KB`],
        [`\`carers.suggestForRequest\`, by added driving among ${whole(settings.carers)} carers' planned weeks, median / slowest`, spread(suggestMs)],
        [`\`plannedVisits.suggestWeek\`, one carer's week (${whole(settings.visitsADay * 7)} visits), median / slowest`, spread(weekOneMs)],
        [`\`plannedVisits.suggestWeek\`, every carer's week, median / slowest`, spread(weekAllMs)],
        ["every carer's week: driving as planned → suggested", `${whole(weekAllMinutes.before)} → ${whole(weekAllMinutes.after)} minutes`],
      ],
      ['l'],
    ),
  ].join('\n');
}

function solomonSection(result: BenchResult): string {
  const { secondsPerInstance, results } = result.solomon;
  return [
    '### Planning engine (Solomon VRPTW)',
    `The engine that plans the charity's weeks (src/shared/routing/vrptw.ts) on Solomon's instances of 100 customers, ${secondsPerInstance} s each, one after another on one core (bench/solomon.ts; sources in bench/solomon/SOURCES.md). Each plan is checked apart from the engine.`,
    '',
    solomonTable(results),
    '',
    `The exact day order (src/shared/routing/day-order.ts, checked against brute force in its tests up to 9 visits) on ${whole(result.dayOrder.ms.length)} made-up days of ${result.dayOrder.stops} visits, every window a whole day: ${ms(median(result.dayOrder.ms))} median, ${ms(Math.max(...result.dayOrder.ms))} the slowest.`,
  ].join('\n');
}

function commandLineSection(result: BenchResult): string {
  const { userListMs, startMs } = result.commandLine;
  const spread = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
  return [
    '### Command line',
    `Each typed through npm on a new empty data directory, ${whole(userListMs.length)} times after a first run that builds what is stale; wall time, median (lowest–highest).`,
    '',
    table(
      ['command', 'ms'],
      [
        ['`npm run user -- list`, to its exit', spread(userListMs)],
        ['`npm start`, to its first healthy `/healthz`', spread(startMs)],
      ],
      ['l'],
    ),
  ].join('\n');
}

function figureOf(l: BudgetLine, value = l.figure): string {
  if (l.unit === '×') return ratio(value);
  if (l.unit === '') return value.toFixed(2);
  if (l.unit === 'errors') return `${whole(value)} errors`;
  return `${l.unit === 'KB' ? value.toFixed(1) : ms(value)} ${l.unit}`;
}

function limitOf(l: BudgetLine, value = l.limit): string {
  return `${l.atLeast ? '≥' : '≤'} ${l.unit === '×' ? ratio(value) : figureOf(l, value)}`;
}

/** The limit CI holds a line to, and what set it; or, for an absolute figure, that it is printed only. */
function gateOf(l: BudgetLine, reference?: GateReference): string {
  const gate = quickGate(l, reference);
  if (gate === undefined) return 'printed only: an absolute figure';
  if (l.measure !== 'ratio') return limitOf(l, gate.limit);
  const widened = l.atLeast ? '÷' : '×';
  return gate.basis === 'budget'
    ? `${limitOf(l, gate.limit)} (the budget ${widened} ${QUICK_RATIO_TOLERANCE})`
    : `${limitOf(l, gate.limit)} (the reference ${ratio(reference!.ratios[l.what]!)} ${widened} ${reference!.tolerance})`;
}

/** A full run's budgets; a quick run's with the limit CI holds each line to, or none for an absolute figure. */
function budgetTable(lines: BudgetLine[], quick: boolean, reference?: GateReference): string {
  const rounds = (l: BudgetLine) => (l.spread ? `${l.spread.low.toFixed(2)}–${l.spread.high.toFixed(2)}` : '');
  if (!quick) {
    // An absolute figure's limit is a target recorded beside it, not a budget the run is held to.
    return table(
      ['budget', 'figure', 'rounds: lowest–highest', 'limit', ''],
      lines.map((l) => [l.what, figureOf(l), rounds(l), l.measure === 'absolute' ? `target ${limitOf(l)}` : limitOf(l), l.measure === 'absolute' ? (l.verdict === 'PASS' ? 'met' : 'missed') : l.verdict]),
      ['l'],
    );
  }
  return table(
    ['budget', 'figure', 'rounds: lowest–highest', 'budget of a full run', '', 'CI gate', ''],
    lines.map((l) => [l.what, figureOf(l), rounds(l), limitOf(l), l.verdict, gateOf(l, reference), quickVerdict(l, reference) ?? '']),
    ['l'],
  );
}

/** The gate's own test: the gate's lines for the product made twice as slow. */
function slowedSection(lines: BudgetLine[], reference?: GateReference): string {
  const gated = lines.filter((l) => quickVerdict(l, reference) !== undefined && l.measure === 'ratio');
  const failed = gated.filter((l) => quickVerdict(l, reference) === 'FAIL').length;
  return [
    "### The gate's own test",
    '',
    `The same run measured the product made twice as slow on purpose (\`bench/slowed-product.ts\`: every millisecond its one thread works is followed by a millisecond of busy waiting) beside the same baseline. ` +
      `It fails ${failed} of the gate's ${gated.length} ratios; the run fails unless it fails at least one.`,
    '',
    table(
      ['budget', 'figure', 'CI gate', ''],
      gated.map((l) => [l.what, figureOf(l), gateOf(l, reference), quickVerdict(l, reference)!]),
      ['l'],
    ),
  ].join('\n');
}

/**
 * The whole report, as printed and as kept in docs/BENCHMARKS.md; with the budgets of the product made twice
 * as slow where the run measured it.
 */
export function renderReport(result: BenchResult, budgets: BudgetLine[], command: string, slowedBudgets?: BudgetLine[], reference?: GateReference): string {
  return [
    `\`${command}\`, run on ${result.startedAt.toISOString().slice(0, 10)}; it took ${result.minutes.toFixed(1)} minutes.`,
    '',
    `- Machine: ${result.machine}. The servers, the databases, the load and the browser share these CPUs.`,
    `- Latency is from sending a request to the last byte of its answer, on 127.0.0.1; "clients" are callers that each ` +
      `send their next request as soon as the last is answered. Ratios are product ÷ baseline (above 1: the product is slower), ` +
      `taken round by round from rounds timed in turn, with the lowest and highest round beside the median.`,
    '',
    ...result.databases.flatMap((database) => [databaseSection(database, result.concurrency), '']),
    browserSection(result),
    '',
    lighthouseSection(result),
    '',
    carerAppSection(result),
    '',
    plannedVisitsSection(result),
    solomonSection(result),
    '',
    commandLineSection(result),
    '',
    '### Budgets',
    '',
    budgetTable(budgets, result.quick, reference),
    ...(slowedBudgets ? ['', slowedSection(slowedBudgets, reference)] : []),
  ].join('\n');
}

const SECTION_INTRO = `\`npm run bench\` (\`bench/\`) fills a new database with a charity fifty times today's size (generated, the same
every time) and measures the product beside a baseline: the same data fetched by one hand-written SQL query whose
rows a bare \`node:http\` handler serialises with \`JSON.stringify\` (\`bench/baseline-server.ts\`), and every change
made by one statement that writes its audit row too, as the product must. Both servers run at once, each over its
own copy of the same data (a copied PGlite directory, or a PostgreSQL database made from the other as its template),
and each call is timed on one and then the other in rounds taken in turn (the order reversed every other round):
at one client, fifteen rounds of a second for the single records and the change, eleven of three seconds for the
lists (whose answers are large, so a second holds few of the baseline's calls), all held to ratios, and seven of a
second for the timesheet and the reports, whose budgets are their own times. Every ratio is taken round by round, from spells a few seconds
apart, and its median is the figure, with the lowest and highest round beside it: what else the machine does in
those seconds weighs on both sides alike. It measures on PGlite, and on PostgreSQL when one answers
(\`DATABASE_URL\`, or 127.0.0.1:5432), then the front end in headless Chromium. Each list and report is timed by
itself, one request per call, as a signed-in Coordinator. The lists and reports the server keeps a copy of until
the database changes (\`src/shared/cached-queries.ts\`) are timed twice at one client: as the web app asks for them
(from the copy, once made) and "computed afresh", as a batch of one call, which the server always computes, as it
does the first call after any write; the report budgets, the list ratios and the growth table use the latter.
Calls are sent by \`node:http\` over kept-alive connections with the \`accept-encoding\` Chromium sends, and each is
timed to the last byte of its answer as sent (the product gzips its copies; the baseline never compresses). Before
each call is timed on either side, it is made untimed until it has been made a hundred times or for a second, so
that both sides are timed running optimised code. The data set: requests start evenly over ten years and last
about fourteen months on average (open when they would run past today); each has one to three packages, three in
four given by MPs; every locality and service, some records archived. The server's memory "after the run" is read
once it has been quiet for 4 s after its last call, by when it has handed back what the busy spell left
(\`src/server/idle-memory.ts\`); "at most" is its peak during the run.

The mixed load is \`npm run load\`'s mix (\`bench/mixed-load.ts\`: 70% reads, 20% writes, 10% reports) from 50
clients in a closed loop, each server over a fresh demo database (\`seedDemo\`, not the large data set), in ten rounds
of 5 s a server taken in turn. The product's clients are coordinators signed in through the built-in provider,
their calls sent by the same \`node:http\` client; the baseline answers the same procedures at the same URLs, each by
one hand-written statement (a change by one insert or update … returning with its audit row, its answer built by
the statement), and takes any bearer token. Its throughput and p99 are held to ratios of the baseline's in the
same rounds; requests per second are reported, not budgeted, as the server, the database and the load share one
small machine. CPU per request is the CPU time a process used during the run divided by the requests answered:
the server's, and with PostgreSQL that of the rest of the machine (the load generator's own left out), which is
mostly the database server's.

\`npm run bench -- --quick\` is CI's gate: a tenth of the data on PGlite only, five rounds of 0.3 s at one client,
four of 2.5 s under the mixed load; it prints the same tables without writing them here. It fails only on a ratio
that regressed or on an exact figure (bytes of JavaScript, errors) past its own budget; absolute figures
(milliseconds, memory, requests per second) are printed, never a reason to fail. A ratio regressed when it is past
its budget × 1.3 (÷ 1.3 for a minimum) or, where tighter, past its reference widened by the reference's tolerance:
the reference is its median over five quick runs of the product as it stood on the same processor
(\`bench/gate-reference.json\`, each run added by \`npm run bench -- --quick --write-reference\` and committed with a
change that moves a ratio on purpose), and the tolerance the widest any of them strayed with a fifth to spare, so a
product well inside its budgets cannot grow twice as slow unseen. In the same run it measures the product made
twice as slow on purpose (\`bench/slowed-product.ts\`) beside the same baseline, and fails unless that product
fails the gate; on a processor with no reference, ratios are held to their budgets alone and that check is printed.

The initial JavaScript is the scripts the browser fetches until the page has settled: for the landing page, a
first visit to \`/\`; for the signed-in app, a new visit to \`/dashboard\` with the session kept (the entry, the
app shell and the dashboard's chunks). The carer app's is every script of its build and its service worker, which
the phone keeps whole. Each file is then fetched from the same server by \`node:http\` three times, with
\`Accept-Encoding: br\`, with \`gzip\` and with none, and the bytes of each answer's body are counted as sent, not
decoded: the server sends the brotli or gzip copy the build made (\`vite.config.ts\`), so these are the bytes on the
wire, headers aside. Stylesheets are not counted. The first 50 rows are timed in a 1920×2600 window, large enough
for the virtualised table to draw them.

Lighthouse (\`bench/lighthouse.ts\`, decision 318) scores three pages in its default mobile profile, unchanged: a
phone's screen, simulated slow 4G (150 ms round trip, 1.6 Mbps down) and the CPU slowed 4×, the performance category
only, against a server of its own over the charity as it is (the demo data the mixed load also uses, decision 322)
rather than the fifty-fold data set. The landing page is a first visit, Lighthouse clearing the origin's storage;
the office's dashboard and the carer app's Today are signed in (the carer from an invitation the bench's
Coordinator makes) within the very tab Lighthouse then measures, their storage kept, and before each load the HTTP
cache, the Cache Storage and the service workers are cleared, so every load is cold: a run fails if any script came from a cache, or a signed-in page ended
anywhere but its own address. A full run measures each page three times, a quick run once; each page's median
performance score (target at least 0.90) and largest contentful paint (target at most 2.5 s) are absolute figures,
recorded beside their targets. The simulation starts from a load on this machine, so the figures move with what else
it is doing: Lighthouse's own benchmark index of the machine is kept beside them.`;

/** How far a ratio may move between two full runs on the same machine and still count as the same. */
export const RUN_TO_RUN_TOLERANCE = 0.15;

/** The ratios a run's budgets hold, by budget, and when it ran: kept in the section to compare the next run with. */
export interface RatioRecord {
  ranOn: string;
  ratios: Record<string, number>;
}

export function ratioRecord(result: BenchResult, budgets: readonly BudgetLine[]): RatioRecord {
  return { ranOn: result.startedAt.toISOString().slice(0, 10), ratios: Object.fromEntries(budgets.filter((l) => l.measure === 'ratio').map((l) => [l.what, l.figure])) };
}

const RECORD_COMMENT = /<!-- ratios of this run: (\{.*\}) -->/;

/** Each ratio budget of this run beside the run recorded before it, and how far it moved. */
export function runToRunTable(previous: RatioRecord, current: RatioRecord): string {
  const both = Object.keys(current.ratios).filter((what) => previous.ratios[what] !== undefined);
  const within = both.filter((what) => Math.abs(current.ratios[what]! / previous.ratios[what]! - 1) <= RUN_TO_RUN_TOLERANCE);
  return [
    '### Run to run',
    '',
    `Each ratio budget beside the run recorded before this one (${previous.ranOn}): ${within.length} of ${both.length} within ` +
      `${RUN_TO_RUN_TOLERANCE * 100}% of it.`,
    '',
    table(
      ['budget', 'run before', 'this run', 'change', `within ${RUN_TO_RUN_TOLERANCE * 100}%`],
      both.map((what) => {
        const change = current.ratios[what]! / previous.ratios[what]! - 1;
        return [what, ratio(previous.ratios[what]!), ratio(current.ratios[what]!), `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)}%`, within.includes(what) ? 'yes' : 'NO'];
      }),
      ['l'],
    ),
  ].join('\n');
}

/**
 * Replaces this benchmark's section of the file (or adds it at the end), leaving every other section as it
 * is; beside this run's report, its ratios against those of the run it replaces, and (in a comment) its own
 * for the next run to compare with.
 */
/** The quick runs a processor's reference is made from, side by side, with each ratio's median and how far each run strayed. */
export function renderReference(processor: string, reference: GateReference): string {
  const names = Object.keys(reference.ratios);
  const stray = (name: string) => Math.max(...reference.runs.flatMap((run) => (run.ratios[name] === undefined ? [] : [Math.max(run.ratios[name] / reference.ratios[name]!, reference.ratios[name]! / run.ratios[name])])));
  return [
    referenceHeading(processor),
    '',
    `\`npm run bench -- --quick --write-reference\` adds its run to the processor's reference in \`bench/gate-reference.json\`, which keeps the newest ${REFERENCE_RUNS}: ` +
      `the quick gate holds each ratio to its median over them, widened by the tolerance that covers every one of them ` +
      `(the widest a run strayed from the median, either way, with a fifth to spare, and at least 1.25). ` +
      `Recorded on ${reference.machine}; tolerance **${reference.tolerance}**.`,
    '',
    table(
      ['ratio', ...reference.runs.map((run, i) => `run ${i + 1} (${run.recordedOn})`), 'median', 'widest stray'],
      names.map((name) => [name, ...reference.runs.map((run) => (run.ratios[name] === undefined ? '-' : ratio(run.ratios[name]))), ratio(reference.ratios[name]!), `${stray(name).toFixed(2)}×`]),
      ['l'],
    ),
  ].join('\n');
}

/** Where a file's `## ` section begins (its heading) and ends (the next `## ` heading, or the end); undefined when it has none. */
function findSection(text: string, heading: string): { start: number; end: number } | undefined {
  const start = text.search(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  if (start < 0) return undefined;
  const next = text.slice(start + heading.length).search(/^## /m);
  return { start, end: next < 0 ? text.length : start + heading.length + next };
}

/** Puts `section` (its `## ` heading first) in place of the file's section of that heading, or at its end. */
function replaceSection(file: string, heading: string, section: string): void {
  const text = readFileSync(file, 'utf8');
  const found = findSection(text, heading);
  if (!found) writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
  else writeFileSync(file, `${text.slice(0, found.start)}${section}${found.end < text.length ? `\n${text.slice(found.end)}` : ''}`);
}

const referenceHeading = (processor: string) => `## The quick gate's reference on ${processor}`;

export function writeReferenceSection(file: string, processor: string, reference: GateReference): void {
  replaceSection(file, referenceHeading(processor), `${renderReference(processor, reference)}\n`);
}

export function writeReportSection(file: string, body: string, record: RatioRecord): void {
  const text = readFileSync(file, 'utf8');
  const found = findSection(text, SECTION_HEADING);
  const previous = found && RECORD_COMMENT.exec(text.slice(found.start, found.end))?.[1];
  const comparison = previous ? `\n\n${runToRunTable(JSON.parse(previous) as RatioRecord, record)}` : '';
  replaceSection(file, SECTION_HEADING, `${SECTION_HEADING}\n\n${SECTION_INTRO}\n\n${body}${comparison}\n\n<!-- ratios of this run: ${JSON.stringify(record)} -->\n`);
}
