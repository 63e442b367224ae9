import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Note } from '@/shared/schemas/common';
import type { Executor } from '@/server/db/client';
import { tablesAsJsonBuiltOnce } from '@/server/db/json-rows';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { carers, clients, notes } from '@/server/db/schema/people';
import { type ClientSummary, clientSummaryFromRow } from './people.mappers';
import { packageFromRow, requestFromRow } from './care.mappers';
import { clientExclusionFromRow, inNameOrder, readableExclusions } from './carer-exclusions';
import { packagesByRequest } from './package-views';
import { carerNameFor, onlyReadable } from './role-views';
import { magLogFromRows } from './mag.mappers';
import { notFound } from './record-errors';
import type { RecordContext } from './service-context';
import { loadNotes, noteFromRow, withNotes } from './notes';
import { placesOf } from './travel';
import { type PersonKind, rememberPerson } from './people-rules';

// A client's whole record, as the clients' screen and a person's data export both read it.

type ClientRow = typeof clients.$inferSelect;

const clientWithNotes = (row: ClientRow, notes: Note[]) => withNotes(clientSummaryFromRow(row), notes);
const fullClient = async (db: Executor, row: ClientRow) => clientWithNotes(row, await loadNotes(db, { clientId: row.id }));

/** Clients as a kind of person: what the record lifecycle and the people's rules change them through. */
export const CLIENT: PersonKind<typeof clients, Awaited<ReturnType<typeof fullClient>>, ClientSummary> = {
  table: clients,
  label: 'Client',
  router: 'clients',
  view: fullClient,
  withNotes: clientWithNotes,
  summary: clientSummaryFromRow,
  notesOwner: (id) => ({ clientId: id }),
};

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
  const onMap = (await placesOf(db, [row.postCode])).size > 0;
  const packagesOf = packagesByRequest(found.packages, (p) => carerNameFor(actor.role, { ...packageFromRow(p), carerName: carerName.get(p.carerId) ?? '' }));
  return onlyReadable(
    actor.role,
    {
      ...clientWithNotes(row, notes),
      /** The post code has coordinates, so travel to the client is estimated. */
      onMap,
      requests: found.requests.map((r) => ({ ...requestFromRow(r, row.name), packages: packagesOf.get(r.id) ?? [] })),
      // A MAG log names the MPs who came; Finance may read logs but not MPs.
      magLogs: found.magLogs.map((log) => onlyReadable(actor.role, magLogFromRows(log, found.attendees.filter((a) => a.magLogId === log.id)), { mps: 'mps' })),
      exclusions: readableExclusions(actor.role, inNameOrder(found.exclusions.map((exclusion) => clientExclusionFromRow(exclusion, carerName.get(exclusion.carerId) ?? '')))),
    },
    { requests: 'requests', magLogs: 'mag' },
  );
}
