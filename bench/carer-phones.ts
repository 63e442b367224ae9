/**
 * The carer app's sync under faults: simulated carers, each with the app's own outbox (IndexedDB, here in memory) and
 * its own sending code, record visits while losing signal at random, are killed (the outbox reloaded from storage),
 * send batches up to three times at once and out of order, hear no answer to a call the server did answer, with their
 * clocks skewed, and the server is killed (SIGKILL) mid-batch and restarted; while it is down the last time, the office
 * ends some carers' access with visits still on their phones, which then send them after the end (decision 309). At
 * the end every visit a phone saved must be recorded exactly once, or (a carer whose access ended) be recorded or in
 * Visits to resolve exactly once, and each day's delivered hours equal its recorded visits' sum. Used at a small size
 * by carer-sync.integration.test.ts and at full size by `npm run bench`.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { Outbox } from '@/carer-app/outbox';
import { failureKind } from '@/carer-app/carer-api';
import { type CarerApi, sendAfterEnd, sendWaiting } from '@/carer-app/sender';
import type { AppRouter } from '@/server/app-router';
import { databaseAdapter } from '@/server/auth/oidc-adapter';
import { CARER_CLIENT_ID, CARER_SESSION_SECONDS } from '@/server/auth/provider';
import { signingKey } from '@/server/auth/secrets';
import { type Database, queryRows } from '@/server/db/client';
import { users } from '@/server/db/schema/auth';
import { endCarerAccess } from '@/server/accounts/carer-accounts';
import { loadEnv } from '@/server/env';
import { freeLoopbackPort, type ServerDatabase, type ServerProcess, startServerProcess } from '@/server/launch';
import { createLogger } from '@/server/log';
import { newCarer } from '@/server/test/builders';
import { openServerDatabase } from '@/server/test/server-storage';
import { appRouter } from '@/server/app-router';
import { callContext, createCallerFactory } from '@/server/trpc/init';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { addDays, monthOfDate, todayIn } from '@/shared/dates';
import { hoursOfVisits, MAX_VISITS_A_CALL } from '@/shared/carer-app';
import { CARER_ROLE } from '@/shared/permissions';

export interface FleetOptions {
  carers: number;
  visitsPerCarer: number;
  /** Times the server is killed with SIGKILL and restarted while the phones send. */
  serverKills: number;
  database: ServerDatabase;
  /** Chances, each turn of a phone: it has no signal; it is killed; the answer to a call it made is lost. */
  noSignal?: number;
  phoneKill?: number;
  answerLost?: number;
  /** Carers whose access the office ends while the server is down the last time, their phones holding visits. */
  accessEndings?: number;
}

export interface FleetReport {
  carers: number;
  visits: number;
  recorded: number;
  lost: number;
  doubled: number;
  refused: number;
  /** Days whose delivered hours differ from the sum of their visits. */
  daysWrong: number;
  /** Carers whose access ended mid-run; their visits kept for the office (Visits to resolve), each once. */
  accessEnded: number;
  toResolve: number;
  deliveredHours: number;
  visitHours: number;
  calls: number;
  /** Calls the server answered whose answer the phone never heard (and so sent again). */
  answersLost: number;
  duplicateAnswers: number;
  phoneKills: number;
  serverKills: number;
  seconds: number;
  /** Calls carrying a full batch (100 visits) that were answered: their time, ms. */
  fullBatchMs: number[];
}

