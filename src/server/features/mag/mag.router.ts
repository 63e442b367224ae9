import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { magLogId, magLogInput, magLogUpdate } from '@/shared/schemas/compliance';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { createMagLog, deleteMagLog, getMagLog, listMagLogs, updateMagLog } from './mag.service';

export const magRouter = router({
  getAll: permitted('mag', 'read').query(({ ctx }) => listMagLogs(ctx)),
  getById: permittedQuery('mag', 'read', z.strictObject({ id: magLogId }), getMagLog),
  create: permittedMutation('mag', 'create', magLogInput, createMagLog),
  update: permittedMutation('mag', 'update', magLogUpdate, updateMagLog),
  delete: permittedMutation('mag', 'delete', byId(magLogId), deleteMagLog),
});
