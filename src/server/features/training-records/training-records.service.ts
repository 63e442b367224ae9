import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { TrainingRecordData } from '@/shared/schemas/compliance';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { trainingRecords } from '@/server/db/schema/compliance';
import { carers } from '@/server/db/schema/people';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { checkVersion, notFound } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';
import { type TrainingRecord, trainingRecordFromRow } from '@/server/records/training-records.mappers';

type TrainingRecordRow = typeof trainingRecords.$inferSelect;

/** Identifies a record by its owner too, so an id never reaches another carer's record. */
interface RecordRef {
  ownerId: string;
  id: string;
}

function ownedBy({ ownerId, id }: RecordRef) {
  return and(eq(trainingRecords.id, id), eq(trainingRecords.ownerId, ownerId));
}

function trainingRecordColumns(data: TrainingRecordData) {
  return {
    archived: data.archived,
    expiryDate: data.expiryDate,
    recordName: data.details.recordName,
    notes: data.details.notes,
  };
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

async function lockRecord(tx: Executor, ref: RecordRef): Promise<TrainingRecordRow> {
  const [row] = await tx.select().from(trainingRecords).where(ownedBy(ref)).for('update');
  if (!row) throw notFound('Training record');
  return row;
}

/** Every record (or only those not archived), newest first like the other lists. */
export async function listTrainingRecords(db: Executor, { includeArchived }: { includeArchived: boolean }): Promise<TrainingRecord[]> {
  const rows = await selectRowsAsJson(db, trainingRecords, includeArchived ? undefined : eq(trainingRecords.archived, 'N'), [
    desc(trainingRecords.createdAt),
    desc(trainingRecords.id),
  ]);
  return rows.map(trainingRecordFromRow);
}

/** Records not archived that expire on or before the date ("expiring by"), soonest first; none without an expiry date. */
export async function listTrainingRecordsExpiringBy(db: Executor, date: string): Promise<TrainingRecord[]> {
  const rows = await db
    .select()
    .from(trainingRecords)
    .where(and(eq(trainingRecords.archived, 'N'), lte(trainingRecords.expiryDate, date)))
    .orderBy(asc(trainingRecords.expiryDate), asc(trainingRecords.name), asc(trainingRecords.id));
  return rows.map(trainingRecordFromRow);
}

export async function getTrainingRecord(db: Executor, ref: RecordRef): Promise<TrainingRecord> {
  const [row] = await db.select().from(trainingRecords).where(ownedBy(ref));
  if (!row) throw notFound('Training record');
  return trainingRecordFromRow(row);
}

/** Adds a record for an MP or volunteer, carrying the owner's name. */
export async function createTrainingRecord(ctx: ServiceContext, data: TrainingRecordData): Promise<TrainingRecord> {
  const id = newId('t');
  return ctx.db.transaction(async (tx) => {
    const name = await ownerName(tx, data.ownerId);
    const [row] = await tx
      .insert(trainingRecords)
      .values({ id, ownerId: data.ownerId, name, ...trainingRecordColumns(data) })
      .returning();
    const record = trainingRecordFromRow(row!);
    await recordAudit(tx, ctx.actor, 'trainingRecords.create', id, diffRecords({}, record));
    return record;
  });
}

/** Updates type, expiry, notes and archived; the owner and the name copy stay as they are. */
export async function updateTrainingRecord(ctx: ServiceContext, input: TrainingRecordData & RecordRef & { version?: number }) {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockRecord(tx, input);
    checkVersion(stored, input.version);
    const [row] = await tx
      .update(trainingRecords)
      .set({ ...trainingRecordColumns(input), version: stored.version + 1, updatedAt: new Date() })
      .where(eq(trainingRecords.id, input.id))
      .returning();
    const record = trainingRecordFromRow(row!);
    await recordAudit(tx, ctx.actor, 'trainingRecords.update', input.id, diffRecords(trainingRecordFromRow(stored), record));
    return record;
  });
}

export async function deleteTrainingRecord(ctx: ServiceContext, input: RecordRef & { version?: number }) {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockRecord(tx, input);
    checkVersion(stored, input.version);
    await tx.delete(trainingRecords).where(eq(trainingRecords.id, input.id));
    await recordAudit(tx, ctx.actor, 'trainingRecords.delete', input.id, diffRecords(trainingRecordFromRow(stored), {}));
    return { id: input.id };
  });
}
