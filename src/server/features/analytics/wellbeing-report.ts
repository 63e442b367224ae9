import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { groupBy } from '@/shared/group-by';
import { can } from '@/shared/permissions';
import type { WellbeingReportInput } from '@/shared/schemas/wellbeing';
import {
  bandOf,
  FEW_PAIRS,
  LONELY_ANSWERS,
  type LonelyAnswer,
  SCORED_QUESTIONS,
  type ScoredQuestion,
  WELLBY_PRICE_YEAR,
  WELLBY_VALUE_GBP,
} from '@/shared/wellbeing';
import { funders, packages, requests } from '@/server/db/schema/care';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import { notFound } from '@/server/records/record-errors';
import type { RecordContext } from '@/server/records/service-context';
import { bandMoves, type PairedChange, pairedChange, type ScorePair } from './wellbeing-statistics';

/**
 * Below this many pairs a question's figures are withheld from a role that may not read people's answers (Trustee,
 * Finance): the mean of one or two people's scores is their scores.
 */
export const DISCLOSURE_MIN = 5;

export interface QuestionResult extends PairedChange {
  /** People by ONS band before and after (src/shared/wellbeing.ts THRESHOLDS). */
  bands: { from: string; to: string; people: number }[];
  /** Withheld: too few pairs for this reader to see (DISCLOSURE_MIN). */
  withheld: boolean;
}

export interface WellbeingReport {
  from: string;
  to: string;
  funder: { id: string; name: string } | null;
  /** People asked both at the start and again within the period. */
  people: number;
  lifeSatisfaction: QuestionResult & {
    /**
     * The change in life satisfaction valued as HM Treasury's Green Book does: WELLBYs (points of life satisfaction
     * a person a year, the change taken to last a year) and their value at the price year's pounds.
     */
    wellbys: { points: number; valueGbp: number; valuePerPointGbp: number; priceYear: number } | null;
  };
  worthwhile: QuestionResult;
  happy: QuestionResult;
  anxious: QuestionResult;
  /** Loneliness answers before and after, of the people who answered it both times. */
  lonely: { paired: number; before: Record<LonelyAnswer, number>; after: Record<LonelyAnswer, number>; withheld: boolean };
  /** Fewer than FEW_PAIRS people: the report says its figures are too few to mean much. */
  fewPairs: boolean;
}

type Asking = typeof wellbeingAnswers.$inferSelect;

/** The clients whose care in the period the funder paid for (a package naming it, running at some time in the period). */
async function clientsFundedBy(ctx: RecordContext, funderId: string, from: string, to: string): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ clientId: requests.clientId })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .where(and(eq(packages.funderId, funderId), lte(packages.startDate, to), or(isNull(packages.endDate), gte(packages.endDate, from))));
  return rows.map((row) => row.clientId);
}

const countedAnswers = (answers: (LonelyAnswer | null)[]) =>
  Object.fromEntries(LONELY_ANSWERS.map((answer) => [answer, answers.filter((given) => given === answer).length])) as Record<LonelyAnswer, number>;

/**
 * For a period and a funder (or all care): each person's first asking, the start, against their last asking within
 * the period (later than the first), question by question where they scored both. Totals only: no person is named,
 * and figures of fewer than DISCLOSURE_MIN people are withheld from roles that may not read people's answers.
 */
export async function getWellbeingReport(ctx: RecordContext, { from, to, funder: funderId }: WellbeingReportInput): Promise<WellbeingReport> {
  let funder: WellbeingReport['funder'] = null;
  let clientIds: string[] | undefined;
  if (funderId) {
    const [found] = await ctx.db.select({ id: funders.id, name: funders.name }).from(funders).where(eq(funders.id, funderId));
    if (!found) throw notFound('Funder');
    funder = found;
    clientIds = await clientsFundedBy(ctx, funderId, from, to);
  }
  const askings =
    clientIds?.length === 0
      ? []
      : await ctx.db
          .select()
          .from(wellbeingAnswers)
          .where(and(lte(wellbeingAnswers.askedOn, to), clientIds ? inArray(wellbeingAnswers.clientId, clientIds) : undefined))
          .orderBy(asc(wellbeingAnswers.clientId), asc(wellbeingAnswers.askedOn), asc(wellbeingAnswers.recordedAt));
  const pairs: { before: Asking; after: Asking }[] = [];
  for (const own of groupBy(askings, (asking) => asking.clientId).values()) {
    const before = own[0]!;
    const after = own.findLast((asking) => asking.askedOn >= from && asking.askedOn > before.askedOn);
    if (after) pairs.push({ before, after });
  }

  const seesPeople = can(ctx.actor.role, 'wellbeing', 'read');
  const withheld = (paired: number) => !seesPeople && paired > 0 && paired < DISCLOSURE_MIN;
  const question = (name: ScoredQuestion): QuestionResult => {
    const scored: ScorePair[] = pairs.flatMap(({ before, after }) => (before[name] !== null && after[name] !== null ? [{ before: before[name]!, after: after[name]! }] : []));
    const result = pairedChange(scored);
    if (withheld(result.paired)) return { paired: result.paired, meanBefore: null, meanAfter: null, meanChange: null, ci95: null, bands: [], withheld: true };
    return { ...result, bands: bandMoves(scored, (score) => bandOf(name, score)), withheld: false };
  };
  const [lifeSatisfaction, worthwhile, happy, anxious] = SCORED_QUESTIONS.map(question) as [QuestionResult, QuestionResult, QuestionResult, QuestionResult];
  const lonelyPairs = pairs.filter(({ before, after }) => before.lonely !== null && after.lonely !== null);
  const lonelyWithheld = withheld(lonelyPairs.length);
  const points = lifeSatisfaction.meanChange === null ? null : lifeSatisfaction.meanChange * lifeSatisfaction.paired;
  return {
    from,
    to,
    funder,
    people: pairs.length,
    lifeSatisfaction: {
      ...lifeSatisfaction,
      wellbys: points === null ? null : { points, valueGbp: Math.round(points * WELLBY_VALUE_GBP), valuePerPointGbp: WELLBY_VALUE_GBP, priceYear: WELLBY_PRICE_YEAR },
    },
    worthwhile,
    happy,
    anxious,
    lonely: {
      paired: lonelyPairs.length,
      before: countedAnswers(lonelyWithheld ? [] : lonelyPairs.map((pair) => pair.before.lonely as LonelyAnswer)),
      after: countedAnswers(lonelyWithheld ? [] : lonelyPairs.map((pair) => pair.after.lonely as LonelyAnswer)),
      withheld: lonelyWithheld,
    },
    fewPairs: pairs.length < FEW_PAIRS,
  };
}
