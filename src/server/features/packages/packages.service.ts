import { asc, desc, eq, sql } from 'drizzle-orm';
import { CARER_RESOURCES, carerKindOf } from '@/shared/carer-kind';
import type { PackageData, PackageRenewal } from '@/shared/schemas/care';
import type { Executor } from '@/server/db/client';
import { selectTablesAsJson, tablesAsJsonBuiltOnce } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { clients } from '@/server/db/schema/people';
import { forbidden, notFound, refused } from '@/server/records/record-errors';
import { carerNameFor, mayReadCarer } from '@/server/records/role-views';
import { changeRecord, createRecord, deleteUnlessReferenced, type RecordKind, type RecordRef, renewItem, saveNextVersion, updateRecord } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { deliveriesOutside, entryOutside, HAS_DELIVERIES_REFUSED } from '@/server/records/delivery-entries';
import { carersOfPackagesPart, type PackageView } from '@/server/records/package-views';
import {
  type CareView,
  type ComplianceOverride,
  complianceOverrideFromRow,
  endDateColumn,
  inView,
  type Package,
  packageColumns,
  packageDetailColumns,
  packageFromRow,
} from '@/server/records/care.mappers';
import { assignmentColumns, carerWithCompliance, lapsedOnLiveCare } from '@/server/records/carer-compliance';
import { exclusionOf } from '@/server/records/carer-exclusions';
import { copyVisitPlan } from '@/server/records/visit-plans';
import { checkFunder } from '@/server/records/funders';

export const REQUEST_CHANGE_REFUSED = 'The request of a package cannot be changed. Add a package to the other request instead.';
export const RENEWAL_CARER_REFUSED = 'A renewal keeps the carer of the package. Add a package for the other carer instead.';
/** Refuses dates that would leave care already recorded for the package outside them. */
async function checkDeliveriesWithin(tx: Executor, packageId: string, startDate: string, endDate: string | null): Promise<void> {
  const outside = await entryOutside(tx, packageId, startDate, endDate);
  if (outside) throw refused(deliveriesOutside(outside));
}

export const RENEWAL_REQUEST_REFUSED = 'A renewal keeps the request of the package. Add a package to the other request instead.';

/** A package as reads and the audit trail give it: with why its carer was assigned though not compliant. */
export type PackageRead = Package & { complianceOverride: ComplianceOverride };
type PackageRow = typeof packages.$inferSelect;
const packageRead = (row: PackageRow): PackageRead => ({ ...packageFromRow(row), complianceOverride: complianceOverrideFromRow(row) });

const PACKAGE: RecordKind<typeof packages, PackageRead> = { table: packages, label: 'Package', view: (_tx, row) => packageRead(row) };

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

/** The packages of a view, each naming its carer only for a role that may read that kind of carer. */
export async function listPackages({ db, actor, today }: RecordContext, view: CareView): Promise<(PackageView & PackageRead)[]> {
  const where = inView(packages, view, today);
  const found = await selectTablesAsJson(db, {
    packages: { table: packages, where, orderBy: [desc(packages.createdAt), desc(packages.id)] },
    carers: carersOfPackagesPart(db, where),
  });
  const names = new Map(found.carers.map((carer) => [carer.id, carer.name]));
  return found.packages.map((row) => carerNameFor(actor.role, { ...packageRead(row), carerName: names.get(row.carerId) ?? '' }));
}

/** A package with its carer's name: one statement, built once. */
const packageScreen = tablesAsJsonBuiltOnce((db) => {
  const id = sql.placeholder('id');
  return {
    package: { table: packages, where: eq(packages.id, id), orderBy: [asc(packages.id)] },
    carers: carersOfPackagesPart(db, eq(packages.id, id)),
  };
});

export async function getPackage({ db, actor }: RecordContext, { id }: { id: string }): Promise<PackageView & PackageRead> {
  const found = await packageScreen(db, { id });
  const [row] = found.package;
  if (!row) throw notFound('Package');
  return carerNameFor(actor.role, { ...packageRead(row), carerName: found.carers[0]?.name ?? '' });
}

export function createPackage(ctx: RecordContext, data: PackageData): Promise<PackageRead> {
  return createRecord(ctx, PACKAGE, 'packages.create', async (tx) => {
    const clientName = await clientNameOfRequest(tx, data.requestId);
    await checkFunder(tx, data.details.funderId);
    const override = await assignmentColumns(tx, ctx, data.carerId, data.override);
    return { id: newId('p'), ...packageColumns(data, clientName), ...override };
  });
}

