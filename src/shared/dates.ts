/**
 * Calendar dates (DESIGN §3): today in the charity's time zone, the "not ended yet" rule, moments as staff read
 * them, and every sum on dates and months.
 */
import { UTCDateMini } from '@date-fns/utc';
import { addDays as addDaysTo, addMonths as addMonthsTo, addYears as addYearsTo, getDay, lastDayOfMonth } from 'date-fns';

export const CHARITY_TIME_ZONE = 'Europe/London';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  // Year 0000 does not exist in the database's calendar.
  if (!ISO_DATE.test(value) || value.startsWith('0000')) return false;
  const date = calendarDate(value);
  return !Number.isNaN(date.getTime()) && isoDateOf(date) === value;
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

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The time of day (HH:MM, 24-hour) at `now` in the given time zone, as a carer's phone there shows it. */
export function timeIn(timeZone: string = CHARITY_TIME_ZONE, now: Date = new Date()): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    clocks.set(timeZone, clock);
  }
  return clock.format(now);
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: CHARITY_TIME_ZONE });

/** "21 Nov 2026, 14:05": a moment as staff read it, in the charity's time zone wherever the browser or server is. */
export function formatDateTime(at: string | Date): string {
  return DATE_TIME.format(new Date(at));
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2 Mar 1940" for a YYYY-MM-DD date, as the app and its e-mails show one; the fallback for an empty one. */
export function formatDate(iso: string | null | undefined, empty = ''): string {
  if (!iso) return empty;
  const date = calendarDate(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "Sat 28 Nov": a day with its weekday, as a rota or a night visit's end names it. */
export function formatShortDay(iso: string): string {
  return SHORT_DAY.format(calendarDate(iso));
}

/**
 * A YYYY-MM-DD date as a Date at its midnight in UTC, on which date-fns reckons in UTC (UTCDateMini): no time
 * zone or clock change can move it by a day. The sums below are the only calendar arithmetic in the code; date-fns
 * adds days, months and years, clamping 31 January plus a month to 28 February and 29 February plus a year to 28
 * February. Intl formatters set to UTC show it as the date it is.
 */
export function calendarDate(isoDate: string): Date {
  return new UTCDateMini(`${isoDate}T00:00:00Z`);
}

function isoDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  return isoDateOf(addDaysTo(calendarDate(isoDate), days));
}

/** The calendar date `months` after a YYYY-MM-DD date, on the month's last day where it has fewer. */
export function addMonths(isoDate: string, months: number): string {
  return isoDateOf(addMonthsTo(calendarDate(isoDate), months));
}

/** The date a year count after a YYYY-MM-DD date; 29 February falls to 28 February in other years. */
export function addYears(isoDate: string, years: number): string {
  return isoDateOf(addYearsTo(calendarDate(isoDate), years));
}

const DAY_MS = 86_400_000;

/**
 * Whole days from one YYYY-MM-DD date to another: negative when `to` is earlier. Both are read as UTC
 * midnights, a whole number of days apart, so their difference needs no calendar; lists work it out for
 * every carer's every expiry date.
 */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / DAY_MS;
}

/** The day of the week of a YYYY-MM-DD date: 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(isoDate: string): number {
  return getDay(calendarDate(isoDate));
}

/** A month is written YYYY-MM; these are the only sums on months. */
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The month (YYYY-MM) of a YYYY-MM-DD date. */
export function monthOfDate(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** The month (YYYY-MM) of a year and a month's number (1 to 12). */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The number (1 to 12) of a month (YYYY-MM) within its year. */
export function monthNumberOf(month: string): number {
  return Number(month.slice(5, 7));
}

/** The month (YYYY-MM) `by` months after `month` (before, when negative). */
export function shiftMonth(month: string, by: number): string {
  return monthOfDate(addMonths(`${month}-01`, by));
}

/** "November" for 11; the number itself when it is no month's. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month);
}

/** "November 2026" for 2026-11. */
export function monthLabel(month: string): string {
  return `${monthName(monthNumberOf(month))} ${month.slice(0, 4)}`;
}

/** The last date of a month (YYYY-MM). */
export function lastDateOfMonth(month: string): string {
  return isoDateOf(lastDayOfMonth(calendarDate(`${month}-01`)));
}

/** The first and last dates of a month (YYYY-MM). */
export function monthDates(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: lastDateOfMonth(month) };
}

/** An end date is the word "open" (ongoing) or a calendar date. */
export type EndDate = string;
export const OPEN = 'open';

/** Not ended yet (active): the end date is open, or today or later. */
export function isNotEndedYet(endDate: EndDate, today: string): boolean {
  return endDate === OPEN || endDate >= today;
}
