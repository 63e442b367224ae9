import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { requestId, requestInput, requestRenewal, requestUpdate } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import type { CareView } from '@/server/records/care.mappers';
import { createRequest, deleteRequest, getRequest, listRequestMetadata, listRequests, renewRequest, updateRequest } from './requests.service';

const list = (view: CareView) => permitted('requests', 'read').query(({ ctx }) => listRequests(ctx, view));

export const requestsRouter = router({
  getAll: list('all'),
  getAllNotArchived: list('notArchived'),
  getAllNotEndedYet: list('notEndedYet'),
  getAllMetadata: permitted('requests', 'read').query(({ ctx }) => listRequestMetadata(ctx)),
  getById: permitted('requests', 'read')
    .input(z.strictObject({ id: requestId }))
    .query(({ ctx, input }) => getRequest(ctx, input)),
  create: permitted('requests', 'create')
    .input(requestInput)
    .mutation(({ ctx, input }) => createRequest(ctx, input)),
  update: permitted('requests', 'update')
    .input(requestUpdate)
    .mutation(({ ctx, input }) => updateRequest(ctx, input)),
  renew: permitted('requests', 'update')
    .input(requestRenewal)
    .mutation(({ ctx, input }) => renewRequest(ctx, input)),
  delete: permitted('requests', 'delete')
    .input(byId('r', 'request'))
    .mutation(({ ctx, input }) => deleteRequest(ctx, input)),
});
