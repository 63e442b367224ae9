import { z } from 'zod';
import { DELIVERY_MESSAGES, HOURS_STEP, isMonday, MAX_DAY_HOURS, MISSED_REASONS } from '@/shared/deliveries';
import { isoDate, MAX, recordId, requiredDate, text, version } from './common';
import { packageId } from './care';
import { carerId } from './people';

export const deliveryId = recordId('delivery', 'delivery entry');

/** A month as YYYY-MM. */
export const month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Enter a month as YYYY-MM' });

export const weekInput = z.strictObject({
  weekStart: isoDate.refine(isMonday, { message: 'A week starts on a Monday' }),
});

/** One day's hours; the timesheet checks what is typed against it too, so both say the same words. */
export const deliveryHours = z
  .number({ error: 'Enter the hours as a number' })
  .min(0, { message: 'Hours cannot be negative' })
  .max(MAX_DAY_HOURS, { message: `At most ${MAX_DAY_HOURS} hours in a day` })
  .multipleOf(HOURS_STEP, { message: 'Hours go in quarters of an hour (0.25)' });

/**
 * A day's hours as stored: the office's in quarters, a carer's visits' to the minute (to the hundredth of an hour). An
 * entry changed in other ways keeps them (a note added beside a carer's 1.98 h); new hours are the office's, in quarters.
 */
const storedHours = z
  .number({ error: 'Enter the hours as a number' })
  .min(0, { message: 'Hours cannot be negative' })
  .max(MAX_DAY_HOURS, { message: `At most ${MAX_DAY_HOURS} hours in a day` })
  .multipleOf(0.01, { message: 'Hours go to the hundredth at most' });

/** What an entry says: hours delivered, or a missed visit (no hours) with its reason. */
const entryFields = {
  status: z.enum(['delivered', 'missed']),
  hours: deliveryHours.default(0),
  reason: z.enum(MISSED_REASONS).optional(),
  note: text(MAX.line).default(''),
};

function entryRules<T extends { status: 'delivered' | 'missed'; hours: number; reason?: string }>(entry: T, ctx: z.RefinementCtx) {
  if (entry.status === 'missed' && entry.reason === undefined) ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.reasonRequired, path: ['reason'] });
  if (entry.status === 'missed' && entry.hours !== 0) ctx.addIssue({ code: 'custom', message: 'A missed visit has no hours', path: ['hours'] });
  if (entry.status === 'delivered' && entry.reason !== undefined) ctx.addIssue({ code: 'custom', message: 'Only a missed visit has a reason', path: ['reason'] });
}

/**
 * A new day's entry: for the package's carer, or (`carerId`) for a carer the package has since been given away from, on
 * the timesheet row of their care.
 */
export const deliveryInput = z.strictObject({ packageId, carerId: carerId.optional(), date: requiredDate('Date'), ...entryFields }).superRefine(entryRules);
export type DeliveryInput = z.output<typeof deliveryInput>;

/** An entry's package and day stay; what it says may change. */
export const deliveryUpdate = z.strictObject({ id: deliveryId, version, ...entryFields, hours: storedHours.default(0) }).superRefine(entryRules);
export type DeliveryUpdate = z.output<typeof deliveryUpdate>;

export const monthInput = z.strictObject({ month });
/** The month recording delivered care began, or null for the month of the first entry. */
export const recordingStartInput = z.strictObject({ month: month.nullable() });
export const statementInput = z.strictObject({ carerId, month });

/** The rate volunteers' mileage is paid at, in whole pence a mile. */
export const mileageRateInput = z.strictObject({
  pencePerMile: z.number({ error: 'Enter the pence a mile' }).int({ error: 'Enter whole pence' }).min(0, { error: 'At least 0p a mile' }).max(500, { error: 'At most 500p a mile' }),
});
