/**
 * Planned visits' part of `npm run bench`, on PGlite: the office's Today (`plannedVisits.getDay`) for a day of carers
 * each with their visits, a month's visit measures (`analytics.getVisitMeasures`) over a year of plans and the visits
 * recorded from them, and a carer's phone (`carerApp.myVisits`) with a week of plans and key information: its time,
 * and its answer's size, which a phone on one bar of signal waits for. Everyone lives at a post code of their own
 * about the Wiveliscombe area, so travel is timed too: the carers suggested for a new request by the driving it adds
 * to each of their planned weeks (`carers.suggestForRequest`), and a week planned for less driving
 * (`plannedVisits.suggestWeek`) for one carer and for all.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@/server/db/client';
import { loadEnv } from '@/server/env';
import { freeLoopbackPort, startServerProcess } from '@/server/launch';
import { addUser } from '@/server/accounts/accounts';
import { apiClient, signInOverHttp } from '@/server/test/http-sign-in';
import { newCarer } from '@/server/test/builders';
import { createServerStorage, openServerDatabase } from '@/server/test/server-storage';
import { addDays, monthOfDate, shiftMonth, todayIn } from '@/shared/dates';
import { seededRandom } from '@/shared/seeded-random';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { BENCH_USER } from './databases';
import { carerSignIns, seedingAdmin, time } from './carer-phones';

export interface PlannedVisitsSettings {
  carers: number;
  /** Each carer's clients, one visit to each every day of the week. */
  visitsADay: number;
  /** Calls of each procedure timed, one after another. */
  calls: number;
}

export interface PlannedVisitsFigures {
  settings: PlannedVisitsSettings;
  /** Visits recorded over the year before today, from the plans. */
  visitsRecorded: number;
  dayMs: number[];
  measuresMs: number[];
  myVisitsMs: number[];
  /** The phone's answer: its JSON, and its planned visits (today and the next 7 days). */
  myVisitsBytes: number;
  myVisitsPlanned: number;
  suggestMs: number[];
  weekOneMs: number[];
  weekAllMs: number[];
  /** The week planned for all: minutes of driving before and after. */
  weekAllMinutes: { before: number; after: number };
}

/** The n-th post code of the data set: each person's own, about the Wiveliscombe area (a few thousand fit). */
export const benchPostCode = (n: number) => `TA${(n % 20) + 1} ${Math.floor(n / 20) % 10}${String.fromCharCode(65 + (Math.floor(n / 200) % 26))}${String.fromCharCode(65 + (Math.floor(n / 5200) % 26))}`;

/** A visit lasts an hour (a week of them whole hours, as packages are planned); a carer's visits are an hour and a half apart from 08:00. */
const VISIT_MINUTES = 60;
const slotStart = (k: number) => 8 * 60 + k * 90;

/**
 * The carers, a client and a package with a plan for each of their visits a day, the clients' key information, and
 * the year's visits: each planned visit recorded from the plan, one in ten more than half an hour late, one in twenty
 * "Couldn't visit", one in twenty-five never recorded (missed). Answers the token of the first carer's phone.
 */
