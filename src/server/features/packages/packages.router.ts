import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { assignmentCheck, packageId, packageInput, packageRenewal, packageUpdate } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import type { CareView } from '@/server/records/care.mappers';
import { checkAssignment, createPackage, deletePackage, getPackage, listPackages, renewPackage, updatePackage } from './packages.service';

const list = (view: CareView) => permitted('packages', 'read').query(({ ctx }) => listPackages(ctx, view));

export const packagesRouter = router({
  getAll: list('all'),
  getAllNotArchived: list('notArchived'),
  getAllNotEndedYet: list('notEndedYet'),
  getById: permitted('packages', 'read')
    .input(z.strictObject({ id: packageId }))
    .query(({ ctx, input }) => getPackage(ctx, input)),
  create: permitted('packages', 'create')
    .input(packageInput)
    .mutation(({ ctx, input }) => createPackage(ctx, input)),
  update: permitted('packages', 'update')
    .input(packageUpdate)
    .mutation(({ ctx, input }) => updatePackage(ctx, input)),
  renew: permitted('packages', 'update')
    .input(packageRenewal)
    .mutation(({ ctx, input }) => renewPackage(ctx, input)),
  /**
   * Whether a carer may be given a request's care, for the package form to warn as a carer is chosen:
   * { compliance: { status, reasons }, excluded: { reason } | null }. Only for a carer the role may read.
   */
  checkAssignment: permitted('packages', 'read')
    .input(assignmentCheck)
    .query(({ ctx, input }) => checkAssignment(ctx, input)),
  delete: permitted('packages', 'delete')
    .input(byId('p', 'package'))
    .mutation(({ ctx, input }) => deletePackage(ctx, input)),
});
