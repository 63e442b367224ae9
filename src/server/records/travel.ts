// Where people are and how long the drive between them takes: post code coordinates from the deprivation import, road
// times from the charity's routing engine where it runs one (ROUTING_URL), the estimate otherwise or when it is down.
import { and, inArray, isNotNull } from 'drizzle-orm';
import { normalisePostCode } from '@/shared/schemas/common';
import { addTravel, estimatedTravel, NO_TRAVEL, type Place, type Travel } from '@/shared/travel';
import type { Executor } from '@/server/db/client';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';

/** The places of the post codes that have them, by post code as given; a post code missing has no coordinates. */
export async function placesOf(db: Executor, postCodes: readonly string[]): Promise<Map<string, Place>> {
  const wanted = [...new Set(postCodes.map(normalisePostCode))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ postCode: postcodeDeprivation.postCode, latitude: postcodeDeprivation.latitude, longitude: postcodeDeprivation.longitude })
    .from(postcodeDeprivation)
    .where(and(inArray(postcodeDeprivation.postCode, wanted), isNotNull(postcodeDeprivation.latitude), isNotNull(postcodeDeprivation.longitude)));
  const found = new Map(rows.map((row) => [row.postCode, { latitude: row.latitude!, longitude: row.longitude! }]));
  return new Map(postCodes.flatMap((postCode) => (found.has(normalisePostCode(postCode)) ? [[postCode, found.get(normalisePostCode(postCode))!]] : [])));
}

/** How long to wait for the routing engine before estimating instead. */
const ROUTING_TIMEOUT_MS = 3_000;
/** OSRM refuses tables of more than 100 places by default: asked in blocks well under that. */
const BLOCK = 40;
const METRES_PER_MILE = 1609.344;
/** Road times already asked, by pair of places: a week's planning asks the same pairs again and again. */
const asked = new Map<string, Travel>();
const MAX_ASKED = 200_000;
/** An engine that failed is left to rest a minute, by URL: every phone's fetch and Today would wait on it otherwise. */
const RESTING_MS = 60_000;
const restingUntil = new Map<string, number>();

/** One key for a place, as road times are remembered by (to about a metre). */
const keyOf = (place: Place) => `${place.latitude.toFixed(5)},${place.longitude.toFixed(5)}`;

/** What one table request answers: seconds and metres, from each source to each destination; null where no road. */
interface RoadTable {
  seconds: (number | null)[][];
  metres: (number | null)[][];
}

/** Valhalla's matrix service is named by its path; anything else is taken for OSRM's table service. */
async function askRoads(routingUrl: string, from: Place[], to: Place[]): Promise<RoadTable> {
  const signal = AbortSignal.timeout(ROUTING_TIMEOUT_MS);
  if (/sources_to_targets\/?$/.test(routingUrl)) {
    const point = (place: Place) => ({ lat: place.latitude, lon: place.longitude });
    const response = await fetch(routingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sources: from.map(point), targets: to.map(point), costing: 'auto', units: 'kilometers' }),
      signal,
    });
    if (!response.ok) throw new Error(`routing engine answered ${response.status}`);
    const body = (await response.json()) as { sources_to_targets: { time: number | null; distance: number | null }[][] };
    return {
      seconds: body.sources_to_targets.map((row) => row.map((cell) => cell.time)),
      metres: body.sources_to_targets.map((row) => row.map((cell) => (cell.distance === null ? null : cell.distance * 1000))),
    };
  }
  const places = [...from, ...to].map((place) => `${place.longitude},${place.latitude}`).join(';');
  const sources = from.map((_, i) => i).join(';');
  const destinations = to.map((_, i) => from.length + i).join(';');
  const url = `${routingUrl.replace(/\/+$/, '')}/${places}?sources=${sources}&destinations=${destinations}&annotations=duration,distance`;
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`routing engine answered ${response.status}`);
  const body = (await response.json()) as { code: string; durations?: (number | null)[][]; distances?: (number | null)[][] };
  if (body.code !== 'Ok' || !body.durations) throw new Error(`routing engine answered ${body.code}`);
  return { seconds: body.durations, metres: body.distances ?? body.durations.map((row) => row.map(() => null)) };
}

/** How the figures were made: by road where the engine answered for every pair, else (in part) estimated. */
export type TravelSource = 'roads' | 'estimate';

export interface TravelTable {
  /** [from][to]. */
  travel: Travel[][];
  source: TravelSource;
}

/**
 * The drive from each of `from` to each of `to`. By the routing engine at `routingUrl` where given, remembered
 * between calls; a pair it cannot answer (no road, no answer in time, an error) is estimated, and the table says so.
 */
