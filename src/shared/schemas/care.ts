import { z } from 'zod';
import { datesInOrder, END_BEFORE_START } from '@/shared/care';
import { DEFAULT_WEEKLY_HOURS, MAX_WEEKLY_HOURS, REQUEST_STATUSES, REQUEST_TYPES } from '@/shared/constants';
import { OPEN } from '@/shared/dates';
import { acceptingReadOnly, address, addressWithDeprivation, archivedFlag, endDate, isoDate, MAX, recordId, requiredDate, services, text, version } from './common';
import { carerId, clientId } from './people';

export const requestId = recordId('request', 'request');
export const packageId = recordId('package', 'package');
export const funderId = recordId('funder', 'funder');

/** Weekly hours of a request or package: 0 to 168 in steps of half an hour. */
export const weeklyHours = z
  .number({ error: 'Enter the weekly hours as a number' })
  .min(0, { message: 'Weekly hours cannot be negative' })
  .max(MAX_WEEKLY_HOURS, { message: `Weekly hours cannot be more than ${MAX_WEEKLY_HOURS}` })
  .multipleOf(0.5, { message: 'Weekly hours go in steps of 0.5' })
  .default(DEFAULT_WEEKLY_HOURS);

/** Refuses an end date before the start date, reported on the end date. */
function withDatesInOrder<T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T) {
  return schema.refine((item) => datesInOrder(item.startDate, item.endDate), { message: END_BEFORE_START, path: ['endDate'] });
}

export const requestDetails = z.strictObject({
  customId: text(50).default(''),
  /**
   * Accepted because edit forms send back the request they loaded, but never stored: a request's name
   * is always its client's current name.
   */
  name: text(MAX.name).optional(),
  weeklyHours,
  /** When left out, the client's address and deprivation flags. */
  address: addressWithDeprivation.optional(),
  status: z.enum(REQUEST_STATUSES).default('pending'),
  services,
  notes: text(MAX.text).default(''),
});
export type RequestDetails = z.output<typeof requestDetails>;

const requestFields = {
  clientId,
  archived: archivedFlag,
  requestType: z.enum(REQUEST_TYPES).default('paid'),
  startDate: requiredDate('Start date'),
  endDate,
  details: requestDetails,
};

export const requestInput = withDatesInOrder(z.strictObject(requestFields));
export type RequestInput = z.input<typeof requestInput>;
export type RequestData = z.output<typeof requestInput>;

/** What a request read by getById carries besides its own fields (accepted and ignored). */
const REQUEST_READ_ONLY = ['packages', 'hoursInService'] as const;

/** The whole request again; its client must stay the same. */
export const requestUpdate = acceptingReadOnly(withDatesInOrder(z.strictObject({ ...requestFields, id: requestId, version })), REQUEST_READ_ONLY);

/**
 * The item a renewal ends: its end date is today unless the user edited it. It may be sent as the whole
 * record read by getById, whose other fields the renewal does not change, so they are ignored; an end
 * date of open there means "not edited".
 */
const renewalEnd = <K extends string>(id: typeof requestId, recordKeys: readonly K[]) =>
  acceptingReadOnly(
    z.strictObject({
      id,
      version,
      endDate: z
        .union([z.literal(OPEN), isoDate])
        .optional()
        .transform((date) => (date === OPEN ? undefined : date)),
    }),
    recordKeys,
  );

/**
 * What the new item of a renewal may carry from a whole record beside its start date and details: the
 * server gives it a new id and version, and it is open and not archived.
 */
const RENEWED_READ_ONLY = ['id', 'version', 'archived', 'endDate'] as const;

/** At least this much of a reason to give a package to a carer who is not compliant. */
export const OVERRIDE_MIN_WORDS = 3;
export const OVERRIDE_MIN_LENGTH = 15;
export const OVERRIDE_TOO_SHORT = `Give a reason of at least ${OVERRIDE_MIN_WORDS} words (${OVERRIDE_MIN_LENGTH} characters) for assigning a carer who is not compliant`;

