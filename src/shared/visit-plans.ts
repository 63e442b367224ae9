// A package's plan of visits in a week: what the office and the carer agree the care looks like, day by day.
import { DAY_MINUTES, minuteOfDay, visitMinutes } from './carer-app';

/** The days of a plan's week, Monday first: a planned visit's `weekday` is 1 (Monday) to 7 (Sunday). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The most visits a package's week holds: three a day, every day, and some over. */
export const MAX_PLANNED_VISITS = 28;

/** A visit in a package's week: its day and times (HH:MM); an end earlier than the start is the next morning. */
export interface PlannedWeeklyVisit {
  weekday: number;
  start: string;
  end: string;
  /** A package's visit kept where it is when the office plans for less driving (decision 336). */
  pinned?: boolean;
}

/** Visits at set times, and hours given at any time in the week (befriending, shopping): either, or both. */
export interface VisitPlan {
  visits: PlannedWeeklyVisit[];
  anyTime: { hours: number } | null;
}

export const NO_PLAN: VisitPlan = { visits: [], anyTime: null };

export const WEEK_MINUTES = 7 * DAY_MINUTES;

/** The plan's hours in a week: its visits' lengths and its hours at any time, to the hundredth. */
export function planWeeklyHours(plan: VisitPlan): number {
  const minutes = plan.visits.reduce((sum, visit) => sum + visitMinutes(visit), 0);
  return Math.round((minutes / 60 + (plan.anyTime?.hours ?? 0)) * 100) / 100;
}

/** The visits in the order the week runs: by day, then start. */
export function inWeekOrder<T extends PlannedWeeklyVisit>(visits: readonly T[]): T[] {
  return [...visits].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
}

/** "Wednesday 09:30–10:30". */
export function plannedVisitWords(visit: PlannedWeeklyVisit): string {
  return `${WEEKDAYS[visit.weekday - 1]} ${visit.start}–${visit.end}`;
}

/** Where a visit lies in the week, in minutes from Monday 00:00: a visit past Sunday midnight runs into Monday. */
export function minutesOfWeek(visit: PlannedWeeklyVisit): [number, number] {
  const start = (visit.weekday - 1) * DAY_MINUTES + minuteOfDay(visit.start);
  return [start, start + visitMinutes(visit)];
}

/** The first two visits of the plan whose times overlap (a visit into Monday morning included), by their places in `visits`. */
export function overlappingVisits(visits: readonly PlannedWeeklyVisit[]): [number, number] | undefined {
  const spans = visits.map(minutesOfWeek);
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const [a, b] = [spans[i]!, spans[j]!];
      // Each compared as it is and a week on, so Sunday night's visit meets Monday morning's.
      const overlaps = [0, WEEK_MINUTES, -WEEK_MINUTES].some((shift) => a[0] < b[1] + shift && b[0] + shift < a[1]);
      if (overlaps) return [i, j];
    }
  }
  return undefined;
}

export const VISIT_PLAN_MESSAGES = {
  sameTimes: 'A visit ends at a different time from its start',
  overlap: (a: PlannedWeeklyVisit, b: PlannedWeeklyVisit) => `${plannedVisitWords(b)} overlaps ${plannedVisitWords(a)}. Change the times of one of them.`,
  differs: (planned: number, weekly: number) => `The plan gives ${planned} hours a week; the package has ${weekly}.`,
} as const;
