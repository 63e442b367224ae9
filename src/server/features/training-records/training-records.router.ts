import {
  expiringBefore,
  trainingRecordDelete,
  trainingRecordInput,
  trainingRecordRef,
  trainingRecordUpdate,
} from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import {
  createTrainingRecord,
  deleteTrainingRecord,
  getTrainingRecord,
  listTrainingRecords,
  listTrainingRecordsExpiringBy,
  updateTrainingRecord,
} from './training-records.service';

export const trainingRecordsRouter = router({
  getAll: permitted('trainingRecords', 'read').query(({ ctx }) => listTrainingRecords(ctx, { includeArchived: true })),
  getAllNotArchived: permitted('trainingRecords', 'read').query(({ ctx }) => listTrainingRecords(ctx, { includeArchived: false })),
  getByExpiringBefore: permitted('trainingRecords', 'read')
    .input(expiringBefore)
    .query(({ ctx, input }) => listTrainingRecordsExpiringBy(ctx, input)),
  getById: permitted('trainingRecords', 'read')
    .input(trainingRecordRef)
    .query(({ ctx, input }) => getTrainingRecord(ctx, input)),
  create: permitted('trainingRecords', 'create')
    .input(trainingRecordInput)
    .mutation(({ ctx, input }) => createTrainingRecord(ctx, input)),
  update: permitted('trainingRecords', 'update')
    .input(trainingRecordUpdate)
    .mutation(({ ctx, input }) => updateTrainingRecord(ctx, input)),
  delete: permitted('trainingRecords', 'delete')
    .input(trainingRecordDelete)
    .mutation(({ ctx, input }) => deleteTrainingRecord(ctx, input)),
});
