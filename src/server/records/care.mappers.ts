import { type AnyColumn, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import type { Service } from '@/shared/constants';
import { type EndDate, OPEN } from '@/shared/dates';
import type { packages, requests } from '@/server/db/schema/care';
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
    },
  };
}
export type Package = ReturnType<typeof packageFromRow>;

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
