import { asc, desc, inArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { JsonRowsPart } from '@/server/db/json-rows';
import { packages } from '@/server/db/schema/care';
import { carers } from '@/server/db/schema/people';
import type { Package } from '@/server/records/care.mappers';

/** A package as lists and views show it: with its carer's current name beside the carer's id. */
export type PackageView = Package & { carerName: string };

/** The part of a selectTablesAsJson call that reads the packages of the given requests (a query selecting their ids), newest first. */
export function packagesOfRequestsPart(requestIds: SQLWrapper) {
  return { table: packages, where: inArray(packages.requestId, requestIds), orderBy: [desc(packages.createdAt), desc(packages.id)] } satisfies JsonRowsPart;
}

/** The part of a selectTablesAsJson call that reads the names of the carers of the packages `where` selects. */
export function carersOfPackagesPart(db: Executor, where: SQL | undefined) {
  return {
    table: carers,
    columns: { id: carers.id, name: carers.name },
    where: inArray(carers.id, db.select({ id: packages.carerId }).from(packages).where(where)),
    orderBy: [asc(carers.id)],
  } satisfies JsonRowsPart;
}

/** Package rows by request, each mapped by `view`, in the order read. */
export function packagesByRequest<P>(rows: (typeof packages.$inferSelect)[], view: (row: typeof packages.$inferSelect) => P): Map<string, P[]> {
  const byRequest = new Map<string, P[]>();
  for (const row of rows) {
    const listed = byRequest.get(row.requestId);
    if (listed) listed.push(view(row));
    else byRequest.set(row.requestId, [view(row)]);
  }
  return byRequest;
}
