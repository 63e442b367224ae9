// What the carer app and the server agree on, without the schemas (and zod) the phone's small bundle does without.
import { formatDate } from './dates';
import { monthLabel } from './deliveries';

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

/** The longest visit recorded: a longer one is a phone left running, for the office to ask about. */
export const MAX_VISIT_MINUTES = 12 * 60;

/** Why a visit is not recorded, in the carer's words: the server's answers, and the phone's own checks before saving. */
export const VISIT_REFUSALS = {
  notYours: 'This is not one of your packages',
  packageClosed: 'The office has closed this package: ask the office to record this visit',
  tooOld: (days: number) => `This visit is more than ${days} days ago: ask the office to record it`,
  beforeRecording: (month: string) => `Recording of delivered care began in ${monthLabel(month)}: ask the office to record this visit`,
  future: 'This day is still to come: a visit is recorded on or after its day',
  beforeStart: (start: string) => `This package starts on ${formatDate(start)}: the visit is before it`,
  afterEnd: (end: string) => `This package ended on ${formatDate(end)}: the visit is after it`,
  closedMonth: (month: string) => `${monthLabel(month)} is closed: the office has sent its figures. Ask the office to record this visit.`,
  overlaps: (other: { date: string; start: string; end: string }) => `It overlaps your visit of ${other.start} to ${other.end} on ${formatDate(other.date)}`,
  endsBeforeStart: 'The visit ends before it starts',
  tooLong: 'A visit is at most 12 hours long: check the start and end times',
  sentWithOtherContent: 'This visit was sent before with other details, and that is the one recorded. Ask the office to correct it.',
} as const;

const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A visit's length in minutes, from its start and end (HH:MM); zero or less when it ends before it starts. */
export function visitMinutes(visit: { start: string; end: string }): number {
  return minuteOfDay(visit.end) - minuteOfDay(visit.start);
}

/** A day's delivered hours from its visits' minutes, to the hundredth, as the day's entry holds them. */
export function hoursOfVisits(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}
