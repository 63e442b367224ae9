// When a carer can work, in their own words: a weekly pattern and time off. Micro-providers set their own hours; the
// office plans within them and is warned where a visit falls outside.
import { formatDate } from './dates';
import { weekdayOf } from './planned-visits';
import { minutesOfWeek, type PlannedWeeklyVisit, plannedVisitWords, planWeeklyHours, WEEK_MINUTES } from './visit-plans';

/** Time off: from one date to another, both included, with a word on why if the carer gives one. */
export interface TimeOff {
  from: string;
  to: string;
  note?: string;
}

export interface Availability {
  /** The times in a week the carer can work; none said yet when empty. */
  weekly: PlannedWeeklyVisit[];
  timeOff: TimeOff[];
}

export const NO_AVAILABILITY: Availability = { weekly: [], timeOff: [] };

/** The most periods of time off kept at once. */
export const MAX_TIME_OFF = 20;

/** The hours a week the pattern gives. */
export const availableHours = (weekly: readonly PlannedWeeklyVisit[]) => planWeeklyHours({ visits: [...weekly], anyTime: null });

/** Whether a visit in the week lies wholly within one of the pattern's times (a pattern not said holds everything). */
export function withinPattern(visit: PlannedWeeklyVisit, weekly: readonly PlannedWeeklyVisit[]): boolean {
  if (!weekly.length) return true;
  const [start, end] = minutesOfWeek(visit);
  return weekly.some((window) => {
    const [from, to] = minutesOfWeek(window);
    // Compared as it is and a week on, so a window on Sunday night holds a visit into Monday morning.
    return [0, WEEK_MINUTES, -WEEK_MINUTES].some((shift) => from + shift <= start && end <= to + shift);
  });
}

/** Time off in date order. */
export const inDateOrder = (timeOff: readonly TimeOff[]) => [...timeOff].sort((a, b) => a.from.localeCompare(b.from));

/** The time off a date falls in, if any. */
export const timeOffOn = (date: string, timeOff: readonly TimeOff[]) => timeOff.find((off) => off.from <= date && date <= off.to);

export const AVAILABILITY_MESSAGES = {
  outside: (name: string, visit: PlannedWeeklyVisit) => `${plannedVisitWords(visit)} is outside the times ${name} said they can work`,
  away: (name: string, date: string, off: TimeOff) =>
    `${name} is away on ${formatDate(date)} (${formatDate(off.from)} to ${formatDate(off.to)}${off.note ? `: ${off.note}` : ''})`,
  timeOffOrder: 'Time off ends on or after the day it starts',
} as const;

/** What is wrong with a dated visit for the carer's availability, in words, or null. */
export function datedVisitWarning(name: string, visit: { date: string; start: string; end: string }, availability: Availability): string | null {
  const off = timeOffOn(visit.date, availability.timeOff);
  if (off) return AVAILABILITY_MESSAGES.away(name, visit.date, off);
  const weekly = { weekday: weekdayOf(visit.date), start: visit.start, end: visit.end };
  return withinPattern(weekly, availability.weekly) ? null : AVAILABILITY_MESSAGES.outside(name, weekly);
}
