// The driving a request would add to each carer's week (docs/decisions/335-suggestions-by-added-driving.md): the
// request's visits put into the days of their planned week where they add least.
import { groupBy } from '@/shared/group-by';
import { weekStartOf } from '@/shared/deliveries';
import { addDays } from '@/shared/dates';
import { weekdayOf } from '@/shared/planned-visits';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';
import { addTravel, NO_TRAVEL, type Place, type Travel } from '@/shared/travel';
import type { Executor } from '@/server/db/client';
import { plannedVisitsBetween } from '@/server/records/planned-visits';
import { addedTravel, dayTravel, placesOf, type TravelSource, travelLookup } from '@/server/records/travel';

/** Until a plan is agreed a request asks for hours, not visits: each hour a week is taken as a visit, one a day. */
export const visitsForHours = (weeklyHours: number) => Math.min(7, Math.max(1, Math.ceil(weeklyHours)));

export interface CarerTravel {
  /** The request's visits would add this to the week's driving. */
  added: Travel;
  /** Their planned week's driving now: from home to each visit in turn and back, day by day. */
  week: Travel;
}

export interface RequestTravel {
  /** Null where the request's post code has no coordinates: then no carer's travel is estimated. */
  byCarer: Map<string, CarerTravel> | null;
  source: TravelSource;
}

export interface TravellingCarer {
  id: string;
  postCode: string;
  /** The times the carer said they can work; empty when not said (then any day). */
  weekly: readonly PlannedWeeklyVisit[];
}

/**
 * Each carer's added driving for `visits` visits a week to `postCode`, on the days of this week (from Monday) they
 * work, cheapest days first. A carer whose post code has no coordinates is left out; so are planned visits at a post
 * code with none (their legs cannot be counted).
 */
export async function travelForRequest(
  db: Executor,
  { postCode, visits, today, routingUrl }: { postCode: string; visits: number; today: string; routingUrl: string | undefined },
  carers: readonly TravellingCarer[],
): Promise<RequestTravel> {
  const monday = weekStartOf(today);
  const week = (await plannedVisitsBetween(db, monday, addDays(monday, 6))).filter((visit) => !visit.change?.cancelled);
  const places = await placesOf(db, [postCode, ...carers.map((carer) => carer.postCode), ...week.map((visit) => visit.postCode)]);
  const to = places.get(postCode);
  if (!to) return { byCarer: null, source: 'estimate' };
  const homes = carers.flatMap((carer) => (places.has(carer.postCode) ? [{ ...carer, home: places.get(carer.postCode)! }] : []));
  const visitsOf = groupBy(week, (visit) => visit.carerId);

  const byCarer = new Map<string, CarerTravel>();
  let source: TravelSource = 'roads';
  for (const carer of homes) {
    // Each carer's own places only: every pair of a large charity's places would be millions.
    const theirs = (visitsOf.get(carer.id) ?? []).flatMap((visit) => (places.has(visit.postCode) ? [places.get(visit.postCode)!] : []));
    const lookup = await travelLookup([carer.home, to, ...theirs], routingUrl);
    if (lookup.source === 'estimate') source = 'estimate';
    const days = [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(monday, offset));
    const works = (date: string) => !carer.weekly.length || carer.weekly.some((window) => window.weekday === weekdayOf(date));
    const stopsOn = groupBy(visitsOf.get(carer.id) ?? [], (visit) => (places.has(visit.postCode) ? visit.date : null));
    const stops = (date: string): Place[] => (stopsOn.get(date) ?? []).map((visit) => places.get(visit.postCode)!);
    const weekTravel = days.reduce((sum, date) => addTravel(sum, dayTravel(carer.home, stops(date), lookup)), NO_TRAVEL);
    const open = days.filter(works);
    const cheapest = (open.length ? open : days).map((date) => addedTravel(carer.home, stops(date), to, lookup)).sort((a, b) => a.minutes - b.minutes);
    const added = cheapest.slice(0, visits).reduce(addTravel, NO_TRAVEL);
    byCarer.set(carer.id, { added, week: weekTravel });
  }
  return { byCarer, source };
}
