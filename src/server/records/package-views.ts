import { desc, inArray, type SQLWrapper } from 'drizzle-orm';
import { can, type Role } from '@/shared/permissions';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
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

/** The current names of the given carers (ids, or a query selecting them). */
export async function carerNames(db: Executor, carerIds: string[] | SQLWrapper): Promise<Map<string, string>> {
  const rows = await db.select({ id: carers.id, name: carers.name }).from(carers).where(inArray(carers.id, carerIds));
  return new Map(rows.map((carer) => [carer.id, carer.name]));
}

/** The packages, each with its carer's current name (one query for all of them). */
export async function withCarerNames<P extends Package>(db: Executor, related: P[]): Promise<(P & { carerName: string })[]> {
  const names = related.length ? await carerNames(db, [...new Set(related.map((p) => p.carerId))]) : new Map<string, string>();
  return related.map((p) => ({ ...p, carerName: names.get(p.carerId) ?? '' }));
}

/** The packages of the given requests (ids, or a query selecting them), newest first, by request. */
export async function packagesByRequest(db: Executor, requestIds: string[] | SQLWrapper): Promise<Map<string, Package[]>> {
  const rows = await selectRowsAsJson(db, packages, inArray(packages.requestId, requestIds), [desc(packages.createdAt), desc(packages.id)]);
  const byRequest = new Map<string, Package[]>();
  for (const row of rows) byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), packageFromRow(row)]);
  return byRequest;
}
