import { and, arrayContains, asc, desc, eq, or } from 'drizzle-orm';
import type { ClientData } from '@/shared/schemas/people';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { requests } from '@/server/db/schema/care';
import { clients } from '@/server/db/schema/people';
import { type ClientSummary, clientColumns, clientSummaryFromRow } from '@/server/records/people.mappers';
import { CLIENT } from '@/server/records/client-record';
import { lookupDeprivation } from '@/server/records/deprivation-lookup';
import { createRecord, deleteUnlessReferenced, type RecordRef } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { replaceNotes } from '@/server/records/notes';
import { renamePerson, togglePersonArchive, updatePerson } from '@/server/records/people-rules';

// A client's whole record, as their screen reads it, is records/client-record.ts's (a person's data export reads it too).

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
