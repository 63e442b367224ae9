import { DEFAULT_WEEKLY_HOURS } from '@/shared/constants';

/** As much of a request as its unmet hours need. */
export interface RequestHours {
  weeklyHours: number;
  hoursInService: number;
}

/**
 * The hours a request is short by: its weekly hours less its hours in service (the server's figure), never
 * below 0, as a request with more care than asked for is short by nothing. Rounded to hundredths so 0.1 + 0.2
 * stays 0.3.
 */
export function unmetHours({ weeklyHours, hoursInService }: RequestHours): number {
  return Math.max(0, Math.round((weeklyHours - hoursInService) * 100) / 100);
}

/** A new package's weekly hours: what its request still needs, or the spec's default when nothing is unmet. */
export function defaultPackageHours(request: RequestHours | undefined): number {
  const unmet = request ? unmetHours(request) : 0;
  return unmet > 0 ? unmet : DEFAULT_WEEKLY_HOURS;
}
