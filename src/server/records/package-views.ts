import { asc, desc, inArray, type SQLWrapper } from 'drizzle-orm';
import { can, type Role } from '@/shared/permissions';
import type { Executor } from '@/server/db/client';
import type { JsonRowsPart } from '@/server/db/json-rows';
import { packages } from '@/server/db/schema/care';
import { carers } from '@/server/db/schema/people';
import { type Package, packageFromRow } from '@/server/records/care.mappers';

/** A package as lists and views show it: with its carer's current name beside the carer's id. */
export type PackageView = Package & { carerName: string };

/**
 * The package as the role may see it: a carer's name only for a role that may read that kind of carer
 * (Finance reads volunteers but not MPs, as with MAG attendees).
 */
export function carerNameFor<P extends PackageView>(role: Role, pkg: P): P {
  return mayNameCarer(role, pkg.carerId) ? pkg : { ...pkg, carerName: '' };
}

/** Whether the role may read the kind of carer (MP or volunteer) the id belongs to, and so see the carer's name. */
export function mayNameCarer(role: Role, carerId: string): boolean {
  return can(role, carerId.startsWith('m') ? 'mps' : 'volunteers', 'read');
}

/**
 * The parts of a selectTablesAsJson call that read the packages of the given requests (a query selecting
 * their ids), newest first, and their carers' names.
 */
export function packagesOfRequestsParts(db: Executor, requestIds: SQLWrapper) {
  const where = inArray(packages.requestId, requestIds);
  return {
    packages: { table: packages, where, orderBy: [desc(packages.createdAt), desc(packages.id)] },
    carers: {
      table: carers,
      columns: { id: carers.id, name: carers.name },
      where: inArray(carers.id, db.select({ id: packages.carerId }).from(packages).where(where)),
      orderBy: [asc(carers.id)],
    },
  } satisfies Record<string, JsonRowsPart>;
}

/** The rows packagesOfRequestsParts read, as views with their carers' names, by request. */
export function packageViewsByRequest(rows: (typeof packages.$inferSelect)[], carerRows: { id: string; name: string }[]): Map<string, PackageView[]> {
  const carerName = new Map(carerRows.map((carer) => [carer.id, carer.name]));
  const byRequest = new Map<string, PackageView[]>();
  for (const row of rows) {
    const view = { ...packageFromRow(row), carerName: carerName.get(row.carerId) ?? '' };
    const listed = byRequest.get(row.requestId);
    if (listed) listed.push(view);
    else byRequest.set(row.requestId, [view]);
  }
  return byRequest;
}
