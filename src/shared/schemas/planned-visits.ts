import { z } from 'zod';
import { plannedVisitSlot } from '@/shared/planned-visits';
import { VISIT_PLAN_MESSAGES } from '@/shared/visit-plans';
import { complianceOverride, packageId } from './care';
import { isoDate, MAX, MAX_STORED_INTEGER, text, timeOfDay } from './common';
import { carerId } from './people';

/** The office's day: every planned visit of a date. */
export const plannedDayInput = z.strictObject({ date: isoDate });

/** A day and times a visit is moved to, or an extra one is held on. */
const visitTimes = { start: timeOfDay, end: timeOfDay };
const differentTimes = (visit: { start: string; end: string }) => visit.start !== visit.end;
const sameTimes = { message: VISIT_PLAN_MESSAGES.sameTimes, path: ['end'] };

/** Which planned visit is changed: its package, and its day and start in the plan (an extra's own). */
const slot = { date: isoDate, packageId, start: timeOfDay };

/**
 * One week's change to a planned visit: moved (to a day within MOVE_DAYS and new times), cancelled (with the reason),
 * given to another carer (cover: the compliance gate applies, a reason overriding it), an extra visit added, or a
 * change undone (the plan's visit back, an extra taken away). Each is offered to its carer to accept.
 */
export const plannedVisitChangeInput = z.discriminatedUnion('action', [
  z.strictObject({ ...slot, action: z.literal('move'), to: z.strictObject({ date: isoDate, ...visitTimes }).refine(differentTimes, sameTimes) }),
  z.strictObject({ ...slot, action: z.literal('cancel'), reason: text(MAX.line).min(1, { message: 'Say why the visit is cancelled' }) }),
  z.strictObject({ ...slot, action: z.literal('cover'), carerId, override: complianceOverride }),
  z.strictObject({ ...slot, action: z.literal('extra'), end: timeOfDay, carerId: carerId.optional(), override: complianceOverride }).refine(differentTimes, sameTimes),
  z.strictObject({ ...slot, action: z.literal('undo') }),
]);
export type PlannedVisitChangeInput = z.output<typeof plannedVisitChangeInput>;

/** A planned visit's id as the phone and the office make it: package, day and time. */
export const plannedVisitId = z
  .string()
  .max(80)
  .refine((id) => plannedVisitSlot(id) !== null, { message: 'Not a planned visit' });

/** The carer's answer to a change offered to them, of the version they saw. */
export const changeAnswerInput = z.strictObject({
  plannedVisitId,
  answer: z.enum(['accept', 'decline']),
  version: z.number().int().min(1).max(MAX_STORED_INTEGER),
});
export type ChangeAnswerInput = z.output<typeof changeAnswerInput>;

/** The week (any day of it: its Monday is taken) planned with the least driving, for one carer or all. */
export const suggestWeekInput = z.strictObject({ weekStart: isoDate, carerId: carerId.optional() });
export type SuggestWeekInput = z.output<typeof suggestWeekInput>;

/** The moves of a suggested week the office offers: each a planned visit's slot and its new times that day. */
export const offerWeekInput = z.strictObject({
  moves: z
    .array(z.strictObject({ ...slot, to: z.strictObject({ date: isoDate, ...visitTimes }).refine(differentTimes, sameTimes) }))
    .min(1, { message: 'There is nothing to offer' })
    .max(500, { message: 'At most 500 visits at once' }),
});
export type OfferWeekInput = z.output<typeof offerWeekInput>;
