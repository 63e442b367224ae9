import type { Role } from '@/shared/permissions';
import { byId } from '@/shared/schemas/common';
import { deliveryInput, deliveryUpdate, monthInput, statementInput, weekInput } from '@/shared/schemas/deliveries';
import { carerNameFor, mayNameCarer } from '@/server/records/package-views';
import { router } from '@/server/trpc/init';
import { permitted, serviceContext } from '@/server/trpc/procedures';
import {
  type CarerStatement,
  closeMonth,
  type DeliveryWeek,
  deleteDelivery,
  getStatement,
  getWeek,
  listClosedMonths,
  recordDelivery,
  reopenMonth,
  updateDelivery,
} from './deliveries.service';

/** The week with each carer named only where the role may read that kind of carer, as every other screen does. */
async function weekFor(role: Role, week: Promise<DeliveryWeek>): Promise<DeliveryWeek> {
  const read = await week;
  return { ...read, packages: read.packages.map((pkg) => carerNameFor(role, pkg)) };
}

/** A carer's statement, naming the carer only for a role that may read that kind of carer. */
async function statementFor(role: Role, statement: Promise<CarerStatement>): Promise<CarerStatement> {
  const read = await statement;
  if (mayNameCarer(role, read.carer.id)) return read;
  return { ...read, carer: { ...read.carer, name: '' }, packages: read.packages.map((pkg) => carerNameFor(role, pkg)) };
}

// Nothing of a carer's record but the name (contact details, DBS) is shown here, and the name only to a role that
// may read that kind of carer (Finance: volunteers).
export const deliveriesRouter = router({
  getWeek: permitted('deliveries', 'read')
    .input(weekInput)
    .query(({ ctx, input }) => weekFor(ctx.user.role, getWeek(ctx.db, ctx.today(), input.weekStart))),
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
    .query(({ ctx, input }) => statementFor(ctx.user.role, getStatement(ctx.db, ctx.today(), input.carerId, input.month))),
  listClosedMonths: permitted('deliveries', 'read').query(({ ctx }) => listClosedMonths(ctx.db)),
  closeMonth: permitted('monthClosing', 'update')
    .input(monthInput)
    .mutation(({ ctx, input }) => closeMonth(serviceContext(ctx), input.month)),
  reopenMonth: permitted('monthClosing', 'update')
    .input(monthInput)
    .mutation(({ ctx, input }) => reopenMonth(serviceContext(ctx), input.month)),
});