const createCaller = createCallerFactory(appRouter);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pad = (n: number) => String(n).padStart(2, '0');
/** A minute of the day as HH:MM. */
export const time = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The procedures as an Admin named `givenName` calls them in-process, on `today`: how the benchmark's data is seeded. */
export function seedingAdmin(db: Database, env: ReturnType<typeof loadEnv>, today: string, givenName: string) {
  const user = { givenName, familyName: 'Admin', email: `${givenName.toLowerCase()}.admin@valecare.test`, role: 'Admin' } as const;
  return createCaller(callContext({ db, env, user, log: createLogger('silent'), todayNow: () => today }));
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * A day's twelve visit slots (start minute, length in minutes), an hour apart from 07:00: never overlapping, whatever
 * a phone's clock adds within 0–59 minutes; whole quarter hours, so a day's hours are its visits' exactly; and a
 * phone's 300 visits (the most it records in an hour) within 25 days, inside the 30 days back a phone may record.
 */
const SLOTS = Array.from({ length: 12 }, (_, i) => [7 * 60 + i * 60, [30, 45, 60][i % 3]!] as const);

interface Phone {
  index: number;
  carerId: string;
  packageId: string;
  token: string;
  /** Minutes the phone's clock is off by, 0–59: its visits' times move by it. */
  skew: number;
  visits: { id: string; packageId: string; date: string; start: string; end: string; note?: string }[];
  /** How many of its visits (in order) the phone has saved: a phone told its access ended saves no more. */
  saved: number;
}

/**
 * Carers' phones as their sign-in leaves them, made straight in the database: for each carer an account, a sign-in
 * session, and the ID token the phone would hold, for six hours (renewal is the browser tests' to show).
 */
export async function carerSignIns(db: Database, publicUrl: string) {
  const key = await signingKey(db);
  const privateKey = await importJWK(key, 'RS256');
  const Sessions = databaseAdapter(db);
  return async ({ carerId, name, index }: { carerId: string; name: string; index: number }): Promise<string> => {
    const accountId = `u-${name.toLowerCase()}-${index}`;
    const email = `${name.toLowerCase()}${index}@carers.example`;
    const familyName = `Carer ${index}`;
    await db.insert(users).values({ id: accountId, email, givenName: name, familyName, role: CARER_ROLE, carerId, passwordHash: 'no password opens this account' });
    const sessionId = randomUUID();
    await new Sessions('Session').upsert(sessionId, { kind: 'Session', jti: sessionId, uid: sessionId, accountId, amr: ['pwd'] }, CARER_SESSION_SECONDS);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub: accountId, sid: sessionId, email, given_name: name, family_name: familyName, groups: [CARER_ROLE] })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(`${publicUrl}${AUTH_PREFIX}`)
      .setAudience(CARER_CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 6 * 60 * 60)
      .sign(privateKey);
  };
}

