import { byId } from '@/shared/schemas/common';
import { deliveryId, deliveryInput, deliveryUpdate, mileageRateInput, monthInput, recordingStartInput, statementInput, weekInput } from '@/shared/schemas/deliveries';
import { getRecordingStart, mileageRow } from '@/server/records/recording-start';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import {
  closeMonth,
  deleteDelivery,
  getStatement,
  getWeek,
  listClosedMonths,
  recordDelivery,
  reopenMonth,
  setMileageRate,
  setRecordingStart,
  updateDelivery,
} from './deliveries.service';

// Nothing of a carer's record but the name (contact details, DBS) is shown here, and the name only to a role that
// may read that kind of carer (Finance: volunteers).
export const deliveriesRouter = router({
  getWeek: permittedQuery('deliveries', 'read', weekInput, getWeek),
  record: permittedMutation('deliveries', 'create', deliveryInput, recordDelivery),
  update: permittedMutation('deliveries', 'update', deliveryUpdate, updateDelivery),
  delete: permittedMutation('deliveries', 'delete', byId(deliveryId), deleteDelivery),
  getStatement: permittedQuery('deliveries', 'read', statementInput, getStatement),
  listClosedMonths: permitted('deliveries', 'read').query(({ ctx }) => listClosedMonths(ctx)),
  closeMonth: permittedMutation('monthClosing', 'update', monthInput, closeMonth),
  reopenMonth: permittedMutation('monthClosing', 'update', monthInput, reopenMonth),
  getRecordingStart: permitted('deliveries', 'read').query(({ ctx }) => getRecordingStart(ctx.db)),
  setRecordingStart: permittedMutation('monthClosing', 'update', recordingStartInput, setRecordingStart),
  /** { pencePerMile }: what volunteers' mileage is paid at. */
  getMileageRate: permitted('deliveries', 'read').query(({ ctx }) => mileageRow.read(ctx.db)),
  setMileageRate: permittedMutation('monthClosing', 'update', mileageRateInput, setMileageRate),
});
