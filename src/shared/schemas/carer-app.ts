import { z } from 'zod';
import { packageId } from './care';
import { isoDate, MAX, text, timeOfDay } from './common';
import { carerId, clientId } from './people';
import { plannedVisitId } from './planned-visits';
import { COULD_NOT_VISIT, MAX_VISITS_A_CALL, VISIT_NOTE_MAX } from '@/shared/carer-app';

/** The carer whose account on the carer app is asked about, given or ended. */
export const carerAppRef = z.strictObject({ carerId });
export type CarerAppRef = z.output<typeof carerAppRef>;

export { MAX_VISITS_A_CALL };

/**
 * A visit as the phone sends it, under the id the phone made. Its shape is checked here; whether it may be recorded
 * (its package, its day, its length) is answered visit by visit, in words.
 */
/** A visit's id: the random (version 4) UUID the phone made; one visit has one id, however its letters are cased. */
const visitId = z.uuid({ version: 'v4', message: 'A visit is sent with the id the phone made for it' }).transform((id) => id.toLowerCase());

const visitGiven = z
  .strictObject({
    id: visitId,
    packageId,
    date: isoDate,
    start: timeOfDay,
    end: timeOfDay,
    note: text(VISIT_NOTE_MAX).optional(),
    /** The note is for the office to see ("The office needs to know"). */
    tellOffice: z.boolean().optional(),
    /** The carer changed a visit they sent before (its id): the new details replace the old, which the office keeps. */
    change: z.literal(true).optional(),
    /** The planned visit it gives, when recorded from the plan. */
    plannedVisitId: plannedVisitId.optional(),
  })
  .refine((visit) => !visit.tellOffice || !!visit.note, { message: 'Say in the note what the office needs to know', path: ['note'] });

/** A visit that did not happen ("Couldn't visit"): why, on its day, with no times; the office always hears of it. */
const visitNotGiven = z.strictObject({
  id: visitId,
  packageId,
  date: isoDate,
  couldNotVisit: z.enum(COULD_NOT_VISIT, { error: 'Choose why the visit did not happen' }),
  note: text(VISIT_NOTE_MAX).optional(),
  change: z.literal(true).optional(),
  plannedVisitId: plannedVisitId.optional(),
});

/** The carer takes back a visit they sent (its id): it no longer counts, and the office sees it withdrawn. */
const visitWithdrawn = z.strictObject({ id: visitId, withdraw: z.literal(true) });

export const visitInput = z.union([visitGiven, visitNotGiven, visitWithdrawn]);
export type VisitInput = z.output<typeof visitInput>;
export type VisitGiven = z.output<typeof visitGiven>;
export type VisitWithdrawn = z.output<typeof visitWithdrawn>;
/** A visit sent with its details: given, or not. */
export type VisitSent = Exclude<VisitInput, VisitWithdrawn>;

/** A planned visit the carer started on their phone, at the phone's time: the visit itself follows when it ends. */
const visitStart = z.strictObject({ plannedVisitId, date: isoDate, start: timeOfDay });
export type VisitStart = z.output<typeof visitStart>;

export const syncInput = z.strictObject({
  visits: z.array(visitInput).max(MAX_VISITS_A_CALL, { message: `At most ${MAX_VISITS_A_CALL} visits a call` }),
  starts: z.array(visitStart).max(MAX_VISITS_A_CALL, { message: `At most ${MAX_VISITS_A_CALL} starts a call` }).optional(),
});

/** The last ID token a carer's phone held, to learn whether the office ended its access. */
export const accessStateInput = z.strictObject({
  // A signed token's shape (three base64url parts), and no longer than any the provider signs.
  idToken: z
    .string()
    .max(10_000, { message: 'Not an ID token' })
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, { message: 'Not an ID token' }),
});

/** One visit a carer's phone sent, as the office acts on it. */
export const visitRef = z.strictObject({ visitId });
export type VisitRef = z.output<typeof visitRef>;

/** Whose visits the office reads: a client's, or a carer's. */
export const visitsOfInput = z.union([z.strictObject({ clientId }), z.strictObject({ carerId })]);
export type VisitsOfInput = z.output<typeof visitsOfInput>;

/** How the office resolves a visit that waited for it; a reason where it records one anyway or turns one down. */
export const resolveInput = z.discriminatedUnion('action', [
  z.strictObject({ visitId, action: z.literal('recordOnPackage'), packageId }),
  z.strictObject({ visitId, action: z.literal('recordAnyway'), reason: text(MAX.line).min(1, { message: 'Say why the visit is recorded after all' }) }),
  z.strictObject({ visitId, action: z.literal('turnDown'), reason: text(MAX.line).min(1, { message: 'Say why, for the carer to read' }) }),
]);
export type ResolveInput = z.output<typeof resolveInput>;