/** The carers, their clients and packages, their accounts and sign-in sessions, written before the server starts. */
async function seed(options: FleetOptions, publicUrl: string): Promise<Phone[]> {
  const connection = await openServerDatabase(options.database);
  try {
    const { db } = connection;
    const env = loadEnv({ PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
    const today = todayIn(env.timeZone);
    const days = Math.ceil(options.visitsPerCarer / SLOTS.length);
    const firstDay = addDays(today, -days - 1);
    const admin = seedingAdmin(db, env, today, 'Fleet');
    const signIn = await carerSignIns(db, publicUrl);
    // The charity began recording before the phones' first visits: a phone never moves that month back.
    await admin.deliveries.setRecordingStart({ month: monthOfDate(firstDay) });
    // Carers may ask wellbeing: each phone's fetch also reckons which of its clients are due, as the charity's would.
    await admin.wellbeing.updateSettings({ reviewWeeks: 12, carersMayAsk: true });
    const phones: Phone[] = [];
    for (let index = 0; index < options.carers; index++) {
      const carer = await admin.volunteers.create(newCarer({ name: `Fleet Carer ${index}` }));
      const client = await admin.clients.create({ dateOfBirth: '1940-01-01', details: { name: `Fleet Client ${index}`, address: { postCode: 'TA4 2AB' } } });
      const request = await admin.requests.create({ clientId: client.id, startDate: firstDay, details: { weeklyHours: 10 } });
      const pkg = await admin.packages.create({ carerId: carer.id, requestId: request.id, startDate: firstDay, details: { weeklyHours: 10, address: { postCode: 'TA4 2AB' } } });
      const token = await signIn({ carerId: carer.id, name: 'Fleet', index });
      const skew = Math.floor(Math.random() * 60);
      const visits = Array.from({ length: options.visitsPerCarer }, (_, k) => {
        const [start, length] = SLOTS[k % SLOTS.length]!;
        return {
          id: randomUUID(),
          packageId: pkg.id,
          date: addDays(firstDay, 1 + Math.floor(k / SLOTS.length)),
          start: time(start + skew),
          end: time(start + skew + length),
          ...(k % 4 === 0 ? { note: `Visit ${k}` } : {}),
        };
      });
      // A phone whose clock is off saves its visits out of their order.
      phones.push({ index, carerId: carer.id, packageId: pkg.id, token, skew, visits: skew % 2 ? shuffled(visits) : visits, saved: 0 });
    }
    return phones;
  } finally {
    await connection.close();
  }
}

/**
 * Calls under way now, visits the server has answered 'recorded' so far, and the server's kills so far. The kth kill
 * comes while the phones are between the (k-1)th and kth of (kills + 1) equal parts of their visits, which they may
 * not save past until it has come: so every kill falls mid-run, with visits in flight, however fast the machine.
 */
const inFlight = { calls: 0, recorded: 0, kills: 0 };

/** How many of its visits a phone may have saved by now. */
function savedUpTo(options: Required<FleetOptions>, visits: number): number {
  return inFlight.kills >= options.serverKills ? visits : Math.ceil((visits * (inFlight.kills + 1)) / (options.serverKills + 1));
}

/** The server's side as one phone reaches it: over HTTP, with its answers lost at random after the server gave them. */
function faultyApi(server: () => ServerProcess, phone: Phone, report: FleetReport, answerLost: number): CarerApi {
  const client = () => createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server().url}/trpc`, headers: { authorization: `Bearer ${phone.token}` } })] });
  return {
    async sync(visits) {
      report.calls++;
      const started = performance.now();
      inFlight.calls++;
      // The phone's windows and retries send in any order.
      const answers = await client()
        .carerApp.sync.mutate({ visits: shuffled(visits) })
        .finally(() => inFlight.calls--);
      inFlight.recorded += answers.filter((a) => a.result === 'recorded').length;
      if (visits.length === MAX_VISITS_A_CALL) report.fullBatchMs.push(performance.now() - started);
      report.duplicateAnswers += answers.filter((a) => a.result === 'duplicate').length;
      // The fleet's first answer is always lost, so a small run has the fault too; then at random.
      if (answerLost > 0 && (report.answersLost === 0 || Math.random() < answerLost)) {
        report.answersLost++;
        throw new TypeError('The signal went before the answer arrived');
      }
      return answers;
    },
    myVisits: () => client().carerApp.myVisits.query(),
    // After the end, the phone sends with the last token it held: the same one here.
    sendAfterEnd: (visits) => client().carerApp.sync.mutate({ visits: shuffled(visits) }),
  };
}

/**
 * One phone's day: visits saved a few at a time, sent as signal allows, killed now and then, until all are sent; or,
 * told its carer's access ended, what it holds sent once more for the office and the phone done.
 */
async function runPhone(phone: Phone, api: CarerApi, options: Required<FleetOptions>, report: FleetReport, name: string): Promise<{ outbox: Outbox; name: string }> {
  let outbox = await Outbox.open(name);
  for (;;) {
    const next = Math.min(savedUpTo(options, phone.visits.length), phone.saved + 1 + Math.floor(Math.random() * 40));
    for (; phone.saved < next; phone.saved++) await outbox.save(phone.visits[phone.saved]!);
    if (Math.random() < options.phoneKill) {
      // Killed mid-send: what it was doing is dropped, and the app opens again on what storage kept.
      report.phoneKills++;
      outbox.close();
      outbox = await Outbox.open(name);
    }
    if (Math.random() >= options.noSignal) {
      const windows = 1 + Math.floor(Math.random() * 3);
      const open = outbox;
      // Up to three sends at once: windows of the app, Background Sync and the timer.
      const outcomes = await Promise.all(Array.from({ length: windows }, () => sendWaiting(open, api, failureKind)));
      if (outcomes.includes('access-ended')) {
        // As the app does: what is still here goes to the office, until the server has answered, then the phone is done.
        for (;;) {
          const after = await sendAfterEnd(open, api, failureKind);
          if (after !== 'offline') {
            report.refused += after.notDelivered.length;
            return { outbox, name };
          }
          await sleep(10 + Math.random() * 90);
        }
      }
      // No answer (the server down, the signal gone): the app tries again later (every minute; here, soon).
      if (outcomes.includes('offline')) await sleep(10 + Math.random() * 90);
    } else {
      await sleep(5 + Math.random() * 20);
    }
    const waiting = await outbox.countWaiting();
    if (phone.saved === phone.visits.length && waiting === 0) return { outbox, name };
    // All sent up to where it may save: it waits for the server's next kill.
    if (phone.saved === savedUpTo(options, phone.visits.length) && waiting === 0) await sleep(20);
  }
}

/** Runs the fleet against a real server process and checks the database afterwards. */
export async function runFleet(input: FleetOptions): Promise<FleetReport> {
  const options: Required<FleetOptions> = { noSignal: 0.25, phoneKill: 0.05, answerLost: 0.1, accessEndings: 0, ...input };
  const port = await freeLoopbackPort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const phones = await seed(options, publicUrl);
  const report: FleetReport = {
    carers: options.carers,
    visits: options.carers * options.visitsPerCarer,
    recorded: 0,
    lost: 0,
    doubled: 0,
    refused: 0,
    daysWrong: 0,
    accessEnded: 0,
    toResolve: 0,
    deliveredHours: 0,
    visitHours: 0,
    calls: 0,
    answersLost: 0,
    duplicateAnswers: 0,
    phoneKills: 0,
    serverKills: 0,
    seconds: 0,
    fullBatchMs: [],
  };
  let server = await startServerProcess({ port, database: options.database });
  Object.assign(inFlight, { calls: 0, recorded: 0, kills: 0 });
  const started = performance.now();
  const run = randomUUID().slice(0, 8);
  const phonesDone = Promise.all(phones.map((phone) => runPhone(phone, faultyApi(() => server, phone, report, options.answerLost), options, report, `phone-${run}-${phone.index}`)));
  // The server killed mid-batch, at random moments while the phones send, and started again.
  const killer = (async () => {
    const part = report.visits / (options.serverKills + 1);
    for (let kill = 1; kill <= options.serverKills; kill++) {
      // Somewhere between 30% and 90% through this part of the visits, at a moment a call is under way.
      const at = part * (kill - 1) + part * (0.3 + Math.random() * 0.6);
      while (inFlight.recorded < at) await sleep(2);
      for (const giveUp = performance.now() + 2000; inFlight.calls === 0 && performance.now() < giveUp; ) await sleep(1);
      await server.stop('SIGKILL');
      report.serverKills++;
      // The last time it is down, the office ends some carers' access: no threshold waits on their visits after it.
      if (kill === options.serverKills) await endAccess(options.database, phones.slice(0, options.accessEndings), report);
      server = await startServerProcess({ port, database: options.database });
      inFlight.kills++;
    }
  })();
  // A phone waits for the kills before saving the rest of its visits: a failed killer must not leave them waiting.
  const [outboxes] = await Promise.all([phonesDone, killer]);
  report.seconds = (performance.now() - started) / 1000;

  for (const { outbox, name } of outboxes) {
    report.refused += (await outbox.all()).filter((v) => v.state === 'refused').length;
    await Outbox.wipe(outbox, name);
  }
  await server.stop('SIGTERM');
  await check(options.database, phones, report);
  return report;
}

/** The office ends these carers' access (as End access does), their phones holding what they hold. */
async function endAccess(database: ServerDatabase, phones: Phone[], report: FleetReport): Promise<void> {
  if (phones.length === 0) return;
  const connection = await openServerDatabase(database);
  try {
    for (const phone of phones) if (await endCarerAccess(connection.db, phone.carerId)) report.accessEnded++;
  } finally {
    await connection.close();
  }
}

/**
 * What the database holds against what the phones saved: every visit once (recorded, or in Visits to resolve), and
 * each day's hours its recorded visits' sum.
 */
async function check(database: ServerDatabase, phones: Phone[], report: FleetReport): Promise<void> {
  const connection = await openServerDatabase(database);
  try {
    const all = await queryRows<{ id: string; package_id: string; date: string; start_time: string; end_time: string; minutes: number; status: string }>(
      connection.db,
      sql`select id, package_id, date, start_time, end_time, minutes, status from visits`,
    );
    const stored = new Map<string, number>();
    for (const row of all) stored.set(row.id, (stored.get(row.id) ?? 0) + 1);
    const rows = all.filter((row) => row.status === 'recorded');
    report.toResolve = all.filter((row) => row.status === 'toResolve').length;
    const sent = phones.flatMap((phone) => phone.visits.slice(0, phone.saved));
    report.recorded = rows.length;
    report.lost = sent.filter((visit) => !stored.has(visit.id)).length;
    const known = new Set(sent.map((visit) => visit.id));
    report.doubled = [...stored.values()].filter((count) => count > 1).length + all.filter((row) => !known.has(row.id)).length;
    const days = await queryRows<{ package_id: string; date: string; hours: number; visit_minutes: number | null }>(
      connection.db,
      sql`select d.package_id, d.date, d.hours,
            (select sum(v.minutes) from visits v
              where v.package_id = d.package_id and v.carer_id = d.carer_id and v.date = d.date and v.status = 'recorded') as visit_minutes
          from deliveries d`,
    );
    for (const day of days) {
      const fromVisits = hoursOfVisits(Number(day.visit_minutes ?? 0));
      if (Math.abs(Number(day.hours) - fromVisits) > 1e-9) report.daysWrong++;
      report.deliveredHours += Number(day.hours);
    }
    report.visitHours = rows.reduce((sum, row) => sum + Number(row.minutes), 0) / 60;
    // Visits without a day entry would be hours dropped.
    const entryDays = new Set(days.map((day) => `${day.package_id} ${day.date}`));
    report.daysWrong += new Set(rows.map((row) => `${row.package_id} ${row.date}`).filter((day) => !entryDays.has(day))).size;
  } finally {
    await connection.close();
  }
}

/**
 * `carerApp.sync` by itself: `calls` calls of a full batch (100 new visits), each from a phone of its own (a carer's
 * phone records at most VISITS_AN_HOUR an hour), one after another to an idle server, each timed from sending to the
 * whole answer. Answers the times, ms.
 */
export async function timeFullBatches(database: ServerDatabase, calls: number): Promise<number[]> {
  const port = await freeLoopbackPort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const phones = await seed({ carers: calls, visitsPerCarer: MAX_VISITS_A_CALL, serverKills: 0, database }, publicUrl);
  const server = await startServerProcess({ port, database });
  try {
    const times: number[] = [];
    for (const phone of phones) {
      const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${phone.token}` } })] });
      const batch = [...phone.visits].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
      const started = performance.now();
      const answers = await client.carerApp.sync.mutate({ visits: batch });
      times.push(performance.now() - started);
      if (answers.some((answer) => answer.result !== 'recorded')) throw new Error(`a full batch was not recorded whole: ${JSON.stringify(answers.find((a) => a.result !== 'recorded'))}`);
    }
    return times;
  } finally {
    await server.stop('SIGTERM');
  }
}
