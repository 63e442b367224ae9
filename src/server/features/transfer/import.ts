import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LOCALITIES, SERVICES } from '@/shared/constants';
import { ID_PREFIX, TRANSFER_KINDS, TRANSFER_RECORDS, type TransferKind, type TransferRecord } from '@/shared/schemas/transfer';
import type { Database, Executor } from '@/server/db/client';
import { type IdPrefix, newId } from '@/server/db/ids';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs, trainingRecords } from '@/server/db/schema/compliance';
import { carers, clients, notes } from '@/server/db/schema/people';
import { addressWithDeprivationFromRow } from '@/server/records/address.mappers';
import { type ClientAddress, packageColumns, requestColumns } from '@/server/records/care.mappers';
import { magLogColumns } from '@/server/records/mag.mappers';
import { carerColumns, clientColumns } from '@/server/records/people.mappers';
import { getComplianceSettings } from '@/server/records/carer-compliance';
import { trainingRecordColumns } from '@/server/records/training-records.mappers';
import { recordAudit } from '@/server/records/audit-trail';
import { archivedAtAfter } from '@/server/records/people-rules';
import type { RecordTable } from '@/server/records/record-lifecycle';

// Importing a whole export, or the records of a spreadsheet, in one transaction: every record is checked
// by the schemas the services use, every reference against the file and the database, and nothing is
// written unless all of it is right. Writes are bulk inserts in chunks, not one service call per record.

import type { ImportCounts, ImportIssue, ImportPreview, KindCounts } from '@/shared/import-api';

export type { ImportCounts, ImportIssue, ImportPreview, KindCounts };

/** What to do with a record already in the database (same id, or a likely duplicate): leave it, or overwrite it. */
export interface ImportOptions {
  onDuplicate: 'skip' | 'update';
}

/** The records to import, by kind; each record as the API reads it (unchecked: the import checks them). */
export type ImportRecords = Partial<Record<TransferKind, unknown[]>>;

/** Who imports, as the audit trail names them. */
export type ImportActor = Parameters<typeof recordAudit>[1];

/**
 * The file cannot be read as records at all (empty, not JSON, an array of unknown kind, a spreadsheet
 * that is not one, …): every file parser throws it, with a message for the person who chose the file.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** The import was refused; `problems` says why, record by record. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
  constructor(readonly problems: ImportIssue[]) {
    super(`The import was refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}, nothing was written.\n${problems.map(describeIssue).join('\n')}`);
  }
}

/** "clients record 3 (c123), details.address.postCode: Post code is required" */
export function describeIssue(issue: ImportIssue): string {
  return `${issue.kind} record ${issue.index}${issue.id ? ` (${issue.id})` : ''}${issue.column ? `, ${issue.column}` : ''}: ${issue.message}`;
}

type Action = 'create' | 'update' | 'skip';

interface Planned<K extends TransferKind> {
  kind: K;
  index: number;
  /** The id it has in the database once imported (a likely duplicate's is the existing record's). */
  id: string;
  data: TransferRecord<K>;
  action: Action;
}

type PlannedAll = { [K in TransferKind]: Planned<K>[] };

const PEOPLE = ['clients', 'mps', 'volunteers'] as const;
type PersonKindName = (typeof PEOPLE)[number];

const TABLE: Record<TransferKind, RecordTable> = {
  clients,
  mps: carers,
  volunteers: carers,
  requests,
  packages,
  trainingRecords,
  magLogs,
};

const LABEL: Record<TransferKind, string> = {
  clients: 'client',
  mps: 'MP',
  volunteers: 'volunteer',
  requests: 'request',
  packages: 'package',
  trainingRecords: 'training record',
  magLogs: 'MAG log',
};

const locality = new Set<string>(LOCALITIES);
const service = new Set<string>(SERVICES);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Puts Other for a locality or service the lists do not have (the current system's data may hold old
 * ones), warning about each; the record is changed in place, a copy of the file's.
 */
