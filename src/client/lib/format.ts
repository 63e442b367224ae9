import { calendarDate } from '@/shared/dates';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2 Mar 1940" for a YYYY-MM-DD date; the fallback for an empty one. */
export function formatDate(iso: string | null | undefined, empty = ''): string {
  if (!iso) return empty;
  const date = calendarDate(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

/** Hours with at most two decimals, without trailing zeros: 1, 1.5, 2.25. */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}

/** A person's name as lists sort it, surname first: "Ann Smith" sorts as "Smith Ann", under S. */
export function surnameFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? name.trim() : `${parts.at(-1)} ${parts.slice(0, -1).join(' ')}`;
}
