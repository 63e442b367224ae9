import { type AnyColumn, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import type { Service } from '@/shared/constants';
import type { PackageData, PackageDetails, RequestData, RequestDetails } from '@/shared/schemas/care';
import { type EndDate, OPEN } from '@/shared/dates';
import type { packages, requests } from '@/server/db/schema/care';
import type { clients } from '@/server/db/schema/people';
import { addressFromRow, addressWithDeprivationFromRow } from '@/server/records/address.mappers';

type RequestRow = typeof requests.$inferSelect;
type PackageRow = typeof packages.$inferSelect;

/** The stored end date: null means open. */
export function endDateColumn(endDate: EndDate): string | null {
  return endDate === OPEN ? null : endDate;
}

/** The "not ended yet" rule (DESIGN §3) on a stored end-date column, for queries. */
export function notEndedYet(endDate: AnyColumn, today: string): SQL {
  return or(isNull(endDate), gte(endDate, today))!;
}

/** The list views of spec §2.5: active (not ended yet), completed (not archived) and archived (all). */
export type CareView = 'notEndedYet' | 'notArchived' | 'all';

/** The rows of a requests or packages table a view shows (undefined: all of them). */
export function inView(table: typeof requests | typeof packages, view: CareView, today: string): SQL | undefined {
  if (view === 'notEndedYet') return notEndedYet(table.endDate, today);
  if (view === 'notArchived') return eq(table.archived, 'N');
  return undefined;
}

/** A package in the shape of spec §3. */
export function packageFromRow(row: PackageRow) {
  return {
    id: row.id,
    carerId: row.carerId,
    requestId: row.requestId,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    startDate: row.startDate,
    endDate: row.endDate ?? OPEN,
    details: {
      name: row.name,
      weeklyHours: row.weeklyHours,
      address: addressFromRow(row),
      notes: row.notes,
      services: row.services as Service[],
      funderId: row.funderId,
    },
  };
}
export type Package = ReturnType<typeof packageFromRow>;

/** Why a package was given to a carer who was not compliant, by whom and when; null when it was not. */
export function complianceOverrideFromRow(row: Pick<PackageRow, 'complianceOverride' | 'complianceOverrideBy' | 'complianceOverrideAt'>) {
  if (row.complianceOverride === null) return null;
  return { reason: row.complianceOverride, by: row.complianceOverrideBy ?? '', at: row.complianceOverrideAt?.toISOString() ?? '' };
}
export type ComplianceOverride = ReturnType<typeof complianceOverrideFromRow>;

/** A request in the shape of spec §3; its details.name is the client's name. */
export function requestFromRow(row: RequestRow, clientName: string) {
  return {
    id: row.id,
    clientId: row.clientId,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    requestType: row.requestType as 'paid' | 'unpaid',
    startDate: row.startDate,
    endDate: row.endDate ?? OPEN,
    details: {
      customId: row.customId,
      name: clientName,
      weeklyHours: row.weeklyHours,
      address: addressWithDeprivationFromRow(row),
      status: row.status as 'pending' | 'urgent',
      services: row.services as Service[],
      notes: row.notes,
    },
  };
}
export type Request = ReturnType<typeof requestFromRow>;

/** Where a client lives: a request given no address of its own takes it. */
export type ClientAddress = Pick<typeof clients.$inferSelect, 'streetAddress' | 'locality' | 'county' | 'postCode' | 'deprivationIncome' | 'deprivationHealth'>;

/** The request's own details; with no address given, it is where the client lives (deprivation flags included). */
export function requestDetailColumns(details: RequestDetails, client: ClientAddress) {
  const address = details.address ?? {
    streetAddress: client.streetAddress,
    locality: client.locality,
    county: client.county,
    postCode: client.postCode,
    deprivation: { income: client.deprivationIncome, health: client.deprivationHealth },
  };
  return {
    customId: details.customId,
    weeklyHours: details.weeklyHours,
    streetAddress: address.streetAddress,
    locality: address.locality,
    county: address.county,
    postCode: address.postCode,
    deprivationIncome: address.deprivation.income,
    deprivationHealth: address.deprivation.health,
    status: details.status,
    services: details.services,
    notes: details.notes,
  };
}

/** The stored columns of a request's fields. */
export function requestColumns(data: RequestData, client: ClientAddress) {
  return {
    archived: data.archived,
    requestType: data.requestType,
    startDate: data.startDate,
    endDate: endDateColumn(data.endDate),
    ...requestDetailColumns(data.details, client),
  };
}

/** The package's own details; left unnamed, it takes its request's client's name. */
export function packageDetailColumns(details: PackageDetails, clientName: string) {
  return {
    name: details.name || clientName,
    weeklyHours: details.weeklyHours,
    streetAddress: details.address.streetAddress,
    locality: details.address.locality,
    county: details.address.county,
    postCode: details.address.postCode,
    notes: details.notes,
    services: details.services,
    ...(details.funderId === undefined ? {} : { funderId: details.funderId }),
  };
}

/** The stored columns of a package's fields. */
export function packageColumns(data: PackageData, clientName: string) {
  return {
    carerId: data.carerId,
    requestId: data.requestId,
    archived: data.archived,
    startDate: data.startDate,
    endDate: endDateColumn(data.endDate),
    ...packageDetailColumns(data.details, clientName),
  };
}
