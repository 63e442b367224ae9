// What the carer app and the server agree on, without the schemas (and zod) the phone's small bundle does without.
import { addDays, formatDate, monthLabel } from './dates';
import { type MissedReason } from './deliveries';

/** A time of day as the phone records a visit's start and end: HH:MM, 24-hour. The schema and the phone check by it. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The most characters of a visit's note (the schema's line of text). */
export const VISIT_NOTE_MAX = 500;

/** The most visits one call sends: a phone with more waiting sends them in turns. */
export const MAX_VISITS_A_CALL = 100;

/** What the server tells a phone whose carer's access has ended: the app then wipes what it keeps. */
export const ACCESS_ENDED = 'Your access to the carer app has ended. Ask the office if this is a mistake.';

/** On `/carer/`, the office's app sent a carer here signed in: the carer app joins that sign-in without asking again. */
export const FROM_OFFICE_PARAM = 'from-office';

/** The most visits a carer's phone records in an hour: a month of ten visits a day, sent at once, and no more. */
export const VISITS_AN_HOUR = 300;

/** Why a call of visits was refused whole: the phone keeps them and sends them later. */
export const TOO_MANY_VISITS = 'Your phone has sent more visits this hour than a carer records: the rest are sent later';

/**
 * A visit whose end is earlier than its start ends the next morning: it lasts less than a day. Past this length the
 * phone asks the carer to confirm (a phone left running looks the same as a night's care).
 */
export const LONG_VISIT_MINUTES = 12 * 60;

/** How far a phone's clock may run ahead of the server's: a visit may end this many minutes after now. */
export const CLOCK_SKEW_MINUTES = 5;

/**
 * Why a visit is not recorded, in the carer's words: the server's answers, and the phone's own checks before saving.
 * A visit only the office may record (its client's care closed or with another carer, too far back, a closed month)
 * is kept for the office to resolve, and these say why; the carer's own slips are refused for them to put right.
 */
export const VISIT_REFUSALS = {
  notYours: 'This is not one of your clients’ visits with you',
  givenToAnother: 'The office has given this client’s visits to another carer',
  packageClosed: 'The office has closed this client’s visits on your phone',
  tooOld: (days: number) => `This visit is more than ${days} days ago`,
  beforeRecording: (month: string) => `Recording of delivered care began in ${monthLabel(month)}`,
  future: 'This day is still to come: a visit is recorded on or after its day',
  notEndedYet: (end: string) => `This visit ends at ${end}, later than now: record it once it has ended`,
  beforeStart: (start: string) => `Your visits to this client start on ${formatDate(start)}: this one is before`,
  afterEnd: (end: string) => `Your visits to this client ended on ${formatDate(end)}: this one is after`,
  closedMonth: (month: string) => `${monthLabel(month)} is closed: the office has sent its figures`,
  overlaps: (other: { date: string; start: string; end: string }) => `It overlaps your visit of ${other.start} to ${other.end} on ${formatDate(other.date)}`,
  noLength: 'The visit ends the minute it starts: check the start and end times',
  sentWithOtherContent: 'This visit was sent before with other details, and that is the one kept. Ask the office to correct it.',
  sentAfterAccessEnded: 'Sent after your access to the carer app ended',
  afterAccessEnded: 'Recorded after your access to the carer app ended',
  changeTooLate: (days: number) => `A visit can be changed or withdrawn for ${days} days after it was sent: ask the office`,
  changeAfterAccessEnded: 'Your access to the carer app has ended: ask the office to change this visit',
  changeWithTheOffice: 'The office is deciding on this visit: ask the office to change it',
  changeTurnedDown: 'The office turned this visit down: it cannot be changed',
  changeWithdrawn: 'You withdrew this visit: record it again if it happened',
  changeNotArrived: 'This visit has not reached the office: there is nothing there to withdraw',
} as const;

/** For how many days after it was sent a carer may change or withdraw a visit from their phone (while its month is open). */
export const CHANGE_DAYS = 7;

/** Why a visit did not happen, as the phone sends it ("Couldn't visit"). */
export const COULD_NOT_VISIT = ['noAnswer', 'clientCancelled', 'clientAway', 'carerCouldNotCome'] as const;
export type CouldNotVisit = (typeof COULD_NOT_VISIT)[number];

/** The carer's words for why, on the phone. */
export const COULD_NOT_VISIT_CHOICES: Record<CouldNotVisit, string> = {
  noAnswer: 'No answer at the door',
  clientCancelled: 'Client cancelled',
  clientAway: 'Client in hospital or away',
  carerCouldNotCome: 'I could not come',
};

/** The timesheet's reason for a day missed, from why the carer could not visit. */
export const MISSED_REASON_OF: Record<CouldNotVisit, MissedReason> = {
  noAnswer: 'no-answer',
  clientCancelled: 'client-cancelled',
  clientAway: 'client-in-hospital',
  carerCouldNotCome: 'carer-unavailable',
};

