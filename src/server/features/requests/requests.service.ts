import { TRPCError } from '@trpc/server';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CARRY_OVER_FORBIDDEN, hoursInService, packagesToCarryOver, type PackageInService } from '@/shared/care';
import type { Locality } from '@/shared/constants';
import { OPEN } from '@/shared/dates';
import { can, type Role } from '@/shared/permissions';
import type { RequestData, RequestRenewal } from '@/shared/schemas/care';
import type { Executor } from '@/server/db/client';
import { selectTablesAsJson, tablesAsJsonBuiltOnce } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { clients } from '@/server/db/schema/people';
import { notFound, refused } from '@/server/records/record-errors';
import { carerNameFor, onlyReadable } from '@/server/records/role-views';
import { auditChange, changeRecord, createRecord, deleteUnlessReferenced, type RecordKind, type RecordRef, renewItem, saveNextVersion, updateRecord } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { type CareView, complianceOverrideFromRow, inView, notEndedYet, type Package, packageFromRow, type Request, requestColumns, requestDetailColumns, requestFromRow } from '@/server/records/care.mappers';
import { carersOfPackagesPart, type PackageView, packagesByRequest, packagesOfRequestsPart } from '@/server/records/package-views';
import { assignmentColumns } from '@/server/records/carer-compliance';

type RequestRow = typeof requests.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

export const CLIENT_CHANGE_REFUSED = 'The client of a request cannot be changed. Add a request for the other client instead.';
export const RENEWAL_CLIENT_REFUSED = 'A renewal keeps the client of the request. Add a request for the other client instead.';
export const RENEWAL_TYPE_REFUSED = 'A renewal keeps the type of the request (paid or unpaid). Add a request of the other type instead.';
export const HAS_PACKAGES_REFUSED = 'This request has packages, so cannot be deleted. Archive it instead.';

async function findClient(db: Executor, id: string): Promise<ClientRow> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  if (!row) throw notFound('Client');
  return row;
}

/** A request as its audit rows show it, named after its client. */
const REQUEST: RecordKind<typeof requests, Request> = {
  table: requests,
  label: 'Request',
  view: async (tx, row) => requestFromRow(row, (await findClient(tx, row.clientId)).name),
};

/** A request as lists and getById show it: with its packages and its hours in service. */
function requestView<P extends Package>(row: RequestRow, clientName: string, related: P[], today: string) {
  return { ...requestFromRow(row, clientName), packages: related, hoursInService: hoursInService(related, today) };
}
export type RequestView<P extends Package = Package> = ReturnType<typeof requestView<P>>;

/** A role that may not read packages does not get them through a request. */
const readable = <R extends RequestView>(role: Role, request: R) => onlyReadable<RequestView>(role, request, { packages: 'packages' }) as R;

/** Newest first. */
export async function listRequests({ db, actor, today }: RecordContext, view: CareView): Promise<RequestView[]> {
  const where = inView(requests, view, today);
  const found = await selectTablesAsJson(db, {
    requests: { table: requests, where, orderBy: [desc(requests.createdAt), desc(requests.id)] },
    clients: { table: clients, columns: { id: clients.id, name: clients.name }, where: inArray(clients.id, db.select({ id: requests.clientId }).from(requests).where(where)), orderBy: [asc(clients.id)] },
    packages: packagesOfRequestsPart(db.select({ id: requests.id }).from(requests).where(where)),
  });
  const clientName = new Map(found.clients.map((client) => [client.id, client.name]));
  const related = packagesByRequest(found.packages, packageFromRow);
  return found.requests.map((request) => readable(actor.role, requestView(request, clientName.get(request.clientId)!, related.get(request.id) ?? [], today)));
}

/**
 * The light list the package form picks a request from, newest first. Archived requests are included
 * (with their flag) so a package on one still shows its request; the form offers only the others. Each
 * carries its hours in service (the same rule as the lists) so the picker can show what is still unmet.
 */
