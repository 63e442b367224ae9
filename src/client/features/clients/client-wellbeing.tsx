import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { Field } from '@/client/components/form/field';
import { FormError, SubmitButton } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { EmptyState } from '@/client/components/record/empty-state';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { todayIn } from '@/shared/dates';
import { MAX } from '@/shared/schemas/common';
import { checkWellbeingDraft, type DraftAnswer, type WellbeingDraft } from '@/shared/schemas/wellbeing';
import {
  LONELY_ANSWERS,
  LONELY_WORDS,
  QUESTION_LABELS,
  QUESTION_WORDS,
  SCALE_WORDS,
  WELLBEING_QUESTIONS,
  type WellbeingQuestion,
} from '@/shared/wellbeing';

type Asking = RouterOutputs['wellbeing']['list'][number];

const SCORES = Array.from({ length: 11 }, (_, score) => score);
const PILL = 'relative flex min-w-10 cursor-pointer items-center justify-center rounded-md border px-2.5 py-1.5 text-sm tabular-nums has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring';

/** One question: its ONS wording, its answers as a row of choices, and "Declined". Arrow keys move along the row. */
function Question({ question, answer, error, onAnswer }: { question: WellbeingQuestion; answer: DraftAnswer | undefined; error?: string; onAnswer: (answer: DraftAnswer) => void }) {
  const choices: { value: DraftAnswer; words: string }[] =
    question === 'lonely' ? LONELY_ANSWERS.map((value) => ({ value, words: LONELY_WORDS[value] })) : SCORES.map((value) => ({ value, words: String(value) }));
  const errorId = `wellbeing-${question}-error`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">
        <span className="text-muted-foreground mr-1">{QUESTION_LABELS[question]}.</span>
        {QUESTION_WORDS[question]}
      </legend>
      <div className="flex flex-wrap gap-1.5">
        {[...choices, { value: 'declined' as const, words: 'Declined' }].map((choice) => (
          <label key={choice.value} className={cn(PILL, choice.value === 'declined' && 'border-dashed')}>
            <input type="radio" name={question} className="absolute inset-0 cursor-pointer opacity-0" checked={answer === choice.value} onChange={() => onAnswer(choice.value)} />
            {choice.words}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Asking the ONS questions: every question answered or marked declined, and what matters to the person. */
function AskingForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<WellbeingDraft>({ askedOn: todayIn(), answers: {}, mattersMost: '' });
  const [errors, setErrors] = useState<ReturnType<typeof checkWellbeingDraft>['errors']>({});
  useReportUnsaved(Object.keys(draft.answers).length > 0 || draft.mattersMost.trim() !== '');
  const record = useMutation(trpc.wellbeing.record.mutationOptions({ meta: { shownInPlace: () => true }, onSuccess: onDone }));
  const answer = (question: WellbeingQuestion) => (value: DraftAnswer) => setDraft({ ...draft, answers: { ...draft.answers, [question]: value } });
  return (
    <form
      noValidate
      aria-label="Record wellbeing"
      className="flex flex-col gap-5 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkWellbeingDraft(clientId, draft);
        setErrors(checked.errors);
        if (checked.input) record.mutate(checked.input);
      }}
    >
      <Field label="Day asked" required error={errors.askedOn}>
        <Input type="date" max={todayIn()} value={draft.askedOn} onChange={(e) => setDraft({ ...draft, askedOn: e.target.value })} className="w-44" />
      </Field>
      <p className="text-muted-foreground text-sm">{SCALE_WORDS}</p>
      {WELLBEING_QUESTIONS.map((question) => (
        <Question key={question} question={question} answer={draft.answers[question]} error={errors[question]} onAnswer={answer(question)} />
      ))}
      <Field label="What matters most to them" hint="In their own words" error={errors.mattersMost}>
        <Textarea maxLength={MAX.line} value={draft.mattersMost} onChange={(e) => setDraft({ ...draft, mattersMost: e.target.value })} />
      </Field>
      <FormError message={record.isError ? mutationErrorText(record.error) : Object.keys(errors).length ? 'Answer each question, or mark it declined' : undefined} />
      <div className="flex gap-2">
        <SubmitButton submitting={record.isPending} label="Save answers" submittingLabel="Saving..." />
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function answerWords(asking: Asking, question: WellbeingQuestion): string {
  if (asking.declined.includes(question)) return 'Declined';
  const answer = asking[question];
  if (answer === null) return '—';
  return typeof answer === 'number' ? `${answer} / 10` : LONELY_WORDS[answer];
}

/** One asking: the day, who asked, each answer, and the person's own words. */
function AskingCard({ asking, first }: { asking: Asking; first: boolean }) {
  return (
    <li className="flex flex-col gap-2 p-3 text-sm">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-medium">
          {formatDate(asking.askedOn)}
          {first && <span className="text-muted-foreground font-normal"> · first asked</span>}
        </span>
        <span className="text-muted-foreground">{asking.askedBy ? `Asked by ${asking.askedBy} on their phone` : 'Recorded by the office'}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
        {WELLBEING_QUESTIONS.map((question) => (
          <div key={question} className="contents">
            <dt className="text-muted-foreground">{QUESTION_LABELS[question]}</dt>
            <dd className="tabular-nums">{answerWords(asking, question)}</dd>
          </div>
        ))}
      </dl>
      {asking.mattersMost && (
        <p>
          <span className="text-muted-foreground">What matters most: </span>
          {asking.mattersMost}
        </p>
      )}
    </li>
  );
}

/**
 * A client's wellbeing, asked in the ONS wording at the start of care and at each review: answers about health, read
 * by Admin and Coordinator only. The scores are never added together.
 */
export function ClientWellbeing({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const canRecord = useCan('wellbeing', 'create');
  const [asking, setAsking] = useState(false);
  const query = useQuery(trpc.wellbeing.list.queryOptions({ clientId }));
  return (
    <div className="flex flex-col gap-4">
      {asking ? (
        <AskingForm clientId={clientId} onDone={() => setAsking(false)} />
      ) : (
        canRecord && (
          <Button type="button" variant="outline" className="self-start" onClick={() => setAsking(true)}>
            Record wellbeing
          </Button>
        )
      )}
      <LoadState query={query} errorText="Error loading wellbeing" className="">
        {(askings) =>
          askings.length === 0 ? (
            <EmptyState>Not asked yet: ask at the start of care, then at each review</EmptyState>
          ) : (
            <section aria-labelledby="client-wellbeing-askings">
              <h3 id="client-wellbeing-askings" className="mb-2 text-sm font-semibold">
                Answers, latest first
              </h3>
              <ul className="divide-y rounded-lg border">
                {askings.map((item, index) => (
                  <AskingCard key={item.id} asking={item} first={index === askings.length - 1} />
                ))}
              </ul>
            </section>
          )
        }
      </LoadState>
    </div>
  );
}
