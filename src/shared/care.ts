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

/** What recognising a renewal needs of a request or package. */
export interface Successive {
  id: string;
  startDate: string;
  endDate: EndDate;
}

/**
 * The items less those renewed: an item is left out when another with the same `renewalKey` (what a
 * renewal keeps: client and type, or carer and client) starts the day it ends. On the renewal day both
 * exist, and sums of hours must count the care once (DESIGN §3).
 */
export function withoutRenewed<T extends Successive>(items: readonly T[], renewalKey: (item: T) => string): T[] {
  const startsOn = new Map<string, string[]>();
  for (const item of items) {
    const key = `${renewalKey(item)}\n${item.startDate}`;
    startsOn.set(key, [...(startsOn.get(key) ?? []), item.id]);
  }
  return items.filter(
    (item) => item.endDate === OPEN || !(startsOn.get(`${renewalKey(item)}\n${item.endDate}`) ?? []).some((id) => id !== item.id),
  );
}

/** The fields of a request or package the dashboard's hours count. */
interface CareItemHours extends PackageHours, Successive {}
export interface RequestHours extends CareItemHours {
  clientId: string;
  requestType: string;
}
export interface CarerHours extends CareItemHours {
  carerId: string;
  requestId: string;
}

const weeklyHours = (items: readonly PackageHours[]) => items.reduce((sum, item) => sum + item.details.weeklyHours, 0);

/**
 * The dashboard's weekly hours of the care not ended yet (spec §2.10), leaving out an item renewed on the
 * day it ends, as the cross-sections do (DESIGN §3): a request followed by one of the same client and type,
 * a package by one of the same carer for the same client (on its request or carried over to the renewed one).
 */
export function activeCareHours(requests: readonly RequestHours[], packages: readonly CarerHours[], today: string) {
  const activeRequests = requests.filter((r) => isNotEndedYet(r.endDate, today));
  const activePackages = packages.filter((p) => isNotEndedYet(p.endDate, today));
  // A package's request is in the list while the package runs, unless the request ended first: then the
  // request stands for its client (a package renewal keeps it).
  const clientOf = new Map(requests.map((r) => [r.id, r.clientId]));
  return {
    careHours: weeklyHours(withoutRenewed(activePackages, (p) => `${p.carerId} ${clientOf.get(p.requestId) ?? p.requestId}`)),
    requestHours: weeklyHours(withoutRenewed(activeRequests, (r) => `${r.clientId} ${r.requestType}`)),
  };
}

/** As much of a package as its hours in service need. */
export interface PackageInService extends PackageHours, Successive {
  carerId: string;
}

/**
 * Hours in service of a request (spec §2.6): the weekly hours of its packages that are open or end in
 * the future. A package renewed on a later date is left out too, so its successor is not counted twice.
 */
export function hoursInService(packages: readonly PackageInService[], today: string): number {
  const inService = packages.filter((p) => p.endDate === OPEN || p.endDate > today);
  return withoutRenewed(inService, (p) => p.carerId).reduce((sum, p) => sum + p.details.weeklyHours, 0);
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

/**
 * The packages a request renewal carries over to the new request (DESIGN §3): those not archived that have
 * started by the renewal date and still run after the new request starts. Each ends on the renewal date and
 * goes on, with its own end date, on the new request.
 */
export function packagesToCarryOver<T extends Renewable>(packages: readonly T[], { renewalDate, newStartDate }: { renewalDate: string; newStartDate: string }): T[] {
  return packages.filter((p) => p.archived === 'N' && p.startDate <= renewalDate && (p.endDate === OPEN || p.endDate > newStartDate));
}

export const CARRY_OVER_FORBIDDEN = 'Carrying packages over to the new request needs permission to change packages.';