function otherForUnknown(kind: TransferKind, index: number, record: Record<string, unknown>, warn: (issue: ImportIssue) => void) {
  const id = typeof record.id === 'string' ? record.id : undefined;
  const fixAddress = (address: unknown, column: string) => {
    if (isObject(address) && typeof address.locality === 'string' && !locality.has(address.locality.trim())) {
      warn({ kind, index, id, column, message: `Locality "${address.locality}" is not in the list: imported as Other` });
      address.locality = 'Other';
    }
  };
  const details = record.details;
  if (isObject(details)) {
    fixAddress(details.address, 'details.address.locality');
    if (Array.isArray(details.services)) {
      details.services = details.services.map((name: unknown, i) => {
        if (typeof name !== 'string' || service.has(name)) return name;
        warn({ kind, index, id, column: `details.services.${i}`, message: `Service "${name}" is not in the list: imported as Other` });
        return 'Other';
      });
    }
  }
  if (kind === 'magLogs' && Array.isArray(record.clients)) {
    record.clients.forEach((attendee: unknown, i) => isObject(attendee) && fixAddress(attendee.address, `clients.${i}.address.locality`));
  }
}

/** Value equality for stored values: key order does not count (JSON columns reorder keys). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) && !(v instanceof Date) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** A likely duplicate is the same person: same name (case and spacing aside) and date of birth. */
function personKey(name: string, dateOfBirth: string | null): string | undefined {
  return dateOfBirth ? `${name.trim().toLowerCase().replace(/\s+/g, ' ')}|${dateOfBirth}` : undefined;
}

type ClientRow = typeof clients.$inferSelect;
type CarerRow = typeof carers.$inferSelect;

/** What the database holds that an import checks against. */
interface Stored {
  clients: Map<string, ClientRow>;
  carers: Map<string, CarerRow>;
  /** Request id → client id. */
  requests: Map<string, string>;
  /** Package id → request id. */
  packages: Map<string, string>;
  ids: Record<'trainingRecords' | 'magLogs', Set<string>>;
  /** Training record id by owner, type and expiry date: a record without an id that has all three is the same. */
  trainingRecordKeys: Map<string, string>;
}

async function loadStored(db: Executor): Promise<Stored> {
  const clientRows = await selectRowsAsJson(db, clients, undefined, [asc(clients.id)]);
  const carerRows = await selectRowsAsJson(db, carers, undefined, [asc(carers.id)]);
  const requestRows = await db.select({ id: requests.id, clientId: requests.clientId }).from(requests);
  const packageRows = await db.select({ id: packages.id, requestId: packages.requestId }).from(packages);
  const logIds = await db.select({ id: magLogs.id }).from(magLogs);
  const recordRows = await db
    .select({ id: trainingRecords.id, ownerId: trainingRecords.ownerId, recordName: trainingRecords.recordName, expiryDate: trainingRecords.expiryDate })
    .from(trainingRecords);
  return {
    clients: new Map(clientRows.map((r) => [r.id, r])),
    carers: new Map(carerRows.map((r) => [r.id, r])),
    requests: new Map(requestRows.map((r) => [r.id, r.clientId])),
    packages: new Map(packageRows.map((r) => [r.id, r.requestId])),
    ids: { trainingRecords: new Set(recordRows.map((r) => r.id)), magLogs: new Set(logIds.map((r) => r.id)) },
    trainingRecordKeys: new Map(recordRows.map((r) => [trainingRecordKey(r.ownerId, r.recordName, r.expiryDate ?? ''), r.id])),
  };
}

function trainingRecordKey(ownerId: string, recordName: string, expiryDate: string): string {
  return `${ownerId}|${recordName}|${expiryDate}`;
}

function isStored(stored: Stored, kind: TransferKind, id: string): boolean {
  if (kind === 'clients') return stored.clients.has(id);
  if (kind === 'mps' || kind === 'volunteers') return stored.carers.has(id);
  if (kind === 'requests') return stored.requests.has(id);
  if (kind === 'packages') return stored.packages.has(id);
  return stored.ids[kind].has(id);
}

