import type { MagLogData } from '@/shared/schemas/compliance';
import type { ClientData } from '@/shared/schemas/people';
import type { magAttendees, magLogs } from '@/server/db/schema/mag';

type MagLogRow = typeof magLogs.$inferSelect;
type AttendeeRow = typeof magAttendees.$inferSelect;

export interface MagAttendee {
  id: string;
  archived: 'Y' | 'N';
  name: string;
}
/** A client's address as it was when they were added to the log. */
export type MagClientAddress = ClientData['details']['address'];
export interface MagClientAttendee extends MagAttendee {
  address: MagClientAddress;
}

/** A MAG log in the shape of spec §3, with its own copy of each attendee's name. */
export function magLogFromRows(row: MagLogRow, attendees: AttendeeRow[]) {
  const person = (a: AttendeeRow): MagAttendee => ({ id: a.personId, archived: a.archived as 'Y' | 'N', name: a.name });
  return {
    id: row.id,
    date: row.date,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    clients: attendees.filter((a) => a.kind === 'client').map((a): MagClientAttendee => ({ ...person(a), address: a.address as MagClientAddress })),
    mps: attendees.filter((a) => a.kind === 'mp').map(person),
    volunteers: attendees.filter((a) => a.kind === 'volunteer').map(person),
    details: {
      totalClients: row.totalClients,
      totalFamily: row.totalFamily,
      totalVolunteers: row.totalVolunteers,
      totalMps: row.totalMps,
      otherAttendees: row.otherAttendees,
      notes: row.notes,
    },
  };
}
export type MagLog = ReturnType<typeof magLogFromRows>;

/** The stored columns of a log's own fields (its attendees are rows of their own). */
export function magLogColumns(data: MagLogData) {
  return { date: data.date, archived: data.archived, ...data.details };
}
