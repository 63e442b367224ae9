import { CARER_RESOURCES, carerKindOf } from '@/shared/carer-kind';
import type { AvailabilityInput, ClientVisitTimesInput } from '@/shared/schemas/availability';
import { type AvailabilityRead, type ClientVisitTimesRead, readAvailability, readClientVisitTimes, saveAvailability, saveClientVisitTimes } from '@/server/records/availability';
import { forbidden } from '@/server/records/record-errors';
import { mayReadCarer } from '@/server/records/role-views';
import type { RecordContext } from '@/server/records/service-context';

/** Only for a carer of a kind the role may read (Finance reads no MPs). */
function checkCarer({ actor }: RecordContext, carerId: string, action: 'read' | 'update') {
  if (!mayReadCarer(actor.role, carerId)) throw forbidden(actor.role, action, CARER_RESOURCES[carerKindOf(carerId)!]);
}

export async function getAvailability(ctx: RecordContext, { carerId }: { carerId: string }): Promise<AvailabilityRead> {
  checkCarer(ctx, carerId, 'read');
  return readAvailability(ctx.db, carerId);
}

export function setAvailability(ctx: RecordContext, { carerId, ...input }: AvailabilityInput): Promise<AvailabilityRead> {
  checkCarer(ctx, carerId, 'update');
  return saveAvailability(ctx, carerId, input);
}

export const getClientTimes = (ctx: RecordContext, { clientId }: { clientId: string }): Promise<ClientVisitTimesRead> => readClientVisitTimes(ctx.db, clientId);

export const setClientTimes = (ctx: RecordContext, input: ClientVisitTimesInput): Promise<ClientVisitTimesRead> => saveClientVisitTimes(ctx, input);