/** Words with two letters or more: dots, dashes and lone letters say nothing of why. */
const wordsOfLetters = (text: string) => text.split(/\s+/).filter((word) => /\p{L}.*\p{L}/u.test(word)).length;

/**
 * Why a carer who is not compliant is given the package anyway. Read only when the carer is not
 * compliant (and, on an update, only when the carer changes); it is then kept on the package.
 */
export const overrideReason = text(MAX.line).refine((reason) => reason.length >= OVERRIDE_MIN_LENGTH && wordsOfLetters(reason) >= OVERRIDE_MIN_WORDS, {
  message: OVERRIDE_TOO_SHORT,
});
export const complianceOverride = z.strictObject({ reason: overrideReason }).optional();

/**
 * Renewal keeps the client and type, so the new request carries only its details and, if the user
 * changed it, its start date (otherwise the old request's new end date). It is open and not archived.
 * It may be the whole record read by getById with its dates and details changed: its client and type are
 * then checked against the old request's.
 */
export const requestRenewal = z.strictObject({
  oldRequest: renewalEnd(requestId, ['clientId', 'archived', 'requestType', 'startDate', 'details', ...REQUEST_READ_ONLY]),
  newRequest: acceptingReadOnly(
    z.strictObject({
      clientId: clientId.optional(),
      requestType: z.enum(REQUEST_TYPES).optional(),
      startDate: isoDate.optional(),
      details: requestDetails,
    }),
    [...RENEWED_READ_ONLY, ...REQUEST_READ_ONLY],
  ),
  /** Renew the request's open packages onto the new request too (the renew screen offers it, checked). */
  carryOverPackages: z.boolean().default(false),
  /** Why packages are carried over for carers who are no longer compliant. */
  override: complianceOverride,
});
export type RequestRenewal = z.output<typeof requestRenewal>;

export const packageDetails = z.strictObject({
  /** Blank means the request's client name. */
  name: text(MAX.name).default(''),
  weeklyHours,
  address,
  notes: text(MAX.text).default(''),
  services,
  /**
   * Who funds it, from the office's list of funders: null for none said. Left out, a change keeps the one held (a
   * file exported before packages named funders does not clear them).
   */
  funderId: z.union([funderId, z.null()]).optional(),
});
export type PackageDetails = z.output<typeof packageDetails>;



const packageFields = {
  carerId,
  requestId,
  archived: archivedFlag,
  startDate: requiredDate('Start date'),
  endDate,
  details: packageDetails,
  override: complianceOverride,
};

export const packageInput = withDatesInOrder(z.strictObject(packageFields));
export type PackageInput = z.input<typeof packageInput>;
export type PackageData = z.output<typeof packageInput>;

/** What a package read by getById carries besides its own fields (accepted and ignored). */
const PACKAGE_READ_ONLY = ['carerName', 'complianceOverride'] as const;

/** The whole package again; its request must stay the same. */
export const packageUpdate = acceptingReadOnly(withDatesInOrder(z.strictObject({ ...packageFields, id: packageId, version })), PACKAGE_READ_ONLY);

/** Renewal keeps the carer and request; see requestRenewal. */
export const packageRenewal = z.strictObject({
  oldPackage: renewalEnd(packageId, ['carerId', 'requestId', 'archived', 'startDate', 'details', ...PACKAGE_READ_ONLY]),
  newPackage: acceptingReadOnly(
    z.strictObject({ carerId: carerId.optional(), requestId: requestId.optional(), startDate: isoDate.optional(), details: packageDetails }),
    [...RENEWED_READ_ONLY, ...PACKAGE_READ_ONLY],
  ),
  /** Why the package is renewed for a carer who is no longer compliant. */
  override: complianceOverride,
});
export type PackageRenewal = z.output<typeof packageRenewal>;

/** Whether a carer may be given a request's care: what the package form asks as a carer is chosen. */
export const assignmentCheck = z.strictObject({ carerId, requestId });

/** Carers ranked for a request. */
export const suggestForRequest = z.strictObject({ requestId });
