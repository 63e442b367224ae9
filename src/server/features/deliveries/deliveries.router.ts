import { byId } from '@/shared/schemas/common';
import { deliveryInput, deliveryUpdate, monthInput, statementInput, weekInput } from '@/shared/schemas/deliveries';
import { router } from '@/server/trpc/init';
import { permitted, serviceContext } from '@/server/trpc/procedures';
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

// Carers are named to every reader of deliveries, Finance included: a timesheet and a statement exist to
// pay and account for them. Nothing else of the carer's record (contact details, DBS) is shown here.
export const deliveriesRouter = router({
  getWeek: permitted('deliveries', 'read')
    .input(weekInput)
    .query(({ ctx, input }) => getWeek(ctx.db, ctx.today(), input.weekStart)),
  record: permitted('deliveries', 'create')
    .input(deliveryInput)
    .mutation(({ ctx, input }) => recordDelivery(serviceContext(ctx), input)),
  update: permitted('deliveries', 'update')
    .input(deliveryUpdate)
    .mutation(({ ctx, input }) => updateDelivery(serviceContext(ctx), input)),
  delete: permitted('deliveries', 'delete')
    .input(byId('d', 'delivery entry'))
    .mutation(({ ctx, input }) => deleteDelivery(serviceContext(ctx), input)),
  getStatement: permitted('deliveries', 'read')
    .input(statementInput)
    .query(({ ctx, input }) => getStatement(ctx.db, ctx.today(), input.carerId, input.month)),
  listClosedMonths: permitted('deliveries', 'read').query(({ ctx }) => listClosedMonths(ctx.db)),
  closeMonth: permitted('monthClosing', 'update')
    .input(monthInput)
    .mutation(({ ctx, input }) => closeMonth(serviceContext(ctx), input.month)),
  reopenMonth: permitted('monthClosing', 'update')
    .input(monthInput)
    .mutation(({ ctx, input }) => reopenMonth(serviceContext(ctx), input.month)),
});
