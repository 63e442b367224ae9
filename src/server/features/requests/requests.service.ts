import { TRPCError } from '@trpc/server';
import { desc, eq, inArray } from 'drizzle-orm';
import { CARRY_OVER_FORBIDDEN, hoursInService, packagesToCarryOver, type PackageInService, renewalDates, renewalRefusal } from '@/shared/care';
import type { Locality } from '@/shared/constants';
import { OPEN } from '@/shared/dates';
import { can } from '@/shared/permissions';
import type { RequestData, RequestDetails, RequestRenewal } from '@/shared/schemas/care';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { clients } from '@/server/db/schema/people';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { checkVersion, notFound, refused } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';
import { type CareView, endDateColumn, inView, notEndedYet, type Package, packageFromRow, type Request, requestFromRow } from '@/server/records/care.mappers';
import { type PackageView, packagesByRequest, withCarerNames } from '@/server/records/package-views';

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

async function lockRequest(tx: Executor, id: string): Promise<RequestRow> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
  if (!row) throw notFound('Request');
  return row;
}

/** Requests with their client's current name, which is the request's name. */
function requestsWithClientName(db: Executor) {
  return db
    .select({ request: requests, clientName: clients.name })
    .from(requests)
    .innerJoin(clients, eq(requests.clientId, clients.id));
}

/** The request's own details; with no address given, it is where the client lives (deprivation flags included). */
function detailColumns(details: RequestDetails, client: ClientRow) {
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

function requestColumns(data: RequestData, client: ClientRow) {
  return {
    archived: data.archived,
    requestType: data.requestType,
    startDate: data.startDate,
    endDate: endDateColumn(data.endDate),
    ...detailColumns(data.details, client),
  };
}

/** A request as lists and getById show it: with its packages and its hours in service. */
function requestView<P extends Package>(row: RequestRow, clientName: string, related: P[], today: string) {
  return { ...requestFromRow(row, clientName), packages: related, hoursInService: hoursInService(related, today) };
}
export type RequestView<P extends Package = Package> = ReturnType<typeof requestView<P>>;

/** Newest first. */
export async function listRequests(db: Executor, view: CareView, today: string): Promise<RequestView[]> {
  const where = inView(requests, view, today);
  const rows = await selectRowsAsJson(db, requests, where, [desc(requests.createdAt), desc(requests.id)]);
  const names = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(inArray(clients.id, db.select({ id: requests.clientId }).from(requests).where(where)));
  const clientName = new Map(names.map((client) => [client.id, client.name]));
  const related = await packagesByRequest(db, db.select({ id: requests.id }).from(requests).where(where));
  return rows.map((request) => requestView(request, clientName.get(request.clientId)!, related.get(request.id) ?? [], today));
}

/**
 * The light list the package form picks a request from, newest first. Archived requests are included
 * (with their flag) so a package on one still shows its request; the form offers only the others. Each
 * carries its hours in service (the same rule as the lists) so the picker can show what is still unmet.
 */
export async function listRequestMetadata(db: Executor, today: string) {
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

export async function getRequest(db: Executor, id: string, today: string): Promise<RequestView<PackageView>> {
  const [found] = await requestsWithClientName(db).where(eq(requests.id, id));
  if (!found) throw notFound('Request');
  const related = (await packagesByRequest(db, [id])).get(id) ?? [];
  // One request's packages name their carers, as the package list does (its renew screen lists them).
  return requestView(found.request, found.clientName, await withCarerNames(db, related), today);
}

export async function createRequest(ctx: ServiceContext, data: RequestData): Promise<Request> {
  const id = newId('r');
  return ctx.db.transaction(async (tx) => {
    const client = await findClient(tx, data.clientId);
    const [row] = await tx
      .insert(requests)
      .values({ id, clientId: client.id, ...requestColumns(data, client) })
      .returning();
    const created = requestFromRow(row!, client.name);
    await recordAudit(tx, ctx.actor, 'requests.create', id, diffRecords({}, created));
    return created;
  });
}

/** Updates a request; its client stays the same (spec §2.7). */
export async function updateRequest(ctx: ServiceContext, input: RequestData & { id: string; version?: number }): Promise<Request> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockRequest(tx, input.id);
    checkVersion(stored, input.version);
    if (input.clientId !== stored.clientId) throw refused(CLIENT_CHANGE_REFUSED);
    const client = await findClient(tx, stored.clientId);
    const [row] = await tx
      .update(requests)
      .set({ ...requestColumns(input, client), version: stored.version + 1, updatedAt: new Date() })
      .where(eq(requests.id, input.id))
      .returning();
    const updated = requestFromRow(row!, client.name);
    await recordAudit(tx, ctx.actor, 'requests.update', input.id, diffRecords(requestFromRow(stored, client.name), updated));
    return updated;
  });
}

