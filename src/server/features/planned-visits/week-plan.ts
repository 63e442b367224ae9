// One carer's week planned with the least driving (docs/decisions/336-a-week-planned-for-less-driving.md): each visit
// stays on its day, within the times it may move in, and the planning engine finds the order, then the times nearest
// the ones planned.
import { planRoutes, type RoutingJob } from '@/shared/routing/vrptw';
import { minuteOfDay, timeOfMinute, visitMinutes } from '@/shared/carer-app';
import { addTravel, NO_TRAVEL, type Travel } from '@/shared/travel';
import { nearestTimes, WORTH_MINUTES } from '@/server/records/day-plan';

/** A visit of the week as planning sees it. */
export interface VisitToPlan {
  id: string;
  /** Index of the week's day, 0 (Monday) to 6. */
  day: number;
  start: string;
  end: string;
  /** Its place among the week's places; null where its post code has none (its legs then count nothing). */
  place: number | null;
  /** The minutes of the day its start may move within; null to keep it where it is. */
  movesWithin: [number, number] | null;
}

/** A visit planning would move: to a new start (and end) on its day. */
export interface VisitMove {
  id: string;
  start: string;
  end: string;
}

export interface WeekPlanned {
  before: Travel;
  after: Travel;
  moves: VisitMove[];
}

/** Steps of the engine for each visit of the week: a carer's week is small, and its days independent. */
const STEPS_PER_VISIT = 30;

/**
 * The week with the least driving found, from `home` (a place) each day and back: the driving before and after, and
 * the visits that would move. A day whose visits cannot all be kept within their times (the plan's own times leave
 * no time to drive between two of them, say) is left as it is unless a new order keeps them all.
 */
export function planWeek(
  { home, visits, travel }: { home: number; visits: readonly VisitToPlan[]; travel: (from: number, to: number) => Travel },
  seed = 1,
): WeekPlanned {
  // Visits with no place stand at a place of their own, no drive from anywhere.
  const nowhere = Math.max(home, ...visits.map((visit) => visit.place ?? 0)) + 1;
  const placeOf = (visit: VisitToPlan) => visit.place ?? nowhere;
  const legs = (from: number, to: number) => (from === nowhere || to === nowhere ? NO_TRAVEL : travel(from, to));
  const size = nowhere + 1;
  const minutes = Array.from({ length: size }, (_, from) => Array.from({ length: size }, (_, to) => legs(from, to).minutes));

  const jobs: RoutingJob[] = visits.map((visit) => {
    const start = minuteOfDay(visit.start);
    return { location: placeOf(visit), service: visitMinutes(visit), window: visit.movesWithin ?? [start, start], vehicles: [visit.day] };
  });
  const dayOrder = (day: number) =>
    visits
      .map((visit, index) => ({ visit, index }))
      .filter(({ visit }) => visit.day === day)
      .sort((a, b) => minuteOfDay(a.visit.start) - minuteOfDay(b.visit.start))
      .map(({ index }) => index);
  const days = [0, 1, 2, 3, 4, 5, 6];
  const current = days.map(dayOrder);
  const driving = (order: readonly number[]) => {
    const path = [home, ...order.map((index) => placeOf(visits[index]!)), home];
    let sum = NO_TRAVEL;
    for (let i = 1; i < path.length; i++) sum = addTravel(sum, legs(path[i - 1]!, path[i]!));
    return sum;
  };
  const keeps = (order: readonly number[]) => {
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [visits[order[i - 1]!]!, visits[order[i]!]!];
      if (minuteOfDay(a.start) + visitMinutes(a) + minutes[placeOf(a)]![placeOf(b)]! > minuteOfDay(b.start)) return false;
    }
    return true;
  };

  const plan = visits.length
    ? planRoutes(
        { durations: minutes, jobs, vehicles: days.map(() => ({ start: home, end: home, shift: [0, 2 * 24 * 60] as [number, number] })) },
        { initial: current, iterations: STEPS_PER_VISIT * visits.length, seed },
      )
    : { routes: [], unassigned: [], cost: 0 };
  const unassigned = new Set(plan.unassigned);

  let [before, after] = [NO_TRAVEL, NO_TRAVEL];
  const moves: VisitMove[] = [];
  for (const day of days) {
    const now = current[day]!;
    const was = driving(now);
    before = addTravel(before, was);
    const route = plan.routes.find((r) => r.vehicle === day);
    const order = route?.jobs ?? [];
    const whole = now.every((index) => !unassigned.has(index)) && order.length === now.length;
    const better = whole && (driving(order).minutes <= was.minutes - WORTH_MINUTES || (!keeps(now) && order.length > 0));
    if (!better) {
      after = addTravel(after, was);
      continue;
    }
    after = addTravel(after, driving(order));
    const starts = nearestTimes(order.map((index) => ({ ...jobs[index]!, planned: minuteOfDay(visits[index]!.start) })), home, minutes);
    order.forEach((index, k) => {
      const visit = visits[index]!;
      const start = starts[k]!;
      if (start !== minuteOfDay(visit.start)) moves.push({ id: visit.id, start: timeOfMinute(start), end: timeOfMinute(start + visitMinutes(visit)) });
    });
  }
  return { before, after, moves };
}