/** The stored people a new record may duplicate: by custom ID (clients) and by name and date of birth. */
function duplicateIndex(stored: Stored) {
  const byCustomId = new Map<string, string>();
  const byPerson = new Map<string, string>();
  for (const row of stored.clients.values()) {
    if (row.customId) byCustomId.set(`c|${row.customId.trim().toLowerCase()}`, row.id);
    const key = personKey(row.name, row.dateOfBirth);
    if (key) byPerson.set(`c|${key}`, row.id);
  }
  for (const row of stored.carers.values()) {
    const key = personKey(row.name, row.dateOfBirth);
    if (key) byPerson.set(`${row.id[0]}|${key}`, row.id);
  }
  return (kind: PersonKindName, data: TransferRecord<PersonKindName>): { id: string; why: string } | undefined => {
    const prefix = ID_PREFIX[kind];
    const customId = kind === 'clients' ? (data as TransferRecord<'clients'>).details.customId : '';
    const sameCustomId = customId ? byCustomId.get(`c|${customId.trim().toLowerCase()}`) : undefined;
    if (sameCustomId) return { id: sameCustomId, why: `the same custom ID (${customId})` };
    const key = personKey(data.details.name, data.dateOfBirth || null);
    const samePerson = key ? byPerson.get(`${prefix}|${key}`) : undefined;
    return samePerson ? { id: samePerson, why: 'the same name and date of birth' } : undefined;
  };
}

/** Checks every record and decides what happens to it; nothing is written. */
async function planImport(db: Executor, records: ImportRecords, options: ImportOptions) {
  const problems: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const stored = await loadStored(db);
  const duplicateOf = duplicateIndex(stored);
  /** Ids in the file that stand for a record already stored under another id (a likely duplicate). */
  const sameAs = new Map<string, string>();
  /** Every id the file holds, valid or not, so a reference to a record with problems is not reported twice. */
  const inFile: Record<TransferKind, Set<string>> = Object.fromEntries(TRANSFER_KINDS.map((k) => [k, new Set<string>()])) as never;
  const planned = Object.fromEntries(TRANSFER_KINDS.map((k) => [k, []])) as unknown as PlannedAll;

  for (const kind of TRANSFER_KINDS) {
    const list = records[kind] ?? [];
    const seen = new Map<string, number>();
    list.forEach((raw, i) => {
      const index = i + 1;
      const rawId = isObject(raw) && typeof raw.id === 'string' ? raw.id : undefined;
      if (!isObject(raw)) {
        problems.push({ kind, index, column: '', message: `Not a ${LABEL[kind]} record` });
        return;
      }
      const copy = structuredClone(raw);
      otherForUnknown(kind, index, copy, (w) => warnings.push(w));
      const parsed = TRANSFER_RECORDS[kind].safeParse(copy);
      if (rawId) inFile[kind].add(rawId);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push({ kind, index, id: rawId, column: issue.path.join('.'), message: issue.message });
        return;
      }
      const data = parsed.data as TransferRecord<typeof kind>;
      if (rawId !== undefined) {
        const first = seen.get(rawId);
        if (first !== undefined) {
          problems.push({ kind, index, id: rawId, column: 'id', message: `The same id as ${LABEL[kind]} record ${first}` });
          return;
        }
        seen.set(rawId, index);
      }
      let id = data.id ?? newId(ID_PREFIX[kind] as IdPrefix);
      let existing = isStored(stored, kind, id);
      if (!existing && (PEOPLE as readonly string[]).includes(kind)) {
        const duplicate = duplicateOf(kind as PersonKindName, data as TransferRecord<PersonKindName>);
        if (duplicate) {
          warnings.push({ kind, index, id: rawId, column: '', message: `Likely the same ${LABEL[kind]} as ${duplicate.id} (${duplicate.why}): ${options.onDuplicate === 'skip' ? 'skipped' : 'updated'}` });
          if (rawId) sameAs.set(rawId, duplicate.id);
          id = duplicate.id;
          existing = true;
        }
      }
      if (!existing && kind === 'trainingRecords' && data.id === undefined) {
        const record = data as TransferRecord<'trainingRecords'>;
        const same = stored.trainingRecordKeys.get(trainingRecordKey(sameAs.get(record.ownerId) ?? record.ownerId, record.details.recordName, record.expiryDate));
        if (same) {
          warnings.push({ kind, index, column: '', message: `Likely the same training record as ${same} (the same person, type and expiry date): ${options.onDuplicate === 'skip' ? 'skipped' : 'updated'}` });
          id = same;
          existing = true;
        }
      }
      const action: Action = existing ? (options.onDuplicate === 'update' ? 'update' : 'skip') : 'create';
      if (action === 'update') {
        const moved = movedParent(kind, id, data, stored, sameAs);
        if (moved) problems.push({ kind, index, id: rawId, column: moved.column, message: moved.message });
      }
      (planned[kind] as Planned<typeof kind>[]).push({ kind, index, id, data, action });
    });
  }

  checkReferences(planned, stored, inFile, problems);
  return { problems, warnings, planned, stored, sameAs };
}

