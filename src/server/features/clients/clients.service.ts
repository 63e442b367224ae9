import { and, arrayContains, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Note } from '@/shared/schemas/common';
import type { ClientData } from '@/shared/schemas/people';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson, tablesAsJsonBuiltOnce } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { carers, clients, notes } from '@/server/db/schema/people';
import { type ClientSummary, clientColumns, clientSummaryFromRow } from '@/server/records/people.mappers';
import { packageFromRow, requestFromRow } from '@/server/records/care.mappers';
import { clientExclusionFromRow, inNameOrder, readableExclusions } from '@/server/records/carer-exclusions';
import { packagesByRequest } from '@/server/records/package-views';
import { carerNameFor, onlyReadable } from '@/server/records/role-views';
import { lookupDeprivation } from '@/server/records/deprivation-lookup';
import { magLogFromRows } from '@/server/records/mag.mappers';
import { notFound } from '@/server/records/record-errors';
import { createRecord, deleteUnlessReferenced, type RecordRef } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { loadNotes, noteFromRow, replaceNotes, withNotes } from '@/server/records/notes';
import { type PersonKind, rememberPerson, renamePerson, togglePersonArchive, updatePerson } from '@/server/records/people-rules';

type ClientRow = typeof clients.$inferSelect;

const clientWithNotes = (row: ClientRow, notes: Note[]) => withNotes(clientSummaryFromRow(row), notes);
const fullClient = async (db: Executor, row: ClientRow) => clientWithNotes(row, await loadNotes(db, { clientId: row.id }));

const CLIENT: PersonKind<typeof clients, Awaited<ReturnType<typeof fullClient>>, ClientSummary> = {
  table: clients,
  label: 'Client',
  router: 'clients',
  view: fullClient,
  withNotes: clientWithNotes,
  summary: clientSummaryFromRow,
  notesOwner: (id) => ({ clientId: id }),
};

export async function listClients({ db }: RecordContext, { includeArchived }: { includeArchived: boolean }): Promise<ClientSummary[]> {
  const rows = await selectRowsAsJson(db, clients, includeArchived ? undefined : eq(clients.archived, 'N'), [desc(clients.createdAt), desc(clients.id)]);
  return rows.map(clientSummaryFromRow);
}

/** Clients who come to MAG sessions (the MAG service or the attends-MAG flag), not archived, by name. */
export async function listClientsWithMagService({ db }: RecordContext): Promise<ClientSummary[]> {
  const rows = await db
    .select()
    .from(clients)
    .where(and(eq(clients.archived, 'N'), or(arrayContains(clients.services, ['MAG']), eq(clients.attendsMag, true))))
    .orderBy(asc(clients.name));
  return rows.map(clientSummaryFromRow);
}

/**
 * A client with notes, requests (each with its packages, which name their carers), the MAG sessions they
 * attended and the carers they are not to be matched with: all in one statement, each part read as the
 * record's own query would read it.
 */
export const clientScreen = tablesAsJsonBuiltOnce<ReturnType<typeof clientScreenParts>, { id: string }>(clientScreenParts);

function clientScreenParts(db: Executor) {
  const id = sql.placeholder('id');
  const ownRequests = db.select({ id: requests.id }).from(requests).where(eq(requests.clientId, id));
  const ownPackages = inArray(packages.requestId, ownRequests);
  const attendedLogs = db
    .select({ id: magAttendees.magLogId })
    .from(magAttendees)
    .where(and(eq(magAttendees.personId, id), eq(magAttendees.kind, 'client')));
  const excluded = db.select({ id: carerExclusions.carerId }).from(carerExclusions).where(eq(carerExclusions.clientId, id));
  return {
    client: { table: clients, where: eq(clients.id, id), orderBy: [asc(clients.id)] },
    requests: { table: requests, where: eq(requests.clientId, id), orderBy: [desc(requests.startDate)] },
    packages: { table: packages, where: ownPackages, orderBy: [desc(packages.startDate)] },
    notes: { table: notes, where: eq(notes.clientId, id), orderBy: [asc(notes.position)] },
    magLogs: { table: magLogs, where: inArray(magLogs.id, attendedLogs), orderBy: [desc(magLogs.date), asc(magLogs.id)] },
    attendees: { table: magAttendees, where: inArray(magAttendees.magLogId, attendedLogs), orderBy: [asc(magAttendees.name), asc(magAttendees.personId)] },
    exclusions: { table: carerExclusions, where: eq(carerExclusions.clientId, id), orderBy: [asc(carerExclusions.carerId)] },
    carers: {
      table: carers,
      columns: { id: carers.id, name: carers.name },
      // One list of ids, so the database looks each carer up by its key (with `or`, it read every carer).
      where: sql`${carers.id} in (${db.select({ id: packages.carerId }).from(packages).where(ownPackages)} union all ${excluded})`,
      orderBy: [asc(carers.id)],
    },
  };
}

