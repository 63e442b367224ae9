import { desc, eq } from 'drizzle-orm';
import { renewalDates, renewalRefusal } from '@/shared/care';
import type { PackageData, PackageDetails, PackageRenewal } from '@/shared/schemas/care';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { carers, clients } from '@/server/db/schema/people';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { checkVersion, notFound, refused } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';
import { carerNames, type PackageView } from '@/server/records/package-views';
import { type CareView, endDateColumn, inView, type Package, packageFromRow } from '@/server/records/care.mappers';

type PackageRow = typeof packages.$inferSelect;

export const REQUEST_CHANGE_REFUSED = 'The request of a package cannot be changed. Add a package to the other request instead.';
export const RENEWAL_CARER_REFUSED = 'A renewal keeps the carer of the package. Add a package for the other carer instead.';
export const RENEWAL_REQUEST_REFUSED = 'A renewal keeps the request of the package. Add a package to the other request instead.';

async function lockPackage(tx: Executor, id: string): Promise<PackageRow> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
  if (!row) throw notFound('Package');
  return row;
}

/** A package's carer is an MP or a volunteer on record (the id schema already insists on m or v). */
async function checkCarer(db: Executor, id: string): Promise<void> {
  const [carer] = await db.select({ id: carers.id }).from(carers).where(eq(carers.id, id));
  if (!carer) throw notFound('Carer');
}

/** The name of the client a request is for: a package left unnamed takes it. */
async function clientNameOfRequest(db: Executor, requestId: string): Promise<string> {
  const [found] = await db
    .select({ name: clients.name })
    .from(requests)
    .innerJoin(clients, eq(requests.clientId, clients.id))
    .where(eq(requests.id, requestId));
  if (!found) throw notFound('Request');
  return found.name;
}

function detailColumns(details: PackageDetails, clientName: string) {
  return {
    name: details.name || clientName,
    weeklyHours: details.weeklyHours,
    streetAddress: details.address.streetAddress,
    locality: details.address.locality,
    county: details.address.county,
    postCode: details.address.postCode,
    notes: details.notes,
    services: details.services,
  };
}

function packageColumns(data: PackageData, clientName: string) {
  return {
    carerId: data.carerId,
    requestId: data.requestId,
    archived: data.archived,
    startDate: data.startDate,
    endDate: endDateColumn(data.endDate),
    ...detailColumns(data.details, clientName),
  };
}

export async function listPackages(db: Executor, view: CareView, today: string): Promise<PackageView[]> {
  const where = inView(packages, view, today);
  const rows = await selectRowsAsJson(db, packages, where, [desc(packages.createdAt), desc(packages.id)]);
  const names = await carerNames(db, db.select({ id: packages.carerId }).from(packages).where(where));
  return rows.map((row) => ({ ...packageFromRow(row), carerName: names.get(row.carerId) ?? '' }));
}

/** The packages of the given requests (ids, or a query selecting them), grouped by request, newest first. */
export async function getPackage(db: Executor, id: string): Promise<PackageView> {
  const [found] = await db
    .select({ row: packages, carerName: carers.name })
    .from(packages)
    .innerJoin(carers, eq(packages.carerId, carers.id))
    .where(eq(packages.id, id));
  if (!found) throw notFound('Package');
  return { ...packageFromRow(found.row), carerName: found.carerName };
}

export async function createPackage(ctx: ServiceContext, data: PackageData): Promise<Package> {
  const id = newId('p');
  return ctx.db.transaction(async (tx) => {
    await checkCarer(tx, data.carerId);
    const clientName = await clientNameOfRequest(tx, data.requestId);
    const [row] = await tx
      .insert(packages)
      .values({ id, ...packageColumns(data, clientName) })
      .returning();
    const created = packageFromRow(row!);
    await recordAudit(tx, ctx.actor, 'packages.create', id, diffRecords({}, created));
    return created;
  });
}

/** Updates a package; its carer may change, its request may not. */
export async function updatePackage(ctx: ServiceContext, input: PackageData & { id: string; version?: number }): Promise<Package> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockPackage(tx, input.id);
    checkVersion(stored, input.version);
    if (input.requestId !== stored.requestId) throw refused(REQUEST_CHANGE_REFUSED);
    await checkCarer(tx, input.carerId);
    const clientName = await clientNameOfRequest(tx, stored.requestId);
    const [row] = await tx
      .update(packages)
      .set({ ...packageColumns(input, clientName), version: stored.version + 1, updatedAt: new Date() })
      .where(eq(packages.id, input.id))
      .returning();
    const updated = packageFromRow(row!);
    await recordAudit(tx, ctx.actor, 'packages.update', input.id, diffRecords(packageFromRow(stored), updated));
    return updated;
  });
}

/** Ends a package and starts its successor for the same carer and request, in one transaction. */
export async function renewPackage(ctx: ServiceContext, input: PackageRenewal): Promise<{ oldPackage: Package; newPackage: Package }> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockPackage(tx, input.oldPackage.id);
    checkVersion(stored, input.oldPackage.version);
    // A whole record sent as the new package names the carer and request, which the renewal keeps.
    const { carerId, requestId } = input.newPackage;
    if (carerId !== undefined && carerId !== stored.carerId) throw refused(RENEWAL_CARER_REFUSED);
    if (requestId !== undefined && requestId !== stored.requestId) throw refused(RENEWAL_REQUEST_REFUSED);
    const before = packageFromRow(stored);
    const dates = renewalDates({ oldEndDate: input.oldPackage.endDate, newStartDate: input.newPackage.startDate }, ctx.today);
    const refusal = renewalRefusal('package', before, dates, ctx.today);
    if (refusal) throw refused(refusal);

    const [ended] = await tx
      .update(packages)
      .set({ endDate: dates.renewalDate, version: stored.version + 1, updatedAt: new Date() })
      .where(eq(packages.id, stored.id))
      .returning();
    const id = newId('p');
    const clientName = await clientNameOfRequest(tx, stored.requestId);
    const [started] = await tx
      .insert(packages)
      .values({
        id,
        carerId: stored.carerId,
        requestId: stored.requestId,
        archived: 'N',
        startDate: dates.newStartDate,
        endDate: null,
        ...detailColumns(input.newPackage.details, clientName),
      })
      .returning();
    const oldPackage = packageFromRow(ended!);
    const newPackage = packageFromRow(started!);
    await recordAudit(tx, ctx.actor, 'packages.renew', stored.id, diffRecords(before, oldPackage));
    await recordAudit(tx, ctx.actor, 'packages.renew', id, diffRecords({}, newPackage));
    return { oldPackage, newPackage };
  });
}

/** Packages delete freely: nothing refers to them. */
export async function deletePackage(ctx: ServiceContext, input: { id: string; version?: number }): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockPackage(tx, input.id);
    checkVersion(stored, input.version);
    await tx.delete(packages).where(eq(packages.id, input.id));
    await recordAudit(tx, ctx.actor, 'packages.delete', input.id, diffRecords(packageFromRow(stored), {}));
    return { id: input.id };
  });
}
