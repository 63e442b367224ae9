import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { TRPCError } from '@trpc/server';
import { can } from '@/shared/permissions';
import { assignmentCheck, packageId, packageInput, packageRenewal, packageUpdate } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted, serviceContext } from '@/server/trpc/procedures';
import type { CareView } from '@/server/records/care.mappers';
import { carerNameFor } from '@/server/records/package-views';
import { checkAssignment, createPackage, deletePackage, getPackage, listPackages, renewPackage, updatePackage } from './packages.service';

const list = (view: CareView) =>
  permitted('packages', 'read').query(async ({ ctx }) => (await listPackages(ctx.db, view, ctx.today())).map((p) => carerNameFor(ctx.user.role, p)));

export const packagesRouter = router({
  getAll: list('all'),
  getAllNotArchived: list('notArchived'),
  getAllNotEndedYet: list('notEndedYet'),
  getById: permitted('packages', 'read')
    .input(z.strictObject({ id: packageId }))
    .query(async ({ ctx, input }) => carerNameFor(ctx.user.role, await getPackage(ctx.db, input.id))),
  create: permitted('packages', 'create')
    .input(packageInput)
    .mutation(({ ctx, input }) => createPackage(serviceContext(ctx), input)),
  update: permitted('packages', 'update')
    .input(packageUpdate)
    .mutation(({ ctx, input }) => updatePackage(serviceContext(ctx), input)),
  renew: permitted('packages', 'update')
    .input(packageRenewal)
    .mutation(({ ctx, input }) => renewPackage(serviceContext(ctx), input)),
  /**
   * Whether a carer may be given a request's care, for the package form to warn as a carer is chosen:
   * { compliance: { status, reasons }, excluded: { reason } | null }. Only for a carer the role may read.
   */
  checkAssignment: permitted('packages', 'read')
    .input(assignmentCheck)
    .query(({ ctx, input }) => {
      const kind = input.carerId.startsWith('m') ? 'mps' : 'volunteers';
      if (!can(ctx.user.role, kind, 'read')) throw new TRPCError({ code: 'FORBIDDEN', message: `Your role (${ctx.user.role}) may not read ${kind}` });
      return checkAssignment(ctx.db, input, ctx.today());
    }),
  delete: permitted('packages', 'delete')
    .input(byId('p', 'package'))
    .mutation(({ ctx, input }) => deletePackage(serviceContext(ctx), input)),
});