/**
 * Updates a package; its carer may change, its request may not. A new carer must be compliant (or an
 * override reason given), and so must the carer of an ended package reopened (its end date moved to open, or
 * to today or later): that is giving them the care again. The same carer of a running package is not checked
 * again, so a package whose carer has since lapsed can still be corrected or ended.
 */
export function updatePackage(ctx: RecordContext, input: PackageData & RecordRef): Promise<PackageRead> {
  return updateRecord(ctx, PACKAGE, input, 'packages.update', async (tx, stored) => {
    if (input.requestId !== stored.requestId) throw refused(REQUEST_CHANGE_REFUSED);
    await checkFunder(tx, input.details.funderId, stored.funderId);
    const endDate = endDateColumn(input.endDate);
    const reopened = stored.endDate !== null && stored.endDate < ctx.today && (endDate === null || endDate >= ctx.today);
    const assigned = input.carerId !== stored.carerId || reopened;
    const override = assigned ? await assignmentColumns(tx, ctx, input.carerId, input.override) : {};
    await checkDeliveriesWithin(tx, stored.id, input.startDate, endDate);
    return saveNextVersion(tx, packages, stored, { ...packageColumns(input, await clientNameOfRequest(tx, stored.requestId)), ...override });
  });
}

/**
 * Whether a carer may be given a request's care: their compliance, and the client's reason not to match them. Only
 * for a carer the role may read.
 */
export async function checkAssignment({ db, actor, today }: RecordContext, input: { carerId: string; requestId: string }) {
  if (!mayReadCarer(actor.role, input.carerId)) throw forbidden(actor.role, 'read', CARER_RESOURCES[carerKindOf(input.carerId)!]);
  const [request] = await db.select({ clientId: requests.clientId }).from(requests).where(eq(requests.id, input.requestId));
  if (!request) throw notFound('Request');
  const { compliance } = await carerWithCompliance(db, input.carerId, today);
  return { compliance, excluded: await exclusionOf(db, request.clientId, input.carerId) };
}

/** Ends a package and starts its successor for the same carer and request, in one transaction. */
export function renewPackage(ctx: RecordContext, input: PackageRenewal): Promise<{ oldPackage: PackageRead; newPackage: PackageRead }> {
  return changeRecord(ctx, PACKAGE, input.oldPackage, async (tx, stored) => {
    // The renewed package is a new assignment of the same carer: they must be compliant now.
    await checkFunder(tx, input.newPackage.details.funderId, stored.funderId);
    const override = await assignmentColumns(tx, ctx, stored.carerId, input.override);
    const { oldRecord, newRecord } = await renewItem(tx, ctx, PACKAGE, stored, 'packages.renew', {
      what: 'package',
      oldEndDate: input.oldPackage.endDate,
      newStartDate: input.newPackage.startDate,
      // A whole record sent as the new package names the carer and request, which the renewal keeps.
      keeps: [
        { field: 'carerId', sent: input.newPackage.carerId, refusal: RENEWAL_CARER_REFUSED },
        { field: 'requestId', sent: input.newPackage.requestId, refusal: RENEWAL_REQUEST_REFUSED },
      ],
      successor: async (startDate) => ({
        id: newId('p'),
        carerId: stored.carerId,
        requestId: stored.requestId,
        archived: 'N',
        startDate,
        endDate: null,
        // The renewal keeps who funds it unless it says otherwise.
        funderId: stored.funderId,
        ...packageDetailColumns(input.newPackage.details, await clientNameOfRequest(tx, stored.requestId)),
        ...override,
      }),
    });
    await checkDeliveriesWithin(tx, stored.id, stored.startDate, endDateColumn(oldRecord.endDate));
    await copyVisitPlan(tx, stored.id, newRecord.id);
    return { oldPackage: oldRecord, newPackage: newRecord };
  });
}

/** A package with care recorded is kept (archived instead), so delivered hours are never lost. */
export function deletePackage(ctx: RecordContext, input: RecordRef): Promise<{ id: string }> {
  return deleteUnlessReferenced(ctx, PACKAGE, input, 'packages.delete', { column: deliveries.packageId, refusal: HAS_DELIVERIES_REFUSED });
}

/** The carers not compliant today on care not yet ended, of the kinds of carer the role reads. */
export async function listNotCompliantOnLiveCare({ db, actor, today }: RecordContext) {
  return (await lapsedOnLiveCare(db, today)).filter((carer) => mayReadCarer(actor.role, carer.carerId));
}
