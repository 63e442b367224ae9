import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import { minuteOfDay } from '@/shared/carer-app';
import { addDays, monthDates } from '@/shared/dates';
import { LATE_MINUTES } from '@/shared/planned-visits';
import { queryRows } from '@/server/db/client';
import { jsonTuple } from '@/server/db/json-rows';
import { packages, requests } from '@/server/db/schema/care';
import { visits } from '@/server/db/schema/visits';
import { matchRecorded, plannedVisitsBetween } from '@/server/records/planned-visits';
import { mayReadCarer } from '@/server/records/role-views';
import type { RecordContext } from '@/server/records/service-context';
import { carerNamesOf } from '@/server/records/carer-names';

/**
 * A month's visits as funders and NICE's home-care standard (QS123) count them: visits planned (not cancelled),
 * recorded (given, with a plan or without), missed (planned, not given), late (given more than 30 minutes after the
 * planned time) and continuity: how many different carers each client saw, on average.
 */
export interface VisitMeasures {
  planned: number;
  recorded: number;
  missed: number;
  late: number;
  /** Clients who were given a visit. */
  clients: number;
  /** The different carers a client saw, on average over those clients; null with none. */
  carersPerClient: number | null;
}

export interface VisitMeasuresReport {
  month: string;
  /** The last day counted: the month's last, or yesterday for the month under way (today is not over). Null before the month began. */
  countedTo: string | null;
  all: VisitMeasures;
  localities: ({ name: string } & VisitMeasures)[];
  /** A carer's name is empty for a role that may not read that kind of carer. */
  carers: ({ carerId: string; name: string } & VisitMeasures)[];
}

interface Tally {
  planned: number;
  recorded: number;
  missed: number;
  late: number;
  /** The carers each client saw. */
  seen: Map<string, Set<string>>;
}

const newTally = (): Tally => ({ planned: 0, recorded: 0, missed: 0, late: 0, seen: new Map() });

function measuresOf(tally: Tally | undefined, carersOfClient: Map<string, Set<string>>): VisitMeasures {
  const clients = [...(tally?.seen.keys() ?? [])];
  // Continuity is the client's: all the carers they saw in the month, whoever's tally this is.
  const total = clients.reduce((sum, clientId) => sum + (carersOfClient.get(clientId)?.size ?? 0), 0);
  return {
    planned: tally?.planned ?? 0,
    recorded: tally?.recorded ?? 0,
    missed: tally?.missed ?? 0,
    late: tally?.late ?? 0,
    clients: clients.length,
    carersPerClient: clients.length ? Math.round((total / clients.length) * 100) / 100 : null,
  };
}

/** A visit given, read as one JSON text of arrays (jsonTuple): a month's are tens of thousands, which PGlite decodes slowly as rows. */
const GIVEN = jsonTuple<{ packageId: string; carerId: string; date: string; start: string | null; plannedVisitId: string | null }>({
  packageId: visits.packageId,
  carerId: visits.carerId,
  date: visits.date,
  start: visits.startTime,
  plannedVisitId: visits.plannedVisitId,
});

/** The month's visit measures in all, by locality (where the care is given) and by carer. */
export async function getVisitMeasures({ db, today, actor }: RecordContext, { month }: { month: string }): Promise<VisitMeasuresReport> {
  const { first, last } = monthDates(month);
  const yesterday = addDays(today, -1);
  const countedTo = last < today ? last : first <= yesterday ? yesterday : null;
  const empty = measuresOf(undefined, new Map());
  if (!countedTo) return { month, countedTo, all: empty, localities: [], carers: [] };

  const planned = (await plannedVisitsBetween(db, first, countedTo)).filter((visit) => !visit.change?.cancelled);
  const [result] = await queryRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(${GIVEN.array}), '[]')::text as rows from ${visits}
      where ${and(between(visits.date, first, countedTo), inArray(visits.status, ['recorded', 'toResolve']), isNull(visits.couldNotVisit))}`,
  );
  const given = (JSON.parse(result!.rows) as unknown[][]).map(GIVEN.read);
  // Visits given on packages with no plan in the month are counted where their package is.
  const placeOf = new Map(planned.map((visit) => [visit.packageId, { clientId: visit.clientId, locality: visit.locality }]));
  const unplanned = [...new Set(given.map((visit) => visit.packageId).filter((id) => !placeOf.has(id)))];
  if (unplanned.length) {
    const rows = await db
      .select({ packageId: packages.id, clientId: requests.clientId, locality: packages.locality })
      .from(packages)
      .innerJoin(requests, eq(requests.id, packages.requestId))
      .where(inArray(packages.id, unplanned));
    for (const row of rows) placeOf.set(row.packageId, { clientId: row.clientId, locality: row.locality });
  }

  const all = newTally();
  const byLocality = new Map<string, Tally>();
  const byCarer = new Map<string, Tally>();
  const tallies = (locality: string, carerId: string) => {
    if (!byLocality.has(locality)) byLocality.set(locality, newTally());
    if (!byCarer.has(carerId)) byCarer.set(carerId, newTally());
    return [all, byLocality.get(locality)!, byCarer.get(carerId)!];
  };
  const matched = matchRecorded(planned, given);
  for (const visit of planned) {
    const done = matched.get(visit.id);
    const late = done?.start ? minuteOfDay(done.start) > minuteOfDay(visit.start) + LATE_MINUTES : false;
    for (const tally of tallies(visit.locality, visit.carerId)) {
      tally.planned++;
      if (!done) tally.missed++;
      if (late) tally.late++;
    }
  }
  const carersOfClient = new Map<string, Set<string>>();
  for (const visit of given) {
    const place = placeOf.get(visit.packageId);
    if (!place) continue;
    carersOfClient.set(place.clientId, (carersOfClient.get(place.clientId) ?? new Set()).add(visit.carerId));
    for (const tally of tallies(place.locality, visit.carerId)) {
      tally.recorded++;
      tally.seen.set(place.clientId, (tally.seen.get(place.clientId) ?? new Set()).add(visit.carerId));
    }
  }
  const carerIds = [...byCarer.keys()];
  const names = await carerNamesOf(db, carerIds);
  const byName = new Intl.Collator('en-GB');
  return {
    month,
    countedTo,
    all: measuresOf(all, carersOfClient),
    localities: [...byLocality.entries()]
      .map(([name, tally]) => ({ name: name || 'Unknown', ...measuresOf(tally, carersOfClient) }))
      .sort((a, b) => byName.compare(a.name, b.name)),
    carers: carerIds
      .map((carerId) => ({ carerId, name: mayReadCarer(actor.role, carerId) ? (names.get(carerId) ?? '') : '', ...measuresOf(byCarer.get(carerId), carersOfClient) }))
      .sort((a, b) => byName.compare(a.name, b.name) || a.carerId.localeCompare(b.carerId)),
  };
}
