import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { carerInput, carerUpdate, mpId, mpRename, volunteerId, volunteerRename } from '@/shared/schemas/people';
import { can } from '@/shared/permissions';
import { suggestForRequest } from '@/shared/schemas/care';
import { router } from '@/server/trpc/init';
import { onlyReadable, permitted, serviceContext } from '@/server/trpc/procedures';
import { carersService } from './carers.service';
import { suggestCarers } from './suggestions.service';

const nested = { trainingRecords: 'trainingRecords', packages: 'packages', requests: 'requests', exclusions: 'clients' } as const;
const mps = carersService('mp');
const volunteers = carersService('volunteer');

/** MPs and volunteers have the same procedures but updateName, whose id key differs. */
function carerProcedures(resource: 'mps' | 'volunteers', carers: ReturnType<typeof carersService>, id: typeof mpId, what: string) {
  const ref = byId(id === mpId ? 'm' : 'v', what);
  return {
    getAll: permitted(resource, 'read').query(({ ctx }) => carers.list(ctx.db, { includeArchived: true, today: ctx.today() })),
    getAllNotArchived: permitted(resource, 'read').query(({ ctx }) => carers.list(ctx.db, { includeArchived: false, today: ctx.today() })),
    getById: permitted(resource, 'read')
      .input(z.strictObject({ id }))
      .query(async ({ ctx, input }) => onlyReadable(ctx.user.role, await carers.get(ctx.db, input.id, ctx.today()), nested)),
    create: permitted(resource, 'create')
      .input(carerInput)
      .mutation(({ ctx, input }) => carers.create(serviceContext(ctx), input)),
    update: permitted(resource, 'update')
      .input(carerUpdate(id))
      .mutation(({ ctx, input }) => carers.update(serviceContext(ctx), input)),
    toggleArchive: permitted(resource, 'update')
      .input(ref)
      .mutation(({ ctx, input }) => carers.toggleArchive(serviceContext(ctx), input)),
    delete: permitted(resource, 'delete')
      .input(ref)
      .mutation(({ ctx, input }) => carers.remove(serviceContext(ctx), input)),
  };
}

export const mpsRouter = router({
  ...carerProcedures('mps', mps, mpId, 'MP'),
  updateName: permitted('mps', 'update')
    .input(mpRename)
    .mutation(({ ctx, input }) => mps.rename(serviceContext(ctx), { id: input.mpId, newName: input.newName, version: input.version })),
});

export const volunteersRouter = router({
  ...carerProcedures('volunteers', volunteers, volunteerId, 'volunteer'),
  updateName: permitted('volunteers', 'update')
    .input(volunteerRename)
    .mutation(({ ctx, input }) =>
      volunteers.rename(serviceContext(ctx), { id: input.volunteerId, newName: input.newName, version: input.version }),
    ),
});

/** Across MPs and volunteers. */
export const carersRouter = router({
  /**
   * Carers ranked for a request, each with the reasons for its place. Readable by every role that reads
   * packages; it lists only the kinds of carer the role reads (Finance: volunteers).
   */
  suggestForRequest: permitted('packages', 'read')
    .input(suggestForRequest)
    .query(({ ctx, input }) =>
      suggestCarers(ctx.db, input.requestId, ctx.today(), { mp: can(ctx.user.role, 'mps', 'read'), volunteer: can(ctx.user.role, 'volunteers', 'read') }),
    ),
});
