import { z } from 'zod';
import { AVAILABILITY_MESSAGES, MAX_TIME_OFF } from '@/shared/availability';
import { plannedVisits } from './visit-plans';
import { isoDate, MAX, MAX_STORED_INTEGER, text } from './common';
import { carerId, clientId } from './people';

/** A period away: from and to (both included), and why if the carer says. */
const timeOff = z
  .strictObject({ from: isoDate, to: isoDate, note: text(MAX.short).optional() })
  .refine((off) => off.from <= off.to, { message: AVAILABILITY_MESSAGES.timeOffOrder, path: ['to'] });

/** When a carer can work: times in the week (as a plan's visits are written, none overlapping), and time off. */
const availabilityFields = {
  weekly: plannedVisits,
  timeOff: z.array(timeOff).max(MAX_TIME_OFF, { message: `At most ${MAX_TIME_OFF} periods of time off` }),
  /** The version last seen, 0 for none. */
  version: z.number().int().min(0).max(MAX_STORED_INTEGER).optional(),
};

export const availabilityRef = z.strictObject({ carerId });
export const availabilityInput = z.strictObject({ carerId, ...availabilityFields });
export type AvailabilityInput = z.output<typeof availabilityInput>;
/** A carer's own, from their phone. */
export const ownAvailabilityInput = z.strictObject(availabilityFields);

/** The times in the week a client's visits may be given, against the version last seen (0 for none). */
export const clientVisitTimesRef = z.strictObject({ clientId });
export const clientVisitTimesInput = z.strictObject({ clientId, weekly: plannedVisits, version: availabilityFields.version });
export type ClientVisitTimesInput = z.output<typeof clientVisitTimesInput>;
