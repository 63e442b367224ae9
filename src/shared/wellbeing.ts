// Wellbeing as the country measures it: the ONS personal well-being questions (ONS4), each scored 0 to 10 and never
// added together, and the ONS loneliness question. Free to use, and what funders and councils recognise.
import { isIsoDate } from './dates';

/** The four ONS personal well-being questions, by the names the API gives them. */
export const SCORED_QUESTIONS = ['lifeSatisfaction', 'worthwhile', 'happy', 'anxious'] as const;
export type ScoredQuestion = (typeof SCORED_QUESTIONS)[number];

/** Every question a person may answer or decline. */
export const WELLBEING_QUESTIONS = [...SCORED_QUESTIONS, 'lonely'] as const;
export type WellbeingQuestion = (typeof WELLBEING_QUESTIONS)[number];

/** The ONS wording, asked as written (ONS, "Personal well-being user guidance"). */
export const QUESTION_WORDS: Record<WellbeingQuestion, string> = {
  lifeSatisfaction: 'Overall, how satisfied are you with your life nowadays?',
  worthwhile: 'Overall, to what extent do you feel that the things you do in your life are worthwhile?',
  happy: 'Overall, how happy did you feel yesterday?',
  anxious: 'On a scale where 0 is “not at all anxious” and 10 is “completely anxious”, overall, how anxious did you feel yesterday?',
  lonely: 'How often do you feel lonely?',
};

/** What each question is called in a report's table. */
export const QUESTION_LABELS: Record<WellbeingQuestion, string> = {
  lifeSatisfaction: 'Life satisfaction',
  worthwhile: 'Worthwhile',
  happy: 'Happiness',
  anxious: 'Anxiety',
  lonely: 'Loneliness',
};

/** Said before the four scored questions, as the ONS asks them. */
export const SCALE_WORDS = 'For each, give an answer from 0 to 10, where 0 is “not at all” and 10 is “completely”.';

/** The ONS loneliness question's answers, most lonely first. */
export const LONELY_ANSWERS = ['oftenOrAlways', 'someOfTheTime', 'occasionally', 'hardlyEver', 'never'] as const;
export type LonelyAnswer = (typeof LONELY_ANSWERS)[number];

export const LONELY_WORDS: Record<LonelyAnswer, string> = {
  oftenOrAlways: 'Often or always',
  someOfTheTime: 'Some of the time',
  occasionally: 'Occasionally',
  hardlyEver: 'Hardly ever',
  never: 'Never',
};

/** A band of scores the ONS reports by, from `from` to `to` inclusive. */
export interface Threshold {
  label: string;
  from: number;
  to: number;
}

const POSITIVE: Threshold[] = [
  { label: 'Low', from: 0, to: 4 },
  { label: 'Medium', from: 5, to: 6 },
  { label: 'High', from: 7, to: 8 },
  { label: 'Very high', from: 9, to: 10 },
];

/**
 * The ONS thresholds (ONS, "Personal well-being in the UK", its "Measuring national well-being" bands): life
 * satisfaction, worthwhile and happiness low 0–4, medium 5–6, high 7–8, very high 9–10; anxiety very low 0–1,
 * low 2–3, medium 4–5, high 6–10.
 */
export const THRESHOLDS: Record<ScoredQuestion, Threshold[]> = {
  lifeSatisfaction: POSITIVE,
  worthwhile: POSITIVE,
  happy: POSITIVE,
  anxious: [
    { label: 'Very low', from: 0, to: 1 },
    { label: 'Low', from: 2, to: 3 },
    { label: 'Medium', from: 4, to: 5 },
    { label: 'High', from: 6, to: 10 },
  ],
};

/** The band a score falls in. */
export const bandOf = (question: ScoredQuestion, score: number): string => THRESHOLDS[question].find((band) => score >= band.from && score <= band.to)!.label;

/** For anxiety a fall is the better way; for the other three a rise. */
export const BETTER_IS_LOWER: Record<ScoredQuestion, boolean> = { lifeSatisfaction: false, worthwhile: false, happy: false, anxious: true };

