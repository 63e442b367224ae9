import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { carerInput, carerUpdate, mpId, mpRename, volunteerId, volunteerRename } from '@/shared/schemas/people';
import { suggestForRequest } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import { carersService } from './carers.service';
import { suggestCarers } from './suggestions.service';

const mps = carersService('mp');
const volunteers = carersService('volunteer');

/** MPs and volunteers have the same procedures but updateName, whose id key differs. */
function carerProcedures(resource: 'mps' | 'volunteers', carers: ReturnType<typeof carersService>, id: typeof mpId, what: string) {
  const ref = byId(id === mpId ? 'm' : 'v', what);
  return {
    getAll: permitted(resource, 'read').query(({ ctx }) => carers.list(ctx, { includeArchived: true })),
    getAllNotArchived: permitted(resource, 'read').query(({ ctx }) => carers.list(ctx, { includeArchived: false })),
    getById: permitted(resource, 'read')
      .input(z.strictObject({ id }))
      .query(({ ctx, input }) => carers.get(ctx, input)),
    create: permitted(resource, 'create')
      .input(carerInput)
      .mutation(({ ctx, input }) => carers.create(ctx, input)),
    update: permitted(resource, 'update')
      .input(carerUpdate(id))
      .mutation(({ ctx, input }) => carers.update(ctx, input)),
    toggleArchive: permitted(resource, 'update')
      .input(ref)
      .mutation(({ ctx, input }) => carers.toggleArchive(ctx, input)),
    delete: permitted(resource, 'delete')
      .input(ref)
      .mutation(({ ctx, input }) => carers.remove(ctx, input)),
  };
}

export const mpsRouter = router({
  ...carerProcedures('mps', mps, mpId, 'MP'),
  updateName: permitted('mps', 'update')
    .input(mpRename)
    .mutation(({ ctx, input }) => mps.rename(ctx, { id: input.mpId, newName: input.newName, version: input.version })),
});

export const volunteersRouter = router({
  ...carerProcedures('volunteers', volunteers, volunteerId, 'volunteer'),
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
  suggestForRequest: permitted('packages', 'read')
    .input(suggestForRequest)
    .query(({ ctx, input }) => suggestCarers(ctx, input)),
});
