import { z } from 'zod';
import { FIRST_REPORT_YEAR } from '@/shared/constants';

export const START_YEAR_MESSAGE = `Start year must be a whole number from ${FIRST_REPORT_YEAR} to the current year`;

/**
 * What an hours report is asked for. The latest start year is the current year in the charity's time
 * zone, so it is checked where today is known: by the server against its today, by the form against
 * the browser's.
 */
export const hoursReportInput = z.strictObject({
  startYear: z
    .number({ error: START_YEAR_MESSAGE })
    .int({ error: START_YEAR_MESSAGE })
    .min(FIRST_REPORT_YEAR, { error: START_YEAR_MESSAGE }),
});

/** How the delivered care report groups its figures: by the package's locality or its client's deprivation. */
export const DELIVERED_REPORT_BREAKDOWNS = ['locality', 'deprivation'] as const;

export const deliveredReportInput = hoursReportInput.extend({
  breakdown: z.enum(DELIVERED_REPORT_BREAKDOWNS, { error: 'Choose a breakdown: locality or deprivation' }),
});
export type DeliveredReportInput = z.infer<typeof deliveredReportInput>;
