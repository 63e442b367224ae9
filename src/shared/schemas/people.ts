import { z } from 'zod';
import { ATTENDANCE_ALLOWANCE } from '@/shared/constants';
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

export const clientId = recordId('c', 'client');
export const carerId = recordId('[mv]', 'MP or volunteer');
export const mpId = recordId('m', 'MP');
export const volunteerId = recordId('v', 'volunteer');

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
const CLIENT_READ_ONLY = ['anonymised', 'requests', 'magLogs'] as const;
export const clientUpdate = acceptingReadOnly(clientInput.extend({ id: clientId, version }), CLIENT_READ_ONLY);

export const carerDetails = personBase.extend({
  address,
  capacity: text(100).default(''),
});

export const carerInput = z.strictObject({
  archived: archivedFlag,
  dateOfBirth: optionalDate,
  dbsExpiry: optionalDate,
  publicLiabilityExpiry: optionalDate,
  details: carerDetails,
});
export type CarerInput = z.input<typeof carerInput>;
export type CarerData = z.output<typeof carerInput>;

/** What an MP or volunteer read by getById carries besides its own fields (accepted and ignored by update). */
const CARER_READ_ONLY = ['anonymised', 'trainingRecords', 'packages', 'requests'] as const;
export const carerUpdate = (idSchema: typeof mpId) => acceptingReadOnly(carerInput.extend({ id: idSchema, version }), CARER_READ_ONLY);

/** Renames only: any other field in the payload is an error (spec §5). */
export const newName = text(MAX.name).min(1, { message: 'Name is required' });
export const clientRename = z.strictObject({ clientId, newName, version });
export const mpRename = z.strictObject({ mpId, newName, version });
export const volunteerRename = z.strictObject({ volunteerId, newName, version });

/** The forms ask for more than the API demands: a date of birth is required there (spec §5). */
export const clientForm = clientInput.extend({ dateOfBirth: requiredDate('Date of birth') });
export const carerForm = carerInput.extend({ dateOfBirth: requiredDate('Date of birth') });
