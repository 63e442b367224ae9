import { auditQuery, recordHistoryQuery } from '@/shared/schemas/audit';
import { router } from '@/server/trpc/init';
import { permitted, permittedQuery } from '@/server/trpc/procedures';
import { listAudit } from './audit.service';

/** Reading only: nothing in the API can change the audit trail (and the database refuses it too). */
export const auditRouter = router({
  list: permittedQuery('audit', 'read', auditQuery, listAudit),
  forRecord: permitted('audit', 'read')
    .input(recordHistoryQuery)
    .query(({ ctx, input }) => listAudit(ctx, { recordId: input.recordId, limit: 500 })),
});
