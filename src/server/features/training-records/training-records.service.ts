import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { TrainingRecordData } from '@/shared/schemas/compliance';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { trainingRecords } from '@/server/db/schema/training';
import { carers } from '@/server/db/schema/people';
import { notFound } from '@/server/records/record-errors';
import { createRecord, deleteUnlessReferenced, type RecordKind, type RecordRef, saveNextVersion, updateRecord } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { type TrainingRecord, trainingRecordColumns, trainingRecordFromRow } from '@/server/records/training-records.mappers';

/** Identifies a record by its owner too, so an id never reaches another carer's record. */
interface OwnedRef extends RecordRef {
  ownerId: string;
}

function ownedBy({ ownerId, id }: OwnedRef) {
  return and(eq(trainingRecords.id, id), eq(trainingRecords.ownerId, ownerId));
}

/**
 * The owner's name, with the owner locked against a rename until the transaction ends, so the copy
 * on the record cannot miss a rename made at the same moment.
 */
async function ownerName(tx: Executor, ownerId: string): Promise<string> {
  const [owner] = await tx.select({ name: carers.name }).from(carers).where(eq(carers.id, ownerId)).for('share');
  if (!owner) throw notFound('MP or volunteer');
  return owner.name;
}

/** The training records of one owner: every change is confined to them. */
function recordsOf(ownerId: string): RecordKind<typeof trainingRecords, TrainingRecord> {
  return { table: trainingRecords, label: 'Training record', scope: eq(trainingRecords.ownerId, ownerId), view: (_tx, row) => trainingRecordFromRow(row) };
}

/** Every record (or only those not archived), newest first like the other lists. */
export async function listTrainingRecords({ db }: RecordContext, { includeArchived }: { includeArchived: boolean }): Promise<TrainingRecord[]> {
  const rows = await selectRowsAsJson(db, trainingRecords, includeArchived ? undefined : eq(trainingRecords.archived, 'N'), [
    desc(trainingRecords.createdAt),
    desc(trainingRecords.id),
  ]);
  return rows.map(trainingRecordFromRow);
}

/** Records not archived that expire on or before the date ("expiring by"), soonest first; none without an expiry date. */
export async function listTrainingRecordsExpiringBy({ db }: RecordContext, { date }: { date: string }): Promise<TrainingRecord[]> {
  const rows = await db
    .select()
    .from(trainingRecords)
    .where(and(eq(trainingRecords.archived, 'N'), lte(trainingRecords.expiryDate, date)))
    .orderBy(asc(trainingRecords.expiryDate), asc(trainingRecords.name), asc(trainingRecords.id));
  return rows.map(trainingRecordFromRow);
}

export async function getTrainingRecord({ db }: RecordContext, ref: OwnedRef): Promise<TrainingRecord> {
  const [row] = await db.select().from(trainingRecords).where(ownedBy(ref));
  if (!row) throw notFound('Training record');
  return trainingRecordFromRow(row);
}

/** Adds a record for an MP or volunteer, carrying the owner's name. */
export function createTrainingRecord(ctx: RecordContext, data: TrainingRecordData): Promise<TrainingRecord> {
  return createRecord(ctx, recordsOf(data.ownerId), 'trainingRecords.create', async (tx) => ({
    id: newId('t'),
    ownerId: data.ownerId,
    name: await ownerName(tx, data.ownerId),
    ...trainingRecordColumns(data),
  }));
}

/** Updates type, expiry, notes and archived; the owner and the name copy stay as they are. */
export function updateTrainingRecord(ctx: RecordContext, input: TrainingRecordData & OwnedRef) {
  return updateRecord(ctx, recordsOf(input.ownerId), input, 'trainingRecords.update', (tx, stored) => saveNextVersion(tx, trainingRecords, stored, trainingRecordColumns(input)));
}

export function deleteTrainingRecord(ctx: RecordContext, input: OwnedRef) {
  return deleteUnlessReferenced(ctx, recordsOf(input.ownerId), input, 'trainingRecords.delete');
}
