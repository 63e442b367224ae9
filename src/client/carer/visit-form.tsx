import { useId, useState } from 'react';
import { MAX_VISIT_MINUTES, VISIT_REFUSALS, visitMinutes } from '@/shared/carer-app';
import { formatDate } from '@/shared/dates';

export interface VisitDraft {
  date: string;
  start: string;
  end: string;
  note: string;
}


/** What is wrong with a visit before it is saved, by field: the phone's own checks (the server checks again). */
export function visitProblems(draft: VisitDraft, today: string): Partial<Record<keyof VisitDraft, string>> {
  const problems: Partial<Record<keyof VisitDraft, string>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.date = 'Enter the day of the visit';
  else if (draft.date > today) problems.date = 'This day is still to come: record a visit on or after its day';
  if (!/^\d{2}:\d{2}$/.test(draft.start)) problems.start = 'Enter the time the visit started, as HH:MM';
  if (!/^\d{2}:\d{2}$/.test(draft.end)) problems.end = 'Enter the time the visit ended, as HH:MM';
  else if (!problems.start) {
    const length = visitMinutes(draft);
    if (length <= 0) problems.end = VISIT_REFUSALS.endsBeforeStart;
    else if (length > MAX_VISIT_MINUTES) problems.end = VISIT_REFUSALS.tooLong;
  }
  if (draft.note.length > 500) problems.note = 'At most 500 characters';
  return problems;
}

/** Whether anything was typed since the form opened with `initial`. */
export const draftChanged = (initial: VisitDraft, typed: VisitDraft) => (Object.keys(initial) as (keyof VisitDraft)[]).some((key) => typed[key] !== initial[key]);

const FIELD = 'mt-1 block h-12 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** "Record a visit" (or a live visit being finished): the day, its times and a note, saved on the phone. */
export function VisitForm({
  clientName,
  initial,
  typed = initial,
  today,
  onType,
  onSave,
  onCancel,
}: {
  clientName: string;
  /** What the form opened with: Cancel asks before throwing away anything changed from it. */
  initial: VisitDraft;
  /** What was typed before the app was closed, kept on the phone. */
  typed?: VisitDraft;
  today: string;
  /** Each change, to keep on the phone: closing the app mid-form loses nothing. */
  onType: (draft: VisitDraft) => void;
  onSave: (draft: VisitDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraftState] = useState(typed);
  const setDraft = (next: VisitDraft) => {
    setDraftState(next);
    onType(next);
  };
  const [shown, setShown] = useState<Partial<Record<keyof VisitDraft, string>>>({});
  const [saving, setSaving] = useState(false);
  const changed = draftChanged(initial, draft);

  const field = (key: keyof VisitDraft) => ({
    id: `${id}-${key}`,
    value: draft[key],
    'aria-invalid': shown[key] ? true : undefined,
    'aria-describedby': shown[key] ? `${id}-${key}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });
  const problem = (key: keyof VisitDraft) =>
    shown[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm font-medium text-destructive">
        {shown[key]}
      </p>
    ) : null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const problems = visitProblems(draft, today);
    setShown(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`${id}-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    // What was typed is not thrown away without asking.
    if (changed && !window.confirm('Discard this visit? What you typed will be lost.')) return;
    onCancel();
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby={`${id}-title`} className="mt-4 space-y-4 rounded-xl border bg-secondary/40 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Visit to {clientName}
      </h3>
      <div>
        <label htmlFor={`${id}-date`} className="font-medium">
          Date
        </label>
        <input type="date" max={today} className={FIELD} {...field('date')} />
        {draft.date && draft.date !== today && !shown.date ? <p className="mt-1 text-sm text-muted-foreground">{formatDate(draft.date)}</p> : null}
        {problem('date')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-start`} className="font-medium">
            Start
          </label>
          <input type="time" className={FIELD} {...field('start')} />
          {problem('start')}
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="font-medium">
            End
          </label>
          <input type="time" className={FIELD} {...field('end')} />
          {problem('end')}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="font-medium">
          Note <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea rows={3} maxLength={500} className={`${FIELD} h-auto py-2`} {...field('note')} />
        {problem('note')}
      </div>
      <div className="flex gap-3">
        <button type="submit" disabled={saving} className="h-12 flex-1 rounded-lg bg-primary px-4 text-base font-semibold text-primary-foreground disabled:opacity-60">
          Save visit
        </button>
        <button type="button" onClick={cancel} className="h-12 rounded-lg border bg-background px-4 text-base font-medium">
          Cancel
        </button>
      </div>
    </form>
  );
}