async function seed(db: Database, settings: PlannedVisitsSettings, publicUrl: string, today: string): Promise<{ token: string; requestId: string; carerId: string }> {
  const env = loadEnv({ PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
  const firstDay = addDays(today, -365);
  const admin = seedingAdmin(db, env, today, 'Plan');
  const signIn = await carerSignIns(db, publicUrl);
  // A post code each, scattered over some 20 by 20 km: the carers' homes, their clients' and the new request's.
  const people = settings.carers * (settings.visitsADay + 1) + 1;
  const random = seededRandom(51);
  await db.insert(postcodeDeprivation).values(
    Array.from({ length: people }, (_, n) => ({
      postCode: benchPostCode(n),
      lsoaCode: 'E01000000',
      incomeDecile: 5,
      healthDecile: 5,
      edition: 'bench',
      latitude: 50.95 + random() * 0.18,
      longitude: -3.45 + random() * 0.28,
    })),
  );
  let place = 0;
  let token = '';
  let firstCarer = '';
  for (let index = 0; index < settings.carers; index++) {
    const input = newCarer({ name: `Planned Carer ${index}` });
    input.details.address = { postCode: benchPostCode(place++) };
    const carer = await admin.volunteers.create(input);
    if (index === 0) firstCarer = carer.id;
    // Clients may be seen from 08:00 to 18:00 on weekdays, so a week can be planned for less driving.
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));
    for (let k = 0; k < settings.visitsADay; k++) {
      const postCode = benchPostCode(place++);
      const client = await admin.clients.create({ dateOfBirth: '1940-01-01', details: { name: `Planned Client ${index}-${k}`, address: { postCode } } });
      await admin.availability.setClientTimes({ clientId: client.id, weekly: weekdays, version: 0 });
      const weeklyHours = (7 * VISIT_MINUTES) / 60;
      const request = await admin.requests.create({ clientId: client.id, startDate: firstDay, details: { weeklyHours, address: { postCode } } });
      const pkg = await admin.packages.create({ carerId: carer.id, requestId: request.id, startDate: firstDay, details: { weeklyHours, address: { postCode } } });
      const start = time(slotStart(k));
      const end = time(slotStart(k) + VISIT_MINUTES);
      await admin.visitPlans.set({ packageId: pkg.id, visits: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end })), version: 0 });
      if (index === 0) {
        await admin.clients.setKeyInformation({
          clientId: client.id,
          accessNotes: 'Side gate, then the back door; the dog is friendly',
          allergiesAndRisks: 'Penicillin; steep stairs to the bathroom',
          emergencyContact: 'Joan Pollard (daughter) 07700 900333',
          keySafeCode: '4821',
          version: 0,
        });
      }
    }
    if (index === 0) token = await signIn({ carerId: carer.id, name: 'Planned', index });
  }
  const newcomer = await admin.clients.create({ dateOfBirth: '1938-01-01', details: { name: 'Newly Asking', address: { postCode: benchPostCode(place) } } });
  const asked = await admin.requests.create({ clientId: newcomer.id, startDate: today, details: { weeklyHours: 3, address: { postCode: benchPostCode(place) } } });
  // Each day of the year before today, each package's planned visit, as the phone records it from the plan.
  await db.execute(sql`
    insert into visits (id, carer_id, package_id, date, start_time, end_time, minutes, could_not_visit, planned_visit_id)
    select gen_random_uuid()::text, p.carer_id, p.id, d.day,
      case when d.n % 20 = 3 then null when d.n % 10 = 1 then to_char(s.start::time + interval '40 minutes', 'HH24:MI') else s.start end,
      case when d.n % 20 = 3 then null when d.n % 10 = 1 then to_char(s.finish::time + interval '40 minutes', 'HH24:MI') else s.finish end,
      case when d.n % 20 = 3 then 0 else ${VISIT_MINUTES} end,
      case when d.n % 20 = 3 then 'noAnswer' end,
      p.id || '/' || to_char(d.day, 'YYYY-MM-DD') || '/' || s.start
    from packages p
    join visit_plans v on v.package_id = p.id
    cross join lateral (select v.visits -> 0 ->> 'start' as start, v.visits -> 0 ->> 'end' as finish) s
    cross join lateral (
      -- Each package's days counted from its own point, so no two miss the same days.
      select day::date as day, (day::date - ${firstDay}::date) + abs(hashtext(p.id)) % 100 as n
      from generate_series(${firstDay}::date, ${addDays(today, -1)}::date, interval '1 day') day
    ) d
    where d.n % 25 <> 0`);
  return { token, requestId: asked.id, carerId: firstCarer };
}

/** Weeks planned for every carer, timed: each takes seconds. */
const WHOLE_WEEKS = 2;

async function timed(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

export async function measurePlannedVisits(settings: PlannedVisitsSettings, progress: (message: string) => void): Promise<PlannedVisitsFigures> {
  progress(`planned visits: ${settings.carers} carers × ${settings.visitsADay} visits a day, a year of them recorded`);
  const storage = await createServerStorage('planned');
  try {
    const port = await freeLoopbackPort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const today = todayIn();
    const connection = await openServerDatabase(storage.database);
    let seeded: Awaited<ReturnType<typeof seed>>;
    let visitsRecorded: number;
    try {
      seeded = await seed(connection.db, settings, publicUrl, today);
      await addUser(connection.db, BENCH_USER);
      const [counted] = await queryRows<{ count: number }>(connection.db, sql`select count(*)::int as count from visits`);
      visitsRecorded = counted!.count;
      await connection.db.execute(sql`vacuum (analyze)`);
    } finally {
      await connection.close();
    }
    const server = await startServerProcess({ port, database: storage.database });
    try {
      const office = apiClient(server.url, await signInOverHttp(server.url, BENCH_USER));
      const lastMonth = shiftMonth(monthOfDate(today), -1);
      const dayMs = await timed(settings.calls, () => office.plannedVisits.getDay.query({ date: today }));
      const measuresMs = await timed(settings.calls, () => office.analytics.getVisitMeasures.query({ month: lastMonth }));
      const phoneCall = () => fetch(`${server.url}/trpc/carerApp.myVisits`, { headers: { authorization: `Bearer ${seeded.token}` } });
      const myVisitsMs = await timed(settings.calls, async () => (await phoneCall()).arrayBuffer());
      const answer = await phoneCall();
      if (!answer.ok) throw new Error(`carerApp.myVisits answered ${answer.status}`);
      const body = await answer.text();
      const { planned } = (JSON.parse(body) as { result: { data: { planned: unknown[] } } }).result.data;
      const suggestMs = await timed(settings.calls, () => office.carers.suggestForRequest.query({ requestId: seeded.requestId }));
      // Next week's: every visit still to come.
      const weekStart = addDays(today, 7);
      const weekOneMs = await timed(settings.calls, () => office.plannedVisits.suggestWeek.query({ weekStart, carerId: seeded.carerId }));
      const weekAllMs = await timed(WHOLE_WEEKS, () => office.plannedVisits.suggestWeek.query({ weekStart }));
      const all = await office.plannedVisits.suggestWeek.query({ weekStart });
      const weekAllMinutes = all.carers.reduce((sum, carer) => ({ before: sum.before + carer.before.minutes, after: sum.after + carer.after.minutes }), { before: 0, after: 0 });
      return { settings, visitsRecorded, dayMs, measuresMs, myVisitsMs, myVisitsBytes: Buffer.byteLength(body), myVisitsPlanned: planned.length, suggestMs, weekOneMs, weekAllMs, weekAllMinutes };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await storage.remove();
  }
}
