import type { MagDetails } from './schemas/compliance';

/** Everyone at a MAG session: volunteers, clients, family, MPs and others (the MAG list's total column). */
export function magTotalAttendees(details: Pick<MagDetails, 'totalVolunteers' | 'totalClients' | 'totalFamily' | 'totalMps' | 'otherAttendees'>): number {
  return details.totalVolunteers + details.totalClients + details.totalFamily + details.totalMps + details.otherAttendees;
}
