import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LOCALITIES, SERVICES, TRAINING_TYPES, type Service } from '@/shared/constants';
import { addDays } from '@/shared/dates';
import type { Database } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { carers, clients, notes } from '@/server/db/schema/people';
import { CARER_FIRST_NAMES as CARER_FIRST, FIRST_NAMES as FIRST, type Random, seededRandom, STREETS, SURNAMES } from '@/server/demo/made-up-data';

/** The charity at fifty times its present size: the full benchmark data set (scale 1). */
export const FULL_SIZE = {
  clients: 5_000,
  mps: 700,
  volunteers: 800,
  requests: 20_000,
  packages: 40_000,
  trainingRecords: 10_000,
  magLogs: 2_000,
} as const;
export type DataSetSize = Record<keyof typeof FULL_SIZE, number>;

export function sizeAt(scale: number): DataSetSize {
  const scaled = Object.entries(FULL_SIZE).map(([name, n]) => [name, Math.max(1, Math.round(n * scale))]);
  return Object.fromEntries(scaled) as DataSetSize;
}

const YEARS_OF_HISTORY = 10;
/** Care lasts months more often than years; ongoing care is what started lately. */
const MEAN_CARE_DAYS = 420;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 1_000;


/** Four post codes per locality, one in each deprivation category, each a few miles from the others in the vale. */
const AREAS = LOCALITIES.map((locality, i) => ({
  locality,
  postCodes: [0, 1, 2, 3].map((k) => ({
    postCode: `TA${10 + i} ${k + 1}${String.fromCharCode(65 + k)}${String.fromCharCode(66 + i)}`,
    income: k === 0 || k === 1,
    health: k === 0 || k === 2,
    latitude: 50.95 + (i % 5) * 0.03 + k * 0.004,
    longitude: -3.45 + Math.floor(i / 5) * 0.05 + k * 0.006,
  })),
}));

interface Address {
  streetAddress: string;
  locality: string;
  county: string;
  postCode: string;
  deprivationIncome: boolean;
  deprivationHealth: boolean;
}

function randomAddress(r: Random): Address {
  const area = r.pick(AREAS);
  // Most homes are in areas that are not deprived.
  const where = r.chance(0.7) ? area.postCodes[3]! : r.pick(area.postCodes);
  return {
    streetAddress: `${r.int(1, 60)} ${r.pick(STREETS)}`,
    locality: area.locality,
    county: 'Somerset',
    postCode: where.postCode,
    deprivationIncome: where.income,
    deprivationHealth: where.health,
  };
}

