import { byId } from '@/shared/schemas/common';
import { deliveryInput, deliveryUpdate, monthInput, statementInput, weekInput } from '@/shared/schemas/deliveries';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import {
  closeMonth,
  deleteDelivery,
  getStatement,
  getWeek,
  listClosedMonths,
  recordDelivery,
  reopenMonth,
  updateDelivery,
} from './deliveries.service';

// Nothing of a carer's record but the name (contact details, DBS) is shown here, and the name only to a role that
// may read that kind of carer (Finance: volunteers).
export const deliveriesRouter = router({
  getWeek: permitted('deliveries', 'read')
    .input(weekInput)
    .query(({ ctx, input }) => getWeek(ctx, input)),
  record: permitted('deliveries', 'create')
    .input(deliveryInput)
    .mutation(({ ctx, input }) => recordDelivery(ctx, input)),
  update: permitted('deliveries', 'update')
    .input(deliveryUpdate)
    .mutation(({ ctx, input }) => updateDelivery(ctx, input)),
  delete: permitted('deliveries', 'delete')
    .input(byId('d', 'delivery entry'))
    .mutation(({ ctx, input }) => deleteDelivery(ctx, input)),
  getStatement: permitted('deliveries', 'read')
    .input(statementInput)
    .query(({ ctx, input }) => getStatement(ctx, input)),
  listClosedMonths: permitted('deliveries', 'read').query(({ ctx }) => listClosedMonths(ctx)),
  closeMonth: permitted('monthClosing', 'update')
    .input(monthInput)
    .mutation(({ ctx, input }) => closeMonth(ctx, input)),
  reopenMonth: permitted('monthClosing', 'update')
    .input(monthInput)
    .mutation(({ ctx, input }) => reopenMonth(ctx, input)),
});
