import { availabilityInput, availabilityRef } from '@/shared/schemas/availability';
import { router } from '@/server/trpc/init';
import { permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getAvailability, setAvailability } from './availability.service';

/** When a carer can work, as the office reads it for planning and sets it for them (the carer sets it on their phone too). */
export const availabilityRouter = router({
  /** { carerId, weekly: [{ weekday, start, end }], timeOff: [{ from, to, note? }], version }. */
  get: permittedQuery('packages', 'read', availabilityRef, getAvailability),
  set: permittedMutation('packages', 'update', availabilityInput, setAvailability),
});
