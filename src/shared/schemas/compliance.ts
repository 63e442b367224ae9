import { z } from 'zod';
import { TRAINING_TYPES } from '@/shared/constants';
import type { ComplianceSettings } from '@/shared/compliance';
import { addressWithDeprivation, archivedFlag, MAX, recordId, requiredDate, text, version } from './common';
import { carerId, clientId, mpId, volunteerId } from './people';

// Training records (spec §3 Training record, §5).

export const trainingRecordId = recordId('trainingRecord', 'training record');

export const trainingRecordInput = z.strictObject({
  ownerId: carerId,
  archived: archivedFlag,
  expiryDate: requiredDate('Expiry date'),
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
export const expiringBefore = z.strictObject({ date: requiredDate('Date') });

// MAG logs (spec §3 MAG log, §5).

export const magLogId = recordId('magLog', 'MAG log');

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
const headCount = (label: string) =>
  z
    .int({ error: (issue) => (issue.input === undefined ? `${label} is required` : 'Enter a whole number') })
    .min(0, { message: `${label} cannot be negative` })
    .max(10_000, { message: `${label} cannot be more than 10000` });

export const magDetails = z.strictObject({
  totalClients: headCount('Total clients'),
  totalFamily: headCount('Total family').default(0),
  totalVolunteers: headCount('Total volunteers').default(0),
  totalMps: headCount('Total MPs').default(0),
  otherAttendees: headCount('Other attendees').default(0),
  notes: text(MAX.text).default(''),
});
export type MagDetails = z.output<typeof magDetails>;

const magLogFields = z.strictObject({
  date: requiredDate('Date'),
  archived: archivedFlag,
  clients: attendees(clientId),
  mps: attendees(mpId),
  volunteers: attendees(volunteerId),
  details: magDetails,
});

/** Each list of people chosen by name, its head count and the words for both. */
const COUNTED = [
  { list: 'clients', total: 'totalClients', label: 'Total clients', people: 'clients' },
  { list: 'mps', total: 'totalMps', label: 'Total MPs', people: 'MPs' },
  { list: 'volunteers', total: 'totalVolunteers', label: 'Total volunteers', people: 'volunteers' },
] as const;

/** The people chosen by name are among those counted, so a head count cannot be lower than their number. */
function totalsCountAttendees(log: z.output<typeof magLogFields>, ctx: z.RefinementCtx) {
  for (const { list, total, label, people } of COUNTED) {
    const chosen = log[list].length;
    if (log.details[total] < chosen) {
      ctx.addIssue({ code: 'custom', path: ['details', total], message: `${label} cannot be less than the ${people} chosen (${chosen})` });
    }
  }
}

export const magLogInput = magLogFields.superRefine(totalsCountAttendees);
export type MagLogInput = z.input<typeof magLogInput>;
export type MagLogData = z.output<typeof magLogInput>;

export const magLogUpdate = magLogFields.extend({ id: magLogId, version }).superRefine(totalsCountAttendees);

// Compliance settings: what an Admin requires of carers before they may be given care.

const trainingTypes = z
  .array(z.enum(TRAINING_TYPES, { message: `Unknown training type: types are ${TRAINING_TYPES.join(', ')}` }))
  .max(TRAINING_TYPES.length)
  .default([])
  .transform((list) => [...new Set(list)]);

export const complianceSettings = z.strictObject({
  requiredTrainingMps: trainingTypes,
  requiredTrainingVolunteers: trainingTypes,
  publicLiabilityMps: z.boolean(),
  publicLiabilityVolunteers: z.boolean(),
  dbsRecheckYears: z
    .int({ error: 'Enter the years between DBS re-checks as a whole number' })
    .min(1, { message: 'DBS re-checks are at least 1 year apart' })
    .max(10, { message: 'DBS re-checks are at most 10 years apart' }),
}) satisfies z.ZodType<ComplianceSettings, unknown>;
