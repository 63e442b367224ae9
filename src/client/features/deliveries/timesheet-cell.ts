/** What a timesheet cell's text means and what saving it does: kept apart from the screen so it can be tested alone. */
import { couldNotVisitText, endsNextDay, hoursOfVisits, minutesByDay, timesOf } from '@/shared/carer-app';
import { deliveryHours } from '@/shared/schemas/deliveries';
import type { RouterOutputs } from '@/browser/api-types';
import { formatHours } from '@/client/lib/format';

export type DeliveryWeek = RouterOutputs['deliveries']['getWeek'];
export type WeekPackage = DeliveryWeek['packages'][number];
export type Entry = WeekPackage['entries'][number];

/** A missed visit's cell reads "Missed"; its reason shows beside it. */
export const MISSED_TEXT = 'Missed';

export const MISSED_NEEDS_DIALOG = 'Press M to mark a missed visit and choose why';

/** The text a cell shows for its entry. */
export function entryText(entry: Entry | null): string {
  if (!entry) return '';
  return entry.status === 'missed' ? MISSED_TEXT : formatHours(entry.hours);
}

export type ParsedCell = { kind: 'empty' } | { kind: 'missed' } | { kind: 'hours'; hours: number } | { kind: 'invalid'; message: string };

const DECIMAL = /^(\d+([.,]\d*)?|[.,]\d+)$/;
const NEGATIVE = /^-(\d+([.,]\d*)?|[.,]\d+)$/;
const CLOCK = /^(\d{1,2}):([0-5]\d)$/;

/**
 * What was typed: nothing, "Missed", or hours as 7.5, 7,5 or 7:30. Hours are checked by the server's own
 * schema, so a refusal reads the same before and after sending.
 */
export function parseCellText(text: string): ParsedCell {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  if (typed.toLowerCase() === MISSED_TEXT.toLowerCase()) return { kind: 'missed' };
  const clock = CLOCK.exec(typed);
  const value = clock
    ? Number(clock[1]) + Number(clock[2]) / 60
    : DECIMAL.test(typed) || NEGATIVE.test(typed)
      ? Number(typed.replace(',', '.'))
      : typed;
  const checked = deliveryHours.safeParse(value);
  return checked.success ? { kind: 'hours', hours: checked.data } : { kind: 'invalid', message: checked.error.issues[0]!.message };
}

/** What leaving a cell does with what it holds, against the entry stored for that day. */
export type CellChange =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'record'; hours: number }
  | { kind: 'update'; hours: number }
  | { kind: 'delete' };

export function cellChange(saved: Entry | null, text: string): CellChange {
  // What is stored, left as it is: a carer's exact minutes (1.98 h) are not the office's quarters, and stand.
  if (saved && text.trim() === entryText(saved)) return { kind: 'none' };
  const parsed = parseCellText(text);
  switch (parsed.kind) {
    case 'invalid':
      return parsed;
    case 'empty':
      // Clearing a cell removes its entry (the audit trail keeps what it said).
      return saved ? { kind: 'delete' } : { kind: 'none' };
    case 'missed':
      return saved?.status === 'missed' ? { kind: 'none' } : { kind: 'invalid', message: MISSED_NEEDS_DIALOG };
    case 'hours':
      if (!saved) return { kind: 'record', hours: parsed.hours };
      return saved.status === 'delivered' && saved.hours === parsed.hours ? { kind: 'none' } : { kind: 'update', hours: parsed.hours };
  }
}


/** Whether the day's figure is not the carer's and says other than their visits' hours (none at all included). */
export const differsFromCarers = (saved: Entry | null, carerHours: number) => saved?.source !== 'carer' && (saved?.status !== 'delivered' || saved.hours !== carerHours);

/** The carer's own visits on a day, from the carer app, as the cell shows them beside its figure. */
export interface DayVisits {
  /** "09:30–10:30, 22:00–07:00 overnight" */
  times: string;
  /** The day's share of them: a night visit counts its minutes on each day they fall. */
  hours: number;
  /** The carer's notes on them; one they marked for the office to know says so. */
  notes: string;
}

export function visitsOn(pkg: Pick<WeekPackage, 'visits'>, date: string): DayVisits | null {
  const day = pkg.visits.flatMap((visit) => {
    const times = timesOf(visit);
    if (!times) return visit.date === date && visit.couldNotVisit ? [{ visit, text: couldNotVisitText(visit.couldNotVisit), minutes: 0 }] : [];
    const text = `${times.start}–${times.end}${endsNextDay(times) ? ' overnight' : ''}`;
    return minutesByDay(times).flatMap((part) => (part.date === date ? [{ visit, text, minutes: part.minutes }] : []));
  });
  if (day.length === 0) return null;
  const minutes = day.reduce((sum, part) => sum + part.minutes, 0);
  return {
    times: day.map(({ text }) => text).join(', '),
    hours: hoursOfVisits(minutes),
    notes: day.flatMap(({ visit }) => (visit.note ? [`${visit.tellOffice ? 'For the office: ' : ''}${visit.note}`] : [])).join(' · '),
  };
}

/** The day cell's props for the carer's visits that day (none when there are none). */
export function visitProps(pkg: Pick<WeekPackage, 'visits'>, date: string): { visitTimes?: string; visitHours?: number; visitNotes?: string } {
  const visits = visitsOn(pkg, date);
  return visits ? { visitTimes: visits.times, visitHours: visits.hours, ...(visits.notes ? { visitNotes: visits.notes } : {}) } : {};
}
