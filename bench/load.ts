/**
 * `npm run load [-- --duration 60 --clients 50] [--cpu-prof <dir>]`: the load benchmark. Runs the real server on
 * 127.0.0.1 over a throwaway database filled with the demo data, signs in staff through the built-in
 * provider, and keeps them busy with a mixed workload (70% reads, 20% writes, 10% reports) for the
 * duration. Prints requests/s, p50/p99 latency and errors, records them under "## Load" in
 * docs/BENCHMARKS.md (unless --dry-run), and exits non-zero when any request failed.
 *
 * With --cpu-prof, the server writes a V8 CPU profile of the whole run (setup included) into that
 * directory when it stops; open it in Chrome's DevTools or summarise it with bench/cpu-profile.ts.
 *
 * PGlite in a temporary directory by default; with DATABASE_URL, a new database on that PostgreSQL
 * server, dropped afterwards. The database DATABASE_URL names is never written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import pg from 'pg';
import { addUser } from '@/server/auth/users.service';
import { openConfiguredDatabase } from '@/server/db/open';
import { seedDemo } from '@/server/demo/seed-demo';
import { loadEnv } from '@/server/env';
import { apiClient, signInOverHttp } from '@/server/test/http-sign-in';
import { freeLoopbackPort, type ServerDatabase, type ServerProcess, startServerProcess } from '@/server/launch';
import type { AppRouter } from '@/server/app-router';
import { addDays, todayIn } from '@/shared/dates';
import { percentile } from './latency';
import { describeMachine } from './machine';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCHMARKS_FILE = path.join(ROOT, 'docs/BENCHMARKS.md');
const REQUEST_TIMEOUT_MS = 30_000;
const STAFF_PASSWORD = 'load-test-password-1';

// ---------------------------------------------------------------------------------------------------
// Options

interface Options {
  durationSeconds: number;
  clients: number;
  maxRequests: number;
  dryRun: boolean;
  /** Where the server writes its CPU profile, when one is asked for. */
  cpuProfileDir?: string;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      clients: { type: 'string', default: '50' },
      'max-requests': { type: 'string', default: '2000000' },
      'dry-run': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
    },
  });
  const whole = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`--${name} must be a whole number from ${min} to ${max}`);
      process.exit(2);
    }
    return n;
  };
  return {
    durationSeconds: whole('duration', values.duration, 1, 600),
    clients: whole('clients', values.clients, 1, 500),
    maxRequests: whole('max-requests', values['max-requests'], 1, 100_000_000),
    dryRun: values['dry-run'],
    cpuProfileDir: values['cpu-prof'] && path.resolve(values['cpu-prof']),
  };
}

// ---------------------------------------------------------------------------------------------------
// The database of the run: never the user's data

interface RunDatabase {
  database: ServerDatabase;
  /** "PGlite" or "PostgreSQL": also the heading its results go under. */
  label: 'PGlite' | 'PostgreSQL';
  description: string;
  remove: () => Promise<void>;
}

