// A carer's estimated driving in a month, from the care they gave (docs/decisions/337-mileage-on-statements.md): each
// day from home to the packages given care that day and back, in the order of the times they recorded, or else the
// order with the least driving.
import { and, eq, gt, inArray, isNull, min } from 'drizzle-orm';
import { monthOfDate } from '@/shared/dates';
import { minuteOfDay } from '@/shared/carer-app';
import { groupBy } from '@/shared/group-by';
import { bestDayOrder, MOST_DAY_STOPS } from '@/shared/routing/day-order';
import { addTravel, NO_TRAVEL, type Place, type Travel } from '@/shared/travel';
import type { Executor } from '@/server/db/client';
import { packages } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { carers } from '@/server/db/schema/people';
import { visits } from '@/server/db/schema/visits';
import { dayTravel, placesOf, type TravelLookup, type TravelSource, travelLookup } from './travel';

export interface MonthDriving extends Travel {
  /** Days with care given. */
  days: number;
  source: TravelSource;
  /** Post codes of the packages given care whose driving is left out: they have no place. */
  unmapped: string[];
}

/** A day's care given on a package, and when the carer's phone said the visit began (if it did). */
export interface CareGiven {
  packageId: string;
  date: string;
  start: string | null;
}

/** The month's driving, or a reason it is not estimated (the carer's home has no place). */
export async function monthDriving(db: Executor, carerId: string, given: readonly CareGiven[], routingUrl: string | undefined): Promise<MonthDriving | { notEstimated: string }> {
  const [carer] = await db.select({ postCode: carers.postCode }).from(carers).where(eq(carers.id, carerId));
  const packageIds = [...new Set(given.map((care) => care.packageId))];
  const postCodeOf = new Map(
    (packageIds.length ? await db.select({ id: packages.id, postCode: packages.postCode }).from(packages).where(inArray(packages.id, packageIds)) : []).map((row) => [row.id, row.postCode]),
  );
  const places = await placesOf(db, [carer?.postCode ?? '', ...postCodeOf.values()]);
  const home = places.get(carer?.postCode ?? '');
  if (!home) return notEstimated(carer?.postCode);
  const lookup = await travelLookup([...places.values()], routingUrl);
  return drivingOfDays(home, given, (packageId) => ({ postCode: postCodeOf.get(packageId) ?? '', place: places.get(postCodeOf.get(packageId) ?? '') }), lookup);
}

const notEstimated = (postCode: string | undefined) => ({ notEstimated: `No map position for ${postCode || 'the carer’s post code'}` });

/** A day's driving, by the packages visited in the order driven: a carer's round repeats, day after day. */
type DayDrivingCache = Map<string, Travel>;

/** Each day from `home` to the packages given care that day and back: the driving, the days, what is left out. */
function drivingOfDays(
  home: Place,
  given: readonly CareGiven[],
  whereIs: (packageId: string) => { postCode: string; place: Place | undefined },
  lookup: TravelLookup,
  known: DayDrivingCache = new Map(),
): MonthDriving {
  let driving = NO_TRAVEL;
  const byDay = groupBy(given, (care) => care.date);
  for (const care of byDay.values()) {
    // One stop a package a day, at the earliest time recorded for it.
    const stops = [...groupBy(care, (c) => c.packageId).values()].flatMap((visits) => {
      const place = whereIs(visits[0]!.packageId).place;
      return place ? [{ packageId: visits[0]!.packageId, place, start: visits.map((v) => v.start).filter((s) => s !== null).sort()[0] ?? null }] : [];
    });
    const key = stops
      .map((stop) => `${stop.packageId}@${stop.start ?? ''}`)
      .sort()
      .join(',');
    let day = known.get(key);
    if (!day) {
      day = dayTravel(home, inDrivingOrder(home, stops, lookup.between), lookup);
      known.set(key, day);
    }
    driving = addTravel(driving, day);
  }
  const packageIds = new Set(given.map((care) => care.packageId));
  const unmapped = [...new Set([...packageIds].flatMap((id) => (whereIs(id).place ? [] : [whereIs(id).postCode])))].filter(Boolean).sort();
  return { ...driving, days: byDay.size, source: lookup.source, unmapped };
}

