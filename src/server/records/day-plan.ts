// One carer's day in the best order (docs/decisions/338-the-day-in-the-best-order.md): the drive to each visit from the
// one before, and, where visits may move within their times, the order with the least driving (exact up to 12 visits),
// for the office to offer and the carer to read. Nothing is changed here.
import { inArray } from 'drizzle-orm';
import type { Availability } from '@/shared/availability';
import { minuteOfDay, timeOfMinute, visitMinutes } from '@/shared/carer-app';
import { weekdayOf } from '@/shared/planned-visits';
import { bestDayOrder, type DayStop, MOST_DAY_STOPS } from '@/shared/routing/day-order';
import { planRoutes } from '@/shared/routing/vrptw';
import { groupBy } from '@/shared/group-by';
import { addTravel, NO_TRAVEL, type Travel } from '@/shared/travel';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';
import type { Executor } from '@/server/db/client';
import { carers } from '@/server/db/schema/people';
import { availabilityOf, clientVisitTimesOf } from './availability';
import type { ClientVisit } from './planned-visits';
import { numberedPlaces, placesOf, type TravelSource, travelLookup } from './travel';

/** A visit planning would move, as the office and the carer read it before it is offered. */
export interface SuggestedMove {
  /** The planned visit's slot: package, day and time (its id). */
  id: string;
  packageId: string;
  clientName: string;
  date: string;
  from: { start: string; end: string };
  to: { start: string; end: string };
}

/** The moves planning found (a visit's id and new times), as the office and the carer read them. */
export function suggestedMoves(visits: readonly ClientVisit[], moves: readonly { id: string; start: string; end: string }[]): SuggestedMove[] {
  const visitOf = new Map(visits.map((visit) => [visit.id, visit]));
  return moves.map((move) => {
    const visit = visitOf.get(move.id)!;
    return { id: move.id, packageId: visit.packageId, clientName: visit.clientName, date: visit.date, from: { start: visit.start, end: visit.end }, to: { start: move.start, end: move.end } };
  });
}

/** A day (or a week) is changed only for a saving of at least this many minutes of driving. */
export const WORTH_MINUTES = 1;
/** Planned times fall on five minutes where the order allows. */
const ROUND_TO = 5;
/** Steps of the engine for each visit of a day too long to order exactly. */
const STEPS_PER_VISIT = 30;

/** The window of `times` a visit lies wholly within on its day, in minutes of the day; none for a visit past midnight. */
function windowHolding(times: readonly PlannedWeeklyVisit[], weekday: number, visit: { start: string; end: string }): [number, number] | null {
  const [start, end] = [minuteOfDay(visit.start), minuteOfDay(visit.start) + visitMinutes(visit)];
  const found = times.find((time) => time.weekday === weekday && minuteOfDay(time.start) < minuteOfDay(time.end) && minuteOfDay(time.start) <= start && end <= minuteOfDay(time.end));
  return found ? [minuteOfDay(found.start), minuteOfDay(found.end)] : null;
}

/**
 * The minutes of its day a visit's start may move within, or null to keep it where it is: a visit at "any time" is
 * one neither pinned nor already changed for the week, within its client's visit times and its carer's (any time where
 * the carer said none), starting no earlier than `earliest` (now, on today).
 */
export function movingWindow(
  visit: ClientVisit,
  { clientTimes, carerTimes, earliest }: { clientTimes: readonly PlannedWeeklyVisit[]; carerTimes: readonly PlannedWeeklyVisit[]; earliest: number },
): [number, number] | null {
  if (visit.pinned || visit.change || minuteOfDay(visit.start) < earliest) return null;
  const weekday = weekdayOf(visit.date);
  const client = windowHolding(clientTimes, weekday, visit);
  if (!client) return null;
  const carer: [number, number] | null = carerTimes.length ? windowHolding(carerTimes, weekday, visit) : [0, 24 * 60];
  if (!carer) return null;
  const [from, to] = [Math.max(client[0], carer[0], earliest), Math.min(client[1], carer[1]) - visitMinutes(visit)];
  return from <= to ? [from, to] : null;
}

/** What the moving windows of a set of visits need: their clients' visit times and their carers' availability. */
export async function timesOfVisits(db: Executor, visits: readonly ClientVisit[]): Promise<{ clientTimes: Map<string, PlannedWeeklyVisit[]>; availability: Map<string, Availability> }> {
  const [clientTimes, availability] = await Promise.all([
    clientVisitTimesOf(db, visits.map((visit) => visit.clientId)),
    availabilityOf(db, [...new Set(visits.map((visit) => visit.carerId))]),
  ]);
  return { clientTimes, availability };
}