/**
 * The client's screen as the actor's role may read it: requests and MAG sessions only for a role that reads them,
 * and a carer's name (on a package, a MAG log or the do-not-match list) only for a role that reads that kind of carer.
 */
export async function getClient(ctx: RecordContext, { id }: { id: string }) {
  const { db, actor } = ctx;
  const found = await clientScreen(db, { id });
  const row = found.client[0];
  if (!row) throw notFound('Client');
  const notes = found.notes.map(noteFromRow);
  // The edit form opened from this screen saves against the client as read here.
  rememberPerson(db, CLIENT, row, notes);
  const carerName = new Map(found.carers.map((carer) => [carer.id, carer.name]));
  const packagesOf = packagesByRequest(found.packages, (p) => carerNameFor(actor.role, { ...packageFromRow(p), carerName: carerName.get(p.carerId) ?? '' }));
  return onlyReadable(
    actor.role,
    {
      ...clientWithNotes(row, notes),
      requests: found.requests.map((r) => ({ ...requestFromRow(r, row.name), packages: packagesOf.get(r.id) ?? [] })),
      // A MAG log names the MPs who came; Finance may read logs but not MPs.
      magLogs: found.magLogs.map((log) => onlyReadable(actor.role, magLogFromRows(log, found.attendees.filter((a) => a.magLogId === log.id)), { mps: 'mps' })),
      exclusions: readableExclusions(actor.role, inNameOrder(found.exclusions.map((exclusion) => clientExclusionFromRow(exclusion, carerName.get(exclusion.carerId) ?? '')))),
    },
    { requests: 'requests', magLogs: 'mag' },
  );
}

/**
 * Creates a client. The post code's deprivation (when the table knows it) sets the address flags;
 * otherwise the flags entered are kept. Returns the client with deprivationData and postcode.
 */
export async function createClient(ctx: RecordContext, data: ClientData) {
  const found = await lookupDeprivation(ctx.db, data.details.address.postCode, ctx.deprivationMaxDecile);
  const deprivation = found ? { income: found.income, health: found.health } : data.details.address.deprivation;
  const values = {
    ...clientColumns(data),
    deprivationIncome: deprivation.income,
    deprivationHealth: deprivation.health,
    deprivationLsoa: found?.lsoaCode ?? null,
    deprivationEdition: found?.edition ?? null,
  };
  const id = newId('c');
  const created = await createRecord(ctx, CLIENT, 'clients.create', () => ({ id, ...values }), (tx) => replaceNotes(tx, { clientId: id }, data.details.notes));
  return { ...created, deprivationData: deprivation, postcode: created.details.address.postCode };
}

/** Updates every field but the name, which changes only through updateName. */
export function updateClient(ctx: RecordContext, input: ClientData & RecordRef) {
  return updatePerson(ctx, CLIENT, input, clientColumns(input));
}

export function renameClient(ctx: RecordContext, input: { clientId: string; newName: string; version?: number }) {
  return renamePerson(ctx, CLIENT, { id: input.clientId, newName: input.newName, version: input.version });
}

export function toggleClientArchive(ctx: RecordContext, input: RecordRef) {
  return togglePersonArchive(ctx, CLIENT, input);
}

/** Deletes a client who has no requests (one with requests is archived instead); notes go too. */
export function deleteClient(ctx: RecordContext, input: RecordRef) {
  return deleteUnlessReferenced(ctx, CLIENT, input, 'clients.delete', {
    column: requests.clientId,
    refusal: 'This client has requests, so cannot be deleted. Archive the client instead.',
  });
}
