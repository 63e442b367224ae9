import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { requestId, requestInput, requestRenewal, requestUpdate } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import type { CareView } from '@/server/records/care.mappers';
import { createRequest, deleteRequest, getRequest, listRequestMetadata, listRequests, renewRequest, updateRequest } from './requests.service';

const list = (view: CareView) => permitted('requests', 'read').query(({ ctx }) => listRequests(ctx, view));

export const requestsRouter = router({
  getAll: list('all'),
  getAllNotArchived: list('notArchived'),
  getAllNotEndedYet: list('notEndedYet'),
  getAllMetadata: permitted('requests', 'read').query(({ ctx }) => listRequestMetadata(ctx)),
  getById: permittedQuery('requests', 'read', z.strictObject({ id: requestId }), getRequest),
  create: permittedMutation('requests', 'create', requestInput, createRequest),
  update: permittedMutation('requests', 'update', requestUpdate, updateRequest),
  renew: permittedMutation('requests', 'update', requestRenewal, renewRequest),
  delete: permittedMutation('requests', 'delete', byId(requestId), deleteRequest),
});
