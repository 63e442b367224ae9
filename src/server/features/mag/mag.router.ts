import { z } from 'zod';
import type { Role } from '@/shared/permissions';
import { byId } from '@/shared/schemas/common';
import { magLogId, magLogInput, magLogUpdate } from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { onlyReadable, permitted, serviceContext } from '@/server/trpc/procedures';
import type { MagLog } from '@/server/records/mag.mappers';
import { createMagLog, deleteMagLog, getMagLog, listMagLogs, updateMagLog } from './mag.service';

/** Attendee lists name people: a role sees only those it may read (Finance reads MAG logs but not MPs). */
const attendeeLists = { clients: 'clients', mps: 'mps', volunteers: 'volunteers' } as const;
const forRole = (role: Role, log: MagLog) => onlyReadable(role, log, attendeeLists);

export const magRouter = router({
  getAll: permitted('mag', 'read').query(async ({ ctx }) => (await listMagLogs(ctx.db)).map((log) => forRole(ctx.user.role, log))),
  getById: permitted('mag', 'read')
    .input(z.strictObject({ id: magLogId }))
    .query(async ({ ctx, input }) => forRole(ctx.user.role, await getMagLog(ctx.db, input.id))),
  create: permitted('mag', 'create')
    .input(magLogInput)
    .mutation(({ ctx, input }) => createMagLog(serviceContext(ctx), input)),
  update: permitted('mag', 'update')
    .input(magLogUpdate)
    .mutation(({ ctx, input }) => updateMagLog(serviceContext(ctx), input)),
  delete: permitted('mag', 'delete')
    .input(byId('g', 'MAG log'))
    .mutation(({ ctx, input }) => deleteMagLog(serviceContext(ctx), input)),
});
