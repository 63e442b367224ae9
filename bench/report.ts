import { readFileSync, writeFileSync } from 'node:fs';
import type { BudgetLine } from './budgets';
import { KB } from './budgets';
import { median } from './frontend';
import { percentile } from './latency';
import { type BenchResult, type DatabaseRun, growthExponent, type MixedLoadFigures } from './results';

const SECTION_HEADING = '## Benchmark';

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
/** Milliseconds: whole above 10, one decimal below. */
const ms = (n: number) => (Number.isNaN(n) ? '-' : n >= 10 ? whole(n) : n.toFixed(1));
const ratio = (n: number) => `${n.toFixed(2)}×`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

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
        ratio(product.p50Ms / baseline.p50Ms),
        ratio(product.p99Ms / baseline.p99Ms),
      ]];
    }),
  );
  return table(
    ['operation', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'baseline p50 ms', 'baseline p99 ms', 'baseline req/s', 'p50 ÷ baseline', 'p99 ÷ baseline'],
    rows,
    ['l'],
  );
}

/** The product and the baseline under the mixed load; with PostgreSQL, the CPU the database server (and the rest of the machine) used too. */
function mixedLoadTable(database: DatabaseRun): string {
  const { product, baseline } = database.mixedLoad;
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
  return table(
    ['server', 'requests', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'server CPU ms/request', ...(withRest ? ['database and the rest, CPU ms/request'] : [])],
    [
      row('product', product),
      row('baseline', baseline),
      [
        'product ÷ baseline',
        '',
        ratio(product.perSecond / baseline.perSecond),
        ratio(product.p50Ms / baseline.p50Ms),
        ratio(product.p99Ms / baseline.p99Ms),
        '',
        cpuRatio(product.serverCpuMsPerRequest, baseline.serverCpuMsPerRequest),
        ...(withRest ? [cpuRatio(product.restCpuMsPerRequest, baseline.restCpuMsPerRequest)] : []),
      ],
    ],
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
    '',
    apiTable(database, concurrency),
  ];
  const mixed = database.mixedLoad.product;
  parts.push('', `Mixed load: the mix of \`npm run load\`, ${mixed.clients} clients for ${whole(mixed.seconds)} s, each server over a fresh demo database:`, '', mixedLoadTable(database));
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
        [`landing page initial JavaScript (${b.landingScripts.files.length} files), gzip`, kb(b.landingScripts.gzipBytes)],
        [`signed-in app initial JavaScript to the dashboard (${b.appScripts.files.length} files), gzip`, kb(b.appScripts.gzipBytes)],
        [`largest chunk the landing page does not load (\`${b.largestLazyChunk.file.replace(/^assets\//, '')}\`), gzip`, kb(b.largestLazyChunk.gzipBytes)],
        [`landing page largest contentful paint, median / p99 of ${b.landingLcpMs.length} first visits`, `${p(b.landingLcpMs)} ms`],
        [`/clients: navigation to the first 50 rows drawn, median / p99 of ${b.clientsFirstRowsMs.length} loads`, `${p(b.clientsFirstRowsMs)} ms`],
        [`clients search: keystroke to filtered rows drawn, median / p99 of ${b.keystrokeMs.length} keys`, `${p(b.keystrokeMs)} ms`],
      ],
      ['l'],
    ),
  ].join('\n');
}

function budgetTable(lines: BudgetLine[]): string {
  const figure = (l: BudgetLine) => {
    if (l.unit === '×') return ratio(l.figure);
    if (l.unit === '') return l.figure.toFixed(2);
    if (l.unit === 'errors') return `${whole(l.figure)} errors`;
    return `${l.unit === 'KB' ? l.figure.toFixed(1) : ms(l.figure)} ${l.unit}`;
  };
  const limit = (l: BudgetLine) => `${l.atLeast ? '≥' : '≤'} ${l.limit}${l.unit === '×' ? '×' : l.unit ? ` ${l.unit}` : ''}`;
  return table(
    ['budget', 'figure', 'limit', ''],
    lines.map((l) => [l.what, figure(l), limit(l), l.verdict]),
    ['l'],
  );
}