export async function listRequestMetadata({ db, today }: RecordContext) {
  const rows = await db
    .select({
      id: requests.id,
      clientId: requests.clientId,
      clientName: clients.name,
      customId: requests.customId,
      locality: requests.locality,
      weeklyHours: requests.weeklyHours,
      startDate: requests.startDate,
      endDate: requests.endDate,
      archived: requests.archived,
    })
    .from(requests)
    .innerJoin(clients, eq(requests.clientId, clients.id))
    .orderBy(desc(requests.createdAt), desc(requests.id));
  const running = await db
    .select({ id: packages.id, carerId: packages.carerId, requestId: packages.requestId, startDate: packages.startDate, endDate: packages.endDate, weeklyHours: packages.weeklyHours })
    .from(packages)
    .where(notEndedYet(packages.endDate, today));
  const byRequest = new Map<string, PackageInService[]>();
  for (const p of running) {
    const hours = { id: p.id, carerId: p.carerId, startDate: p.startDate, endDate: p.endDate ?? OPEN, details: { weeklyHours: p.weeklyHours } };
    const listed = byRequest.get(p.requestId);
    if (listed) listed.push(hours);
    else byRequest.set(p.requestId, [hours]);
  }
  return rows.map((row) => ({
    ...row,
    locality: row.locality as Locality,
    endDate: row.endDate ?? OPEN,
    archived: row.archived as 'Y' | 'N',
    hoursInService: hoursInService(byRequest.get(row.id) ?? [], today),
  }));
}

/** A request with its client's name and its packages, which name their carers (its renew screen lists them): one statement. */
const requestScreen = tablesAsJsonBuiltOnce((db) => {
  const id = sql.placeholder('id');
  return {
    request: { table: requests, where: eq(requests.id, id), orderBy: [asc(requests.id)] },
    client: { table: clients, columns: { name: clients.name }, where: inArray(clients.id, db.select({ id: requests.clientId }).from(requests).where(eq(requests.id, id))), orderBy: [asc(clients.id)] },
    packages: packagesOfRequestsPart(db.select({ id: requests.id }).from(requests).where(eq(requests.id, id))),
    carers: carersOfPackagesPart(db, eq(packages.requestId, id)),
  };
});

/** A request as the role may read it: its packages only for a role that reads them, each naming a carer the role reads. */
export async function getRequest({ db, actor, today }: RecordContext, { id }: { id: string }): Promise<RequestView<PackageView>> {
  const found = await requestScreen(db, { id });
  const [row] = found.request;
  if (!row) throw notFound('Request');
  const carerName = new Map(found.carers.map((carer) => [carer.id, carer.name]));
  const related = found.packages.map((p) => carerNameFor(actor.role, { ...packageFromRow(p), carerName: carerName.get(p.carerId) ?? '' }));
  return readable(actor.role, requestView(row, found.client[0]!.name, related, today));
}

export function createRequest(ctx: RecordContext, data: RequestData): Promise<Request> {
  return createRecord(ctx, REQUEST, 'requests.create', async (tx) => {
    const client = await findClient(tx, data.clientId);
    return { id: newId('r'), clientId: client.id, ...requestColumns(data, client) };
  });
}

/** Updates a request; its client stays the same (spec §2.7). */
export function updateRequest(ctx: RecordContext, input: RequestData & RecordRef): Promise<Request> {
  return updateRecord(ctx, REQUEST, input, 'requests.update', async (tx, stored) => {
    if (input.clientId !== stored.clientId) throw refused(CLIENT_CHANGE_REFUSED);
    return saveNextVersion(tx, requests, stored, requestColumns(input, await findClient(tx, stored.clientId)));
  });
}

/**
 * Renews the request's open packages (packagesToCarryOver) onto its successor: each ends on the renewal date
 * and a copy with the same carer and details starts with the new request, keeping its own end date. A carer
 * no longer compliant is refused (409) unless the renewal gives a reason, kept on the copy.
 */
