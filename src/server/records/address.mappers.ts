import type { Locality } from '@/shared/constants';

interface AddressRow {
  streetAddress: string;
  locality: string;
  county: string;
  postCode: string;
}

interface DeprivationRow extends AddressRow {
  deprivationIncome: boolean;
  deprivationHealth: boolean;
}

/** The address of spec §3 from a row's address columns. */
export function addressFromRow(row: AddressRow) {
  return { streetAddress: row.streetAddress, locality: row.locality as Locality, county: row.county, postCode: row.postCode };
}

/** The address with its deprivation flags (clients and requests). */
export function addressWithDeprivationFromRow(row: DeprivationRow) {
  return { ...addressFromRow(row), deprivation: { income: row.deprivationIncome, health: row.deprivationHealth } };
}
