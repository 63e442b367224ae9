import { plannedDayInput, plannedVisitChangeInput } from '@/shared/schemas/planned-visits';
import { router } from '@/server/trpc/init';
import { permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { changePlannedVisit, getPlannedDay } from './planned-visits.service';

/** The office's day of planned visits (Today), and one week's changes to them, offered to the carers. */
export const plannedVisitsRouter = router({
  /** { date, asOf, visits: [{ id, packageId, carerId, carerName, clientName, start, end, state, change, … }], phones }. */
  getDay: permittedQuery('plannedVisits', 'read', plannedDayInput, getPlannedDay),
  change: permittedMutation('plannedVisits', 'update', plannedVisitChangeInput, changePlannedVisit),
});
