import { z } from 'zod';
import { datesInOrder, END_BEFORE_START } from '../care';
import { DEFAULT_WEEKLY_HOURS, MAX_WEEKLY_HOURS, REQUEST_STATUSES, REQUEST_TYPES } from '../constants';
import { address, addressWithDeprivation, archivedFlag, endDate, isoDate, MAX, recordId, requiredDate, services, text, version } from './common';
import { carerId, clientId } from './people';

export const requestId = recordId('r', 'request');
export const packageId = recordId('p', 'package');

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

/** The whole request again; its client must stay the same. */
export const requestUpdate = withDatesInOrder(z.strictObject({ ...requestFields, id: requestId, version }));

/** The item a renewal ends: its end date is today unless the user edited it. */
const renewalEnd = (id: typeof requestId) => z.strictObject({ id, version, endDate: isoDate.optional() });

/**
 * Renewal keeps the client and type, so the new request carries only its details and, if the user
 * changed it, its start date (otherwise the old request's new end date). It is open and not archived.
 */
export const requestRenewal = z.strictObject({
  oldRequest: renewalEnd(requestId),
  newRequest: z.strictObject({ startDate: isoDate.optional(), details: requestDetails }),
  /** Renew the request's open packages onto the new request too (the renew screen offers it, checked). */
  carryOverPackages: z.boolean().default(false),
});
export type RequestRenewal = z.output<typeof requestRenewal>;

export const packageDetails = z.strictObject({
  /** Blank means the request's client name. */
  name: text(MAX.name).default(''),
  weeklyHours,
  address,
  notes: text(MAX.text).default(''),
  services,
});
export type PackageDetails = z.output<typeof packageDetails>;

const packageFields = {
  carerId,
  requestId,
  archived: archivedFlag,
  startDate: requiredDate('Start date'),
  endDate,
  details: packageDetails,
};

export const packageInput = withDatesInOrder(z.strictObject(packageFields));
export type PackageInput = z.input<typeof packageInput>;
export type PackageData = z.output<typeof packageInput>;

/** The whole package again; its request must stay the same. */
export const packageUpdate = withDatesInOrder(z.strictObject({ ...packageFields, id: packageId, version }));

/** Renewal keeps the carer and request; see requestRenewal. */
export const packageRenewal = z.strictObject({
  oldPackage: renewalEnd(packageId),
  newPackage: z.strictObject({ startDate: isoDate.optional(), details: packageDetails }),
});
export type PackageRenewal = z.output<typeof packageRenewal>;
