import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { activeCareHours, type CarerHours, type RequestHours } from '@/shared/care';
import { isNotEndedYet } from '@/shared/dates';

export type ActiveRequest = RequestHours;
export type ActivePackage = CarerHours;

export interface ActiveCareTotals {
  clients: number;
  mps: number;
  volunteers: number;
  careHours: number;
  requestHours: number;
}

/**
 * The Overview's counters (spec §2.10) from the not-ended-yet lists. The rule is applied again here so a
 * dashboard left open past midnight stops counting care that ended yesterday before its next refresh.
 */
export function activeCareTotals(requests: readonly ActiveRequest[], packages: readonly ActivePackage[], today: string): ActiveCareTotals {
  const activeRequests = requests.filter((r) => isNotEndedYet(r.endDate, today));
  const activePackages = packages.filter((p) => isNotEndedYet(p.endDate, today));
  const carers = new Set(activePackages.map((p) => p.carerId));
  const carersOfKind = (kind: CarerKind) => [...carers].filter((id) => carerKindOf(id) === kind).length;
  return {
    clients: new Set(activeRequests.map((r) => r.clientId)).size,
    mps: carersOfKind('mp'),
    volunteers: carersOfKind('volunteer'),
    ...activeCareHours(requests, packages, today),
  };
}
