import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type TransferKind, type TransferRecord } from '@/shared/schemas/transfer';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { magAttendees } from '@/server/db/schema/mag';
import { notes } from '@/server/db/schema/people';
import { addressWithDeprivationFromRow } from '@/server/records/address.mappers';
import { type ClientAddress, packageColumns, requestColumns } from '@/server/records/care.mappers';
import { magLogColumns } from '@/server/records/mag.mappers';
import { carerColumns, clientColumns } from '@/server/records/people.mappers';
import { getComplianceSettings } from '@/server/records/carer-compliance';
import { trainingRecordColumns } from '@/server/records/training-records.mappers';
import { archivedAtAfter } from '@/server/records/people-rules';
import { diffRecords, type FieldChanges } from '@/server/records/audit-trail';
import type { RecordTable } from '@/server/records/record-lifecycle';
import { canonical, type CarerRow, type ClientRow, type PersonKindName, type Stored } from './import-stored';
import { type planImport, type Planned, type PlannedAll, TABLE } from './import-plan';
import { letOthersIn, SLICE } from './slices';

type NoteRow = typeof notes.$inferInsert;
/** A client as the import leaves them: the file's version unless it is skipped, else the one stored. */
type ClientAfter = (id: string) => (ClientAddress & { name: string; archived?: string }) | undefined;
type AttendeeRow = typeof magAttendees.$inferInsert;

export interface Rows {
  planned: PlannedAll;
  /** Rows to insert, and to overwrite (by id), per table. */
  inserts: Map<PgTable, Record<string, unknown>[]>;
  updates: { table: RecordTable; id: string; columns: Record<string, unknown> }[];
  /** Owners whose notes (people) or attendees (logs) are replaced by the file's. */
  notes: { owner: { clientId: string } | { carerId: string }; rows: NoteRow[] }[];
  attendees: { magLogId: string; rows: AttendeeRow[] }[];
  /** What each record created or updated is given or changes, by column (and its notes or attendees), for its audit row. */
  audits: Map<string, FieldChanges>;
}

/** Columns an audit row leaves out: worked out from others, or kept by the database. */
const UNAUDITED = new Set(['archivedAt', 'anonymisedAt', 'version', 'updatedAt']);

/** The columns that differ (a new record's: all it has), and its notes or attendees when they change. */
function auditOf(columns: Record<string, unknown>, old: Record<string, unknown> | undefined, children?: { key: string; before: unknown[]; after: unknown[] }): FieldChanges {
  const kept = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(columns).filter((key) => !UNAUDITED.has(key)).map((key) => [key, row[key]]));
  const changes = diffRecords(old ? kept(old) : {}, kept(columns));
  // A new record's empty columns are no news: "(empty) → (empty)".
  const empty = (value: unknown) => value === null || value === undefined;
  for (const [key, change] of Object.entries(changes)) if (empty(change.from) && empty(change.to)) delete changes[key];
  if (children && canonical(children.before) !== canonical(children.after)) changes[children.key] = { from: children.before, to: children.after };
  return changes;
}

/**
 * The columns each record is stored with, worked out as the services do (a request's client's address
 * when it has none, a package's client's name when unnamed, a training record's owner's name); an update
 * that would change nothing is a skip, so importing the same file again writes nothing. Each record's audit
 * row is worked out too, unless the rows are only counted (a preview).
 */
