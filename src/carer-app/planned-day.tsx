import type { ReactNode } from 'react';
import { addDays, formatShortDay } from '@/shared/dates';
import { weekdayOf } from '@/shared/planned-visits';
import { anyDriveKnown, legWords, travelSaved, travelWords } from '@/shared/travel';
import { WEEKDAYS } from '@/shared/visit-plans';
import type { LiveVisit, MyVisits } from './outbox';
import { CarerButton } from './carer-button';
import { WithPhoneLinks } from './tappable';

// The carer's day as the office planned it with them: today's visits in time order, then the next 7 days, all kept on
// the phone so they read with no signal. A change the office offered is the carer's to accept or decline.

export type PlannedVisit = MyVisits['planned'][number];
type DayDriving = NonNullable<MyVisits['driving']>;

/** What is known on the phone of a visit recorded for a planned one: given, or couldn't visit. */
export interface RecordedForPlan {
  plannedVisitId?: string | null;
  couldNotVisit?: string | null;
}

/** Where a planned visit stands, as the phone knows it. */
export type PlannedState = 'toDo' | 'started' | 'done' | 'couldNotVisit' | 'cancelled' | 'covered';

const STATE_WORDS: Record<PlannedState, string> = {
  toDo: 'To do',
  started: 'Started',
  done: 'Done',
  couldNotVisit: 'Couldn’t visit',
  cancelled: 'Cancelled',
  covered: 'Given to another carer',
};

const STATE_STYLE: Record<PlannedState, string> = {
  toDo: 'bg-background border',
  started: 'bg-accent text-accent-foreground',
  done: 'bg-secondary text-secondary-foreground',
  couldNotVisit: 'bg-warning/25 text-foreground',
  cancelled: 'bg-muted text-muted-foreground',
  covered: 'bg-muted text-muted-foreground',
};

export function plannedStateOf(visit: PlannedVisit, live: LiveVisit | undefined, recorded: readonly RecordedForPlan[]): PlannedState {
  if (visit.covered) return 'covered';
  if (visit.change?.kind === 'cancelled') return 'cancelled';
  const given = recorded.find((r) => r.plannedVisitId === visit.id);
  if (given) return given.couldNotVisit ? 'couldNotVisit' : 'done';
  return live?.plannedVisitId === visit.id ? 'started' : 'toDo';
}

/** "Wednesday 18 Mar" */
const dayWords = (date: string) => `${WEEKDAYS[weekdayOf(date) - 1]} ${formatShortDay(date).split(' ').slice(1).join(' ')}`;

/** What the office changed, in the carer's words. */
function changeWords(visit: PlannedVisit): string | null {
  const change = visit.change;
  if (!change) return null;
  if (change.kind === 'cancelled') return `The office cancelled this visit${change.reason ? `: ${change.reason}` : ''}`;
  if (change.kind === 'extra') return 'An extra visit the office added';
  if (change.kind === 'cover') return visit.covered ? 'Another carer covers this visit' : 'The office asks you to cover this visit';
  return change.from ? `The office moved this visit from ${dayWords(change.from.date)} ${change.from.start}` : 'The office moved this visit';
}

export interface PlannedActions {
  onStart: (visit: PlannedVisit) => void;
  onFinish: () => void;
  onCouldNotVisit: (visit: PlannedVisit) => void;
  onAnswer: (visit: PlannedVisit, answer: 'accept' | 'decline') => void;
  /** The visit whose answer is on its way, and what went wrong with the last one, by visit. */
  answering?: string;
  answerProblem: Record<string, string>;
}

/** A change offered and not yet answered: Accept and Decline; else what the carer answered. */
function ChangeOffer({ visit, actions }: { visit: PlannedVisit; actions: PlannedActions }) {
  const words = changeWords(visit);
  if (!words || !visit.change) return null;
  const offered = visit.change.answer === 'offered' && !visit.covered;
  return (
    <div className={`mt-2 rounded-lg px-3 py-2 ${offered ? 'border border-warning bg-warning/15' : 'bg-muted'}`}>
      <p className="font-medium">{words}</p>
      {offered ? (
        <>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <CarerButton look="primary" size="small" disabled={actions.answering === visit.id} onClick={() => actions.onAnswer(visit, 'accept')} aria-label={`Accept: ${visit.clientName}, ${dayWords(visit.date)} ${visit.start}`}>
              Accept
            </CarerButton>
            <CarerButton size="small" disabled={actions.answering === visit.id} onClick={() => actions.onAnswer(visit, 'decline')} aria-label={`Decline: ${visit.clientName}, ${dayWords(visit.date)} ${visit.start}`}>
              Decline
            </CarerButton>
          </div>
          {actions.answerProblem[visit.id] ? (
            <p role="alert" className="mt-2 text-sm font-medium text-destructive">
              {actions.answerProblem[visit.id]}
            </p>
          ) : null}
        </>
      ) : visit.covered ? null : (
        <p className="text-sm text-muted-foreground">{visit.change.answer === 'accepted' ? 'You accepted it' : 'You declined it: the office will be in touch'}</p>
      )}
    </div>
  );
}