/** A carer's estimated driving in one month, as the workbook lists it beside their mileage claim. */
export interface CarerMonthDriving {
  month: string;
  carerId: string;
  driving: MonthDriving | { notEstimated: string };
}

/**
 * Every carer's estimated driving, month by month, from the days of care they gave (as on their statements): read in
 * a few queries for the whole charity, each carer's drives asked once for all their months.
 */
export async function drivingByCarerMonth(db: Executor, routingUrl: string | undefined): Promise<CarerMonthDriving[]> {
  const [days, starts, homes, packagePlaces] = await Promise.all([
    db
      .select({ carerId: deliveries.carerId, packageId: deliveries.packageId, date: deliveries.date })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'delivered'), gt(deliveries.hours, 0)))
      .orderBy(deliveries.carerId, deliveries.date),
    db
      .select({ carerId: visits.carerId, packageId: visits.packageId, date: visits.date, start: min(visits.startTime) })
      .from(visits)
      .where(and(eq(visits.status, 'recorded'), isNull(visits.couldNotVisit)))
      .groupBy(visits.carerId, visits.packageId, visits.date),
    db.select({ id: carers.id, postCode: carers.postCode }).from(carers),
    db.select({ id: packages.id, postCode: packages.postCode }).from(packages),
  ]);
  const startOf = new Map(starts.map((row) => [`${row.carerId}/${row.packageId}/${row.date}`, row.start]));
  const homeOf = new Map(homes.map((row) => [row.id, row.postCode]));
  const postCodeOf = new Map(packagePlaces.map((row) => [row.id, row.postCode]));
  const places = await placesOf(db, [...new Set([...homes.map((row) => row.postCode), ...packagePlaces.map((row) => row.postCode)])]);
  const whereIs = (packageId: string) => ({ postCode: postCodeOf.get(packageId) ?? '', place: places.get(postCodeOf.get(packageId) ?? '') });

  const rows: CarerMonthDriving[] = [];
  for (const [carerId, given] of groupBy(days, (day) => day.carerId)) {
    const care = given.map((day) => ({ ...day, start: startOf.get(`${carerId}/${day.packageId}/${day.date}`) ?? null }));
    const byMonth = groupBy(care, (day) => monthOfDate(day.date));
    const home = places.get(homeOf.get(carerId) ?? '');
    if (!home) {
      for (const month of byMonth.keys()) rows.push({ month, carerId, driving: notEstimated(homeOf.get(carerId)) });
      continue;
    }
    // The carer's own places: every pair of a large charity's places would be millions.
    const own = [home, ...new Set(given.flatMap((day) => whereIs(day.packageId).place ?? []))];
    const lookup = await travelLookup(own, routingUrl);
    const known: DayDrivingCache = new Map();
    for (const [month, inMonth] of byMonth) rows.push({ month, carerId, driving: drivingOfDays(home, inMonth, whereIs, lookup, known) });
  }
  return rows.sort((a, b) => a.month.localeCompare(b.month) || a.carerId.localeCompare(b.carerId));
}

/** The day's places in the order the carer gave them when every visit's time is known, else the least driving. */
function inDrivingOrder(home: Place, stops: readonly { place: Place; start: string | null }[], between: (a: Place, b: Place) => Travel): Place[] {
  if (stops.every((stop) => stop.start !== null) || stops.length > MOST_DAY_STOPS) {
    return [...stops].sort((a, b) => minuteOfDay(a.start ?? '00:00') - minuteOfDay(b.start ?? '00:00')).map((stop) => stop.place);
  }
  const points = [home, ...stops.map((stop) => stop.place)];
  const minutes = points.map((a) => points.map((b) => between(a, b).minutes));
  const open: [number, number] = [0, Number.MAX_SAFE_INTEGER];
  const best = bestDayOrder(minutes, stops.map((_, i) => ({ location: i + 1, service: 0, window: open })), { start: 0, end: 0, leave: 0 });
  return best ? best.order.map((i) => stops[i]!.place) : stops.map((stop) => stop.place);
}
