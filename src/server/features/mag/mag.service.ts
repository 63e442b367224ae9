import { asc, desc, eq, inArray } from 'drizzle-orm';
import { CARER_KIND_LABELS, type CarerKind } from '@/shared/carer-kind';
import type { MagLogData } from '@/shared/schemas/compliance';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { carers, clients } from '@/server/db/schema/people';
import { addressWithDeprivationFromRow } from '@/server/records/address.mappers';
import { notFound } from '@/server/records/record-errors';
import { createRecord, deleteUnlessReferenced, type RecordKind, type RecordRef, saveNextVersion, updateRecord } from '@/server/records/record-lifecycle';
import { onlyReadable } from '@/server/records/role-views';
import type { RecordContext } from '@/server/records/service-context';
import { type MagLog, magLogColumns, magLogFromRows } from '@/server/records/mag.mappers';

type MagLogRow = typeof magLogs.$inferSelect;
type AttendeeRow = typeof magAttendees.$inferSelect;
type AttendeeKind = 'client' | CarerKind;

const LABEL: Record<AttendeeKind, string> = { client: 'Client', ...CARER_KIND_LABELS };

interface Listed {
  kind: AttendeeKind;
  id: string;
}

function listedAttendees(data: MagLogData): Listed[] {
  return [
    ...data.clients.map(({ id }) => ({ kind: 'client' as const, id })),
    ...data.mps.map(({ id }) => ({ kind: 'mp' as const, id })),
    ...data.volunteers.map(({ id }) => ({ kind: 'volunteer' as const, id })),
  ];
}

/** Attendees are listed by name wherever a log is read. */
const BY_NAME = [asc(magAttendees.name), asc(magAttendees.personId)];

async function attendeesOf(db: Executor, magLogId: string): Promise<AttendeeRow[]> {
  return db.select().from(magAttendees).where(eq(magAttendees.magLogId, magLogId)).orderBy(...BY_NAME);
}

async function fullMagLog(db: Executor, row: MagLogRow): Promise<MagLog> {
  return magLogFromRows(row, await attendeesOf(db, row.id));
}

/**
 * Copies of each attendee's name, archived flag and (for clients) address, taken from their records
 * now; an id with no record is refused.
 */
async function copyFromRecords(tx: Executor, magLogId: string, listed: Listed[]): Promise<AttendeeRow[]> {
  const clientIds = listed.filter((a) => a.kind === 'client').map((a) => a.id);
  const carerIds = listed.filter((a) => a.kind !== 'client').map((a) => a.id);
  const clientRows = clientIds.length ? await tx.select().from(clients).where(inArray(clients.id, clientIds)) : [];
  const carerRows = carerIds.length
    ? await tx.select({ id: carers.id, name: carers.name, archived: carers.archived }).from(carers).where(inArray(carers.id, carerIds))
    : [];
  const found = new Map<string, Pick<AttendeeRow, 'name' | 'archived' | 'address'>>();
  for (const row of clientRows) found.set(row.id, { name: row.name, archived: row.archived, address: addressWithDeprivationFromRow(row) });
  for (const row of carerRows) found.set(row.id, { name: row.name, archived: row.archived, address: null });
  return listed.map(({ kind, id }) => {
    const person = found.get(id);
    if (!person) throw notFound(`${LABEL[kind]} ${id}`);
    return { magLogId, personId: id, kind, ...person };
  });
}

/**
 * The attendee rows a save should leave. People already on the log keep the copy they have (they may
 * since have been renamed or deleted); people added now are copied from their records.
 */
async function attendeeRows(tx: Executor, magLogId: string, data: MagLogData, kept: AttendeeRow[] = []): Promise<AttendeeRow[]> {
  const keptById = new Map(kept.map((a) => [a.personId, a]));
  const listed = listedAttendees(data);
  const added = await copyFromRecords(tx, magLogId, listed.filter((a) => !keptById.has(a.id)));
  return [...listed.flatMap((a) => keptById.get(a.id) ?? []), ...added];
}

async function saveAttendees(tx: Executor, rows: AttendeeRow[]): Promise<void> {
  if (rows.length) await tx.insert(magAttendees).values(rows);
}

const MAG_LOG: RecordKind<typeof magLogs, MagLog> = { table: magLogs, label: 'MAG log', view: fullMagLog };

/** Attendee lists name people: a role sees only those it may read (Finance reads MAG logs but not MPs). */
const ATTENDEE_LISTS = { clients: 'clients', mps: 'mps', volunteers: 'volunteers' } as const;

/** Every MAG log, newest session first, with the attendees the role may read. */
export async function listMagLogs({ db, actor }: RecordContext): Promise<MagLog[]> {
  const rows = await db.select().from(magLogs).orderBy(desc(magLogs.date), desc(magLogs.createdAt), desc(magLogs.id));
  const byLog = new Map<string, AttendeeRow[]>();
  for (const attendee of await db.select().from(magAttendees).orderBy(...BY_NAME)) {
    byLog.set(attendee.magLogId, [...(byLog.get(attendee.magLogId) ?? []), attendee]);
  }
  return rows.map((row) => onlyReadable(actor.role, magLogFromRows(row, byLog.get(row.id) ?? []), ATTENDEE_LISTS));
}

export async function getMagLog({ db, actor }: RecordContext, { id }: { id: string }): Promise<MagLog> {
  const [row] = await db.select().from(magLogs).where(eq(magLogs.id, id));
  if (!row) throw notFound('MAG log');
  return onlyReadable(actor.role, await fullMagLog(db, row), ATTENDEE_LISTS);
}

export function createMagLog(ctx: RecordContext, data: MagLogData): Promise<MagLog> {
  const id = newId('g');
  return createRecord(ctx, MAG_LOG, 'mag.create', () => ({ id, ...magLogColumns(data) }), async (tx) => saveAttendees(tx, await attendeeRows(tx, id, data)));
}

export function updateMagLog(ctx: RecordContext, input: MagLogData & RecordRef): Promise<MagLog> {
  return updateRecord(ctx, MAG_LOG, input, 'mag.update', async (tx, stored) => {
    const attendees = await attendeeRows(tx, stored.id, input, await attendeesOf(tx, stored.id));
    const row = await saveNextVersion(tx, magLogs, stored, magLogColumns(input));
    await tx.delete(magAttendees).where(eq(magAttendees.magLogId, stored.id));
    await saveAttendees(tx, attendees);
    return row;
  });
}

/** Deletes a MAG log with its attendance; the people themselves are untouched. */
export function deleteMagLog(ctx: RecordContext, input: RecordRef) {
  return deleteUnlessReferenced(ctx, MAG_LOG, input, 'mag.delete');
}
