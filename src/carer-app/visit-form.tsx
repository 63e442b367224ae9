import { useId, useState } from 'react';
import {
  COULD_NOT_VISIT,
  COULD_NOT_VISIT_CHOICES,
  type CouldNotVisit,
  endsAfter,
  endsNextDay,
  LONG_VISIT_MINUTES,
  overlapIn,
  TIME_OF_DAY,
  VISIT_NOTE_MAX,
  VISIT_REFUSALS,
  type VisitDay,
  visitEndDate,
  visitMinutes,
} from '@/shared/carer-app';
import { formatDate, formatShortDay, isIsoDate } from '@/shared/dates';
import { CarerButton } from './carer-button';

const NOTE_TOO_LONG = `At most ${VISIT_NOTE_MAX} characters`;

export interface VisitDraft {
  date: string;
  start: string;
  end: string;
  note: string;
  /** The note is for the office to see ("The office needs to know"); absent on a form kept before it was asked. */
  tellOffice?: boolean;
  /**
   * Present on the "Couldn't visit" form: why the visit did not happen ('' until chosen). Such a visit has no times,
   * and the office always hears of it.
   */
  couldNotVisit?: CouldNotVisit | '';
}

/** The form's kind: a visit given, or one that did not happen. */
export const isCouldNotVisit = (draft: VisitDraft) => draft.couldNotVisit !== undefined;

/** The phone's day and time of day now, as its clock tells them. */
export interface PhoneNow {
  today: string;
  time: string;
}

/** "9 h 30 min": a visit's length as the carer reads it. */
export const visitLength = (minutes: number) => [Math.floor(minutes / 60) ? `${Math.floor(minutes / 60)} h` : '', minutes % 60 ? `${minutes % 60} min` : ''].filter(Boolean).join(' ');

/**
 * What is wrong with a visit before it is saved, by field: the phone's own checks (the server checks again), against
 * now and the carer's other visits the phone knows of.
 */
export function visitProblems(draft: VisitDraft, now: PhoneNow, others: readonly VisitDay[] = []): Partial<Record<keyof VisitDraft, string>> {
  const problems: Partial<Record<keyof VisitDraft, string>> = {};
  if (!isIsoDate(draft.date)) problems.date = 'Enter the day of the visit';
  else if (draft.date > now.today) problems.date = VISIT_REFUSALS.future;
  const notGiven = isCouldNotVisit(draft);
  if (notGiven) {
    if (!draft.couldNotVisit) problems.couldNotVisit = 'Choose why you could not visit';
  } else {
    if (!TIME_OF_DAY.test(draft.start)) problems.start = 'Enter the time the visit started, as HH:MM';
    if (!TIME_OF_DAY.test(draft.end)) problems.end = 'Enter the time the visit ended, as HH:MM';
    else if (!problems.start && !problems.date) {
      if (visitMinutes(draft) === 0) problems.end = VISIT_REFUSALS.noLength;
      else if (endsAfter(draft, now)) problems.end = VISIT_REFUSALS.notEndedYet(draft.end);
      else {
        const overlap = overlapIn(draft, others);
        if (overlap) problems.end = VISIT_REFUSALS.overlaps(overlap);
      }
    }
  }
  if (draft.note.length > VISIT_NOTE_MAX) problems.note = NOTE_TOO_LONG;
  else if (!notGiven && draft.tellOffice && !draft.note.trim()) problems.note = 'Say in the note what the office needs to know';
  return problems;
}

/** Whether anything was typed since the form opened with `initial`. */
export const draftChanged = (initial: VisitDraft, typed: VisitDraft) =>
  initial.date !== typed.date ||
  initial.start !== typed.start ||
  initial.end !== typed.end ||
  initial.note !== typed.note ||
  !!initial.tellOffice !== !!typed.tellOffice ||
  (initial.couldNotVisit ?? '') !== (typed.couldNotVisit ?? '');

export const FIELD = 'mt-1 block h-12 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * "Record a visit" (or a live visit being finished): the day, its times and a note, saved on the phone. Or "Couldn't
 * visit": the day, why, and a note.
 */
