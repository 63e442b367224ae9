import { z } from 'zod';
import { DBS_LEVELS, isMaskedCertificateNumber } from '@/shared/compliance';
import { ATTENDANCE_ALLOWANCE, MAX_WEEKLY_HOURS } from '@/shared/constants';
import {
  acceptingReadOnly,
  address,
  addressWithDeprivation,
  archivedFlag,
  MAX,
  optionalDate,
  personBase,
  recordId,
  requiredDate,
  text,
  version,
} from './common';

export const clientId = recordId('client', 'client');
export const carerId = recordId(['mp', 'volunteer'], 'MP or volunteer');
export const mpId = recordId('mp', 'MP');
export const volunteerId = recordId('volunteer', 'volunteer');

export const clientDetails = personBase.extend({
  address: addressWithDeprivation,
  customId: text(50).default(''),
  donationScheme: z.boolean().default(false),
  donationAmount: z.number({ error: 'Enter the donation amount as a number' }).min(0, { message: 'Donation amount cannot be negative' }).max(1_000_000).default(0),
  referredBy: text().default(''),
  clientAgreementDate: optionalDate,
  clientAgreementComments: text(MAX.text).default(''),
  riskAssessmentDate: optionalDate,
  riskAssessmentComments: text(MAX.text).default(''),
  endDate: optionalDate,
  attendanceAllowance: z.enum(ATTENDANCE_ALLOWANCE).default('pending'),
});

export const clientInput = z.strictObject({
  archived: archivedFlag,
  dateOfBirth: optionalDate,
  details: clientDetails,
});
export type ClientInput = z.input<typeof clientInput>;
export type ClientData = z.output<typeof clientInput>;

/** What a client read by getById carries besides its own fields (accepted and ignored by update). */
const CLIENT_READ_ONLY = ['anonymised', 'requests', 'magLogs', 'exclusions', 'onMap'] as const;
export const clientUpdate = acceptingReadOnly(clientInput.extend({ id: clientId, version }), CLIENT_READ_ONLY);

export const carerDetails = personBase.extend({
  address,
  capacity: text(100).default(''),
  /** Hours a week the carer can give, for matching; null when not recorded. */
  weeklyHoursAvailable: z
    .number({ error: 'Enter the weekly hours available as a number' })
    .min(0, { message: 'Weekly hours available cannot be negative' })
    .max(MAX_WEEKLY_HOURS, { message: `Weekly hours available cannot be more than ${MAX_WEEKLY_HOURS}` })
    .multipleOf(0.5, { message: 'Weekly hours available go in steps of 0.5' })
    .nullable()
    .default(null),
});

/**
 * A DBS certificate number: 12 digits (spaces and dashes dropped), '' to clear it, or the masked number
 * a read answers, sent back unchanged, which keeps the stored one. Left out, it is kept too.
 */
export const dbsCertificateNumber = text(40)
  .transform((value) => (isMaskedCertificateNumber(value) ? value : value.replace(/[\s-]/g, '')))
  .refine((value) => value === '' || isMaskedCertificateNumber(value) || /^\d{12}$/.test(value), { message: 'A DBS certificate number is 12 digits' });

/** The DBS certificate's details; the re-check date (dbsExpiry) follows from them unless entered by hand. */
export const dbsDetails = z
  .strictObject({
    certificateNumber: dbsCertificateNumber.optional(),
    issueDate: optionalDate,
    level: z.union([z.literal(''), z.enum(DBS_LEVELS)], { error: `Choose a DBS level: ${DBS_LEVELS.join(', ')}` }).default(''),
    /** Subscribes to the DBS Update Service. */
    updateService: z.boolean().default(false),
    /** The last Update Service status check. */
    updateServiceCheckedOn: optionalDate,
    /**
     * The re-check date was typed in rather than following the policy. Left out: by hand when there is
     * nothing to count from (no issue date, no Update Service check) and a date is given.
     */
    expiryEnteredByHand: z.boolean().optional(),
  })
  .refine((dbs) => !dbs.issueDate || !dbs.updateServiceCheckedOn || dbs.updateServiceCheckedOn >= dbs.issueDate, {
    message: 'The Update Service check cannot be before the certificate was issued',
    path: ['updateServiceCheckedOn'],
  });

export const carerInput = z.strictObject({
  archived: archivedFlag,
  dateOfBirth: optionalDate,
  /** The DBS re-check date. */
  dbsExpiry: optionalDate,
  dbs: dbsDetails.optional(),
  publicLiabilityExpiry: optionalDate,
  details: carerDetails,
});
export type CarerInput = z.input<typeof carerInput>;
export type CarerData = z.output<typeof carerInput>;

/** What an MP or volunteer read by getById carries besides its own fields (accepted and ignored by update). */
const CARER_READ_ONLY = ['anonymised', 'trainingRecords', 'packages', 'requests', 'compliance', 'exclusions', 'onMap'] as const;
export const carerUpdate = (idSchema: typeof mpId) => acceptingReadOnly(carerInput.extend({ id: idSchema, version }), CARER_READ_ONLY);

/** Renames only: any other field in the payload is an error (spec §5). */
export const newName = text(MAX.name).min(1, { message: 'Name is required' });
export const clientRename = z.strictObject({ clientId, newName, version });
export const mpRename = z.strictObject({ mpId, newName, version });
export const volunteerRename = z.strictObject({ volunteerId, newName, version });

/** The forms ask for more than the API demands: a date of birth is required there (spec §5). */
export const clientForm = clientInput.extend({ dateOfBirth: requiredDate('Date of birth') });
export const carerForm = carerInput.extend({ dateOfBirth: requiredDate('Date of birth') });

/** A carer not to be matched with a client, and why (shown to staff choosing a carer). */
export const exclusionRef = z.strictObject({ clientId, carerId });
export const exclusionInput = exclusionRef.extend({
  reason: text(MAX.line).min(1, { message: 'Give a reason' }),
});