/** A stop of a route whose times are to be set: where, how long, the window its start keeps, and the time planned. */
export interface StopToTime {
  location: number;
  service: number;
  window: [number, number];
  planned: number;
}

/**
 * Start times along an order that keeps every window: each as near the time planned as the stops before and after
 * allow, on five minutes where that fits.
 */
export function nearestTimes(stops: readonly StopToTime[], home: number, minutes: readonly (readonly number[])[]): number[] {
  const latest: number[] = new Array(stops.length);
  for (let k = stops.length - 1; k >= 0; k--) {
    const stop = stops[k]!;
    const next = stops[k + 1];
    latest[k] = Math.min(stop.window[1], next ? latest[k + 1]! - minutes[stop.location]![next.location]! - stop.service : Infinity);
  }
  const starts: number[] = [];
  let [free, at] = [0, home];
  stops.forEach((stop, k) => {
    const earliest = Math.max(stop.window[0], free + minutes[at]![stop.location]!);
    const wanted = Math.min(Math.max(stop.planned, earliest), latest[k]!);
    const rounded = [Math.round(wanted / ROUND_TO) * ROUND_TO, Math.ceil(wanted / ROUND_TO) * ROUND_TO, Math.floor(wanted / ROUND_TO) * ROUND_TO].find(
      (time) => time >= earliest && time <= latest[k]!,
    );
    const start = rounded ?? Math.ceil(wanted);
    starts.push(start);
    [free, at] = [start + stop.service, stop.location];
  });
  return starts;
}

/** A visit of the day as ordering sees it. */
export interface DayVisitToOrder {
  id: string;
  start: string;
  end: string;
  /** Its place among the day's places; null where its post code has none. */
  place: number | null;
  /** The minutes of the day its start may move within; null to keep it where it is. */
  movesWithin: [number, number] | null;
}

export interface DayOrdered {
  /** The drive to each visit, by id, from the one before (from home for the first); null where a place is not on the map. */
  legs: Record<string, Travel | null>;
  /** Home again after the last visit; null where a place is not on the map. */
  back: Travel | null;
  /** The day's driving as planned: the legs known, added up. */
  total: Travel;
  /** A shorter order, where the visits that may move have one: its driving, and the visits that would move. */
  shorter: { total: Travel; moves: { id: string; start: string; end: string }[] } | null;
}

/**
 * The day's driving in its planned order, and the order with the least driving that keeps every visit within its
 * times: exact (bestDayOrder) for up to 12 visits, by the planning engine beyond. `home` is null where the carer's
 * home is not on the map: the day then counts from the first visit to the last.
 */
export function orderDay({ home, visits, travel }: { home: number | null; visits: readonly DayVisitToOrder[]; travel: (from: number, to: number) => Travel }): DayOrdered {
  const sorted = [...visits].sort((a, b) => minuteOfDay(a.start) - minuteOfDay(b.start));
  // A place with no position stands apart: no drive to or from it is known, so none is counted.
  const nowhere = Math.max(home ?? -1, ...visits.map((visit) => visit.place ?? -1)) + 1;
  const placeOf = (at: number | null) => at ?? nowhere;
  const leg = (from: number | null, to: number | null) => (from === null || to === null ? null : travel(from, to));
  const size = nowhere + 1;
  const minutes = Array.from({ length: size }, (_, from) => Array.from({ length: size }, (_, to) => (from === nowhere || to === nowhere ? 0 : travel(from, to).minutes)));
  const driving = (order: readonly DayVisitToOrder[]) => {
    const path = [home, ...order.map((visit) => visit.place), home];
    let sum = NO_TRAVEL;
    for (let i = 1; i < path.length; i++) sum = addTravel(sum, leg(path[i - 1]!, path[i]!) ?? NO_TRAVEL);
    return sum;
  };
  const legs = Object.fromEntries(sorted.map((visit, i) => [visit.id, leg(i === 0 ? home : sorted[i - 1]!.place, visit.place)]));
  const back = sorted.length ? leg(sorted.at(-1)!.place, home) : null;
  const total = driving(sorted);
  const day = { legs, back, total, shorter: null };
  if (sorted.length < 2 || sorted.every((visit) => !visit.movesWithin)) return day;

  const stops: (DayStop & { planned: number })[] = sorted.map((visit) => {
    const start = minuteOfDay(visit.start);
    return { location: placeOf(visit.place), service: visitMinutes(visit), window: visit.movesWithin ?? [start, start], planned: start };
  });
  const start = placeOf(home);
  const order = stops.length <= MOST_DAY_STOPS ? bestDayOrder(minutes, stops, { start, end: start, leave: 0 })?.order : engineOrder(stops, start, minutes);
  if (!order) return day;
  const best = order.map((index) => sorted[index]!);
  const after = driving(best);
  if (after.minutes > total.minutes - WORTH_MINUTES) return day;
  const starts = nearestTimes(order.map((index) => stops[index]!), start, minutes);
  const moves = best.flatMap((visit, k) =>
    starts[k] === minuteOfDay(visit.start) ? [] : [{ id: visit.id, start: timeOfMinute(starts[k]!), end: timeOfMinute(starts[k]! + visitMinutes(visit)) }],
  );
  return { ...day, shorter: moves.length ? { total: after, moves } : null };
}

