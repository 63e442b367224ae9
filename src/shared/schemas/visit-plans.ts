import { z } from 'zod';
import { MAX_PLANNED_VISITS, overlappingVisits, type PlannedWeeklyVisit, VISIT_PLAN_MESSAGES, WEEKDAYS } from '@/shared/visit-plans';
import { MAX_WEEKLY_HOURS } from '@/shared/constants';
import { packageId } from './care';
import { MAX_STORED_INTEGER, timeOfDay } from './common';

const weekday = z.number({ error: 'Choose a day of the week' }).int({ error: 'Choose a day of the week' }).min(1, { error: 'Choose a day of the week' }).max(WEEKDAYS.length, { error: 'Choose a day of the week' });
const weeklyTime = { weekday, start: timeOfDay, end: timeOfDay };
const differentTimes = { check: (visit: { start: string; end: string }) => visit.start !== visit.end, message: { message: VISIT_PLAN_MESSAGES.sameTimes, path: ['end'] } };

/** Times in a week, none overlapping another: a plan's visits, a carer's availability, a client's visit times. */
function weeklyTimes<Item extends z.ZodType<PlannedWeeklyVisit>>(item: Item) {
  return z
    .array(item)
    .max(MAX_PLANNED_VISITS, { message: `A week holds at most ${MAX_PLANNED_VISITS} planned visits` })
    .superRefine((visits, context) => {
      const overlap = overlappingVisits(visits);
      if (overlap) context.addIssue({ code: 'custom', message: VISIT_PLAN_MESSAGES.overlap(visits[overlap[0]]!, visits[overlap[1]]!), path: [overlap[1], 'start'] });
    });
}

/** Times in the week: 1 (Monday) to 7 (Sunday), from and to HH:MM. */
export const plannedVisits = weeklyTimes(z.strictObject(weeklyTime).refine(differentTimes.check, differentTimes.message));

/** A package's visits in the week; a pinned one stays where it is when the office plans for less driving. */
export const packageVisits = weeklyTimes(z.strictObject({ ...weeklyTime, pinned: z.boolean().optional() }).refine(differentTimes.check, differentTimes.message));

/** Hours given at no set time in the week, in quarters of an hour. */
export const anyTimeHours = z
  .number({ error: 'Enter the hours as a number' })
  .min(0.25, { message: 'Enter at least a quarter of an hour' })
  .max(MAX_WEEKLY_HOURS, { message: `At most ${MAX_WEEKLY_HOURS} hours` })
  .multipleOf(0.25, { message: 'Hours go in quarters of an hour' });

export const visitPlanRef = z.strictObject({ packageId });

/**
 * The whole plan of a package's week, replacing the one before; `version` is the plan's the office last saw, 0 when
 * it saw none (so a plan someone made meanwhile is not overwritten).
 */
export const visitPlanInput = z.strictObject({
  packageId,
  visits: packageVisits,
  anyTime: z.strictObject({ hours: anyTimeHours }).optional(),
  version: z.number().int().min(0).max(MAX_STORED_INTEGER).optional(),
});
export type VisitPlanInput = z.output<typeof visitPlanInput>;