/**
 * A stored request keeps its client and a package its request, as the services insist (a change of either
 * is a new request or package): an update that would move one is a problem.
 */
function movedParent(kind: TransferKind, id: string, data: TransferRecord<TransferKind>, stored: Stored, sameAs: Map<string, string>) {
  if (kind === 'requests') {
    const clientId = (data as TransferRecord<'requests'>).clientId;
    const storedClient = stored.requests.get(id);
    if (storedClient !== (sameAs.get(clientId) ?? clientId)) return { column: 'clientId', message: `The client of a request cannot be changed (it is ${storedClient})` };
  }
  if (kind === 'packages') {
    const storedRequest = stored.packages.get(id);
    if (storedRequest !== (data as TransferRecord<'packages'>).requestId) return { column: 'requestId', message: `The request of a package cannot be changed (it is ${storedRequest})` };
  }
  return undefined;
}

/** Every reference must name a record in the file or the database (of the right kind). */
function checkReferences(planned: PlannedAll, stored: Stored, inFile: Record<TransferKind, Set<string>>, problems: ImportIssue[]) {
  const known = (kinds: TransferKind[], id: string) => kinds.some((k) => inFile[k].has(id) || isStored(stored, k, id));
  const check = (p: Planned<TransferKind>, column: string, kinds: TransferKind[], id: string, what: string) => {
    if (!known(kinds, id)) problems.push({ kind: p.kind, index: p.index, id: p.data.id, column, message: `No ${what} ${id} in the file or the database` });
  };
  for (const p of planned.requests) check(p, 'clientId', ['clients'], p.data.clientId, 'client');
  for (const p of planned.packages) {
    check(p, 'requestId', ['requests'], p.data.requestId, 'request');
    check(p, 'carerId', ['mps', 'volunteers'], p.data.carerId, 'MP or volunteer');
  }
  for (const p of planned.trainingRecords) check(p, 'ownerId', ['mps', 'volunteers'], p.data.ownerId, 'MP or volunteer');
  for (const p of planned.magLogs) {
    const lists = [
      ['clients', 'clients', 'client'],
      ['mps', 'mps', 'MP'],
      ['volunteers', 'volunteers', 'volunteer'],
    ] as const;
    for (const [list, kind, what] of lists) {
      p.data[list].forEach((attendee, i) => {
        // A log keeps its copy of someone later deleted: with the name copied, it stands without the record.
        if (attendee.name === undefined) check(p, `${list}.${i}.id`, [kind], attendee.id, what);
      });
    }
  }
}

