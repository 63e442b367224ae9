import type { TrainingRecordData } from '@/shared/schemas/compliance';
import type { trainingRecords } from '@/server/db/schema/training';

/** A training record in the shape of spec §3. */
export function trainingRecordFromRow(row: typeof trainingRecords.$inferSelect) {
  return {
    id: row.id,
    ownerId: row.ownerId,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    expiryDate: row.expiryDate ?? '',
    details: { name: row.name, recordName: row.recordName as TrainingRecordData['details']['recordName'], notes: row.notes },
  };
}
export type TrainingRecord = ReturnType<typeof trainingRecordFromRow>;

/** The stored columns of a record's own fields (its owner and the copy of their name are set apart). */
export function trainingRecordColumns(data: TrainingRecordData) {
  return {
    archived: data.archived,
    expiryDate: data.expiryDate || null,
    recordName: data.details.recordName,
    notes: data.details.notes,
  };
}