export async function travelTable(from: readonly Place[], to: readonly Place[], routingUrl: string | undefined): Promise<TravelTable> {
  const estimate = () => from.map((a) => to.map((b) => estimatedTravel(a, b)));
  if (!routingUrl || !from.length || !to.length) return { travel: estimate(), source: 'estimate' };
  const pairKey = (a: Place, b: Place) => `${keyOf(a)}>${keyOf(b)}`;
  let estimated = false;
  const unknownFrom = [...new Map(from.filter((a) => to.some((b) => !asked.has(pairKey(a, b)))).map((a) => [keyOf(a), a])).values()];
  const unknownTo = [...new Map(to.filter((b) => from.some((a) => !asked.has(pairKey(a, b)))).map((b) => [keyOf(b), b])).values()];
  if (asked.size > MAX_ASKED) asked.clear();
  const resting = () => (restingUntil.get(routingUrl) ?? 0) > Date.now();
  for (let i = 0; i < unknownFrom.length && !resting(); i += BLOCK) {
    for (let j = 0; j < unknownTo.length && !resting(); j += BLOCK) {
      const [sources, destinations] = [unknownFrom.slice(i, i + BLOCK), unknownTo.slice(j, j + BLOCK)];
      try {
        const table = await askRoads(routingUrl, sources, destinations);
        sources.forEach((a, s) =>
          destinations.forEach((b, d) => {
            const [seconds, metres] = [table.seconds[s]?.[d], table.metres[s]?.[d]];
            if (typeof seconds === 'number' && typeof metres === 'number') asked.set(pairKey(a, b), { minutes: seconds / 60, miles: metres / METRES_PER_MILE });
          }),
        );
      } catch {
        // The engine is down or slow: what is left is estimated, and the engine asked again once it has rested.
        estimated = true;
        restingUntil.set(routingUrl, Date.now() + RESTING_MS);
      }
    }
  }
  const travel = from.map((a) =>
    to.map((b) => {
      const road = asked.get(pairKey(a, b));
      if (road) return road;
      estimated = true;
      return estimatedTravel(a, b);
    }),
  );
  return { travel, source: estimated ? 'estimate' : 'roads' };
}

/** Forgets the road times asked so far and any engine resting (a test's engine changes its answers). */
export const forgetRoadTimes = () => {
  asked.clear();
  restingUntil.clear();
};

/**
 * One carer's own places, numbered as they are first met (`indexOf` a post code; null where it has no place), so
 * planning asks road times among these alone: every pair of a large charity's places would be millions.
 */
export function numberedPlaces(places: ReadonlyMap<string, Place>): { indexOf(postCode: string | undefined): number | null; list: Place[] } {
  const numbers = new Map<string, number>();
  const list: Place[] = [];
  const indexOf = (postCode: string | undefined) => {
    const place = places.get(postCode ?? '');
    if (!place) return null;
    const key = keyOf(place);
    if (!numbers.has(key)) numbers.set(key, list.push(place) - 1);
    return numbers.get(key)!;
  };
  return { indexOf, list };
}

/** The drive between any two of some places, asked once for all of them. */
export interface TravelLookup {
  between(from: Place, to: Place): Travel;
  source: TravelSource;
}

export async function travelLookup(places: readonly Place[], routingUrl: string | undefined): Promise<TravelLookup> {
  const unique = [...new Map(places.map((place) => [keyOf(place), place])).values()];
  const index = new Map(unique.map((place, i) => [keyOf(place), i]));
  const { travel, source } = await travelTable(unique, unique, routingUrl);
  return { between: (from, to) => travel[index.get(keyOf(from))!]![index.get(keyOf(to))!]!, source };
}

/** A day's driving: from home to each place in turn and back home. */
export function dayTravel(home: Place, stops: readonly Place[], lookup: TravelLookup): Travel {
  const path = [home, ...stops, home];
  let travel = NO_TRAVEL;
  for (let i = 1; i < path.length; i++) travel = addTravel(travel, lookup.between(path[i - 1]!, path[i]!));
  return travel;
}

/** The least driving a visit to `place` adds to a day, put between two of its stops (or home and a stop). */
export function addedTravel(home: Place, stops: readonly Place[], place: Place, lookup: TravelLookup): Travel {
  const path = [home, ...stops, home];
  let best: Travel | undefined;
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1]!, path[i]!];
    const [there, on, direct] = [lookup.between(a, place), lookup.between(place, b), lookup.between(a, b)];
    const added = { minutes: there.minutes + on.minutes - direct.minutes, miles: there.miles + on.miles - direct.miles };
    if (!best || added.minutes < best.minutes) best = added;
  }
  return best!;
}