export async function buildRows(tx: Executor, plan: Awaited<ReturnType<typeof planImport>>, { audited = true } = {}): Promise<Rows> {
  const { dbsRecheckYears } = await getComplianceSettings(tx);
  const { planned, stored, sameAs } = plan;
  const resolve = (id: string) => sameAs.get(id) ?? id;
  const now = new Date();

  // What people look like after the import: the file's version unless it is skipped.
  // Worked out when a request, package or log asks: a file of clients alone asks for none of them.
  const clientInFile = new Map<string, Planned<'clients'>>();
  for (const p of planned.clients) if (p.action !== 'skip') clientInFile.set(p.id, p);
  const clientAfter: ClientAfter = (id) => {
    const p = clientInFile.get(id);
    return p ? clientColumns(p.data) : stored.clients.get(id);
  };
  const carerName = new Map<string, string>();
  for (const row of stored.carers.values()) carerName.set(row.id, row.name);
  for (const p of [...planned.mps, ...planned.volunteers]) if (p.action !== 'skip') carerName.set(p.id, p.data.details.name);
  const requestClient = new Map(stored.requests);
  for (const p of planned.requests) if (p.action !== 'skip') requestClient.set(p.id, resolve(p.data.clientId));

  const rows: Rows = { planned, inserts: new Map(), updates: [], notes: [], attendees: [], audits: new Map() };
  const insert = (table: PgTable, row: Record<string, unknown>) => {
    const list = rows.inserts.get(table);
    if (list) list.push(row);
    else rows.inserts.set(table, [row]);
  };

  /** Stored rows of the records that may be overwritten, to tell a real change from none. */
  const storedRows = async <T extends RecordTable>(table: T, list: Planned<TransferKind>[]) => {
    const ids = list.filter((p) => p.action === 'update').map((p) => p.id);
    const found = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < ids.length; i += 1000) {
      for (const row of await tx.select().from(table as PgTable).where(inArray(table.id, ids.slice(i, i + 1000)))) {
        found.set((row as { id: string }).id, row as Record<string, unknown>);
      }
    }
    return found;
  };
  const storedNotes = async (column: typeof notes.clientId | typeof notes.carerId, list: Planned<TransferKind>[]) => {
    const ids = list.filter((p) => p.action === 'update').map((p) => p.id);
    const byOwner = new Map<string, unknown[]>();
    for (let i = 0; i < ids.length; i += 1000) {
      const found = await tx.select().from(notes).where(inArray(column, ids.slice(i, i + 1000))).orderBy(notes.position);
      for (const n of found) {
        const owner = (n.clientId ?? n.carerId)!;
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), { date: n.date, note: n.note, source: n.source, minutesTaken: n.minutesTaken }]);
      }
    }
    return byOwner;
  };

  /** Insert, or update when something differs, or skip. */
  const place = async <K extends TransferKind>(
    list: Planned<K>[],
    columnsOf: (p: Planned<K>, before?: Record<string, unknown>) => Record<string, unknown>,
    children?: {
      /** What the audit names them: notes, attendees. */
      key: string;
      before: Map<string, unknown[]>;
      of: (p: Planned<K>) => { compare: unknown[]; save: () => void };
    },
  ) => {
    const table = TABLE[list[0]?.kind ?? 'clients'];
    const before = await storedRows(table, list as Planned<TransferKind>[]);
    const childChange = (p: Planned<K>, compare: unknown[] | undefined) =>
      children && compare ? { key: children.key, before: children.before.get(p.id) ?? [], after: compare } : undefined;
    for (const [n, p] of list.entries()) {
      if (n > 0 && n % SLICE === 0) await letOthersIn();
      if (p.action === 'skip') continue;
      if (p.action === 'create') {
        const columns = columnsOf(p);
        const child = children?.of(p);
        insert(table, { id: p.id, ...columns, version: p.data.version ?? 1 });
        if (audited) rows.audits.set(p.id, auditOf(columns, undefined, childChange(p, child?.compare)));
        child?.save();
        continue;
      }
      const old = before.get(p.id)!;
      const columns = columnsOf(p, old);
      const child = children?.of(p);
      const same =
        Object.entries(columns).every(([key, value]) => key === 'archivedAt' || canonical(value) === canonical(old[key])) &&
        (!child || canonical(child.compare) === canonical(children!.before.get(p.id) ?? []));
      if (same) {
        p.action = 'skip';
        continue;
      }
      rows.updates.push({ table, id: p.id, columns: { ...columns, version: (old.version as number) + 1, updatedAt: now } });
      if (audited) rows.audits.set(p.id, auditOf(columns, old, childChange(p, child?.compare)));
      child?.save();
    }
  };

  const personNotes = (owner: { clientId: string } | { carerId: string }, list: TransferRecord<PersonKindName>['details']['notes']) => ({
    compare: list.map((n) => ({ date: n.date, note: n.note, source: n.source, minutesTaken: n.minutesTaken })),
    save: () =>
      rows.notes.push({
        owner,
        rows: list.map((n, position) => ({ id: newId('n'), ...owner, position, date: n.date, note: n.note, source: n.source, minutesTaken: n.minutesTaken })),
      }),
  });

  await place(
    planned.clients,
    (p, old) => ({
      ...clientColumns(p.data),
      archivedAt: old ? archivedAtAfter(old as ClientRow, p.data.archived) : p.data.archived === 'Y' ? now : null,
      ...(old ? {} : { anonymisedAt: p.data.anonymised ? now : null }),
    }),
    { key: 'notes', before: await storedNotes(notes.clientId, planned.clients), of: (p) => personNotes({ clientId: p.id }, p.data.details.notes) },
  );
  for (const kind of ['mps', 'volunteers'] as const) {
    await place(
      planned[kind],
      (p, old) => ({
        ...carerColumns(p.data, dbsRecheckYears, old as CarerRow | undefined),
        archivedAt: old ? archivedAtAfter(old as CarerRow, p.data.archived) : p.data.archived === 'Y' ? now : null,
        ...(old ? {} : { anonymisedAt: p.data.anonymised ? now : null }),
      }),
      { key: 'notes', before: await storedNotes(notes.carerId, planned[kind]), of: (p) => personNotes({ carerId: p.id }, p.data.details.notes) },
    );
  }
  await place(planned.requests, (p) => {
    const clientId = resolve(p.data.clientId);
    return { clientId, ...requestColumns({ ...p.data, clientId }, clientAfter(clientId)!) };
  });
  await place(planned.packages, (p) => {
    const carerId = resolve(p.data.carerId);
    return { ...packageColumns({ ...p.data, carerId }, clientAfter(requestClient.get(p.data.requestId)!)!.name) };
  });
  await place(planned.trainingRecords, (p) => {
    const ownerId = resolve(p.data.ownerId);
    return { ownerId, name: carerName.get(ownerId)!, ...trainingRecordColumns(p.data) };
  });
  await place(planned.magLogs, (p) => magLogColumns(p.data), {
    key: 'attendees',
    before: await storedAttendees(tx, planned.magLogs.filter((p) => p.action === 'update').map((p) => p.id)),
    of: (p) => {
      const list = magAttendeeRows(p, resolve, clientAfter, carerName, stored);
      return {
        compare: list.map(({ magLogId: _, ...a }) => a).sort((a, b) => (a.personId < b.personId ? -1 : 1)),
        save: () => rows.attendees.push({ magLogId: p.id, rows: list }),
      };
    },
  });
  return rows;
}

