import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { carerInput, carerUpdate, mpId, mpRename, volunteerId, volunteerRename } from '@/shared/schemas/people';
import { suggestForRequest } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { carersService } from './carers.service';
import { suggestCarers } from './suggestions.service';

const mps = carersService('mp');
const volunteers = carersService('volunteer');

/** MPs and volunteers have the same procedures but updateName, whose id key differs. */
function carerProcedures(resource: 'mps' | 'volunteers', carers: ReturnType<typeof carersService>, id: typeof mpId) {
  const ref = byId(id);
  return {
    getAll: permitted(resource, 'read').query(({ ctx }) => carers.list(ctx, { includeArchived: true })),
    getAllNotArchived: permitted(resource, 'read').query(({ ctx }) => carers.list(ctx, { includeArchived: false })),
    getById: permittedQuery(resource, 'read', z.strictObject({ id }), carers.get),
    create: permittedMutation(resource, 'create', carerInput, carers.create),
    update: permittedMutation(resource, 'update', carerUpdate(id), carers.update),
    toggleArchive: permittedMutation(resource, 'update', ref, carers.toggleArchive),
    delete: permittedMutation(resource, 'delete', ref, carers.remove),
  };
}

export const mpsRouter = router({
  ...carerProcedures('mps', mps, mpId),
  updateName: permitted('mps', 'update')
    .input(mpRename)
    .mutation(({ ctx, input }) => mps.rename(ctx, { id: input.mpId, newName: input.newName, version: input.version })),
});

export const volunteersRouter = router({
  ...carerProcedures('volunteers', volunteers, volunteerId),
  updateName: permitted('volunteers', 'update')
    .input(volunteerRename)
    .mutation(({ ctx, input }) => volunteers.rename(ctx, { id: input.volunteerId, newName: input.newName, version: input.version })),
});

/** Across MPs and volunteers. */
export const carersRouter = router({
  /**
   * Carers ranked for a request, each with the reasons for its place. Readable by every role that reads
   * packages; it lists only the kinds of carer the role reads (Finance: volunteers).
   */
  suggestForRequest: permittedQuery('packages', 'read', suggestForRequest, suggestCarers),
});