export function VisitForm({
  clientName,
  initial,
  typed = initial,
  now,
  others = [],
  changing = false,
  onType,
  onSave,
  onCancel,
}: {
  clientName: string;
  /** The carer's other visits the phone knows of: a visit may not overlap one. */
  others?: readonly VisitDay[];
  /** The form changes a visit already sent. */
  changing?: boolean;
  /** What the form opened with: Cancel asks before throwing away anything changed from it. */
  initial: VisitDraft;
  /** What was typed before the app was closed, kept on the phone. */
  typed?: VisitDraft;
  /** The phone's clock, read as the form shows and as it saves. */
  now: () => PhoneNow;
  /** Each change, to keep on the phone: closing the app mid-form loses nothing. */
  onType: (draft: VisitDraft) => void;
  onSave: (draft: VisitDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const { today } = now();
  const [draft, setDraftState] = useState(typed);
  const setDraft = (next: VisitDraft) => {
    setDraftState(next);
    onType(next);
  };
  const [shown, setShown] = useState<Partial<Record<keyof VisitDraft, string>>>({});
  const [saving, setSaving] = useState(false);
  const changed = draftChanged(initial, draft);

  const field = (key: 'date' | 'start' | 'end' | 'note') => ({
    id: `${id}-${key}`,
    value: draft[key],
    'aria-invalid': shown[key] ? true : undefined,
    'aria-describedby': shown[key] ? `${id}-${key}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });
  const notGiven = isCouldNotVisit(draft);
  const times = !notGiven && TIME_OF_DAY.test(draft.start) && TIME_OF_DAY.test(draft.end) && isIsoDate(draft.date);
  const minutes = times ? visitMinutes(draft) : 0;
  const problem = (key: keyof VisitDraft) =>
    shown[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm font-medium text-destructive">
        {shown[key]}
      </p>
    ) : null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const problems = visitProblems(draft, now(), others);
    setShown(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`${id}-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    // A night's care is longer than this, and so is a phone left running: the carer says which.
    const ends = `${formatShortDay(visitEndDate(draft))}, ${draft.end}`;
    if (minutes > LONG_VISIT_MINUTES && !window.confirm(`This visit lasts ${visitLength(minutes)}, ending ${ends}. Save it?`)) return;
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    // What was typed is not thrown away without asking.
    if (changed && !window.confirm(`Discard this ${notGiven ? 'note of a visit that did not happen' : 'visit'}? What you typed will be lost.`)) return;
    onCancel();
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby={`${id}-title`} className="mt-4 space-y-4 rounded-xl border bg-secondary/40 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {`${changing ? 'Change: ' : ''}${notGiven ? `Couldn’t visit ${clientName}` : `Visit to ${clientName}`}`}
      </h3>
      <div>
        <label htmlFor={`${id}-date`} className="font-medium">
          Date
        </label>
        <input type="date" max={today} className={FIELD} {...field('date')} />
        {draft.date && draft.date !== today && !shown.date ? <p className="mt-1 text-sm text-muted-foreground">{formatDate(draft.date)}</p> : null}
        {problem('date')}
      </div>
      {notGiven ? (
        <fieldset aria-describedby={shown.couldNotVisit ? `${id}-couldNotVisit-error` : undefined}>
          <legend className="font-medium">What happened?</legend>
          {COULD_NOT_VISIT.map((why, index) => (
            <label key={why} className="mt-1 flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name={`${id}-why`}
                id={index === 0 ? `${id}-couldNotVisit` : undefined}
                className="size-5 accent-primary"
                checked={draft.couldNotVisit === why}
                onChange={() => {
                  setDraft({ ...draft, couldNotVisit: why });
                  setShown(({ couldNotVisit: _chosen, ...others }) => others);
                }}
              />
              {COULD_NOT_VISIT_CHOICES[why]}
            </label>
          ))}
          {problem('couldNotVisit')}
        </fieldset>
      ) : (
        <>
        <div className="grid grid-cols-2 gap-3">
          {(['start', 'end'] as const).map((key) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`} className="font-medium">
                {key === 'start' ? 'Start' : 'End'}
              </label>
              <input type="time" className={FIELD} {...field(key)} />
              {problem(key)}
            </div>
          ))}
        </div>
        {minutes > 0 && !shown.end ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {visitLength(minutes)}
            {endsNextDay(draft) ? `: ends ${formatShortDay(visitEndDate(draft))}, ${draft.end}` : ''}
          </p>
        ) : null}
        </>
      )}
      <div>
        <label htmlFor={`${id}-note`} className="font-medium">
          Note <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea rows={3} maxLength={VISIT_NOTE_MAX} className={`${FIELD} h-auto py-2`} {...field('note')} />
        {problem('note')}
        {notGiven ? (
          <p className="mt-1 text-sm text-muted-foreground">The office sees this on its first screen.</p>
        ) : (
          <>
        <label className="mt-3 flex min-h-11 items-center gap-3 font-medium">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={draft.tellOffice ?? false}
            onChange={(event) => setDraft({ ...draft, tellOffice: event.target.checked })}
          />
          The office needs to know
        </label>
        <p className="text-sm text-muted-foreground">A fall, a worry, something missing at home: the office sees it on its first screen.</p>
          </>
        )}
      </div>
      <div className="flex gap-3">
        <CarerButton type="submit" disabled={saving} look="primary" className="flex-1">
          {changing ? 'Send the change' : notGiven ? 'Save' : 'Save visit'}
        </CarerButton>
        <CarerButton onClick={cancel} >
          Cancel
        </CarerButton>
      </div>
    </form>
  );
}
