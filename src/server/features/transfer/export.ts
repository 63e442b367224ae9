import { asc } from 'drizzle-orm';
import { carerKindOf } from '@/shared/carer-kind';
import { groupBy } from '@/shared/group-by';
import type { Note } from '@/shared/schemas/common';
import type { TransferKind } from '@/shared/schemas/transfer';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients, notes } from '@/server/db/schema/people';
import { complianceOverrideFromRow, packageFromRow, requestFromRow } from '@/server/records/care.mappers';
import { magLogFromRows } from '@/server/records/mag.mappers';
import { carerSummaryFromRow, clientSummaryFromRow } from '@/server/records/people.mappers';
import { trainingRecordFromRow } from '@/server/records/training-records.mappers';

function noteFromRow(row: typeof notes.$inferSelect): Note {
  return { date: row.date, note: row.note, source: row.source as Note['source'], minutesTaken: row.minutesTaken };
}

/** Every person's notes, in the order they were written down. */
async function notesByOwner(db: Executor) {
  const rows = await selectRowsAsJson(db, notes, undefined, [asc(notes.position), asc(notes.id)]);
  return { ofClient: groupBy(rows, (n) => n.clientId), ofCarer: groupBy(rows, (n) => n.carerId) };
}

const BY_ID = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Every record, archived ones too, each as the API reads it by id (its own fields, notes and attendees;
 * not the lists of related records a read adds, which are derived), ordered by id so two exports of
 * the same data are the same text.
 */
export async function exportAll(db: Executor) {
  const { ofClient, ofCarer } = await notesByOwner(db);
  const clientRows = await selectRowsAsJson(db, clients, undefined, [asc(clients.id)]);
  const carerRows = await selectRowsAsJson(db, carers, undefined, [asc(carers.id)]);
  const requestRows = await selectRowsAsJson(db, requests, undefined, [asc(requests.id)]);
  const packageRows = await selectRowsAsJson(db, packages, undefined, [asc(packages.id)]);
  const recordRows = await selectRowsAsJson(db, trainingRecords, undefined, [asc(trainingRecords.id)]);
  const logRows = await selectRowsAsJson(db, magLogs, undefined, [asc(magLogs.id)]);
  const attendees = groupBy(await selectRowsAsJson(db, magAttendees, undefined, [asc(magAttendees.name), asc(magAttendees.personId)]), (a) => a.magLogId);

  const clientName = new Map(clientRows.map((c) => [c.id, c.name]));
  const carer = (row: (typeof carerRows)[number]) => {
    const summary = carerSummaryFromRow(row);
    return { ...summary, details: { ...summary.details, notes: (ofCarer.get(row.id) ?? []).map(noteFromRow) } };
  };
  const bundle = {
    clients: clientRows.map((row) => {
      const summary = clientSummaryFromRow(row);
      return { ...summary, details: { ...summary.details, notes: (ofClient.get(row.id) ?? []).map(noteFromRow) } };
    }),
    mps: carerRows.filter((row) => carerKindOf(row.id) === 'mp').map(carer),
    volunteers: carerRows.filter((row) => carerKindOf(row.id) === 'volunteer').map(carer),
    requests: requestRows.map((row) => requestFromRow(row, clientName.get(row.clientId)!)),
    // With the reason a carer who was not compliant was given it, so an import keeps it.
    packages: packageRows.map((row) => ({ ...packageFromRow(row), complianceOverride: complianceOverrideFromRow(row) })),
    trainingRecords: recordRows.map(trainingRecordFromRow),
    magLogs: logRows.map((row) => magLogFromRows(row, attendees.get(row.id) ?? [])),
  } satisfies Record<TransferKind, { id: string }[]>;
  // The database orders text by its collation; the file is ordered by code point, the same on every server.
  for (const list of Object.values(bundle)) (list as { id: string }[]).sort(BY_ID);
  return bundle;
}
export type ExportBundle = Awaited<ReturnType<typeof exportAll>>;

/** How many records of each kind a bundle holds. */
export function countRecords(bundle: Record<TransferKind, unknown[]>): Record<TransferKind, number> {
  return Object.fromEntries(Object.entries(bundle).map(([kind, list]) => [kind, list.length])) as Record<TransferKind, number>;
}