async function carryOverPackages(
  ctx: RecordContext,
  tx: Executor,
  { fromId, toId, renewalDate, newStartDate, override }: { fromId: string; toId: string; renewalDate: string; newStartDate: string; override?: { reason: string } },
): Promise<Package[]> {
  const stored = await tx.select().from(packages).where(eq(packages.requestId, fromId)).orderBy(packages.createdAt, packages.id).for('update');
  const carried = packagesToCarryOver(stored.map((row) => ({ ...row, endDate: row.endDate ?? OPEN, archived: row.archived as 'Y' | 'N' })), {
    renewalDate,
    newStartDate,
  });
  const started: Package[] = [];
  for (const old of carried) {
    const row = stored.find((r) => r.id === old.id)!;
    // The copy gives the carer care again: checked as a new package's carer is, with the renewal's reason.
    const assignment = await assignmentColumns(tx, ctx, row.carerId, override, 'carryOver');
    const ended = await saveNextVersion(tx, packages, row, { endDate: renewalDate });
    const id = newId('p');
    const { id: _id, requestId: _from, version: _version, createdAt: _created, updatedAt: _updated, ...kept } = row;
    const [copy] = await tx.insert(packages).values({ ...kept, ...assignment, id, requestId: toId, archived: 'N', startDate: newStartDate }).returning();
    await auditChange(tx, ctx, 'requests.renew', row.id, packageFromRow(row), packageFromRow(ended));
    await auditChange(tx, ctx, 'requests.renew', id, {}, { ...packageFromRow(copy!), complianceOverride: complianceOverrideFromRow(copy!) });
    started.push(packageFromRow(copy!));
  }
  return started;
}

/**
 * Ends a request and starts its successor for the same client and type, in one transaction. Its packages
 * stay with the old request, unless the caller asks to carry the open ones over (in the same transaction).
 */
export async function renewRequest(
  ctx: RecordContext,
  input: RequestRenewal,
): Promise<{ oldRequest: Request; newRequest: Request; carriedPackages: Package[] }> {
  if (input.carryOverPackages && !can(ctx.actor.role, 'packages', 'update')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: CARRY_OVER_FORBIDDEN });
  }
  return changeRecord(ctx, REQUEST, input.oldRequest, async (tx, stored) => {
    const client = await findClient(tx, stored.clientId);
    const { oldRecord, newRecord, dates } = await renewItem(tx, ctx, REQUEST, stored, 'requests.renew', {
      what: 'request',
      oldEndDate: input.oldRequest.endDate,
      newStartDate: input.newRequest.startDate,
      // A whole record sent as the new request names the client and type, which the renewal keeps.
      keeps: [
        { field: 'clientId', sent: input.newRequest.clientId, refusal: RENEWAL_CLIENT_REFUSED },
        { field: 'requestType', sent: input.newRequest.requestType, refusal: RENEWAL_TYPE_REFUSED },
      ],
      successor: (startDate) => ({
        id: newId('r'),
        clientId: stored.clientId,
        requestType: stored.requestType,
        archived: 'N',
        startDate,
        endDate: null,
        ...requestDetailColumns(input.newRequest.details, client),
      }),
    });
    const carriedPackages = input.carryOverPackages
      ? await carryOverPackages(ctx, tx, { fromId: stored.id, toId: newRecord.id, ...dates, override: input.override })
      : [];
    return { oldRequest: oldRecord, newRequest: newRecord, carriedPackages };
  });
}

/** Deletes a request with no packages; one with packages is archived instead (DESIGN §3). */
export function deleteRequest(ctx: RecordContext, input: RecordRef): Promise<{ id: string }> {
  return deleteUnlessReferenced(ctx, REQUEST, input, 'requests.delete', { column: packages.requestId, refusal: HAS_PACKAGES_REFUSED });
}
