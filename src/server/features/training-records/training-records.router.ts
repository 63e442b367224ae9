import {
  expiringBefore,
  trainingRecordDelete,
  trainingRecordInput,
  trainingRecordRef,
  trainingRecordUpdate,
} from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
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
  getByExpiringBefore: permittedQuery('trainingRecords', 'read', expiringBefore, listTrainingRecordsExpiringBy),
  getById: permittedQuery('trainingRecords', 'read', trainingRecordRef, getTrainingRecord),
  create: permittedMutation('trainingRecords', 'create', trainingRecordInput, createTrainingRecord),
  update: permittedMutation('trainingRecords', 'update', trainingRecordUpdate, updateTrainingRecord),
  delete: permittedMutation('trainingRecords', 'delete', trainingRecordDelete, deleteTrainingRecord),
});