/** What the carer needs at the door: how to get in, the key safe code (on the visit's day only), allergies and risks, whom to call. */
export function KeyInformationList({ info, keySafeCode }: { info: PlannedVisit['keyInformation']; keySafeCode?: string }) {
  const items = [
    ['How to get in', info?.accessNotes],
    ['Key safe code', keySafeCode],
    ['Allergies and risks', info?.allergiesAndRisks],
    ['Emergency contact', info?.emergencyContact],
  ].filter((item): item is [string, string] => Boolean(item[1]));
  if (!items.length) return null;
  return (
    <dl className="mt-2 space-y-1">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="inline text-muted-foreground">{label}: </dt>
          <dd className={`inline whitespace-pre-line ${label === 'Key safe code' ? 'font-mono text-lg font-semibold tracking-widest' : ''}`}>
            <WithPhoneLinks text={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StatePill({ state }: { state: PlannedState }) {
  return <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATE_STYLE[state]}`}>{STATE_WORDS[state]}</span>;
}

/** One of today's visits: its time, client and state, with what the carer can do about it. */
function TodayVisit({
  visit,
  state,
  busy,
  leg,
  actions,
  form,
}: {
  visit: PlannedVisit;
  state: PlannedState;
  busy: boolean;
  leg: string | null;
  actions: PlannedActions;
  form: ReactNode;
}) {
  const mayGo = state === 'toDo' || state === 'started';
  return (
    <li id={`planned-${visit.id}`} aria-label={`${visit.start} ${visit.clientName}`} className="scroll-mt-20 rounded-xl border bg-card p-4">
      {leg ? <p className="mb-1 text-sm text-muted-foreground">{leg}</p> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold tabular-nums">
          {visit.start}–{visit.end}
        </p>
        <StatePill state={state} />
      </div>
      <p className="text-lg">{visit.clientName}</p>
      {state === 'toDo' || state === 'started' ? <KeyInformationList info={visit.keyInformation} keySafeCode={visit.keySafeCode} /> : null}
      <ChangeOffer visit={visit} actions={actions} />
      {form ??
        (mayGo ? (
          <div className="mt-3 grid gap-2 min-[420px]:grid-cols-2">
            {state === 'started' ? (
              <CarerButton look="primary" onClick={actions.onFinish}>
                Finish visit
              </CarerButton>
            ) : (
              <CarerButton look="primary" onClick={() => actions.onStart(visit)} disabled={busy}>
                Start visit
              </CarerButton>
            )}
            <CarerButton onClick={() => actions.onCouldNotVisit(visit)}>Couldn’t visit</CarerButton>
          </div>
        ) : null)}
    </li>
  );
}

/** The day's driving, and a shorter order for visits at any time: the office offers it, the carer accepts or declines. */
function DayDrivingNote({ driving }: { driving: DayDriving }) {
  const shorter = driving.shorter;
  return (
    <div className="space-y-2">
      {anyDriveKnown(driving) ? (
        <p className="text-muted-foreground">
          About {travelWords(driving.total)} of driving today{driving.homeUnknown ? ' between visits' : ''}.
        </p>
      ) : null}
      {shorter ? (
        <div role="group" aria-label="A shorter order" className="rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sky-950">
          <p className="font-medium">
            A shorter order saves {travelWords(travelSaved(driving.total, shorter.total))}
          </p>
          <ul className="mt-1">
            {shorter.moves.map((move) => (
              <li key={move.id}>
                {move.clientName}: {move.from.start} → <span className="font-semibold">{move.to.start}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm">Your office can offer it: you accept or decline each change here.</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Today", first on the phone: the day's planned visits in time order, each with its client, time and state, and the
 * next 7 days below. `formFor` draws the visit form where a visit of the plan is being recorded.
 */
export function PlannedDay({
  today,
  planned,
  driving,
  live,
  recorded,
  actions,
  formFor,
}: {
  today: string;
  planned: readonly PlannedVisit[];
  /** Today's driving, worked out by the office's server when the phone last fetched; null when unknown. */
  driving: DayDriving | null;
  live: LiveVisit | undefined;
  recorded: readonly RecordedForPlan[];
  actions: PlannedActions;
  formFor: (visit: PlannedVisit) => ReactNode;
}) {
  const todays = planned.filter((visit) => visit.date === today);
  const firstGiven = todays.find((visit) => driving && visit.id in driving.legs);
  const later = planned.filter((visit) => visit.date > today && visit.date <= addDays(today, 7));
  const days = [...new Set(later.map((visit) => visit.date))];
  return (
    <>
      <section aria-labelledby="today-heading" className="space-y-3">
        <h1 id="today-heading" className="text-2xl font-semibold">
          Today <span className="text-lg font-normal text-muted-foreground">{dayWords(today)}</span>
        </h1>
        {todays.length === 0 ? (
          <p className="text-muted-foreground">No visits planned for today.</p>
        ) : (
          <>
            {driving && <DayDrivingNote driving={driving} />}
            <ul className="space-y-3">
              {todays.map((visit) => (
                <TodayVisit
                  key={visit.id}
                  visit={visit}
                  state={plannedStateOf(visit, live, recorded)}
                  busy={live !== undefined && live.plannedVisitId !== visit.id}
                  leg={driving && visit.id in driving.legs ? legWords(driving.legs[visit.id] ?? null, visit.id === firstGiven?.id) : null}
                  actions={actions}
                  form={formFor(visit)}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      {days.length > 0 ? (
        <section aria-labelledby="week-heading" className="space-y-3">
          <h2 id="week-heading" className="text-xl font-semibold">
            Next 7 days
          </h2>
          {days.map((date) => (
            <div key={date} className="space-y-2">
              <h3 className="font-semibold text-muted-foreground">{dayWords(date)}</h3>
              <ul className="space-y-2">
                {later
                  .filter((visit) => visit.date === date)
                  .map((visit) => (
                    <li key={visit.id} aria-label={`${dayWords(date)} ${visit.start} ${visit.clientName}`} className="rounded-xl border bg-card px-4 py-3">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <p>
                          <span className="font-semibold tabular-nums">
                            {visit.start}–{visit.end}
                          </span>{' '}
                          {visit.clientName}
                        </p>
                        {visit.covered || visit.change?.kind === 'cancelled' ? <StatePill state={plannedStateOf(visit, live, recorded)} /> : null}
                      </div>
                      <ChangeOffer visit={visit} actions={actions} />
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
