// A carer's estimated driving in a month, from the care they gave (docs/decisions/337-mileage-on-statements.md): each
// day from home to the packages given care that day and back, in the order of the times they recorded, or else the
// order with the least driving.
import { eq, inArray } from 'drizzle-orm';
import { minuteOfDay } from '@/shared/carer-app';
import { groupBy } from '@/shared/group-by';
import { bestDayOrder, MOST_DAY_STOPS } from '@/shared/routing/day-order';
import { addTravel, NO_TRAVEL, type Place, type Travel } from '@/shared/travel';
import type { Executor } from '@/server/db/client';
import { packages } from '@/server/db/schema/care';
import { carers } from '@/server/db/schema/people';
import { dayTravel, placesOf, type TravelSource, travelLookup } from '@/server/records/travel';

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
  if (!home) return { notEstimated: `No map position for ${carer?.postCode || 'the carer’s post code'}` };
  const placeOf = (packageId: string) => places.get(postCodeOf.get(packageId) ?? '');
  const lookup = await travelLookup([...places.values()], routingUrl);

  let driving = NO_TRAVEL;
  const byDay = groupBy(given, (care) => care.date);
  for (const care of byDay.values()) {
    // One stop a package a day, at the earliest time recorded for it.
    const stops = [...groupBy(care, (c) => c.packageId).values()].map((visits) => ({
      place: placeOf(visits[0]!.packageId),
      start: visits.map((v) => v.start).filter((s) => s !== null).sort()[0] ?? null,
    }));
    const mapped = stops.filter((stop): stop is { place: Place; start: string | null } => stop.place !== undefined);
    driving = addTravel(driving, dayTravel(home, inDrivingOrder(home, mapped, lookup.between), lookup));
  }
  const unmapped = [...new Set(packageIds.filter((id) => !placeOf(id)).map((id) => postCodeOf.get(id) ?? ''))].filter(Boolean).sort();
  return { ...driving, days: byDay.size, source: lookup.source, unmapped };
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
