import { FIRST_REPORT_YEAR } from '@/shared/constants';

/**
 * The start year typed in the report form. Spec §5: an unparseable entry falls back to the current year;
 * one outside the years reports cover is brought within them.
 */
export function parseStartYear(input: string, currentYear: number): number {
  const year = Number.parseInt(input.trim(), 10);
  if (!Number.isFinite(year)) return currentYear;
  return Math.min(Math.max(year, FIRST_REPORT_YEAR), currentYear);
}
