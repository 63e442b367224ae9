import { useId, useState } from 'react';
import { formatDate } from '@/shared/dates';
import { checkDraft, type DraftProblems, MATTERS_MOST_MAX, problemsLeft, SCALE_WORDS, type WellbeingDraft, type WellbeingSent } from '@/shared/wellbeing';
import { WellbeingQuestions } from '@/browser/wellbeing-questions';
import { CarerButton } from './carer-button';
import type { MyVisits, OpenAsking, PhoneAsking } from './outbox';
import { FIELD } from './visit-form';

type Due = NonNullable<MyVisits['wellbeingDue']>[number];

/** Whether anything has been typed or chosen in the asking. */
export const askingStarted = (draft: WellbeingDraft) => Object.keys(draft.answers).length > 0 || draft.mattersMost.trim() !== '';

function AskingForm({
  open,
  today,
  onType,
  onSave,
  onCancel,
}: {
  open: OpenAsking;
  today: string;
  onType: (draft: WellbeingDraft) => void;
  onSave: (sent: WellbeingSent) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [said, setProblems] = useState<DraftProblems>({});
  const { draft } = open;
  const problems = problemsLeft(said, draft);
  return (
    <form
      noValidate
      aria-label={`Wellbeing questions for ${open.clientName}`}
      className="space-y-5 rounded-xl border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        // The phone's own id, in the form of the office's wellbeing ids ('w' then letters and digits).
        const checked = checkDraft(open.clientId, draft, today, `w${crypto.randomUUID().replaceAll('-', '')}`);
        setProblems(checked.problems);
        if (checked.sent) onSave(checked.sent);
      }}
    >
      <p className="text-lg font-semibold">Wellbeing questions for {open.clientName}</p>
      <p>Ask each question as it is written. {SCALE_WORDS} They may decline any question.</p>
      <WellbeingQuestions draft={draft} problems={problems} size="phone" onChange={onType} />
      <div>
        <label htmlFor={`${id}-matters`} className="font-medium">
          What matters most to them, in their own words
        </label>
        <textarea id={`${id}-matters`} rows={3} maxLength={MATTERS_MOST_MAX} className={`${FIELD} h-auto py-2`} value={draft.mattersMost} onChange={(e) => onType({ ...draft, mattersMost: e.target.value })} />
      </div>
      {Object.keys(problems).length ? (
        <p role="alert" className="font-medium text-destructive">
          Answer each question, or mark it declined.
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <CarerButton type="submit" look="primary">
          Save on this phone
        </CarerButton>
        <CarerButton onClick={onCancel}>Cancel</CarerButton>
      </div>
    </form>
  );
}

/**
 * "Wellbeing to ask", where the charity lets carers ask: the carer's clients due their ONS questions, each asked from
 * here and saved on the phone, then sent as visits are; answers the office did not take, with why, until the carer has
 * told the office. Answers that reached the office leave the phone.
 */
export function WellbeingAsking({
  due,
  askings,
  open,
  today,
  onOpen,
  onType,
  onSave,
  onCancel,
  onRemove,
}: {
  due: Due[];
  askings: PhoneAsking[];
  open: OpenAsking | undefined;
  today: string;
  onOpen: (client: Due) => void;
  onType: (draft: WellbeingDraft) => void;
  onSave: (sent: WellbeingSent) => void;
  onCancel: () => void;
  onRemove: (asking: PhoneAsking) => void;
}) {
  const onPhone = new Set(askings.map((asking) => asking.input.clientId));
  const toAsk = due.filter((client) => !onPhone.has(client.clientId));
  if (toAsk.length === 0 && askings.length === 0 && !open) return null;
  return (
    <section aria-labelledby="wellbeing-heading" className="space-y-3">
      <h2 id="wellbeing-heading" className="text-2xl font-semibold">
        Wellbeing to ask
      </h2>
      <ul className="space-y-2">
        {toAsk.map((client) => (
          <li key={client.clientId} className="space-y-3 rounded-xl border bg-card p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>
                <span className="font-semibold">{client.clientName}</span>
                <span className="block text-sm text-muted-foreground">
                  {client.kind === 'first' ? 'First asking' : 'Review'}, {client.due < today ? `overdue since ${formatDate(client.due)}` : `due ${formatDate(client.due)}`}
                </span>
              </p>
              {open?.clientId !== client.clientId ? (
                <CarerButton look="outline" size="small" onClick={() => onOpen(client)} aria-label={`Ask ${client.clientName} the wellbeing questions`}>
                  Ask
                </CarerButton>
              ) : null}
            </div>
            {open?.clientId === client.clientId ? <AskingForm open={open} today={today} onType={onType} onSave={onSave} onCancel={onCancel} /> : null}
          </li>
        ))}
        {askings.map((asking) => (
          <li key={asking.id} className="rounded-xl border bg-card p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">{asking.clientName}</p>
              <span className={`rounded-full px-3 py-1 text-sm font-medium ${asking.state === 'waiting' ? 'bg-warning/25 text-foreground' : 'bg-destructive/10 text-destructive'}`}>
                {asking.state === 'waiting' ? 'Waiting to send' : 'Not taken by the office'}
              </span>
            </div>
            <p>Wellbeing answers, {formatDate(asking.input.askedOn)}</p>
            {asking.reason ? <p className="mt-1 font-medium text-destructive">{asking.reason}</p> : null}
            {asking.state === 'refused' ? (
              <CarerButton size="small" className="mt-3" onClick={() => onRemove(asking)} aria-label={`Remove from this phone: wellbeing answers of ${asking.clientName}`}>
                Remove from this phone
              </CarerButton>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