/**
 * Renews the request's open packages (packagesToCarryOver) onto its successor: each ends on the renewal date
 * and a copy with the same carer and details starts with the new request, keeping its own end date.
 */
async function carryOverPackages(
  ctx: ServiceContext,
  tx: Executor,
  { fromId, toId, renewalDate, newStartDate }: { fromId: string; toId: string; renewalDate: string; newStartDate: string },
): Promise<Package[]> {
  const stored = await tx.select().from(packages).where(eq(packages.requestId, fromId)).orderBy(packages.createdAt, packages.id).for('update');
  const carried = packagesToCarryOver(stored.map((row) => ({ ...row, endDate: row.endDate ?? OPEN, archived: row.archived as 'Y' | 'N' })), {
    renewalDate,
    newStartDate,
  });
  const started: Package[] = [];
  for (const old of carried) {
    const row = stored.find((r) => r.id === old.id)!;
    const [ended] = await tx
      .update(packages)
      .set({ endDate: renewalDate, version: row.version + 1, updatedAt: new Date() })
      .where(eq(packages.id, row.id))
      .returning();
    const id = newId('p');
    const { id: _id, requestId: _from, version: _version, createdAt: _created, updatedAt: _updated, ...kept } = row;
    const [copy] = await tx.insert(packages).values({ ...kept, id, requestId: toId, archived: 'N', startDate: newStartDate }).returning();
    await recordAudit(tx, ctx.actor, 'requests.renew', row.id, diffRecords(packageFromRow(row), packageFromRow(ended!)));
    await recordAudit(tx, ctx.actor, 'requests.renew', id, diffRecords({}, packageFromRow(copy!)));
    started.push(packageFromRow(copy!));
  }
  return started;
}

/**
 * Ends a request and starts its successor for the same client and type, in one transaction. Its packages
 * stay with the old request, unless the caller asks to carry the open ones over (in the same transaction).
 */
export async function renewRequest(
  ctx: ServiceContext,
  input: RequestRenewal,
): Promise<{ oldRequest: Request; newRequest: Request; carriedPackages: Package[] }> {
  if (input.carryOverPackages && !can(ctx.actor.role, 'packages', 'update')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: CARRY_OVER_FORBIDDEN });
  }
  return ctx.db.transaction(async (tx) => {
    const stored = await lockRequest(tx, input.oldRequest.id);
    checkVersion(stored, input.oldRequest.version);
    // A whole record sent as the new request names the client and type, which the renewal keeps.
    const { clientId, requestType } = input.newRequest;
    if (clientId !== undefined && clientId !== stored.clientId) throw refused(RENEWAL_CLIENT_REFUSED);
    if (requestType !== undefined && requestType !== stored.requestType) throw refused(RENEWAL_TYPE_REFUSED);
    const client = await findClient(tx, stored.clientId);
    const before = requestFromRow(stored, client.name);
    const dates = renewalDates({ oldEndDate: input.oldRequest.endDate, newStartDate: input.newRequest.startDate }, ctx.today);
    const refusal = renewalRefusal('request', before, dates, ctx.today);
    if (refusal) throw refused(refusal);

    const [ended] = await tx
      .update(requests)
      .set({ endDate: dates.renewalDate, version: stored.version + 1, updatedAt: new Date() })
      .where(eq(requests.id, stored.id))
      .returning();
    const id = newId('r');
    const [started] = await tx
      .insert(requests)
      .values({
        id,
        clientId: stored.clientId,
        requestType: stored.requestType,
        archived: 'N',
        startDate: dates.newStartDate,
        endDate: null,
        ...detailColumns(input.newRequest.details, client),
      })
      .returning();
    const oldRequest = requestFromRow(ended!, client.name);
    const newRequest = requestFromRow(started!, client.name);
    await recordAudit(tx, ctx.actor, 'requests.renew', stored.id, diffRecords(before, oldRequest));
    await recordAudit(tx, ctx.actor, 'requests.renew', id, diffRecords({}, newRequest));
    const carriedPackages = input.carryOverPackages
      ? await carryOverPackages(ctx, tx, { fromId: stored.id, toId: id, renewalDate: dates.renewalDate, newStartDate: dates.newStartDate })
      : [];
    return { oldRequest, newRequest, carriedPackages };
  });
}

/** Deletes a request with no packages; one with packages is archived instead (DESIGN §3). */
export async function deleteRequest(ctx: ServiceContext, input: { id: string; version?: number }): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockRequest(tx, input.id);
    checkVersion(stored, input.version);
    const [assigned] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.requestId, input.id)).limit(1);
    if (assigned) throw refused(HAS_PACKAGES_REFUSED);
    const client = await findClient(tx, stored.clientId);
    await tx.delete(requests).where(eq(requests.id, input.id));
    await recordAudit(tx, ctx.actor, 'requests.delete', input.id, diffRecords(requestFromRow(stored, client.name), {}));
    return { id: input.id };
  });
}
