import { offerWeekInput, plannedDayInput, plannedVisitChangeInput, suggestWeekInput } from '@/shared/schemas/planned-visits';
import { router } from '@/server/trpc/init';
import { permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { changePlannedVisit, getPlannedDay } from './planned-visits.service';
import { offerWeek, suggestWeek } from './week-plan.service';

/** The office's day of planned visits (Today), one week's changes to them offered to the carers, and a week planned for less driving. */
export const plannedVisitsRouter = router({
  /** { date, asOf, visits: [{ id, packageId, carerId, carerName, clientName, start, end, state, change, … }], phones }. */
  getDay: permittedQuery('plannedVisits', 'read', plannedDayInput, getPlannedDay),
  change: permittedMutation('plannedVisits', 'update', plannedVisitChangeInput, changePlannedVisit),
  /** { weekStart, carers: [{ carerId, carerName, before, after: { minutes, miles }, moves, notPlanned }], source }: nothing changed. */
  suggestWeek: permittedQuery('plannedVisits', 'read', suggestWeekInput, suggestWeek),
  /** Offers the moves of a suggested week to their carers, as the week's changes. */
  offerWeek: permittedMutation('plannedVisits', 'update', offerWeekInput, offerWeek),
});
