import { type DraftAnswer, type DraftProblems, LONELY_ANSWERS, LONELY_WORDS, QUESTION_LABELS, QUESTION_WORDS, WELLBEING_QUESTIONS, type WellbeingDraft, type WellbeingQuestion } from '@/shared/wellbeing';

const SCORES = Array.from({ length: 11 }, (_, score) => score);

/** A choice's look: a pill, filled when chosen, ringed when the keyboard is on it; larger on a carer's phone. */
const PILL =
  'relative flex cursor-pointer items-center justify-center rounded-md border tabular-nums has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring';
const SIZE = { office: 'min-w-10 px-2.5 py-1.5 text-sm', phone: 'min-h-12 min-w-12 px-3 text-base' };

/** One question: its ONS wording, its answers as a row of choices, and "Declined". Arrow keys move along the row. */
function Question({
  question,
  answer,
  problem,
  size,
  onAnswer,
}: {
  question: WellbeingQuestion;
  answer: DraftAnswer | undefined;
  problem?: string;
  size: keyof typeof SIZE;
  onAnswer: (answer: DraftAnswer) => void;
}) {
  const choices: { value: DraftAnswer; words: string }[] =
    question === 'lonely' ? LONELY_ANSWERS.map((value) => ({ value, words: LONELY_WORDS[value] })) : SCORES.map((value) => ({ value, words: String(value) }));
  const problemId = `wellbeing-${question}-problem`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={problem ? problemId : undefined} aria-invalid={problem ? true : undefined}>
      <legend className={`mb-2 font-medium ${size === 'office' ? 'text-sm' : 'text-base'}`}>
        <span className="text-muted-foreground mr-1">{QUESTION_LABELS[question]}.</span>
        {QUESTION_WORDS[question]}
      </legend>
      <div className="flex flex-wrap gap-1.5">
        {[...choices, { value: 'declined' as const, words: 'Declined' }].map((choice) => (
          <label key={choice.value} className={`${PILL} ${SIZE[size]} ${choice.value === 'declined' ? 'border-dashed' : ''}`}>
            {/* The radio covers its pill: a tap or click anywhere on it chooses it, and the keyboard moves along the row. */}
            <input type="radio" name={question} className="absolute inset-0 cursor-pointer opacity-0" checked={answer === choice.value} onChange={() => onAnswer(choice.value)} />
            {choice.words}
          </label>
        ))}
      </div>
      {problem && (
        <p id={problemId} className="text-destructive text-sm" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** The five questions of an asking, in the ONS wording, for the office's form and the carer's phone alike. */
export function WellbeingQuestions({
  draft,
  problems,
  size,
  onChange,
}: {
  draft: WellbeingDraft;
  problems: DraftProblems;
  size: keyof typeof SIZE;
  onChange: (draft: WellbeingDraft) => void;
}) {
  return WELLBEING_QUESTIONS.map((question) => (
    <Question
      key={question}
      question={question}
      answer={draft.answers[question]}
      problem={problems[question]}
      size={size}
      onAnswer={(answer) => onChange({ ...draft, answers: { ...draft.answers, [question]: answer } })}
    />
  ));
}