async function storedAttendees(tx: Executor, logIds: string[]): Promise<Map<string, unknown[]>> {
  const byLog = new Map<string, unknown[]>();
  for (let i = 0; i < logIds.length; i += 1000) {
    const found = await tx.select().from(magAttendees).where(inArray(magAttendees.magLogId, logIds.slice(i, i + 1000))).orderBy(magAttendees.personId);
    for (const { magLogId, ...a } of found) byLog.set(magLogId, [...(byLog.get(magLogId) ?? []), a]);
  }
  return byLog;
}

/** A log's attendees: the copies the file carries, or copies of the people's records when it has none. */
function magAttendeeRows(
  p: Planned<'magLogs'>,
  resolve: (id: string) => string,
  clientAfter: ClientAfter,
  carerName: Map<string, string>,
  stored: Stored,
): AttendeeRow[] {
  const clientArchived = (id: string) => clientAfter(id)?.archived ?? 'N';
  const carerArchived = (id: string) => stored.carers.get(id)?.archived ?? 'N';
  return [
    ...p.data.clients.map((a) => {
      const personId = resolve(a.id);
      const client = clientAfter(personId);
      return {
        magLogId: p.id,
        personId,
        kind: 'client',
        name: a.name ?? client!.name,
        archived: a.archived ?? clientArchived(personId),
        address: a.address ?? (client ? addressWithDeprivationFromRow({ streetAddress: client.streetAddress, locality: client.locality, county: client.county, postCode: client.postCode, deprivationIncome: client.deprivationIncome, deprivationHealth: client.deprivationHealth }) : null),
      };
    }),
    ...(['mps', 'volunteers'] as const).flatMap((list) =>
      p.data[list].map((a) => {
        const personId = resolve(a.id);
        return { magLogId: p.id, personId, kind: list === 'mps' ? 'mp' : 'volunteer', name: a.name ?? carerName.get(personId)!, archived: a.archived ?? carerArchived(personId), address: null };
      }),
    ),
  ];
}
