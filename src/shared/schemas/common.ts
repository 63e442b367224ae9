import { z } from 'zod';
import { DEFAULT_COUNTY, DEFAULT_LOCALITY, LOCALITIES, MESSAGES, NOTE_SOURCES, SERVICES } from '@/shared/constants';
import { TIME_OF_DAY } from '@/shared/carer-app';
import { isIsoDate, OPEN } from '@/shared/dates';
import { plainMessage } from '@/shared/plain-messages';
import { ID_LETTERS, type IdKind } from '@/shared/record-kinds';
import { stripInvisible } from '@/shared/invisible';

// Every schema of the product is built on this module, so a check without words of its own says them plainly.
z.config({ customError: plainMessage });

/** Sane upper bounds for free text: generous for people, small enough to refuse garbage. */
export const MAX = { short: 200, name: 200, line: 500, text: 5000, list: 500 } as const;

/**
 * Text PostgreSQL stores exactly as sent: it cannot hold NUL, and half of a UTF-16 surrogate pair (which
 * no keyboard types, only broken or hostile clients send) would be stored as U+FFFD instead.
 */
function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
const storable = { message: 'Contains a character that cannot be saved' };

/** Every string the product stores starts here: invisible characters removed, then trimmed. */
export const cleanString = () => z.string().overwrite(stripInvisible).trim();

export const text = (max: number = MAX.short) =>
  cleanString().max(max, { message: `At most ${max} characters` }).refine(isStorableText, storable);

/** A time of day: HH:MM, 24-hour. */
export const timeOfDay = z
  .string()
  .trim()
  .regex(TIME_OF_DAY, { message: 'Enter a time as HH:MM' });

export const archivedFlag = z.enum(['Y', 'N']).default('N');

export const isoDate = z.string().trim().refine(isIsoDate, { message: 'Enter a date as YYYY-MM-DD' });
/** A date that must be given: missing or blank says "<label> is required", anything else must be YYYY-MM-DD. */
export const requiredDate = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : undefined) })
    .trim()
    .min(1, { message: `${label} is required` })
    .pipe(isoDate);

/** A date or empty ('' means none). */
export const optionalDate = z.union([z.literal(''), isoDate]).default('');
/** An end date: a date, or the word open (ongoing). */
export const endDate = z.union([z.literal(OPEN), isoDate]).default(OPEN);

/** An id of a record of the kind, or one of the kinds, given: it starts with that kind's letter. */
export const recordId = (kinds: IdKind | readonly IdKind[], what: string) =>
  z
    .string()
    .trim()
    .max(64)
    .regex(new RegExp(`^[${([] as IdKind[]).concat(kinds).map((kind) => ID_LETTERS[kind]).join('')}][a-z0-9]+$`), { message: `Not a ${what} id` });

/** The version a client saw, sent back with a change so a stale edit is refused (optional in the spec's shapes). */
/** The largest whole number PostgreSQL's integer columns (versions, counts) hold. */
export const MAX_STORED_INTEGER = 2_147_483_647;

export const version = z.number().int().min(1).max(MAX_STORED_INTEGER).optional();

const UK_POST_CODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

/** Upper case with one space before the inward code (TA42AB → TA4 2AB); other text is kept as typed, upper-cased. */
export function normalisePostCode(value: string): string {
  const upper = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const match = UK_POST_CODE.exec(upper.replace(/\s/g, ''));
  return match ? `${match[1]} ${match[2]}` : upper;
}

export const postCode = z
  .string({ message: MESSAGES.postCodeRequired })
  .overwrite(stripInvisible)
  .trim()
  .min(1, { message: MESSAGES.postCodeRequired })
  .max(12, { message: 'At most 12 characters' })
  .refine(isStorableText, storable)
  .transform(normalisePostCode);

export const services = z
  .array(z.enum(SERVICES))
  .max(SERVICES.length)
  .default([])
  .transform((list) => [...new Set(list)]);

// Nested objects are strict like the inputs that hold them: an unknown key is refused, never dropped.

export const deprivation = z.strictObject({ income: z.boolean().default(false), health: z.boolean().default(false) }).default({
  income: false,
  health: false,
});

export const address = z.strictObject({
  streetAddress: text(MAX.line).default(''),
  locality: z.enum(LOCALITIES).default(DEFAULT_LOCALITY),
  county: text().default(DEFAULT_COUNTY),
  postCode,
});
export const addressWithDeprivation = address.extend({ deprivation });

export const note = z.strictObject({
  date: isoDate,
  note: cleanString()
    .min(1, { message: 'A note cannot be blank' })
    .max(MAX.text, { message: `At most ${MAX.text} characters` })
    .refine(isStorableText, storable),
  source: z.enum(NOTE_SOURCES).default('Phone'),
  minutesTaken: z.number().min(0, { message: 'Time taken cannot be negative' }).max(100_000).default(0),
});
export type Note = z.output<typeof note>;

export const email = z.union([z.literal(''), cleanString().max(320).pipe(z.email({ message: 'Enter a valid e-mail address' }))]).default('');

/** The person base of spec §3, shared by clients, MPs and volunteers. */
export const personBase = z.strictObject({
  name: text(MAX.name).min(1, { message: 'Name is required' }),
  phone: text(50).default(''),
  email,
  nextOfKin: text(MAX.line).default(''),
  services,
  attendsMag: z.boolean().default(false),
  notes: z.array(note).max(MAX.list).default([]),
});

/** A record named by its id (of the kind `id` checks), at the version the change was made on. */
export const byId = (id: ReturnType<typeof recordId>) => z.strictObject({ id, version });

/**
 * Lets a record be sent back exactly as it was read: `keys` are what the server derives or keeps elsewhere
 * (a client's requests, a request's hours in service, …). They are dropped unread before `schema`'s strict
 * check, so a client may send them or not; any other key the schema lacks is still refused.
 */
export function acceptingReadOnly<T extends z.ZodType, K extends string>(schema: T, keys: readonly K[]) {
  return z
    .custom<z.input<T> & Partial<Record<K, unknown>>>()
    .transform((value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter(([key]) => !(keys as readonly string[]).includes(key)))
        : value,
    )
    .pipe(schema);
}

/** Sent by the paging client (TanStack Query's infinite queries); lists are always read newest first. */
export const pageDirection = z.enum(['forward', 'backward']).optional();

/**
 * The input of a change that needs none ("Send digest now", "Sign out everywhere"): an empty object or
 * nothing, so anything else sent is refused rather than ignored.
 */
export const noInput = z.strictObject({}).optional();
