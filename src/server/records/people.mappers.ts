import { dbsRecheckDate, type DbsLevel, isMaskedCertificateNumber, maskCertificateNumber } from '@/shared/compliance';
import type { Service } from '@/shared/constants';
import type { CarerData, ClientData } from '@/shared/schemas/people';
import type { carers, clients } from '@/server/db/schema/people';
import { addressFromRow, addressWithDeprivationFromRow } from '@/server/records/address.mappers';

// Clients, MPs and volunteers as the API reads them (spec §3) and as they are stored: the services and the
// whole-data import and export share these.

type ClientRow = typeof clients.$inferSelect;
type CarerRow = typeof carers.$inferSelect;

/** What every person read begins with: the id, the record's state and version, and the date of birth. */
function personHead(row: ClientRow | CarerRow) {
  return { id: row.id, archived: row.archived as 'Y' | 'N', version: row.version, anonymised: row.anonymisedAt !== null, dateOfBirth: row.dateOfBirth ?? '' };
}

/** A client as lists show it: everything but notes and related records. */
export function clientSummaryFromRow(row: ClientRow) {
  return {
    ...personHead(row),
    details: {
      customId: row.customId,
      name: row.name,
      address: addressWithDeprivationFromRow(row),
      phone: row.phone,
      email: row.email,
      nextOfKin: row.nextOfKin,
      services: row.services as Service[],
      attendsMag: row.attendsMag,
      donationScheme: row.donationScheme,
      donationAmount: row.donationAmount,
      referredBy: row.referredBy,
      clientAgreementDate: row.clientAgreementDate ?? '',
      clientAgreementComments: row.clientAgreementComments,
      riskAssessmentDate: row.riskAssessmentDate ?? '',
      riskAssessmentComments: row.riskAssessmentComments,
      endDate: row.endDate ?? '',
      attendanceAllowance: row.attendanceAllowance as ClientData['details']['attendanceAllowance'],
    },
  };
}
export type ClientSummary = ReturnType<typeof clientSummaryFromRow>;

/** The stored columns of a client's fields. */
export function clientColumns(data: ClientData) {
  const d = data.details;
  return {
    archived: data.archived,
    dateOfBirth: data.dateOfBirth || null,
    name: d.name,
    streetAddress: d.address.streetAddress,
    locality: d.address.locality,
    county: d.address.county,
    postCode: d.address.postCode,
    deprivationIncome: d.address.deprivation.income,
    deprivationHealth: d.address.deprivation.health,
    phone: d.phone,
    email: d.email,
    nextOfKin: d.nextOfKin,
    services: d.services,
    attendsMag: d.attendsMag,
    customId: d.customId,
    donationScheme: d.donationScheme,
    donationAmount: d.donationAmount,
    referredBy: d.referredBy,
    clientAgreementDate: d.clientAgreementDate || null,
    clientAgreementComments: d.clientAgreementComments,
    riskAssessmentDate: d.riskAssessmentDate || null,
    riskAssessmentComments: d.riskAssessmentComments,
    endDate: d.endDate || null,
    attendanceAllowance: d.attendanceAllowance,
  };
}

/** A carer as lists show it: everything but notes and related records. */
export function carerSummaryFromRow(row: CarerRow) {
  return {
    ...personHead(row),
    dbsExpiry: row.dbsExpiry ?? '',
    dbs: dbsFromRow(row),
    publicLiabilityExpiry: row.publicLiabilityExpiry ?? '',
    details: {
      name: row.name,
      address: addressFromRow(row),
      phone: row.phone,
      email: row.email,
      nextOfKin: row.nextOfKin,
      services: row.services as Service[],
      attendsMag: row.attendsMag,
      capacity: row.capacity,
      // Numerics read as one JSON text (selectRowsAsJson) come as their text.
      weeklyHoursAvailable: row.weeklyHoursAvailable === null ? null : Number(row.weeklyHoursAvailable),
    },
  };
}
export type CarerSummary = ReturnType<typeof carerSummaryFromRow>;

/** A carer's DBS details as every answer gives them: the certificate number masked (docs/decisions/198-certificate-number-never-answered-full.md). */
export function dbsFromRow(row: CarerRow) {
  return {
    certificateNumber: maskCertificateNumber(row.dbsCertificateNumber ?? ''),
    issueDate: row.dbsIssueDate ?? '',
    level: (row.dbsLevel ?? '') as DbsLevel | '',
    updateService: row.dbsUpdateService,
    updateServiceCheckedOn: row.dbsUpdateServiceCheckedOn ?? '',
    expiryEnteredByHand: row.dbsExpiryEnteredByHand,
  };
}

/**
 * The stored DBS columns. Left out of the input, the stored details stay (so callers that only know
 * the re-check date keep working, and a date they change becomes one entered by hand); the re-check date
 * follows the policy unless entered by hand; the
 * certificate number changes only when a new one (or '') is sent.
 */
function dbsColumns(data: CarerData, dbsRecheckYears: number, stored: CarerRow | undefined) {
  const dbs = data.dbs ?? (stored ? { ...dbsFromRow(stored), certificateNumber: undefined } : { issueDate: '', level: '' as const, updateService: false, updateServiceCheckedOn: '' });
  const byPolicy = dbsRecheckDate(dbs, dbsRecheckYears);
  // A caller that knows only the date and changes it has typed a new one: it is then by hand.
  const typedOver = !data.dbs && stored !== undefined && data.dbsExpiry !== (stored.dbsExpiry ?? '');
  const byHand = typedOver || (('expiryEnteredByHand' in dbs ? dbs.expiryEnteredByHand : undefined) ?? (byPolicy === '' && data.dbsExpiry !== ''));
  const number = 'certificateNumber' in dbs ? dbs.certificateNumber : undefined;
  return {
    dbsExpiry: (byHand ? data.dbsExpiry : byPolicy) || null,
    dbsExpiryEnteredByHand: byHand,
    dbsIssueDate: dbs.issueDate || null,
    dbsLevel: dbs.level || null,
    dbsUpdateService: dbs.updateService,
    dbsUpdateServiceCheckedOn: dbs.updateServiceCheckedOn || null,
    ...(number === undefined || isMaskedCertificateNumber(number) ? {} : { dbsCertificateNumber: number || null }),
  };
}

/**
 * The stored columns of an MP's or volunteer's fields, under the DBS re-check policy (years); `stored`
 * is the carer as it was, when it is an update.
 */
export function carerColumns(data: CarerData, dbsRecheckYears: number, stored?: CarerRow) {
  const d = data.details;
  return {
    archived: data.archived,
    dateOfBirth: data.dateOfBirth || null,
    ...dbsColumns(data, dbsRecheckYears, stored),
    publicLiabilityExpiry: data.publicLiabilityExpiry || null,
    name: d.name,
    streetAddress: d.address.streetAddress,
    locality: d.address.locality,
    county: d.address.county,
    postCode: d.address.postCode,
    phone: d.phone,
    email: d.email,
    nextOfKin: d.nextOfKin,
    services: d.services,
    attendsMag: d.attendsMag,
    capacity: d.capacity,
    weeklyHoursAvailable: d.weeklyHoursAvailable,
  };
}
