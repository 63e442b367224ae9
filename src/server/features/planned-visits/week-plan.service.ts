import { inArray } from 'drizzle-orm';
import { weekStartOf } from '@/shared/deliveries';
import { addDays, daysBetween } from '@/shared/dates';
import { groupBy } from '@/shared/group-by';
import type { OfferWeekInput, SuggestWeekInput } from '@/shared/schemas/planned-visits';
import { NO_TRAVEL, type Travel } from '@/shared/travel';
import { carers } from '@/server/db/schema/people';
import { carerNamesOf } from '@/server/records/carer-names';
import { movingWindow, type SuggestedMove, suggestedMoves, timesOfVisits } from '@/server/records/day-plan';
import { type ClientVisit, plannedVisitsBetween } from '@/server/records/planned-visits';
import type { RecordContext, ServiceContext } from '@/server/records/service-context';
import { numberedPlaces, placesOf, type TravelSource, travelLookup } from '@/server/records/travel';
import { changeVisitsInOne } from './planned-visits.service';
import { planWeek, type VisitToPlan } from './week-plan';

export interface CarerWeekSuggestion {
  carerId: string;
  carerName: string;
  /** The week's driving as planned now, and as suggested. */
  before: Travel;
  after: Travel;
  moves: SuggestedMove[];
  /** Why the week could not be planned (no place for the carer's home), or null. */
  notPlanned: string | null;
}

export interface WeekSuggestion {
  weekStart: string;
  carers: CarerWeekSuggestion[];
  source: TravelSource;
}

/** The reason every move planning offers carries: the carer sees it on their phone. */
export const LESS_DRIVING = 'Planned for less driving';

/**
 * The week from `weekStart`'s Monday planned with the least driving, for one carer or all with visits that week. A
 * visit moves only on its own day, from tomorrow on, within its client's visit times and its carer's (where said), and
 * not when it is pinned or already changed for the week. Nothing is changed: the office sees it, then offers it.
 */
export async function suggestWeek({ db, today, env }: ServiceContext, { weekStart, carerId }: SuggestWeekInput): Promise<WeekSuggestion> {
  const monday = weekStartOf(weekStart);
  const sunday = addDays(monday, 6);
  const tomorrow = addDays(today, 1);
  const week = (await plannedVisitsBetween(db, monday, sunday, carerId)).filter((visit) => !visit.change?.cancelled && (!carerId || visit.carerId === carerId));
  const byCarer = groupBy(week, (visit) => visit.carerId);
  const carerIds = [...byCarer.keys()];
  const [names, homes, { clientTimes, availability }] = await Promise.all([
    carerNamesOf(db, carerIds),
    carerIds.length ? db.select({ id: carers.id, postCode: carers.postCode }).from(carers).where(inArray(carers.id, carerIds)) : [],
    timesOfVisits(db, week),
  ]);
  const homeOf = new Map(homes.map((carer) => [carer.id, carer.postCode]));
  const places = await placesOf(db, [...homes.map((carer) => carer.postCode), ...week.map((visit) => visit.postCode)]);
  const movesWithin = (visit: ClientVisit) =>
    movingWindow(visit, {
      clientTimes: clientTimes.get(visit.clientId) ?? [],
      carerTimes: availability.get(visit.carerId)?.weekly ?? [],
      earliest: visit.date < tomorrow ? Infinity : 0,
    });

  let source: TravelSource = 'roads';
  const suggestions: CarerWeekSuggestion[] = [];
  for (const id of carerIds) suggestions.push(await planCarer(id));
  return { weekStart: monday, carers: suggestions.sort((a, b) => a.carerName.localeCompare(b.carerName, 'en-GB')), source };

  async function planCarer(id: string): Promise<CarerWeekSuggestion> {
    const visits = byCarer.get(id)!;
    const carerName = names.get(id) ?? '';
    const { indexOf, list } = numberedPlaces(places);
    const home = indexOf(homeOf.get(id));
    if (home === null) return { carerId: id, carerName, before: NO_TRAVEL, after: NO_TRAVEL, moves: [], notPlanned: `No map position for ${homeOf.get(id) ?? 'their post code'}` };
    const toPlan: VisitToPlan[] = visits.map((visit) => ({
      id: visit.id,
      day: daysBetween(monday, visit.date),
      start: visit.start,
      end: visit.end,
      place: indexOf(visit.postCode),
      movesWithin: movesWithin(visit),
    }));
    const lookup = await travelLookup(list, env.routingUrl);
    if (lookup.source === 'estimate') source = 'estimate';
    const planned = planWeek({ home, visits: toPlan, travel: (from, to) => lookup.between(list[from]!, list[to]!) });
    return { carerId: id, carerName, before: planned.before, after: planned.after, moves: suggestedMoves(visits, planned.moves), notPlanned: null };
  }
}

/**
 * Offers the moves the office saw, each to its carer as one week's change with the reason "Planned for less driving",
 * all or none: the rules of a change hold for each (none in the past, the package running that day).
 */
export function offerWeek(ctx: RecordContext, { moves }: OfferWeekInput) {
  return changeVisitsInOne(
    ctx,
    moves.map((move) => ({ packageId: move.packageId, date: move.date, start: move.start, action: 'move' as const, to: move.to })),
    { reason: LESS_DRIVING, procedure: 'plannedVisits.offerWeek' },
  );
}
