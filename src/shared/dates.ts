/** Calendar dates in the charity's time zone (DESIGN §3): "today" and the "not ended yet" rule. */

export const CHARITY_TIME_ZONE = 'Europe/London';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  // Year 0000 does not exist in the database's calendar.
  if (!ISO_DATE.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The last date given for each zone, and the second it was given for. */
const lastToday = new Map<string, { second: number; date: string }>();

/**
 * The calendar date (YYYY-MM-DD) at `now` in the given time zone. A date changes only on a whole minute in
 * every zone, so the date of one second is worked out once: every request asks for today.
 */
export function todayIn(timeZone: string = CHARITY_TIME_ZONE, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastToday.get(timeZone);
  if (last?.second === second) return last.date;
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    // en-CA formats as YYYY-MM-DD.
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendars.set(timeZone, calendar);
  }
  const date = calendar.format(now);
  lastToday.set(timeZone, { second, date });
  return date;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: CHARITY_TIME_ZONE });

/** "21 Nov 2026, 14:05": a moment as staff read it, in the charity's time zone wherever the browser or server is. */
export function formatDateTime(at: string | Date): string {
  return DATE_TIME.format(new Date(at));
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An end date is the word "open" (ongoing) or a calendar date. */
export type EndDate = string;
export const OPEN = 'open';

/** Not ended yet (active): the end date is open, or today or later. */
export function isNotEndedYet(endDate: EndDate, today: string): boolean {
  return endDate === OPEN || endDate >= today;
}
