import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { assignmentCheck, packageId, packageInput, packageRenewal, packageUpdate } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import type { CareView } from '@/server/records/care.mappers';
import { checkAssignment, createPackage, deletePackage, getPackage, listNotCompliantOnLiveCare, listPackages, renewPackage, updatePackage } from './packages.service';

const list = (view: CareView) => permitted('packages', 'read').query(({ ctx }) => listPackages(ctx, view));

export const packagesRouter = router({
  getAll: list('all'),
  getAllNotArchived: list('notArchived'),
  getAllNotEndedYet: list('notEndedYet'),
  getById: permittedQuery('packages', 'read', z.strictObject({ id: packageId }), getPackage),
  create: permittedMutation('packages', 'create', packageInput, createPackage),
  update: permittedMutation('packages', 'update', packageUpdate, updatePackage),
  renew: permittedMutation('packages', 'update', packageRenewal, renewPackage),
  /**
   * Whether a carer may be given a request's care, for the package form to warn as a carer is chosen:
   * { compliance: { status, reasons }, excluded: { reason } | null }. Only for a carer the role may read.
   */
  checkAssignment: permittedQuery('packages', 'read', assignmentCheck, checkAssignment),
  /**
   * Carers not compliant today on packages not yet ended, with why and whose care (the Dashboard's list, the
   * Packages list's marks): [{ carerId, name, kind, reasons, care: [{ packageId, clientId, clientName }] }].
   */
  notCompliantOnLiveCare: permitted('packages', 'read').query(({ ctx }) => listNotCompliantOnLiveCare(ctx)),
  delete: permittedMutation('packages', 'delete', byId(packageId), deletePackage),
});
