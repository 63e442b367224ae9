import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { magLogId, magLogInput, magLogUpdate } from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import { createMagLog, deleteMagLog, getMagLog, listMagLogs, updateMagLog } from './mag.service';

export const magRouter = router({
  getAll: permitted('mag', 'read').query(({ ctx }) => listMagLogs(ctx)),
  getById: permitted('mag', 'read')
    .input(z.strictObject({ id: magLogId }))
    .query(({ ctx, input }) => getMagLog(ctx, input)),
  create: permitted('mag', 'create')
    .input(magLogInput)
    .mutation(({ ctx, input }) => createMagLog(ctx, input)),
  update: permitted('mag', 'update')
    .input(magLogUpdate)
    .mutation(({ ctx, input }) => updateMagLog(ctx, input)),
  delete: permitted('mag', 'delete')
    .input(byId('g', 'MAG log'))
    .mutation(({ ctx, input }) => deleteMagLog(ctx, input)),
});
