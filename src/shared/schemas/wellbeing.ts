import { z } from 'zod';
import { LONELY_ANSWERS, MATTERS_MOST_MAX, QUESTION_LABELS, WELLBEING_MESSAGES, WELLBEING_QUESTIONS } from '@/shared/wellbeing';
import { isoDate, MAX, MAX_STORED_INTEGER, recordId, text, version } from './common';
import { clientId } from './people';
import { funderId } from './care';
import { MAX_VISITS_A_CALL } from '@/shared/carer-app';

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
    mattersMost: text(MATTERS_MOST_MAX).default(''),
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

/** Answers asked on a carer's phone, each with the id the phone made, so a resend is recorded once. */
export const phoneWellbeingInput = z.strictObject({
  answers: z
    .array(wellbeingInput)
    .min(1)
    .max(MAX_VISITS_A_CALL, { message: `At most ${MAX_VISITS_A_CALL} answers a call` })
    .refine((answers) => answers.every((answer) => answer.id !== undefined), { message: 'Each answer needs the id its phone gave it' }),
});
export type PhoneWellbeingInput = z.output<typeof phoneWellbeingInput>;
