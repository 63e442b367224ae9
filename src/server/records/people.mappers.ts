import type { Service } from '@/shared/constants';
import type { CarerData, ClientData } from '@/shared/schemas/people';
import type { carers, clients } from '@/server/db/schema/people';
import { addressFromRow, addressWithDeprivationFromRow } from '@/server/records/address.mappers';

// Clients, MPs and volunteers as the API reads them (spec §3) and as they are stored: the services and the
// whole-data import and export share these.

type ClientRow = typeof clients.$inferSelect;
type CarerRow = typeof carers.$inferSelect;

/** A client as lists show it: everything but notes and related records. */
export function clientSummaryFromRow(row: ClientRow) {
  return {
    id: row.id,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    anonymised: row.anonymisedAt !== null,
    dateOfBirth: row.dateOfBirth ?? '',
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
    id: row.id,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    anonymised: row.anonymisedAt !== null,
    dateOfBirth: row.dateOfBirth ?? '',
    dbsExpiry: row.dbsExpiry ?? '',
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
    },
  };
}
export type CarerSummary = ReturnType<typeof carerSummaryFromRow>;

/** The stored columns of an MP's or volunteer's fields. */
export function carerColumns(data: CarerData) {
  const d = data.details;
  return {
    archived: data.archived,
    dateOfBirth: data.dateOfBirth || null,
    dbsExpiry: data.dbsExpiry || null,
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
  };
}