/** A timestamp on the given day, so lists ordered by creation follow the history. */
function createdOn(date: string, r: Random): Date {
  return new Date(`${date}T${String(r.int(8, 17)).padStart(2, '0')}:${String(r.int(10, 59))}:00Z`);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A stretch of care from `start`: ended (most), ended in the future, or open when it would run past today. */
function careEnd(r: Random, start: string, today: string): string | null {
  const end = addDays(start, Math.max(14, Math.round(r.exponential(MEAN_CARE_DAYS))));
  if (end < today) return end;
  return r.chance(0.75) ? null : addDays(today, r.int(7, 180));
}

interface Rows {
  postcodeDeprivation: (typeof postcodeDeprivation.$inferInsert)[];
  clients: (typeof clients.$inferInsert)[];
  carers: (typeof carers.$inferInsert)[];
  notes: (typeof notes.$inferInsert)[];
  requests: (typeof requests.$inferInsert)[];
  packages: (typeof packages.$inferInsert)[];
  trainingRecords: (typeof trainingRecords.$inferInsert)[];
  magLogs: (typeof magLogs.$inferInsert)[];
  magAttendees: (typeof magAttendees.$inferInsert)[];
}

/**
 * Every row of a data set of the given size, deterministic for a seed: ten years of history up to
 * `today`, every locality and service, some records archived, requests with 1–3 packages given mostly by
 * MPs, training records with expiries past and future, and MAG sessions with their attendees.
 */
export function dataSetRows(size: DataSetSize, today: string, seed = 20260101): Rows {
  const r = seededRandom(seed);
  const firstDay = addDays(today, -365 * YEARS_OF_HISTORY);
  const dayIn = (from: string, to: string) => addDays(from, r.int(0, Math.max(0, daysBetween(from, to))));
  /** A person's record dates: made on the day they joined, and archived some day after it when `archived`. */
  const personDates = (archived: boolean, joined: string) => ({
    archived: archived ? ('Y' as const) : ('N' as const),
    archivedAt: archived ? createdOn(dayIn(joined, today), r) : null,
    createdAt: createdOn(joined, r),
    updatedAt: createdOn(joined, r),
  });
  const rows: Rows = {
    postcodeDeprivation: AREAS.flatMap(({ postCodes }, i) =>
      postCodes.map(({ postCode, income, health, latitude, longitude }, k) => ({
        postCode,
        latitude,
        longitude,
        lsoaCode: `E0103${String(i * 4 + k).padStart(4, '0')}`,
        incomeDecile: income ? 1 + (k % 2) : 7,
        healthDecile: health ? 2 : 8,
        edition: 'IoD2025',
      })),
    ),
    clients: [],
    carers: [],
    notes: [],
    requests: [],
    packages: [],
    trainingRecords: [],
    magLogs: [],
    magAttendees: [],
  };
  const note = (owner: { clientId: string } | { carerId: string }, date: string, text: string) =>
    rows.notes.push({ id: r.id('n'), ...owner, position: 0, date, note: text, source: r.pick(['Phone', 'Email', 'In Person']), minutesTaken: r.pick([10, 15, 30, 60]) });

  for (const kind of ['mp', 'volunteer'] as const) {
    for (let i = 0; i < (kind === 'mp' ? size.mps : size.volunteers); i++) {
      const joined = dayIn(firstDay, addDays(today, -30));
      const archived = r.chance(0.12);
      const name = `${r.pick(CARER_FIRST)} ${r.pick(SURNAMES)}`;
      const { deprivationIncome: _income, deprivationHealth: _health, ...address } = randomAddress(r);
      const id = r.id(kind === 'mp' ? 'm' : 'v');
      rows.carers.push({
        id,
        ...personDates(archived, joined),
        name,
        dateOfBirth: `${r.int(1955, 2002)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        ...address,
        phone: `01984 ${r.int(600000, 699999)}`,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${i}@example.org`,
        nextOfKin: `${r.pick(CARER_FIRST)} ${r.pick(SURNAMES)} (partner)`,
        services: r.some(SERVICES, 2, 5),
        attendsMag: r.chance(0.3),
        dbsExpiry: r.chance(0.9) ? addDays(today, r.int(-400, 1100)) : null,
        publicLiabilityExpiry: kind === 'mp' ? addDays(today, r.int(-200, 400)) : null,
        capacity: r.pick(['Full Time', 'Part Time', 'Part Time', 'Occasional']),
      });
      note({ carerId: id }, joined, 'Induction completed and references checked.');
    }
  }
  const activeCarers = rows.carers.filter((c) => c.archived === 'N');
  const mps = activeCarers.filter((c) => c.id.startsWith('m'));
  const volunteers = activeCarers.filter((c) => c.id.startsWith('v'));

  // Requests start evenly over the years; a client joined when their first request started.
  const clientIds = Array.from({ length: size.clients }, () => r.id('c'));
  const clientOf: string[] = [];
  const startOf: string[] = [];
  const joinedOn = new Map<string, string>();
  for (let i = 0; i < size.requests; i++) {
    const clientId = r.pick(clientIds);
    const startDate = dayIn(firstDay, addDays(today, -1));
    clientOf.push(clientId);
    startOf.push(startDate);
    if (!(joinedOn.get(clientId)! <= startDate)) joinedOn.set(clientId, startDate);
  }

  clientIds.forEach((id, i) => {
    const joined = joinedOn.get(id) ?? dayIn(firstDay, addDays(today, -7));
    const archived = r.chance(0.15);
    const services = r.some(SERVICES, 1, 4);
    rows.clients.push({
      id,
      ...personDates(archived, joined),
      name: `${r.pick(FIRST)} ${r.pick(SURNAMES)}`,
      dateOfBirth: r.chance(0.95) ? `19${r.int(25, 60)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}` : null,
      ...randomAddress(r),
      phone: `01984 ${r.int(600000, 699999)}`,
      nextOfKin: `${r.pick(CARER_FIRST)} ${r.pick(SURNAMES)} (${r.pick(['daughter', 'son', 'niece', 'neighbour'])})`,
      services,
      attendsMag: services.includes('MAG') || r.chance(0.1),
      customId: `VC${String(10001 + i)}`,
      donationScheme: r.chance(0.25),
      donationAmount: r.chance(0.25) ? r.int(5, 40) : 0,
      referredBy: r.pick(['GP surgery', 'Family', 'Adult social care', 'Self', 'Neighbour']),
      clientAgreementDate: joined,
      riskAssessmentDate: dayIn(joined, today),
      endDate: archived ? dayIn(joined, today) : null,
      attendanceAllowance: r.pick(['no', 'pending', 'Low', 'High']),
    });
    note({ clientId: id }, joined, 'First visit: needs and preferences agreed.');
  });
  const clientById = new Map(rows.clients.map((c) => [c.id, c]));

  for (let i = 0; i < size.requests; i++) {
    const client = clientById.get(clientOf[i]!)!;
    const startDate = startOf[i]!;
    const endDate = careEnd(r, startDate, today);
    const ended = endDate !== null && endDate < today;
    rows.requests.push({
      id: r.id('r'),
      clientId: client.id,
      archived: ended && r.chance(0.4) ? 'Y' : 'N',
      createdAt: createdOn(startDate, r),
      updatedAt: createdOn(startDate, r),
      requestType: r.chance(0.7) ? 'paid' : 'unpaid',
      startDate,
      endDate,
      weeklyHours: r.int(2, 20) / 2,
      streetAddress: client.streetAddress!,
      locality: client.locality!,
      county: client.county!,
      postCode: client.postCode,
      deprivationIncome: client.deprivationIncome!,
      deprivationHealth: client.deprivationHealth!,
      status: r.chance(0.15) ? 'urgent' : 'pending',
      // A few requests say no service: the reports count them as "Unspecified".
      services: r.chance(0.03) ? [] : r.some(client.services as Service[], 1, 3),
    });
  }
  // Every request has one package, and 1–3 in all, until the packages are all placed.
  const packageCounts = rows.requests.map(() => 1);
  for (let placed = rows.requests.length; placed < size.packages; ) {
    const n = r.int(0, packageCounts.length - 1);
    if (packageCounts[n]! < 3) {
      packageCounts[n]!++;
      placed++;
    }
  }
  rows.requests.forEach((request, n) => {
    for (let k = 0; k < packageCounts[n]!; k++) {
      const carer = r.chance(0.75) ? r.pick(mps) : r.pick(volunteers);
      const endDate = request.endDate ?? (r.chance(0.15) ? careEnd(r, request.startDate, today) : null);
      rows.packages.push({
        id: r.id('p'),
        carerId: carer.id,
        requestId: request.id!,
        archived: request.archived,
        createdAt: request.createdAt,
        updatedAt: request.createdAt,
        startDate: request.startDate,
        endDate,
        name: '',
        weeklyHours: Math.max(0.5, Math.round(request.weeklyHours! / packageCounts[n]!)),
        streetAddress: request.streetAddress!,
        locality: request.locality!,
        county: request.county!,
        postCode: request.postCode,
        services: request.services!.length ? r.some(request.services!, 1, request.services!.length) : [],
      });
    }
  });

  for (let i = 0; i < size.trainingRecords; i++) {
    const owner = r.pick(rows.carers);
    rows.trainingRecords.push({
      id: r.id('t'),
      ownerId: owner.id,
      archived: r.chance(0.1) ? 'Y' : 'N',
      expiryDate: r.chance(0.95) ? addDays(today, r.int(-1100, 1100)) : null,
      name: owner.name,
      recordName: r.pick(TRAINING_TYPES),
      notes: r.chance(0.3) ? 'Refresher booked with the county training team.' : '',
    });
  }

  const magClients = rows.clients.filter((c) => c.attendsMag);
  for (let i = 0; i < size.magLogs; i++) {
    const id = r.id('g');
    const date = dayIn(firstDay, today);
    const attending = [
      ...r.some(magClients, 2, 8).map((c) => ({
        personId: c.id,
        kind: 'client',
        name: c.name,
        address: {
          streetAddress: c.streetAddress,
          locality: c.locality,
          county: c.county,
          postCode: c.postCode,
          deprivation: { income: c.deprivationIncome, health: c.deprivationHealth },
        },
      })),
      ...r.some(mps, 0, 2).map((c) => ({ personId: c.id, kind: 'mp', name: c.name, address: null })),
      ...r.some(volunteers, 1, 3).map((c) => ({ personId: c.id, kind: 'volunteer', name: c.name, address: null })),
    ];
    rows.magAttendees.push(...attending.map((a) => ({ magLogId: id, archived: 'N', ...a })));
    rows.magLogs.push({
      id,
      date,
      archived: date < addDays(today, -730) && r.chance(0.5) ? 'Y' : 'N',
      totalClients: attending.filter((a) => a.kind === 'client').length + r.int(0, 3),
      totalFamily: r.int(0, 4),
      totalVolunteers: attending.filter((a) => a.kind === 'volunteer').length,
      totalMps: attending.filter((a) => a.kind === 'mp').length,
      otherAttendees: r.int(0, 2),
      notes: r.pick(['Coffee morning and quiz.', 'Chair exercises and lunch.', 'Talk from the fire service.', 'Craft session.', 'Singing with the school choir.']),
    });
  }
  return rows;
}

/** Days of care recorded for the benchmark: the year up to today. */
export const DELIVERY_DAYS = 365;

/**
 * A year of daily entries for every package running in it, up to today: the hours of a seventh of its
 * week (to the quarter hour), and about one visit in fifteen missed with a reason. Made by the database
 * itself, as it is a million rows at full size.
 */
function yearOfDeliveries(today: string) {
  const first = addDays(today, 1 - DELIVERY_DAYS);
  return sql`insert into deliveries (id, package_id, carer_id, date, status, hours, reason)
    select 'd' || substr(md5(p.id || day::date::text), 1, 15), p.id, p.carer_id, day::date,
      case when missed then 'missed' else 'delivered' end,
      case when missed then 0 else least(24, round(p.weekly_hours / 7 * 4) / 4) end,
      case when missed then (array['client-cancelled', 'carer-unavailable', 'client-in-hospital', 'other'])[1 + abs(hashtext(p.id)) % 4] end
    from packages p
    cross join lateral generate_series(greatest(p.start_date, ${first}::date), least(coalesce(p.end_date, ${today}::date), ${today}::date), interval '1 day') as day
    cross join lateral (select abs(hashtext(p.id || day::date::text)) % 15 = 0 as missed) as visit
    order by day, p.id`;
}

async function insertAll<T extends PgTable>(db: Database, table: T, values: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
    await db.insert(table).values(values.slice(i, i + ROWS_PER_INSERT));
  }
}

/**
 * Writes a data set straight into the tables with multi-row INSERTs, in one transaction: the services
 * would write it one record (and one audit row) at a time, which at this size takes hours.
 */
export async function insertDataSet(db: Database, size: DataSetSize, today: string): Promise<void> {
  const rows = dataSetRows(size, today);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await insertAll(t, postcodeDeprivation, rows.postcodeDeprivation);
    await insertAll(t, carers, rows.carers);
    await insertAll(t, clients, rows.clients);
    await insertAll(t, notes, rows.notes);
    await insertAll(t, requests, rows.requests);
    await insertAll(t, packages, rows.packages);
    await insertAll(t, trainingRecords, rows.trainingRecords);
    await insertAll(t, magLogs, rows.magLogs);
    await insertAll(t, magAttendees, rows.magAttendees);
    await t.execute(yearOfDeliveries(today));
  });
}