/** The office's words for a visit that did not happen: "Couldn't visit: no answer at the door". */
export function couldNotVisitText(why: CouldNotVisit): string {
  const words = why === 'carerCouldNotCome' ? 'the carer could not come' : COULD_NOT_VISIT_CHOICES[why].toLowerCase();
  return `Couldn’t visit: ${words}`;
}

/** What the office does with a visit kept for it, as the carer reads it. */
export const WITH_THE_OFFICE = 'The office will record it or tell you why not.';

/** Minutes from midnight of a time of day (HH:MM). */
export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** "HH:MM" of a minute of the day (wrapping past midnight). */
export const timeOfMinute = (minute: number) => {
  const wrapped = ((Math.round(minute) % (24 * 60)) + 24 * 60) % (24 * 60);
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

export const DAY_MINUTES = 24 * 60;

/** A visit's length in minutes, from its start and end (HH:MM): an end earlier than the start is the next day's; 0 when they are the same. */
export function visitMinutes(visit: { start: string; end: string }): number {
  return (minuteOfDay(visit.end) - minuteOfDay(visit.start) + DAY_MINUTES) % DAY_MINUTES;
}

/** Whether the visit ends on the day after its date (it runs past midnight). */
export const endsNextDay = (visit: { start: string; end: string }) => minuteOfDay(visit.end) < minuteOfDay(visit.start);

/** A visit's day and times: none for a visit that did not happen ("Couldn't visit"). */
export interface VisitDay {
  date: string;
  start: string | null;
  end: string | null;
}

/** The times of a visit given, or null for one that did not happen. */
export const timesOf = (visit: VisitDay): { date: string; start: string; end: string } | null =>
  visit.start === null || visit.end === null ? null : { date: visit.date, start: visit.start, end: visit.end };

/** The day a visit ends on: its own, or the next when it runs past midnight. */
export function visitEndDate(visit: VisitDay): string {
  const times = timesOf(visit);
  return times && endsNextDay(times) ? addDays(visit.date, 1) : visit.date;
}

/**
 * A visit's minutes on each day they fall, split at midnight (DESIGN decision 308): a night visit 22:00–07:00 is 2 h on
 * its date and 7 h on the next, as a timesheet of days reads it. A day with no minutes of it is left out.
 */
export function minutesByDay(visit: { date: string; start: string; end: string }): { date: string; minutes: number }[] {
  const minutes = visitMinutes(visit);
  const first = Math.min(minutes, DAY_MINUTES - minuteOfDay(visit.start));
  return [
    { date: visit.date, minutes: first },
    { date: addDays(visit.date, 1), minutes: minutes - first },
  ].filter((day) => day.minutes > 0);
}

/**
 * When a visit was, in the office's words: "28 Nov 2026, 22:00–07:00 (overnight)", or for one that did not happen
 * "28 Nov 2026, Couldn’t visit: no answer at the door". `day` writes the date (formatDate unless given).
 */
export function visitWhenText(visit: VisitDay & { couldNotVisit?: CouldNotVisit | null }, day: (iso: string) => string = formatDate): string {
  const times = timesOf(visit);
  if (!times) return `${day(visit.date)}, ${visit.couldNotVisit ? couldNotVisitText(visit.couldNotVisit) : 'Couldn’t visit'}`;
  return `${day(visit.date)}, ${times.start}–${times.end}${endsNextDay(times) ? ' (overnight)' : ''}`;
}

/** The days a visit's record falls on: a visit given, each day its minutes fall; one that did not happen, its day. */
export function visitDays(visit: VisitDay): string[] {
  const times = timesOf(visit);
  return times ? minutesByDay(times).map((day) => day.date) : [visit.date];
}

/** A visit given, as minutes from a fixed day: where it starts and ends, across midnight. */
function spanOf(visit: { date: string; start: string; end: string }): [number, number] {
  const start = (Date.parse(`${visit.date}T00:00:00Z`) / 60_000) + minuteOfDay(visit.start);
  return [start, start + visitMinutes(visit)];
}

/** The day and times of the first of `others` the visit overlaps (both given, across midnight either side), or undefined. */
export function overlapIn(visit: VisitDay, others: readonly VisitDay[]): { date: string; start: string; end: string } | undefined {
  const times = timesOf(visit);
  if (!times) return undefined;
  const [start, end] = spanOf(times);
  return others
    .map(timesOf)
    .find((theirs): theirs is NonNullable<typeof theirs> => {
      if (!theirs) return false;
      const [otherStart, otherEnd] = spanOf(theirs);
      return otherStart < end && otherEnd > start;
    });
}

/** Whether the visit ends later than `now` (the charity's date and time of day), allowing for a phone's clock running ahead. */
export function endsAfter(visit: VisitDay, now: { today: string; time: string }): boolean {
  if (visit.end === null) return visit.date > now.today;
  const end = visitEndDate(visit);
  if (end !== now.today) return end > now.today;
  return minuteOfDay(visit.end) > minuteOfDay(now.time) + CLOCK_SKEW_MINUTES;
}

/** A day's delivered hours from its visits' minutes, to the hundredth, as the day's entry holds them. */
export function hoursOfVisits(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}