/** A day too long to order exactly: the planning engine's order, from the planned one, if it keeps every visit. */
function engineOrder(stops: readonly DayStop[], home: number, minutes: readonly (readonly number[])[]): number[] | null {
  const plan = planRoutes(
    { durations: minutes, jobs: stops, vehicles: [{ start: home, end: home, shift: [0, 2 * 24 * 60] }] },
    { initial: [stops.map((_, index) => index)], iterations: STEPS_PER_VISIT * stops.length },
  );
  return plan.unassigned.length ? null : (plan.routes[0]?.jobs ?? null);
}

/** One carer's day: the drive to each visit, by visit id, and a shorter order to offer where there is one. */
export interface DayDriving {
  carerId: string;
  /** The drive to each visit from the one before (from home for the first); null where a place is not on the map. */
  legs: Record<string, Travel | null>;
  /** Home again after the last visit. */
  back: Travel | null;
  total: Travel;
  /** The carer's home has no map position: the day counts from the first visit. */
  homeUnknown: boolean;
  shorter: { total: Travel; moves: SuggestedMove[] } | null;
  source: TravelSource;
}

/**
 * Each carer's day of `visits` (one day's, cancelled ones left out), in its planned order with the drive between
 * visits, and the shorter order where visits at any time have one. On today, only visits still to start move (after
 * `now`, none in `settled`: started or recorded).
 */
export async function dayDrivingOf(
  { db, routingUrl, today, now }: { db: Executor; routingUrl: string | undefined; today: string; now: string },
  visits: readonly ClientVisit[],
  settled: ReadonlySet<string> = new Set(),
): Promise<Map<string, DayDriving>> {
  const given = visits.filter((visit) => !visit.change?.cancelled);
  const carerIds = [...new Set(given.map((visit) => visit.carerId))];
  if (!carerIds.length) return new Map();
  const [homes, { clientTimes, availability }] = await Promise.all([
    db.select({ id: carers.id, postCode: carers.postCode }).from(carers).where(inArray(carers.id, carerIds)),
    timesOfVisits(db, given),
  ]);
  const homeOf = new Map(homes.map((carer) => [carer.id, carer.postCode]));
  const places = await placesOf(db, [...homes.map((carer) => carer.postCode), ...given.map((visit) => visit.postCode)]);
  const nowMinute = minuteOfDay(now);
  const earliestOn = (date: string) => (date < today ? Infinity : date === today ? Math.ceil((nowMinute + 1) / ROUND_TO) * ROUND_TO : 0);

  const days = new Map<string, DayDriving>();
  for (const [carerId, own] of groupBy(given, (visit) => visit.carerId)) {
    const { indexOf, list } = numberedPlaces(places);
    const home = indexOf(homeOf.get(carerId));
    const toOrder = own.map((visit) => ({
      id: visit.id,
      start: visit.start,
      end: visit.end,
      place: indexOf(visit.postCode),
      movesWithin: settled.has(visit.id)
        ? null
        : movingWindow(visit, { clientTimes: clientTimes.get(visit.clientId) ?? [], carerTimes: availability.get(carerId)?.weekly ?? [], earliest: earliestOn(visit.date) }),
    }));
    const lookup = await travelLookup(list, routingUrl);
    const ordered = orderDay({ home, visits: toOrder, travel: (from, to) => lookup.between(list[from]!, list[to]!) });
    days.set(carerId, {
      carerId,
      legs: ordered.legs,
      back: ordered.back,
      total: ordered.total,
      homeUnknown: home === null,
      shorter: ordered.shorter && { total: ordered.shorter.total, moves: suggestedMoves(own, ordered.shorter.moves) },
      source: lookup.source,
    });
  }
  return days;
}
