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
import { todayIn } from '@/shared/dates';
import { WellbeingQuestions } from '@/browser/wellbeing-questions';
import {
  checkDraft,
  type DraftProblems,
  LONELY_WORDS,
  MATTERS_MOST_MAX,
  problemsLeft,
  QUESTION_LABELS,
  SCALE_WORDS,
  WELLBEING_QUESTIONS,
  type WellbeingDraft,
  type WellbeingQuestion,
} from '@/shared/wellbeing';

type Asking = RouterOutputs['wellbeing']['list'][number];

/** Asking the ONS questions: every question answered or marked declined, and what matters to the person. */
function AskingForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<WellbeingDraft>({ askedOn: todayIn(), answers: {}, mattersMost: '' });
  const [said, setProblems] = useState<DraftProblems>({});
  const problems = problemsLeft(said, draft);
  useReportUnsaved(Object.keys(draft.answers).length > 0 || draft.mattersMost.trim() !== '');
  const record = useMutation(trpc.wellbeing.record.mutationOptions({ meta: { shownInPlace: () => true }, onSuccess: onDone }));
  return (
    <form
      noValidate
      aria-label="Record wellbeing"
      className="flex flex-col gap-5 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkDraft(clientId, draft, todayIn());
        setProblems(checked.problems);
        if (checked.sent) record.mutate(checked.sent);
      }}
    >
      <Field label="Day asked" required error={problems.askedOn}>
        <Input type="date" max={todayIn()} value={draft.askedOn} onChange={(e) => setDraft({ ...draft, askedOn: e.target.value })} className="w-44" />
      </Field>
      <p className="text-muted-foreground text-sm">{SCALE_WORDS}</p>
      <WellbeingQuestions draft={draft} problems={problems} size="office" onChange={setDraft} />
      <Field label="What matters most to them" hint="In their own words">
        <Textarea maxLength={MATTERS_MOST_MAX} value={draft.mattersMost} onChange={(e) => setDraft({ ...draft, mattersMost: e.target.value })} />
      </Field>
      <FormError message={record.isError ? mutationErrorText(record.error) : Object.keys(problems).length ? 'Answer each question, or mark it declined' : undefined} />
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