async function throwawayDatabase(): Promise<RunDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `valecare_load_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      database: { databaseUrl: url.toString() },
      label: 'PostgreSQL',
      description: `PostgreSQL ${rows[0]!.server_version.split(' ')[0]} on ${url.hostname} (a new database, dropped afterwards)`,
      remove: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'valecare-load-'));
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return {
    database: { dataDir },
    label: 'PGlite',
    description: `PGlite ${version}, file-backed in a new temporary directory`,
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function staffEmail(n: number): string {
  return `load.coordinator.${String(n).padStart(3, '0')}@valecare.test`;
}

/** Fills the new database with the demo data and adds one coordinator per simulated member of staff. */
async function prepare(database: ServerDatabase, staff: number): Promise<void> {
  const env = loadEnv('dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl });
  const connection = await openConfiguredDatabase(env);
  try {
    await seedDemo(connection.db, todayIn(env.timeZone), env.deprivationMaxDecile);
    for (let n = 1; n <= staff; n++) {
      // Coordinators do the daily work of the workload and sign in with a password alone.
      await addUser(connection.db, { email: staffEmail(n), password: STAFF_PASSWORD, givenName: 'Load', familyName: `Coordinator ${n}`, role: 'Coordinator' });
    }
  } finally {
    await connection.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Timed calls

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
type Area = keyof Inputs;
type Procedure = { [A in Area]: `${A}.${keyof Inputs[A] & string}` }[Area];
type InputOf<P extends Procedure> = P extends `${infer A extends Area}.${infer N}` ? (N extends keyof Inputs[A] ? Inputs[A][N] : never) : never;
type OutputOf<P extends Procedure> = P extends `${infer A extends Area}.${infer N}` ? (N extends keyof Outputs[A] ? Outputs[A][N] : never) : never;

type Kind = 'read' | 'write' | 'report';

interface Sample {
  procedure: Procedure;
  kind: Kind;
  ms: number;
  /** Why the request failed: a non-2xx answer or no answer at all. */
  failure?: string;
}

class Recorder {
  samples: Sample[] = [];

  /** Forgets what was recorded so far: the run starts now. */
  restart() {
    this.samples = [];
  }

  add(sample: Sample) {
    this.samples.push(sample);
    if (sample.failure && this.samples.filter((s) => s.failure).length <= 5) {
      console.error(`  error: ${sample.procedure}: ${sample.failure}`);
    }
  }
}

class RequestFailed extends Error {
  override name = 'RequestFailed';
}

/**
 * One signed-in member of staff calling procedures over HTTP as the web app's tRPC client does
 * (GET for queries, POST for mutations, the ID token as bearer), one request per call. Each call is
 * timed from sending to the last byte of the answer; only mutation answers are parsed, so the load
 * generator spends as little time as it can on bodies it does not need.
 */
class TimedApi {
  constructor(
    private readonly serverUrl: string,
    private readonly idToken: string,
    private readonly recorder: Recorder,
  ) {}

  async query<P extends Procedure>(procedure: P, kind: Kind, input?: InputOf<P>): Promise<void> {
    const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    await this.send(procedure, kind, `${this.serverUrl}/trpc/${procedure}${search}`, { method: 'GET' });
  }

  async mutate<P extends Procedure>(procedure: P, input: InputOf<P>): Promise<OutputOf<P>> {
    const body = await this.send(procedure, 'write', `${this.serverUrl}/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (JSON.parse(new TextDecoder().decode(body)) as { result: { data: OutputOf<P> } }).result.data;
  }

  private async send(procedure: Procedure, kind: Kind, url: string, init: RequestInit): Promise<ArrayBuffer> {
    const started = performance.now();
    let response: Response;
    let body: ArrayBuffer;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${this.idToken}` },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      body = await response.arrayBuffer();
    } catch (error) {
      const { message, cause } = error as Error;
      const failure = `no answer: ${message}${cause ? ` (${String(cause)})` : ''}`;
      this.recorder.add({ procedure, kind, ms: performance.now() - started, failure });
      throw new RequestFailed(failure);
    }
    const failure = response.ok ? undefined : `HTTP ${response.status} ${new TextDecoder().decode(body).slice(0, 300)}`;
    this.recorder.add({ procedure, kind, ms: performance.now() - started, failure });
    if (failure) throw new RequestFailed(failure);
    return body;
  }
}

// ---------------------------------------------------------------------------------------------------
// The workload

/** Ids the simulated staff look at: the demo data's, and every record created during the run. */
interface Pools {
  clients: string[];
  requests: string[];
  packages: string[];
  carers: string[];
  postCodes: string[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type OwnClient = OutputOf<'clients.update'>;
type OwnRequest = OutputOf<'requests.create'>;
type OwnPackage = OutputOf<'packages.create'>;

/**
 * A simulated member of staff. Updates and renewals touch only records this member created, so
 * that no two of them edit one record at once (a CONFLICT would be right, but is not what this
 * measures); reads and new requests and packages range over all the data.
 */
class StaffSession {
  private sequence = 0;
  client!: OwnClient;
  request!: OwnRequest;
  package!: OwnPackage;

  constructor(
    readonly api: TimedApi,
    readonly n: number,
    readonly pools: Pools,
    readonly today: string,
  ) {}

  /** Creates the records this member will update and renew: before the clock starts, and again after a failed change. */
  async createOwnRecords() {
    this.client = await this.createClient();
    this.request = await this.createRequest(this.client.id);
    this.package = await this.createPackage(this.request.id);
  }

  async createClient(): Promise<OwnClient> {
    const created = await this.api.mutate('clients.create', {
      dateOfBirth: '1941-05-17',
      details: {
        name: `Load Client ${this.n}-${++this.sequence}`,
        phone: '01984 600000',
        address: { streetAddress: `${this.sequence} Mill Road`, postCode: pick(this.pools.postCodes) },
        services: ['Companionship'],
      },
    });
    this.pools.clients.push(created.id);
    return created;
  }

  async updateClient() {
    const { id, version, archived, dateOfBirth, details } = this.client;
    this.client = await this.api.mutate('clients.update', {
      id,
      version,
      archived,
      dateOfBirth,
      details: { ...details, phone: `01984 ${600000 + (++this.sequence % 99999)}`, notes: [] },
    });
  }

  async createRequest(clientId: string): Promise<OwnRequest> {
    const created = await this.api.mutate('requests.create', {
      clientId,
      startDate: addDays(this.today, -Math.floor(Math.random() * 700)),
      details: { weeklyHours: 1 + Math.floor(Math.random() * 10) / 2, services: ['Companionship', 'Domestic'] },
    });
    this.pools.requests.push(created.id);
    return created;
  }

  async updateRequest() {
    const { id, version, clientId, archived, requestType, startDate, endDate, details } = this.request;
    this.request = await this.api.mutate('requests.update', {
      id,
      version,
      clientId,
      archived,
      requestType,
      startDate,
      endDate,
      details: { ...details, weeklyHours: 1 + (++this.sequence % 20) / 2 },
    });
  }

  async renewRequest() {
    const { id, version, details } = this.request;
    const { newRequest } = await this.api.mutate('requests.renew', {
      oldRequest: { id, version },
      newRequest: { details: { ...details, notes: `Renewed by load coordinator ${this.n}` } },
    });
    this.pools.requests.push(newRequest.id);
    this.request = newRequest;
  }

  async createPackage(requestId: string): Promise<OwnPackage> {
    const created = await this.api.mutate('packages.create', {
      carerId: pick(this.pools.carers),
      requestId,
      startDate: addDays(this.today, -Math.floor(Math.random() * 300)),
      details: { weeklyHours: 0.5 + Math.floor(Math.random() * 8) / 2, address: { postCode: pick(this.pools.postCodes) }, services: ['Domestic'] },
    });
    this.pools.packages.push(created.id);
    return created;
  }

  async updatePackage() {
    const { id, version, carerId, requestId, archived, startDate, endDate, details } = this.package;
    this.package = await this.api.mutate('packages.update', {
      id,
      version,
      carerId,
      requestId,
      archived,
      startDate,
      endDate,
      details: { ...details, weeklyHours: 0.5 + (++this.sequence % 16) / 2 },
    });
  }

  async renewPackage() {
    const { id, version, details } = this.package;
    const { newPackage } = await this.api.mutate('packages.renew', {
      oldPackage: { id, version },
      newPackage: { details: { ...details, notes: `Renewed by load coordinator ${this.n}` } },
    });
    this.pools.packages.push(newPackage.id);
    this.package = newPackage;
  }
}

interface Operation {
  procedure: Procedure;
  kind: Kind;
  /** Out of 100. */
  weight: number;
  run: (session: StaffSession) => Promise<unknown>;
}

const reportInput = (session: StaffSession) => ({ startYear: Number(session.today.slice(0, 4)) - 2 });

/** The mix: what staff do most (open lists and records), some changes, and the dashboard and reports. */
const OPERATIONS: Operation[] = [
  { procedure: 'clients.getAllNotArchived', kind: 'read', weight: 8, run: (s) => s.api.query('clients.getAllNotArchived', 'read') },
  { procedure: 'requests.getAllNotEndedYet', kind: 'read', weight: 8, run: (s) => s.api.query('requests.getAllNotEndedYet', 'read') },
  { procedure: 'packages.getAllNotEndedYet', kind: 'read', weight: 8, run: (s) => s.api.query('packages.getAllNotEndedYet', 'read') },
  { procedure: 'requests.getAllMetadata', kind: 'read', weight: 4, run: (s) => s.api.query('requests.getAllMetadata', 'read') },
  { procedure: 'volunteers.getAllNotArchived', kind: 'read', weight: 4, run: (s) => s.api.query('volunteers.getAllNotArchived', 'read') },
  { procedure: 'clients.getById', kind: 'read', weight: 14, run: (s) => s.api.query('clients.getById', 'read', { id: pick(s.pools.clients) }) },
  { procedure: 'requests.getById', kind: 'read', weight: 14, run: (s) => s.api.query('requests.getById', 'read', { id: pick(s.pools.requests) }) },
  { procedure: 'packages.getById', kind: 'read', weight: 10, run: (s) => s.api.query('packages.getById', 'read', { id: pick(s.pools.packages) }) },

  { procedure: 'clients.create', kind: 'write', weight: 3, run: (s) => s.createClient() },
  { procedure: 'clients.update', kind: 'write', weight: 3, run: (s) => s.updateClient() },
  { procedure: 'requests.create', kind: 'write', weight: 3, run: (s) => s.createRequest(pick(s.pools.clients)) },
  { procedure: 'requests.update', kind: 'write', weight: 3, run: (s) => s.updateRequest() },
  { procedure: 'requests.renew', kind: 'write', weight: 2, run: (s) => s.renewRequest() },
  { procedure: 'packages.create', kind: 'write', weight: 3, run: (s) => s.createPackage(pick(s.pools.requests)) },
  { procedure: 'packages.update', kind: 'write', weight: 1, run: (s) => s.updatePackage() },
  { procedure: 'packages.renew', kind: 'write', weight: 2, run: (s) => s.renewPackage() },

  { procedure: 'analytics.getActiveRequestsCrossSection', kind: 'report', weight: 2, run: (s) => s.api.query('analytics.getActiveRequestsCrossSection', 'report') },
  { procedure: 'analytics.getActivePackagesCrossSection', kind: 'report', weight: 2, run: (s) => s.api.query('analytics.getActivePackagesCrossSection', 'report') },
  { procedure: 'analytics.getRequestsReport', kind: 'report', weight: 2, run: (s) => s.api.query('analytics.getRequestsReport', 'report', reportInput(s)) },
  { procedure: 'analytics.getPackagesReport', kind: 'report', weight: 2, run: (s) => s.api.query('analytics.getPackagesReport', 'report', reportInput(s)) },
  { procedure: 'analytics.getRequestsDeprivationReport', kind: 'report', weight: 1, run: (s) => s.api.query('analytics.getRequestsDeprivationReport', 'report', reportInput(s)) },
  { procedure: 'analytics.getPackagesDeprivationReport', kind: 'report', weight: 1, run: (s) => s.api.query('analytics.getPackagesDeprivationReport', 'report', reportInput(s)) },
];

function pickOperation(): Operation {
  let roll = Math.random() * 100;
  for (const operation of OPERATIONS) {
    roll -= operation.weight;
    if (roll < 0) return operation;
  }
  return OPERATIONS[OPERATIONS.length - 1]!;
}

/** Each member of staff sends the next request as soon as the last is answered, until the time or request budget is spent. */
async function runWorkload(sessions: StaffSession[], recorder: Recorder, { durationSeconds, maxRequests }: Options, stopped: () => boolean) {
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      while (performance.now() < deadline && recorder.samples.length < maxRequests && !stopped()) {
        try {
          await pickOperation().run(session);
        } catch (error) {
          if (!(error instanceof RequestFailed)) throw error;
          // Recorded as an error; a failed renewal or update may have left this session's copy stale.
          await session.createOwnRecords().catch(() => undefined);
        }
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------------
// Results

interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function figures(samples: Sample[], seconds: number): Figures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: samples.filter((s) => s.failure).length,
  };
}

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

interface RunReport {
  options: Options;
  database: RunDatabase;
  seconds: number;
  samples: Sample[];
  dataBefore: string;
  dataAfter: string;
  cpu: CpuUse;
}

function resultsMarkdown(report: RunReport): string {
  const { options, database, seconds, samples } = report;
  const overall = figures(samples, seconds);
  const command = `npm run load -- --duration ${options.durationSeconds} --clients ${options.clients}`;
  const kinds: { kind: Kind; label: string }[] = [
    { kind: 'read', label: 'read (lists, getById)' },
    { kind: 'write', label: 'write (create, update, renew)' },
    { kind: 'report', label: 'report (hours reports, cross-sections)' },
  ];
  const row = (label: string, f: Figures) =>
    `| ${label} | ${whole(f.requests)} | ${((100 * f.requests) / Math.max(1, overall.requests)).toFixed(0)}% | ${whole(f.perSecond)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} |`;
  const header = ['| | requests | share | requests/s | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  return [
    `### ${database.label}`,
    '',
    `\`${command}\`${database.label === 'PostgreSQL' ? ' with `DATABASE_URL` set' : ''}, run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `- Machine: ${describeMachine()}. The server, the database and the load generator share these CPUs.`,
    `- Database: ${database.description}; demo data (\`seedDemo\`) plus what the run writes: ${report.dataBefore} at the start, ${report.dataAfter} at the end.`,
    `- ${options.clients} coordinators signed in through the built-in provider; each sends its next request as soon as the last is answered.`,
    '',
    '| | |',
    '|---|---|',
    `| duration | ${seconds.toFixed(1)} s |`,
    `| clients | ${options.clients} |`,
    `| requests | ${whole(overall.requests)} |`,
    `| requests/s | ${whole(overall.perSecond)} |`,
    `| latency p50 / p99 | ${ms(overall.p50)} ms / ${ms(overall.p99)} ms |`,
    `| errors (non-2xx or no answer) | ${overall.errors} |`,
    ...cpuRows(report.cpu),
    '',
    ...header,
    row('**all**', overall),
    ...kinds.map(({ kind, label }) => row(label, figures(samples.filter((s) => s.kind === kind), seconds))),
    '',
    'By procedure:',
    '',
    ...header,
    ...OPERATIONS.map((op) => row(`\`${op.procedure}\``, figures(samples.filter((s) => s.procedure === op.procedure), seconds))),
    '',
  ].join('\n');
}

