import { availabilityInput, availabilityRef, clientVisitTimesInput, clientVisitTimesRef } from '@/shared/schemas/availability';
import { router } from '@/server/trpc/init';
import { permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getAvailability, getClientTimes, setAvailability, setClientTimes } from './availability.service';

/**
 * When a carer can work, as the office reads it for planning and sets it for them (the carer sets it on their phone too),
 * and when a client's visits may be given.
 */
export const availabilityRouter = router({
  /** { carerId, weekly: [{ weekday, start, end }], timeOff: [{ from, to, note? }], version }. */
  get: permittedQuery('packages', 'read', availabilityRef, getAvailability),
  set: permittedMutation('packages', 'update', availabilityInput, setAvailability),
  /** { clientId, weekly: [{ weekday, start, end }], version }: when the client's visits may be given. */
  clientTimes: permittedQuery('packages', 'read', clientVisitTimesRef, getClientTimes),
  setClientTimes: permittedMutation('packages', 'update', clientVisitTimesInput, setClientTimes),
});
