/** Care actually given (planned against delivered): the words and calendar rules the server and the screens share. */
import { addDays, dayOfWeek, daysBetween, monthLabel, monthOfDate } from './dates';

export const DELIVERY_STATUSES = ['delivered', 'missed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Who gave a day's figure: the office's timesheet, or the carer's visits from the carer app. */
export type DeliverySource = 'office' | 'carer';

export const MISSED_REASONS = ['client-cancelled', 'carer-unavailable', 'client-in-hospital', 'no-answer', 'other'] as const;
export type MissedReason = (typeof MISSED_REASONS)[number];
export const MISSED_REASON_LABELS: Record<MissedReason, string> = {
  'client-cancelled': 'Client cancelled',
  'carer-unavailable': 'Carer unavailable',
  'client-in-hospital': 'Client in hospital or away',
  'no-answer': 'No answer at the door',
  other: 'Other',
};

/** Hours in one day's entry: 0 to 24 in quarters of an hour. */
export const MAX_DAY_HOURS = 24;
export const HOURS_STEP = 0.25;

/** The Monday of the week a YYYY-MM-DD date falls in (weeks run Monday to Sunday, as UK timesheets do). */
export function weekStartOf(isoDate: string): string {
  return addDays(isoDate, -((dayOfWeek(isoDate) + 6) % 7));
}

export function isMonday(isoDate: string): boolean {
  return dayOfWeek(isoDate) === 1;
}

/** The seven dates of the week starting on `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/** Delivered hours as a share of planned, or null when nothing was planned. */
export function deliveryRate(plannedHours: number, deliveredHours: number): number | null {
  return plannedHours > 0 ? deliveredHours / plannedHours : null;
}

/** Refusals the server gives and the timesheet shows beside the cell. */
export const DELIVERY_MESSAGES = {
  future: 'Care cannot be recorded for a day still to come',
  outsidePackage: (start: string, end: string | null) =>
    end ? `This package runs from ${start} to ${end}: the date is outside it` : `This package starts on ${start}: the date is before it`,
  closedMonth: (month: string) => `${monthLabel(month)} is closed: its figures have been reported. An Admin can reopen it.`,
  alreadyRecorded: 'There is already an entry for this carer on this package that day. Change that entry instead.',
  notTheCarer: 'A day is recorded for the package’s carer, or for a carer who has given care on it before',
  reasonRequired: 'Choose why the visit was missed',
  carersFigure: 'This day’s figure comes from the carer’s visits on the carer app: type the office’s figure over it to correct it',
} as const;

/**
 * Why a day of a package takes no entry, in words, or null when it does: a day to come, a day outside the package's
 * dates, or a day of a closed month. The timesheet locks such days; the server refuses them.
 */
export function entryDayRefusal(pkg: { startDate: string; endDate: string | null }, date: string, today: string, closedMonths: readonly string[]): string | null {
  if (date > today) return DELIVERY_MESSAGES.future;
  if (date < pkg.startDate || (pkg.endDate !== null && date > pkg.endDate)) return DELIVERY_MESSAGES.outsidePackage(pkg.startDate, pkg.endDate);
  if (closedMonths.includes(monthOfDate(date))) return DELIVERY_MESSAGES.closedMonth(monthOfDate(date));
  return null;
}

/**
 * The planned hours of a package between two dates (inclusive): its weekly hours for each day it runs
 * then, a seventh a day, as the packages hours report counts them (DESIGN §3).
 */
export function plannedHoursBetween(pkg: { weeklyHours: number; startDate: string; endDate: string | null }, from: string, to: string): number {
  const first = pkg.startDate > from ? pkg.startDate : from;
  const last = pkg.endDate !== null && pkg.endDate < to ? pkg.endDate : to;
  if (first > last) return 0;
  const days = daysBetween(first, last) + 1;
  return (pkg.weeklyHours * days) / 7;
}

/** "84.5%" for a rate of 0.845; a dash when nothing was planned, so there is no rate to give. */
export function deliveryRateText(rate: number | null): string {
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** HMRC's approved mileage allowance for cars and vans, the first 10,000 business miles of a tax year: 45p a mile. */
export const DEFAULT_PENCE_PER_MILE = 45;
