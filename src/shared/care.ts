/** Rules about requests and packages that the server enforces and the screens show. */
import { type EndDate, isNotEndedYet, OPEN } from './dates';

export const END_BEFORE_START = 'The end date cannot be before the start date';

/** An end date is on or after the start date; open never ends. */
export function datesInOrder(startDate: string, endDate: EndDate): boolean {
  return endDate === OPEN || endDate >= startDate;
}

/** As much of a package as its hours need. */
export interface PackageHours {
  endDate: EndDate;
  details: { weeklyHours: number };
}

/** Hours in service of a request: the weekly hours of its packages that have not ended yet. */
export function hoursInService(packages: readonly PackageHours[], today: string): number {
  return packages.filter((p) => isNotEndedYet(p.endDate, today)).reduce((sum, p) => sum + p.details.weeklyHours, 0);
}

/**
 * The dates of a renewal: the old item ends on the renewal date (today unless the user edited it), and
 * the new item starts that same day unless the user chose another.
 */
export function renewalDates(edited: { oldEndDate?: string; newStartDate?: string }, today: string) {
  const renewalDate = edited.oldEndDate ?? today;
  return { renewalDate, newStartDate: edited.newStartDate ?? renewalDate };
}

/** What a renewal needs to know of the item it ends. */
export interface Renewable {
  archived: 'Y' | 'N';
  startDate: string;
  endDate: EndDate;
}

/**
 * Why `item` (a request or package, named by `what`) cannot be renewed with these dates, or undefined
 * when it can. The old item ends on `renewalDate`; the new one starts on `newStartDate`.
 */
export function renewalRefusal(
  what: 'request' | 'package',
  item: Renewable,
  { renewalDate, newStartDate }: { renewalDate: string; newStartDate: string },
  today: string,
): string | undefined {
  if (item.archived === 'Y') return `This ${what} is archived, so cannot be renewed.`;
  if (!isNotEndedYet(item.endDate, today)) return `This ${what} has ended, so cannot be renewed.`;
  if (!datesInOrder(item.startDate, renewalDate)) return `The ${what} cannot end before it starts (${item.startDate}).`;
  // Renewing ends an item; it never lengthens one.
  if (item.endDate !== OPEN && renewalDate > item.endDate) {
    return `The ${what} already ends on ${item.endDate}; renew it on or before that date.`;
  }
  if (newStartDate < renewalDate) return `The new ${what} cannot start before the old one ends (${renewalDate}).`;
  return undefined;
}
