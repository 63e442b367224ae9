/** Expiry monitoring for DBS checks, public liability and training records (spec §1, §2.9). */
import { daysBetween, isIsoDate } from './dates';

/**
 * none: no expiry date; expired: before today; within30: today to 30 days on; within90: 31 to 90 days
 * on; ok: later than that.
 */
export type ExpiryStatus = 'none' | 'expired' | 'within30' | 'within90' | 'ok';

/** The words for the two expiry dates every carer carries (spec §2.9). */
export const CARER_EXPIRY_TITLES = { dbs: 'DBS', publicLiability: 'Public Liability' } as const;

/** Whole calendar days from today (YYYY-MM-DD) to the expiry date: negative once it has passed. */
export function daysUntil(expiryDate: string, today: string): number {
  return daysBetween(today, expiryDate);
}

/** The status of an expiry date ('' = none) on the given day (YYYY-MM-DD). */
export function expiryStatus(expiryDate: string, today: string): ExpiryStatus {
  if (!isIsoDate(expiryDate)) return 'none';
  const daysLeft = daysUntil(expiryDate, today);
  if (daysLeft < 0) return 'expired';
  if (daysLeft <= 30) return 'within30';
  if (daysLeft <= 90) return 'within90';
  return 'ok';
}

/** Sorts ascending as staff work through expiries: expired first (longest overdue first), then soonest, none last. */
export function expirySortKey(expiryDate: string): number {
  return isIsoDate(expiryDate) ? daysBetween('1970-01-01', expiryDate) : Number.MAX_SAFE_INTEGER;
}
