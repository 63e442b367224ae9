import { z } from 'zod';
import { LONELY_ANSWERS, type LonelyAnswer, QUESTION_LABELS, WELLBEING_MESSAGES, WELLBEING_QUESTIONS, type WellbeingQuestion } from '@/shared/wellbeing';
import { isoDate, MAX, MAX_STORED_INTEGER, recordId, text, version } from './common';
import { clientId } from './people';
import { funderId } from './care';

const score = z
  .number({ message: 'Give a score from 0 to 10' })
  .int({ message: 'Give a whole number from 0 to 10' })
  .min(0, { message: 'Give a score from 0 to 10' })
  .max(10, { message: 'Give a score from 0 to 10' })
  .optional();

export const wellbeingId = recordId('wellbeing', 'wellbeing answers');

/**
 * One asking of the wellbeing questions. Each question is answered or declined, never both and never left out, so
 * an answer missed by mistake is not read as one declined. `id` is the phone's own, for a resend to find it.
 */
export const wellbeingInput = z
  .strictObject({
    id: wellbeingId.optional(),
    clientId,
    askedOn: isoDate,
    lifeSatisfaction: score,
    worthwhile: score,
    happy: score,
    anxious: score,
    lonely: z.enum(LONELY_ANSWERS, { message: 'Choose how often they feel lonely' }).optional(),
    mattersMost: text(MAX.line).default(''),
    declined: z.array(z.enum(WELLBEING_QUESTIONS)).max(WELLBEING_QUESTIONS.length).default([]),
  })
  .superRefine((input, ctx) => {
    for (const question of WELLBEING_QUESTIONS) {
      const answered = input[question] !== undefined;
      const declined = input.declined.includes(question);
      if (answered && declined) ctx.addIssue({ code: 'custom', path: [question], message: WELLBEING_MESSAGES.answeredAndDeclined(QUESTION_LABELS[question]) });
      if (!answered && !declined) ctx.addIssue({ code: 'custom', path: [question], message: WELLBEING_MESSAGES.unanswered(QUESTION_LABELS[question]) });
    }
  });
export type WellbeingInput = z.output<typeof wellbeingInput>;

export const wellbeingListInput = z.strictObject({ clientId });

export const wellbeingSettingsInput = z.strictObject({
  reviewWeeks: z.number().int().min(1, { message: 'From 1 to 104 weeks' }).max(104, { message: 'From 1 to 104 weeks' }),
  carersMayAsk: z.boolean(),
});
export type WellbeingSettings = z.output<typeof wellbeingSettingsInput>;

const funderName = text(MAX.name).pipe(z.string().min(1, { message: 'Name is required' }));
export const funderInput = z.strictObject({ name: funderName });
export const funderUpdate = z.strictObject({ id: funderId, name: funderName, archived: z.boolean(), version: version.unwrap().max(MAX_STORED_INTEGER) });

/** The funders' report: askings after care began from `from` to `to`, each against the person's first, of one funder's care or all. */
export const wellbeingReportInput = z
  .strictObject({ from: isoDate, to: isoDate, funder: funderId.optional() })
  .refine((input) => input.from <= input.to, { message: 'The period ends before it begins', path: ['to'] });
export type WellbeingReportInput = z.output<typeof wellbeingReportInput>;

/** A question as a form holds it: a score or a loneliness answer, declined, or not yet given. */
export type DraftAnswer = number | LonelyAnswer | 'declined';

/** An asking as the office's form and the carer's phone hold it before it is sent. */
export interface WellbeingDraft {
  askedOn: string;
  answers: Partial<Record<WellbeingQuestion, DraftAnswer>>;
  mattersMost: string;
}

export type DraftErrors = Partial<Record<WellbeingQuestion | 'askedOn' | 'mattersMost', string>>;

/** The draft checked as the server checks it: the input to send, or each question's message. */
export function checkWellbeingDraft(clientId: string, draft: WellbeingDraft, id?: string): { input: WellbeingInput | null; errors: DraftErrors } {
  const given = Object.entries(draft.answers).filter(([, answer]) => answer !== 'declined');
  const declined = WELLBEING_QUESTIONS.filter((question) => draft.answers[question] === 'declined');
  const parsed = wellbeingInput.safeParse({ ...(id ? { id } : {}), clientId, askedOn: draft.askedOn, ...Object.fromEntries(given), mattersMost: draft.mattersMost, declined });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as keyof typeof errors;
    errors[key] ??= issue.message;
  }
  return { input: null, errors };
}
