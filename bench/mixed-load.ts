/**
 * The mixed workload of `npm run load` (bench/load.ts), which `npm run bench` also runs against the product
 * and the baseline: simulated members of staff in a closed loop over a demo database, each request timed,
 * and where the CPU went meanwhile.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { type SQL, sql } from 'drizzle-orm';
import { addUser } from '@/server/accounts/accounts';
import { queryRows } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { seedDemo } from '@/server/demo/seed-demo';
import type { AppRouter } from '@/server/app-router';
import { type ApiClient, signInOverHttp } from '@/server/test/http-sign-in';
import { addDays, todayIn } from '@/shared/dates';
import { type BenchDatabase, envOf, settleDatabase } from './databases';
import { percentile } from './latency';
import { type Call, CallFailed, send } from './operations';
import type { MixedLoadFigures } from './results';

const REQUEST_TIMEOUT_MS = 30_000;
const STAFF_PASSWORD = 'load-test-password-1';

/** How long and how hard the mix runs. */
export interface MixedLoadOptions {
  durationSeconds: number;
  /** Simulated members of staff, each with one request in flight at a time. */
  clients: number;
  /** No new request once this many have been sent. */
  maxRequests: number;
}

// ---------------------------------------------------------------------------------------------------
// The database of a run

function staffEmail(n: number): string {
  return `load.coordinator.${String(n).padStart(3, '0')}@valecare.test`;
}

/** Fills the new database with the demo data and adds one coordinator per simulated member of staff. */
export async function prepare(database: BenchDatabase, staff: number): Promise<void> {
  const env = envOf(database);
  const connection = await openConfiguredDatabase(env);
  try {
    await seedDemo(connection.db, todayIn(env.timeZone), env.deprivationMaxDecile);
    for (let n = 1; n <= staff; n++) {
      // Coordinators do the daily work of the workload and sign in with a password alone.
      await addUser(connection.db, { email: staffEmail(n), password: STAFF_PASSWORD, givenName: 'Load', familyName: `Coordinator ${n}`, role: 'Coordinator' });
    }
    await settleDatabase(connection.db);
  } finally {
    await connection.close();
  }
}

/** The sign-in of the `n`th coordinator prepare() added. */
export function staffCredentials(n: number): { email: string; password: string } {
  return { email: staffEmail(n), password: STAFF_PASSWORD };
}

/** The ID token of each coordinator prepare() added, signed in through the built-in provider. */
export async function signInStaff(serverUrl: string, staff: number): Promise<string[]> {
  const idTokens: string[] = [];
  for (let n = 1; n <= staff; n++) idTokens.push(await signInOverHttp(serverUrl, staffCredentials(n)));
  return idTokens;
}

// ---------------------------------------------------------------------------------------------------
// Timed calls

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
type Area = keyof Inputs;
export type Procedure = { [A in Area]: `${A}.${keyof Inputs[A] & string}` }[Area];
type InputOf<P extends Procedure> = P extends `${infer A extends Area}.${infer N}` ? (N extends keyof Inputs[A] ? Inputs[A][N] : never) : never;
type OutputOf<P extends Procedure> = P extends `${infer A extends Area}.${infer N}` ? (N extends keyof Outputs[A] ? Outputs[A][N] : never) : never;

export type Kind = 'read' | 'write' | 'report';

export interface Sample {
  procedure: Procedure;
  kind: Kind;
  ms: number;
  /** Why the request failed: a non-2xx answer or no answer at all. */
  failure?: string;
}

export class Recorder {
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
 * (GET for queries, POST for mutations, the ID token as bearer), one request per call, by the bench's
 * own `send`. Each call is timed from sending to the last byte of the answer; only mutation answers
 * are parsed, so the load generator spends as little time as it can on bodies it does not need.
 */
export class TimedApi {
  constructor(
    private readonly serverUrl: string,
    private readonly idToken: string,
    private readonly recorder: Recorder,
  ) {}

  async query<P extends Procedure>(procedure: P, kind: Kind, input?: InputOf<P>): Promise<void> {
    const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    await this.send(procedure, kind, { path: `/trpc/${procedure}${search}` });
  }

  async mutate<P extends Procedure>(procedure: P, input: InputOf<P>): Promise<OutputOf<P>> {
    // Mutation answers are never compressed (only the query cache's copies are).
    const body = await this.send(procedure, 'write', { path: `/trpc/${procedure}`, body: input });
    return (JSON.parse(body.toString('utf8')) as { result: { data: OutputOf<P> } }).result.data;
  }

