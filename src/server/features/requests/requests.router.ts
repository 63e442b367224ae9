import { z } from 'zod';
import type { Role } from '@/shared/permissions';
import { byId } from '@/shared/schemas/common';
import { requestId, requestInput, requestRenewal, requestUpdate } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { onlyReadable, permitted, serviceContext } from '@/server/trpc/procedures';
import type { CareView } from '@/server/records/care.mappers';
import {
  createRequest,
  deleteRequest,
  getRequest,
  listRequestMetadata,
  listRequests,
  renewRequest,
  type RequestView,
  updateRequest,
} from './requests.service';
import { carerNameFor } from '@/server/records/package-views';

/** A role that may not read packages does not get them through a request. */
const readable = <R extends RequestView>(role: Role, request: R) => onlyReadable<RequestView>(role, request, { packages: 'packages' }) as R;

const list = (view: CareView) =>
  permitted('requests', 'read').query(async ({ ctx }) =>
    (await listRequests(ctx.db, view, ctx.today())).map((request) => readable(ctx.user.role, request)),
  );

export const requestsRouter = router({
  getAll: list('all'),
  getAllNotArchived: list('notArchived'),
  getAllNotEndedYet: list('notEndedYet'),
  getAllMetadata: permitted('requests', 'read').query(({ ctx }) => listRequestMetadata(ctx.db, ctx.today())),
  getById: permitted('requests', 'read')
    .input(z.strictObject({ id: requestId }))
    .query(async ({ ctx, input }) => {
      const request = await getRequest(ctx.db, input.id, ctx.today());
      const packages = request.packages.map((p) => carerNameFor(ctx.user.role, p));
      return readable(ctx.user.role, { ...request, packages });
    }),
  create: permitted('requests', 'create')
    .input(requestInput)
    .mutation(({ ctx, input }) => createRequest(serviceContext(ctx), input)),
  update: permitted('requests', 'update')
    .input(requestUpdate)
    .mutation(({ ctx, input }) => updateRequest(serviceContext(ctx), input)),
  renew: permitted('requests', 'update')
    .input(requestRenewal)
    .mutation(({ ctx, input }) => renewRequest(serviceContext(ctx), input)),
  delete: permitted('requests', 'delete')
    .input(byId('r', 'request'))
    .mutation(({ ctx, input }) => deleteRequest(serviceContext(ctx), input)),
});
