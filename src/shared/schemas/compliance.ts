import { z } from 'zod';
import { TRAINING_TYPES } from '../constants';
import { addressWithDeprivation, archivedFlag, isoDate, MAX, recordId, text, version } from './common';
import { carerId, clientId, mpId, volunteerId } from './people';

/** A date the form requires: missing or blank says Required, anything else must be YYYY-MM-DD. */
const requiredDate = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : undefined) })
  .trim()
  .min(1, { message: 'Required' })
  .pipe(isoDate);

// Training records (spec §3 Training record, §5).

export const trainingRecordId = recordId('t', 'training record');

export const trainingRecordInput = z.strictObject({
  ownerId: carerId,
  archived: archivedFlag,
  expiryDate: requiredDate,
  details: z.strictObject({
    /**
     * Accepted so the spec's shape round-trips, but never stored: the record always carries its owner's
     * current name, so a stale or edited form cannot make the two differ.
     */
    name: text(MAX.name).optional(),
    recordName: z.enum(TRAINING_TYPES),
    notes: text(MAX.text).default(''),
  }),
});
export type TrainingRecordInput = z.input<typeof trainingRecordInput>;
export type TrainingRecordData = z.output<typeof trainingRecordInput>;

export const trainingRecordUpdate = trainingRecordInput.extend({ id: trainingRecordId, version });

/** A record is always reached through its owner, so an id cannot reach another carer's record. */
export const trainingRecordRef = z.strictObject({ ownerId: carerId, id: trainingRecordId });
export const trainingRecordDelete = trainingRecordRef.extend({ version });

/** "Expiring by" a date: the date itself is included. */
export const expiringBefore = z.strictObject({ date: requiredDate });

// MAG logs (spec §3 MAG log, §5).

export const magLogId = recordId('g', 'MAG log');

/**
 * Who attended, by id. The spec's full attendee objects are accepted so a loaded log can be sent back,
 * but only the id is read: names, archived flags and addresses are copied from the records when saved.
 * Like every input, an attendee with a key the spec does not have is refused.
 */
const attendees = (id: ReturnType<typeof recordId>) =>
  z
    .array(z.strictObject({ id, name: text(MAX.name).optional(), archived: z.enum(['Y', 'N']).optional(), address: addressWithDeprivation.optional() }))
    .max(MAX.list)
    .default([])
    .transform((list) => [...new Map(list.map((a) => [a.id, a])).values()]);

/** A number of people: a whole number, at least 0. */
const headCount = z
  .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Enter a whole number') })
  .min(0, { message: 'Cannot be negative' })
  .max(10_000);

export const magDetails = z.strictObject({
  totalClients: headCount,
  totalFamily: headCount.default(0),
  totalVolunteers: headCount.default(0),
  totalMps: headCount.default(0),
  otherAttendees: headCount.default(0),
  notes: text(MAX.text).default(''),
});
export type MagDetails = z.output<typeof magDetails>;

export const magLogInput = z.strictObject({
  date: requiredDate,
  archived: archivedFlag,
  clients: attendees(clientId),
  mps: attendees(mpId),
  volunteers: attendees(volunteerId),
  details: magDetails,
});
export type MagLogInput = z.input<typeof magLogInput>;
export type MagLogData = z.output<typeof magLogInput>;

export const magLogUpdate = magLogInput.extend({ id: magLogId, version });