  private async send(procedure: Procedure, kind: Kind, call: Call): Promise<Buffer> {
    const started = performance.now();
    try {
      const body = await send(this.serverUrl, call, { authorization: `Bearer ${this.idToken}` }, REQUEST_TIMEOUT_MS);
      this.recorder.add({ procedure, kind, ms: performance.now() - started });
      return body;
    } catch (error) {
      const failure = error instanceof CallFailed ? error.message : `no answer: ${(error as Error).message}`;
      this.recorder.add({ procedure, kind, ms: performance.now() - started, failure });
      throw new RequestFailed(failure);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The workload

/** Ids the simulated staff look at: the demo data's, and every record created during the run. */
export interface Pools {
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
export const OPERATIONS: Operation[] = [
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
async function runWorkload(sessions: StaffSession[], recorder: Recorder, { durationSeconds, maxRequests }: MixedLoadOptions, stopped: () => boolean) {
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
// Setting a run up

/** The ids to range over, as the product's API lists them. */
export async function poolsFromApi(api: ApiClient): Promise<Pools> {
  const [clients, requests, packages, mps, volunteers] = await Promise.all([
    api.clients.getAll.query(),
    api.requests.getAll.query(),
    api.packages.getAll.query(),
    api.mps.getAllNotArchived.query(),
    api.volunteers.getAllNotArchived.query(),
  ]);
  return {
    clients: clients.map((c) => c.id),
    requests: requests.map((r) => r.id),
    packages: packages.map((p) => p.id),
    // Packages are refused for a carer who is not compliant (no reason is given here), so they are left out.
    carers: [...mps, ...volunteers].filter((c) => c.compliance.status !== 'Not compliant').map((c) => c.id),
    postCodes: [...new Set(clients.map((c) => c.details.address.postCode))],
  };
}

/**
 * The ids to range over, read from the database by plain SQL, for a server without the product's API (the
 * baseline). It checks no compliance, so every carer on record will do.
 */
export async function poolsFromDatabase(database: BenchDatabase): Promise<Pools> {
  const connection = await openConfiguredDatabase(envOf(database));
  try {
    const ids = async (query: SQL) => (await queryRows<{ id: string }>(connection.db, query)).map((row) => row.id);
    return {
      clients: await ids(sql`select id from clients`),
      requests: await ids(sql`select id from requests`),
      packages: await ids(sql`select id from packages`),
      carers: await ids(sql`select id from carers where archived = 'N'`),
      postCodes: await ids(sql`select distinct post_code as id from clients`),
    };
  } finally {
    await connection.close();
  }
}

/**
 * One member of staff per ID token, each with the records it will update and renew, made before the clock
 * starts (which also warms the server up).
 */
export async function startSessions(serverUrl: string, idTokens: string[], pools: Pools, today: string) {
  const recorder = new Recorder();
  const sessions = idTokens.map((token, i) => new StaffSession(new TimedApi(serverUrl, token, recorder), i + 1, pools, today));
  await Promise.all(sessions.map((session) => session.createOwnRecords()));
  return { sessions, recorder };
}

// ---------------------------------------------------------------------------------------------------
// Measuring

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
export interface CpuUse {
  machine?: number;
  server?: number;
  loadGenerator: number;
  /** The share of time the load generator's event loop was busy: near 100% would delay its own timings. */
  loadGeneratorLoop: number;
}

/** Cores busy with neither the server nor the load generator: with PostgreSQL, mostly the database server. */
export function restOfMachine(cpu: CpuUse): number | undefined {
  if (cpu.machine === undefined || cpu.server === undefined) return undefined;
  return Math.max(0, cpu.machine - cpu.server - cpu.loadGenerator);
}

export interface MixedLoadRun {
  seconds: number;
  samples: Sample[];
  cpu: CpuUse;
}

/**
 * Runs the mix from the started sessions against the server with this process id, measuring where the CPU
 * went; what the sessions sent before (their own records, an earlier round) is not counted.
 */
export async function measureWorkload(
  { sessions, recorder }: Awaited<ReturnType<typeof startSessions>>,
  serverPid: number,
  options: MixedLoadOptions,
  stopped: () => boolean = () => false,
): Promise<MixedLoadRun> {
  recorder.restart();
  const cpuBefore = cpuSeconds(serverPid);
  const ownCpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const seconds = await runWorkload(sessions, recorder, options, stopped);
  const loadGeneratorLoop = performance.eventLoopUtilization(loopBefore).utilization;
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const cpuAfter = cpuSeconds(serverPid);
  return {
    seconds,
    samples: recorder.samples,
    cpu: {
      machine: cpuBefore && cpuAfter && (cpuAfter.machine - cpuBefore.machine) / seconds,
      server: cpuBefore && cpuAfter && (cpuAfter.server - cpuBefore.server) / seconds,
      loadGenerator: (ownCpu.user + ownCpu.system) / 1e6 / seconds,
      loadGeneratorLoop,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Results

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export function figures(samples: Sample[], seconds: number): Figures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: samples.filter((s) => s.failure).length,
  };
}

/**
 * Rounds of a run in the benchmark's figures: all rounds' requests together, each round's throughput and p99,
 * and the CPU as milliseconds per request answered (undefined without /proc).
 */
export function mixedLoadFigures(rounds: readonly MixedLoadRun[], clients: number): MixedLoadFigures {
  const seconds = rounds.reduce((sum, run) => sum + run.seconds, 0);
  const overall = figures(rounds.flatMap((run) => run.samples), seconds);
  // Cores busy in each round, as CPU seconds over the whole run.
  const cpuSeconds = (cores: (run: MixedLoadRun) => number | undefined) => {
    const each = rounds.map((run) => cores(run));
    return each.some((c) => c === undefined) ? undefined : each.reduce<number>((sum, c, i) => sum + c! * rounds[i]!.seconds, 0);
  };
  const perRequest = (cpu: number | undefined) => (cpu === undefined || overall.requests === 0 ? undefined : (cpu * 1000) / overall.requests);
  return {
    clients,
    seconds,
    requests: overall.requests,
    perSecond: overall.perSecond,
    p50Ms: overall.p50,
    p99Ms: overall.p99,
    errors: overall.errors,
    serverCpuMsPerRequest: perRequest(cpuSeconds((run) => run.cpu.server)),
    restCpuMsPerRequest: perRequest(cpuSeconds((run) => restOfMachine(run.cpu))),
    rounds: rounds.map((run) => {
      const round = figures(run.samples, run.seconds);
      return { perSecond: round.perSecond, p99Ms: round.p99 };
    }),
  };
}