function countActions(planned: PlannedAll): ImportCounts {
  return Object.fromEntries(
    TRANSFER_KINDS.map((kind) => {
      const counts: KindCounts = { create: 0, update: 0, skip: 0 };
      for (const p of planned[kind]) counts[p.action] += 1;
      return [kind, counts];
    }),
  ) as ImportCounts;
}

/** What an import would do, with every problem it has; nothing is written. */
export async function previewImport(db: Database, records: ImportRecords, options: ImportOptions): Promise<ImportPreview> {
  return db.transaction(async (tx) => {
    const plan = await planImport(tx, records, options);
    const rows = plan.problems.length ? undefined : await buildRows(tx, plan);
    return { problems: plan.problems, warnings: plan.warnings, counts: countActions(rows?.planned ?? plan.planned) };
  });
}

/**
 * Imports the records in one transaction, or nothing when there is any problem (ImportRefusedError).
 * Audited once, with the counts, as `transfer.import`.
 */
export async function commitImport(db: Database, actor: ImportActor, records: ImportRecords, options: ImportOptions): Promise<ImportPreview> {
  return db.transaction(async (tx) => {
    const plan = await planImport(tx, records, options);
    if (plan.problems.length) throw new ImportRefusedError(plan.problems);
    const rows = await buildRows(tx, plan);
    await writeRows(tx, rows);
    const counts = countActions(rows.planned);
    await recordAudit(tx, actor, 'transfer.import', null, { counts, onDuplicate: options.onDuplicate, warnings: plan.warnings.length });
    return { problems: [], warnings: plan.warnings, counts };
  });
}

type NoteRow = typeof notes.$inferInsert;
type AttendeeRow = typeof magAttendees.$inferInsert;

interface Rows {
  planned: PlannedAll;
  /** Rows to insert, and to overwrite (by id), per table. */
  inserts: Map<PgTable, Record<string, unknown>[]>;
  updates: { table: RecordTable; id: string; columns: Record<string, unknown> }[];
  /** Owners whose notes (people) or attendees (logs) are replaced by the file's. */
  notes: { owner: { clientId: string } | { carerId: string }; rows: NoteRow[] }[];
  attendees: { magLogId: string; rows: AttendeeRow[] }[];
}

/**
 * The columns each record is stored with, worked out as the services do (a request's client's address
 * when it has none, a package's client's name when unnamed, a training record's owner's name); an update
 * that would change nothing is a skip, so importing the same file again writes nothing.
 */