/** The whole report, as printed and as kept in docs/BENCHMARKS.md. */
export function renderReport(result: BenchResult, budgets: BudgetLine[], command: string): string {
  return [
    `\`${command}\`, run on ${result.startedAt.toISOString().slice(0, 10)}; it took ${result.minutes.toFixed(1)} minutes.`,
    '',
    `- Machine: ${result.machine}. The servers, the databases, the load and the browser share these CPUs.`,
    `- Latency is from sending a request to the last byte of its answer, on 127.0.0.1; "clients" are callers that each ` +
      `send their next request as soon as the last is answered. Ratios are product ÷ baseline (above 1: the product is slower).`,
    '',
    ...result.databases.flatMap((database) => [databaseSection(database, result.concurrency), '']),
    browserSection(result),
    '',
    '### Budgets',
    '',
    budgetTable(budgets),
  ].join('\n');
}

const SECTION_INTRO = `\`npm run bench\` (\`bench/\`) fills a new database with a charity fifty times today's size (generated, the same
every time) and measures the product against a baseline: the same data fetched by one hand-written SQL query whose
rows a bare \`node:http\` handler serialises with \`JSON.stringify\` (\`bench/baseline-server.ts\`), run over the same
database after the product has stopped. It measures on PGlite, and on PostgreSQL when one answers (\`DATABASE_URL\`,
or 127.0.0.1:5432), then the front end in headless Chromium. Each list and report is timed by itself, one
request per call, as a signed-in Coordinator. The lists and reports the server keeps a copy of until the
database changes (\`src/shared/cached-queries.ts\`) are timed twice at one client: as the web app asks for them
(from the copy, once made) and "computed afresh", as a batch of one call, which the server always computes, as it
does the first call after any write; the report budgets, the list ratios and the growth table use the latter.
Calls are sent by \`node:http\` over kept-alive connections with the \`accept-encoding\` Chromium sends, and each is
timed to the last byte of its answer as sent (the product gzips its copies; the baseline never compresses). Before
each call is timed on either side, it is made untimed until it has been made a hundred times or for a second, so
that both sides are timed running optimised code. \`npm run bench -- --quick\` runs a
tenth of the data on PGlite only, prints the same tables without writing them here, and fails only when a figure
misses its budget by more than twice. The data set: requests start evenly over ten years and last about fourteen
months on average (open when they would run past today); each has one to three packages, three in four given by MPs;
every locality and service, some records archived. The server's memory "after the run" is read once it has been
quiet for 4 s after its last call, by when it has handed back what the busy spell left (\`src/server/idle-memory.ts\`);
"at most" is its peak during the run.

The mixed load is \`npm run load\`'s mix (\`bench/mixed-load.ts\`: 70% reads, 20% writes, 10% reports) from 50 clients
in a closed loop for 30 s (10 s in a quick run), run on each database against the product and then against the
baseline, each over a fresh demo database (\`seedDemo\`, not the large data set). The product's clients are
coordinators signed in through the built-in provider, their calls sent by the same \`node:http\` client; the baseline answers the same procedures at the same URLs,
each by one hand-written statement (a change by one insert or update … returning, its answer built by the
statement), and takes any bearer token. CPU per request is the CPU time a process used during the run divided by
the requests answered: the server's, and with PostgreSQL that of the rest of the machine (the load generator's own
left out), which is mostly the database server's.

The initial JavaScript is what the browser fetches until the page has settled, gzipped: for the landing page, a
first visit to \`/\`; for the signed-in app, a new visit to \`/dashboard\` with the session kept (the entry, the
app shell and the dashboard's chunks). Stylesheets are not counted. The first 50 rows are timed in a 1920×2600
window, large enough for the virtualised table to draw them.`;

/** Replaces this benchmark's section of the file (or adds it at the end), leaving every other section as it is. */
export function writeReportSection(file: string, body: string): void {
  const text = readFileSync(file, 'utf8');
  const section = `${SECTION_HEADING}\n\n${SECTION_INTRO}\n\n${body}\n`;
  const start = text.search(/^## Benchmark\s*$/m);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const rest = text.slice(start + SECTION_HEADING.length);
  const next = rest.search(/^## /m);
  const after = next < 0 ? '' : `\n${rest.slice(next)}`;
  writeFileSync(file, `${text.slice(0, start)}${section}${after}`);
}