/** Weeks from one asking to the next review, unless the charity sets otherwise. */
export const DEFAULT_REVIEW_WEEKS = 12;

/**
 * HM Treasury's Green Book supplementary guidance on wellbeing (2021): a WELLBY, one point of life satisfaction for
 * one person for a year, is valued at £13,000 at 2019 prices (a range of £10,000 to £16,000).
 */
export const WELLBY_VALUE_GBP = 13_000;
export const WELLBY_PRICE_YEAR = 2019;

/** Below this many people answering before and after, a report says its figures are too few to mean much. */
export const FEW_PAIRS = 10;

/** The longest "what matters most" kept: a line or two in the person's own words. */
export const MATTERS_MOST_MAX = 500;

/** What a person is told of a question not answered rightly. */
export const WELLBEING_MESSAGES = {
  unanswered: (label: string) => `${label}: give an answer, or mark it declined`,
  answeredAndDeclined: (label: string) => `${label}: an answer marked declined keeps no score`,
  askedAhead: 'The day asked cannot be after today',
} as const;

/** What a carer's phone is told of wellbeing answers the office did not take. */
export const PHONE_WELLBEING_REFUSALS = {
  notAllowed: 'The office no longer takes wellbeing answers from carers’ phones: tell the office what was said.',
  notYourClient: 'You do not give care to this client: tell the office what was said.',
  afterAccessEnded: 'Asked after your access to the app ended: tell the office what was said.',
} as const;

/** A question as a form holds it: a score or a loneliness answer, declined, or not yet given. */
export type DraftAnswer = number | LonelyAnswer | 'declined';

/** An asking as the office's form and the carer's phone hold it before it is sent. */
export interface WellbeingDraft {
  askedOn: string;
  answers: Partial<Record<WellbeingQuestion, DraftAnswer>>;
  mattersMost: string;
}

/** An asking as sent (`wellbeing.record`, `carerApp.sendWellbeing`), with the phone's id where it has one. */
export interface WellbeingSent {
  id?: string;
  clientId: string;
  askedOn: string;
  lifeSatisfaction?: number;
  worthwhile?: number;
  happy?: number;
  anxious?: number;
  lonely?: LonelyAnswer;
  mattersMost: string;
  declined: WellbeingQuestion[];
}

export type DraftProblems = Partial<Record<WellbeingQuestion | 'askedOn', string>>;

/**
 * The draft checked with the server's rules, without zod (the carer app's bundle stays small): each question answered
 * or declined, and a day asked not after `today`. The asking to send, or what is wrong, by question.
 */
export function checkDraft(clientId: string, draft: WellbeingDraft, today: string, id?: string): { sent: WellbeingSent | null; problems: DraftProblems } {
  const problems: DraftProblems = {};
  if (!isIsoDate(draft.askedOn)) problems.askedOn = 'Enter a date as YYYY-MM-DD';
  else if (draft.askedOn > today) problems.askedOn = WELLBEING_MESSAGES.askedAhead;
  for (const question of WELLBEING_QUESTIONS) if (draft.answers[question] === undefined) problems[question] = WELLBEING_MESSAGES.unanswered(QUESTION_LABELS[question]);
  if (Object.keys(problems).length) return { sent: null, problems };
  const given = Object.fromEntries(Object.entries(draft.answers).filter(([, answer]) => answer !== 'declined'));
  const declined = WELLBEING_QUESTIONS.filter((question) => draft.answers[question] === 'declined');
  return { sent: { ...(id ? { id } : {}), clientId, askedOn: draft.askedOn, ...given, mattersMost: draft.mattersMost.trim(), declined }, problems };
}

/** The problems said on a form, less those of questions answered since: a choice puts its question right at once. */
export const problemsLeft = (problems: DraftProblems, draft: WellbeingDraft): DraftProblems =>
  Object.fromEntries(Object.entries(problems).filter(([key]) => !(key in draft.answers))) as DraftProblems;