async function buildRows(tx: Executor, plan: Awaited<ReturnType<typeof planImport>>): Promise<Rows> {
  const { dbsRecheckYears } = await getComplianceSettings(tx);
  const { planned, stored, sameAs } = plan;
  const resolve = (id: string) => sameAs.get(id) ?? id;
  const now = new Date();

  // What people look like after the import: the file's version unless it is skipped.
  const clientAfter = new Map<string, ClientAddress & { name: string }>();
  for (const row of stored.clients.values()) clientAfter.set(row.id, row);
  for (const p of planned.clients) if (p.action !== 'skip') clientAfter.set(p.id, clientColumns(p.data));
  const carerName = new Map<string, string>();
  for (const row of stored.carers.values()) carerName.set(row.id, row.name);
  for (const p of [...planned.mps, ...planned.volunteers]) if (p.action !== 'skip') carerName.set(p.id, p.data.details.name);
  const requestClient = new Map(stored.requests);
  for (const p of planned.requests) if (p.action !== 'skip') requestClient.set(p.id, resolve(p.data.clientId));

  const rows: Rows = { planned, inserts: new Map(), updates: [], notes: [], attendees: [] };
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
      before: Map<string, unknown[]>;
      of: (p: Planned<K>) => { compare: unknown[]; save: () => void };
    },
  ) => {
    const table = TABLE[list[0]?.kind ?? 'clients'];
    const before = await storedRows(table, list as Planned<TransferKind>[]);
    for (const p of list) {
      if (p.action === 'skip') continue;
      if (p.action === 'create') {
        insert(table, { id: p.id, ...columnsOf(p), version: p.data.version ?? 1 });
        children?.of(p).save();
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
    { before: await storedNotes(notes.clientId, planned.clients), of: (p) => personNotes({ clientId: p.id }, p.data.details.notes) },
  );
  for (const kind of ['mps', 'volunteers'] as const) {
    await place(
      planned[kind],
      (p, old) => ({
        ...carerColumns(p.data, dbsRecheckYears, old as CarerRow | undefined),
        archivedAt: old ? archivedAtAfter(old as CarerRow, p.data.archived) : p.data.archived === 'Y' ? now : null,
        ...(old ? {} : { anonymisedAt: p.data.anonymised ? now : null }),
      }),
      { before: await storedNotes(notes.carerId, planned[kind]), of: (p) => personNotes({ carerId: p.id }, p.data.details.notes) },
    );
  }
  await place(planned.requests, (p) => {
    const clientId = resolve(p.data.clientId);
    return { clientId, ...requestColumns({ ...p.data, clientId }, clientAfter.get(clientId)!) };
  });
  await place(planned.packages, (p) => {
    const carerId = resolve(p.data.carerId);
    return { ...packageColumns({ ...p.data, carerId }, clientAfter.get(requestClient.get(p.data.requestId)!)!.name) };
  });
  await place(planned.trainingRecords, (p) => {
    const ownerId = resolve(p.data.ownerId);
    return { ownerId, name: carerName.get(ownerId)!, ...trainingRecordColumns(p.data) };
  });
  await place(planned.magLogs, (p) => magLogColumns(p.data), {
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
  clientAfter: Map<string, ClientAddress & { name: string; archived?: string }>,
  carerName: Map<string, string>,
  stored: Stored,
): AttendeeRow[] {
  const clientArchived = (id: string) => clientAfter.get(id)?.archived ?? stored.clients.get(id)?.archived ?? 'N';
  const carerArchived = (id: string) => stored.carers.get(id)?.archived ?? 'N';
  return [
    ...p.data.clients.map((a) => {
      const personId = resolve(a.id);
      const client = clientAfter.get(personId);
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

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const PARAMETERS_PER_INSERT = 30_000;

async function insertInChunks(tx: Executor, table: PgTable, list: Record<string, unknown>[]) {
  if (list.length === 0) return;
  const size = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(list[0]!).length));
  for (let i = 0; i < list.length; i += size) await tx.insert(table).values(list.slice(i, i + size) as never);
}

/** Parents before children: people, requests, packages, training records, logs; then notes and attendees. */
const WRITE_ORDER: PgTable[] = [clients, carers, requests, packages, trainingRecords, magLogs];

async function writeRows(tx: Executor, rows: Rows) {
  for (const table of WRITE_ORDER) await insertInChunks(tx, table, rows.inserts.get(table) ?? []);
  // After the inserts: an updated record may now refer to a new one.
  for (const { table, id, columns } of rows.updates) {
    await tx.update(table).set(columns as never).where(eq(table.id, id));
    // Training records carry their owner's name, and follow a rename as they do through Edit name.
    if (table === carers) await tx.update(trainingRecords).set({ name: columns.name as string, updatedAt: new Date() }).where(and(eq(trainingRecords.ownerId, id), ne(trainingRecords.name, columns.name as string)));
  }
  for (const { owner } of rows.notes) {
    await tx.delete(notes).where('clientId' in owner ? eq(notes.clientId, owner.clientId) : eq(notes.carerId, owner.carerId));
  }
  await insertInChunks(tx, notes, rows.notes.flatMap((n) => n.rows));
  for (const { magLogId } of rows.attendees) await tx.delete(magAttendees).where(eq(magAttendees.magLogId, magLogId));
  await insertInChunks(tx, magAttendees, rows.attendees.flatMap((a) => a.rows));
}
