// The visits of a day, made from the packages' plans of the week and that week's changes: what the carer's phone and
// the office's Today both read, and what the month's measures count.
import { minuteOfDay } from './carer-app';
import { addDays, dayOfWeek } from './dates';
import type { PlannedWeeklyVisit } from './visit-plans';

/** A planned visit not started this long after its time is late (as far as the office can know). */
export const LATE_MINUTES = 30;

/** A visit moves at most this many days either way: a change is of one week's visit, not a new plan. */
export const MOVE_DAYS = 6;

/**
 * Where a visit of the day stands: planned (not yet due), started, done, late (not started 30 minutes after its
 * time), couldn't visit, not recorded (nothing by the day's end), or cancelled by the office for the week.
 */
export const PLANNED_VISIT_STATES = ['planned', 'started', 'done', 'late', 'couldNotVisit', 'notRecorded', 'cancelled'] as const;
export type PlannedVisitState = (typeof PLANNED_VISIT_STATES)[number];

export const PLANNED_VISIT_STATE_WORDS: Record<PlannedVisitState, string> = {
  planned: 'Planned',
  started: 'Started',
  done: 'Done',
  late: 'Late',
  couldNotVisit: "Couldn't visit",
  notRecorded: 'Not recorded',
  cancelled: 'Cancelled',
};

/** A change of one week's visit waits for its carer to accept it: offered until then, or declined. */
export const CHANGE_ANSWERS = ['offered', 'accepted', 'declined'] as const;
export type ChangeAnswer = (typeof CHANGE_ANSWERS)[number];

/** Why a carer's answer to a change is refused: the phone shows these. */
export const CHANGE_ANSWER_MESSAGES = {
  notYours: 'This change is not offered to you',
  changedAgain: 'The office changed this visit again: look at it now before you answer',
} as const;

/**
 * A planned visit's id: its package, and the day and time the plan (or an extra visit) gives it, before any move.
 * Made the same on the phone and in the office, with no signal: a visit recorded from the plan carries it.
 */
export const plannedVisitId = (packageId: string, date: string, start: string) => `${packageId}/${date}/${start}`;

/** The package, day and time a planned visit's id names, or null for an id of another shape. */
export function plannedVisitSlot(id: string): { packageId: string; date: string; start: string } | null {
  const match = /^([^/]{1,60})\/(\d{4}-\d{2}-\d{2})\/(\d{2}:\d{2})$/.exec(id);
  return match ? { packageId: match[1]!, date: match[2]!, start: match[3]! } : null;
}

/** The day of the week of a date as a plan names it: 1 (Monday) to 7 (Sunday). */
export const weekdayOf = (date: string) => ((dayOfWeek(date) + 6) % 7) + 1;

/** A package's plan as a day's visits are made from it: who gives the care, and while the package runs. */
export interface PlanOfPackage {
  packageId: string;
  carerId: string;
  startDate: string;
  /** Null while open. */
  endDate: string | null;
  visits: readonly PlannedWeeklyVisit[];
}

/** One week's change to a planned visit (its slot: package, day, start), or an extra visit. */
export interface VisitChange {
  id: string;
  packageId: string;
  slotDate: string;
  slotStart: string;
  /** An extra visit, not in the plan: its slot is its own day and time. */
  extra: boolean;
  /** Cancelled for the week, with the reason. */
  cancelled: boolean;
  reason: string | null;
  /** Moved to (or, for an extra, held on) this day and times; null where the plan's stand. */
  date: string | null;
  start: string | null;
  end: string | null;
  /** Given to this carer (cover, or an extra's carer); null for the package's own. */
  carerId: string | null;
  answer: ChangeAnswer;
  version: number;
}

/** A visit of a day, as the plan and the week's changes give it. */
export interface DatedVisit {
  id: string;
  packageId: string;
  date: string;
  start: string;
  end: string;
  /** Who gives it: the package's carer, or the one covering. */
  carerId: string;
  /** The package's own carer. */
  packageCarerId: string;
  /** The week's change to it, if any: an extra visit is one. */
  change: VisitChange | null;
  /** Kept at its time by the plan: planning for less driving leaves it where it is. */
  pinned: boolean;
}

/**
 * The visits from `from` to `to` (dates), in day and time order: each plan's visits on the days its package runs,
 * with the week's changes applied (moved, cancelled, covered), and the extra visits. A change whose slot the plan no
 * longer has (the plan changed since) falls away with it. Cancelled visits stay, for the office and carer to see.
 */
export function unfoldPlans(plans: readonly PlanOfPackage[], changes: readonly VisitChange[], from: string, to: string): DatedVisit[] {
  const bySlot = new Map(changes.map((change) => [plannedVisitId(change.packageId, change.slotDate, change.slotStart), change]));
  const found: DatedVisit[] = [];
  const keep = (visit: DatedVisit) => {
    if (visit.date >= from && visit.date <= to) found.push(visit);
  };
  // A visit moved in from up to MOVE_DAYS away is found by looking that far either side.
  for (let date = addDays(from, -MOVE_DAYS); date <= addDays(to, MOVE_DAYS); date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    for (const plan of plans) {
      if (date < plan.startDate || (plan.endDate !== null && date > plan.endDate)) continue;
      for (const slot of plan.visits) {
        if (slot.weekday !== weekday) continue;
        const id = plannedVisitId(plan.packageId, date, slot.start);
        const change = bySlot.get(id);
        keep({
          id,
          packageId: plan.packageId,
          date: change?.date ?? date,
          start: change?.start ?? slot.start,
          end: change?.end ?? slot.end,
          carerId: change?.carerId ?? plan.carerId,
          packageCarerId: plan.carerId,
          change: change && !change.extra ? change : null,
          pinned: slot.pinned === true,
        });
      }
    }
  }
  const carerOf = new Map(plans.map((plan) => [plan.packageId, plan.carerId]));
  for (const change of changes) {
    const packageCarerId = carerOf.get(change.packageId);
    if (!change.extra || !packageCarerId || !change.start || !change.end) continue;
    const id = plannedVisitId(change.packageId, change.slotDate, change.slotStart);
    keep({ id, packageId: change.packageId, date: change.date ?? change.slotDate, start: change.start, end: change.end, carerId: change.carerId ?? packageCarerId, packageCarerId, change, pinned: false });
  }
  return found.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/** What is known of a planned visit: what its carer recorded of it, and whether their phone said it started. */
export interface VisitHeard {
  recorded?: { couldNotVisit: boolean };
  started?: boolean;
}

/** Where a visit of the day stands now (the charity's date and time). */
export function visitStateOf(visit: Pick<DatedVisit, 'date' | 'start' | 'change'>, heard: VisitHeard, now: { today: string; time: string }): PlannedVisitState {
  if (visit.change?.cancelled) return 'cancelled';
  if (heard.recorded) return heard.recorded.couldNotVisit ? 'couldNotVisit' : 'done';
  if (heard.started) return 'started';
  if (visit.date < now.today) return 'notRecorded';
  if (visit.date === now.today && minuteOfDay(now.time) >= minuteOfDay(visit.start) + LATE_MINUTES) return 'late';
  return 'planned';
}