const DOCUMENT_INTRO = `# Benchmarks

Figures measured on real hardware, each with the command that produced it, so that they can be re-run and
compared after a change.
`;

const LOAD_INTRO = `## Load

\`npm run load\` (\`bench/load.ts\`) starts the real server on 127.0.0.1 over a throwaway database (PGlite in a
temporary directory, or a new database on the PostgreSQL server \`DATABASE_URL\` names, dropped afterwards) filled
with the demo data. It signs in one coordinator per client through the built-in provider, then every client calls
the API as the web app does (one HTTP request per call, the ID token as bearer) in a closed loop for the duration:
70% reads (the active and not-archived lists, single records), 20% writes (creating clients, requests and packages;
updating and renewing the client's own records) and 10% reports (hours reports and cross-sections). Latency is
measured from sending a request to the last byte of its answer. Any non-2xx answer or request without an answer is
an error, and the command fails when there is one. Each run replaces the results for its database below.

Fifty clients that never pause are far more than the charity's staff send, and more than a small machine serves
at once, so these runs measure the server saturated: throughput is what the machine can do, and latency is mostly
waiting in line (about clients ÷ requests/s). The CPU rows say where the time went; with PostgreSQL, "everything
else" is mostly the database server.
`;

/** Puts the results under "## Load", replacing the earlier results for the same database and keeping everything else. */
function withLoadResults(document: string, results: string, heading: string): string {
  const lines = (document || DOCUMENT_INTRO).trimEnd().split('\n');
  let sectionStart = lines.findIndex((line) => line.trim() === '## Load');
  if (sectionStart < 0) {
    lines.push('', ...LOAD_INTRO.trimEnd().split('\n'));
    sectionStart = lines.findIndex((line) => line.trim() === '## Load');
  }
  const nextSection = lines.findIndex((line, i) => i > sectionStart && /^## /.test(line));
  const sectionEnd = nextSection < 0 ? lines.length : nextSection;
  const start = lines.findIndex((line, i) => i > sectionStart && i < sectionEnd && line.trim() === heading);
  const resultLines = results.trimEnd().split('\n');
  if (start < 0) {
    const before = lines.slice(0, sectionEnd);
    while (before.length && before[before.length - 1] === '') before.pop();
    return [...before, '', ...resultLines, '', ...lines.slice(sectionEnd)].join('\n').trimEnd() + '\n';
  }
  const nextHeading = lines.findIndex((line, i) => i > start && i < sectionEnd && /^### /.test(line));
  const end = nextHeading < 0 ? sectionEnd : nextHeading;
  return [...lines.slice(0, start), ...resultLines, '', ...lines.slice(end)].join('\n').trimEnd() + '\n';
}

/** CPU time used so far, in seconds: by the whole machine and by the server process (Linux; undefined elsewhere). */
function cpuSeconds(serverPid: number): { machine: number; server: number } | undefined {
  try {
    // Clock ticks are 100 a second on Linux. Machine: every state but idle and iowait; process: utime + stime.
    const [, ...machineTicks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    const busy = machineTicks.reduce((sum, ticks, i) => (i === 3 || i === 4 ? sum : sum + ticks), 0);
    const fields = readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { machine: busy / 100, server: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined;
  }
}

/** Where the CPUs went during the run, in cores busy on average, to tell a saturated machine from an idle one. */
interface CpuUse {
  machine?: number;
  server?: number;
  loadGenerator: number;
  /** The share of time the load generator's event loop was busy: near 100% would delay its own timings. */
  loadGeneratorLoop: number;
}

function cpuRows(cpu: CpuUse): string[] {
  const cores = (n: number) => n.toFixed(2);
  const rows = [`| load generator | ${cores(cpu.loadGenerator)} cores, event loop busy ${(cpu.loadGeneratorLoop * 100).toFixed(0)}% of the time |`];
  if (cpu.machine !== undefined && cpu.server !== undefined) {
    const rest = Math.max(0, cpu.machine - cpu.server - cpu.loadGenerator);
    rows.unshift(
      `| CPU busy (of ${os.cpus().length} cores) | ${cores(cpu.machine)} cores on average |`,
      `| server process | ${cores(cpu.server)} cores |`,
      `| everything else (database server, other work on the machine) | ${cores(rest)} cores |`,
    );
  }
  return rows;
}

async function describeData(api: ReturnType<typeof apiClient>): Promise<string> {
  const [clients, requests, packages] = await Promise.all([api.clients.getAll.query(), api.requests.getAll.query(), api.packages.getAll.query()]);
  return `${whole(clients.length)} clients, ${whole(requests.length)} requests, ${whole(packages.length)} packages`;
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions();
  const database = await throwawayDatabase();
  let server: ServerProcess | undefined;
  let stopping = false;
  process.once('SIGINT', () => {
    console.log('\nStopping early…');
    stopping = true;
  });
  try {
    console.log(`Preparing ${database.description}: demo data and ${options.clients} coordinators…`);
    await prepare(database.database, options.clients);
    const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
    server = await startServerProcess({ port: await freeLoopbackPort(), database: database.database, nodeArgs });
    const serverUrl = server.url;
    console.log(`Server ready at ${serverUrl}; signing in ${options.clients} clients…`);

    const idTokens: string[] = [];
    for (let n = 1; n <= options.clients; n++) idTokens.push(await signInOverHttp(serverUrl, { email: staffEmail(n), password: STAFF_PASSWORD }));

    const setupApi = apiClient(serverUrl, idTokens[0]!);
    const [clients, requests, packages, mps, volunteers] = await Promise.all([
      setupApi.clients.getAll.query(),
      setupApi.requests.getAll.query(),
      setupApi.packages.getAll.query(),
      setupApi.mps.getAllNotArchived.query(),
      setupApi.volunteers.getAllNotArchived.query(),
    ]);
    const pools: Pools = {
      clients: clients.map((c) => c.id),
      requests: requests.map((r) => r.id),
      packages: packages.map((p) => p.id),
      // Packages are refused for a carer who is not compliant (no reason is given here), so they are left out.
      carers: [...mps, ...volunteers].filter((c) => c.compliance.status !== 'Not compliant').map((c) => c.id),
      postCodes: [...new Set(clients.map((c) => c.details.address.postCode))],
    };
    const today = todayIn(loadEnv().timeZone);
    const recorder = new Recorder();
    const sessions = idTokens.map((token, i) => new StaffSession(new TimedApi(serverUrl, token, recorder), i + 1, pools, today));
    // Each client's own records, made before the clock starts (this also warms the server up).
    await Promise.all(sessions.map((session) => session.createOwnRecords()));
    recorder.restart();
    const dataBefore = await describeData(setupApi);

    console.log(`Running for ${options.durationSeconds} s…`);
    const cpuBefore = cpuSeconds(server.pid);
    const ownCpuBefore = process.cpuUsage();
    const loopBefore = performance.eventLoopUtilization();
    const seconds = await runWorkload(sessions, recorder, options, () => stopping);
    const loadGeneratorLoop = performance.eventLoopUtilization(loopBefore).utilization;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const cpuAfter = cpuSeconds(server.pid);
    const cpu: CpuUse = {
      machine: cpuBefore && cpuAfter && (cpuAfter.machine - cpuBefore.machine) / seconds,
      server: cpuBefore && cpuAfter && (cpuAfter.server - cpuBefore.server) / seconds,
      loadGenerator: (ownCpu.user + ownCpu.system) / 1e6 / seconds,
      loadGeneratorLoop,
    };

    const report: RunReport = {
      options,
      database,
      seconds,
      samples: recorder.samples,
      dataBefore,
      dataAfter: await describeData(setupApi),
      cpu,
    };
    const markdown = resultsMarkdown(report);
    console.log(`\n${markdown}`);

    const errors = recorder.samples.filter((s) => s.failure).length;
    if (stopping) {
      console.log('Stopped early: results not recorded.');
    } else if (options.dryRun) {
      console.log('Dry run: results not recorded.');
    } else {
      const existing = existsSync(BENCHMARKS_FILE) ? readFileSync(BENCHMARKS_FILE, 'utf8') : '';
      writeFileSync(BENCHMARKS_FILE, withLoadResults(existing, markdown, `### ${database.label}`));
      console.log(`Recorded in ${path.relative(process.cwd(), BENCHMARKS_FILE)} under "## Load".`);
    }
    const serverErrors = server.output().split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (serverErrors.length) console.error(`The server logged ${serverErrors.length} errors, the first:\n${serverErrors[0]}`);
    if (errors > 0) console.error(`${errors} requests failed.`);
    return errors > 0 || serverErrors.length > 0 ? 1 : 0;
  } finally {
    await server?.stop('SIGTERM');
    await database.remove();
  }
}

process.exitCode = await main();
