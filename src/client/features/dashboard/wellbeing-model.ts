import type { RouterOutputs } from '@/browser/api-types';
import { formatDate } from '@/client/lib/format';
import { FEW_PAIRS, LONELY_ANSWERS, LONELY_WORDS, QUESTION_LABELS, SCORED_QUESTIONS, type ScoredQuestion, THRESHOLDS } from '@/shared/wellbeing';
import type { Sheet } from './report-xlsx';

export type WellbeingReport = RouterOutputs['analytics']['getWellbeingReport'];

/** A figure to 2 decimals, as the ONS publishes its means; a change with its sign. */
const decimal = (value: number) => value.toFixed(2);
const signed = (value: number) => (value > 0 ? `+${decimal(value)}` : value < 0 ? `−${decimal(-value)}` : decimal(0));
const WITHHELD = 'Too few to show';

/** "Wellbeing Report: County Council home support, 1 Apr 2026 – 31 Mar 2027" */
export function wellbeingHeading(report: WellbeingReport): string {
  return `Wellbeing Report: ${report.funder?.name ?? 'All care'}, ${formatDate(report.from)} – ${formatDate(report.to)}`;
}

/** "wellbeing-report-county-council-home-support-2026-04-01-2027-03-31.xlsx" */
export function wellbeingFileName(report: WellbeingReport): string {
  const who = (report.funder?.name ?? 'all care').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'funder';
  return `wellbeing-report-${who}-${report.from}-${report.to}.xlsx`;
}

/** One question's line of the report's main table, as words. */
export interface QuestionLine {
  question: ScoredQuestion;
  label: string;
  paired: number;
  before: string;
  after: string;
  change: string;
  ci95: string;
}

export function questionLines(report: WellbeingReport): QuestionLine[] {
  return SCORED_QUESTIONS.map((question) => {
    const result = report[question];
    const shown = (value: number | null, words: (value: number) => string) => (result.withheld ? WITHHELD : value === null ? '—' : words(value));
    return {
      question,
      label: QUESTION_LABELS[question],
      paired: result.paired,
      before: shown(result.meanBefore, decimal),
      after: shown(result.meanAfter, decimal),
      change: shown(result.meanChange, signed),
      ci95: result.withheld ? WITHHELD : result.ci95 ? `${signed(result.ci95[0])} to ${signed(result.ci95[1])}` : '—',
    };
  });
}

/** How many people were in each ONS band before (rows) and after (columns), of one question. */
export function bandTable(report: WellbeingReport, question: ScoredQuestion): { bands: string[]; rows: { band: string; after: number[] }[] } {
  const bands = THRESHOLDS[question].map((band) => band.label);
  const moves = report[question].bands;
  return {
    bands,
    rows: bands.map((band) => ({ band, after: bands.map((to) => moves.find((move) => move.from === band && move.to === to)?.people ?? 0) })),
  };
}

/** The people better, the same and worse by band, of one question: for anxiety a lower band is better. */
export function bandSummary(report: WellbeingReport, question: ScoredQuestion): string {
  const bands = THRESHOLDS[question].map((band) => band.label);
  let better = 0;
  let worse = 0;
  let same = 0;
  for (const move of report[question].bands) {
    const step = bands.indexOf(move.to) - bands.indexOf(move.from);
    const up = question === 'anxious' ? step < 0 : step > 0;
    if (step === 0) same += move.people;
    else if (up) better += move.people;
    else worse += move.people;
  }
  return `${better} to a better band, ${same} the same, ${worse} to a worse`;
}

/** Each loneliness answer, with how many gave it before and after. */
export function lonelyLines(report: WellbeingReport): { answer: string; before: number; after: number }[] {
  return LONELY_ANSWERS.map((answer) => ({ answer: LONELY_WORDS[answer], before: report.lonely.before[answer], after: report.lonely.after[answer] }));
}

const pounds = (value: number) => `£${Math.round(value).toLocaleString('en-GB')}`;

/** The change in life satisfaction valued in WELLBYs, with the price year and where the value comes from. */
export function wellbyWords(report: WellbeingReport): string | null {
  const wellbys = report.lifeSatisfaction.wellbys;
  if (!wellbys) return null;
  return `${signed(wellbys.points)} WELLBYs (points of life satisfaction a person a year, taking the change to last a year), valued at ${pounds(wellbys.valueGbp)} at ${wellbys.priceYear} prices: ${pounds(wellbys.valuePerPointGbp)} a WELLBY, HM Treasury Green Book supplementary guidance on wellbeing (2021).`;
}

/** What the reader is told before trusting the figures. */
export function wellbeingCautions(report: WellbeingReport): string[] {
  return [
    ...(report.fewPairs ? [`Only ${report.people} ${report.people === 1 ? 'person' : 'people'} answered both before and after: fewer than ${FEW_PAIRS}, too few for these figures to mean much.`] : []),
    'A comparison of before and after without a control group does not show that the care caused the change.',
  ];
}

/** The report as a workbook's sheets: the questions, the bands, loneliness, and what the figures are. */
export function wellbeingSheets(report: WellbeingReport): Sheet[] {
  const number = (value: number | null) => value ?? '';
  return [
    {
      name: 'Questions',
      columns: [
        { header: 'Question', width: 20 },
        { header: 'People paired', width: 14 },
        { header: 'Mean before', width: 13, hours: true },
        { header: 'Mean after', width: 13, hours: true },
        { header: 'Mean change', width: 13, hours: true },
        { header: '95% CI low', width: 12, hours: true },
        { header: '95% CI high', width: 12, hours: true },
      ],
      rows: SCORED_QUESTIONS.map((question) => {
        const result = report[question];
        if (result.withheld) return [QUESTION_LABELS[question], result.paired, WITHHELD, '', '', '', ''];
        return [QUESTION_LABELS[question], result.paired, number(result.meanBefore), number(result.meanAfter), number(result.meanChange), number(result.ci95?.[0] ?? null), number(result.ci95?.[1] ?? null)];
      }),
    },
    {
      name: 'Bands',
      columns: [
        { header: 'Question', width: 20 },
        { header: 'Band before', width: 14 },
        { header: 'Band after', width: 14 },
        { header: 'People', width: 10 },
      ],
      rows: SCORED_QUESTIONS.flatMap((question) => report[question].bands.map((move) => [QUESTION_LABELS[question], move.from, move.to, move.people])),
    },
    {
      name: 'Loneliness',
      columns: [
        { header: 'How often they feel lonely', width: 28 },
        { header: 'Before', width: 10 },
        { header: 'After', width: 10 },
      ],
      rows: report.lonely.withheld ? [[WITHHELD, '', '']] : lonelyLines(report).map((line) => [line.answer, line.before, line.after]),
    },
    {
      name: 'About',
      columns: [
        { header: 'What', width: 22 },
        { header: 'Value', width: 100 },
      ],
      rows: [
        ['Period', `${report.from} to ${report.to}`],
        ['Funder', report.funder?.name ?? 'All care'],
        ['People paired', report.people],
        ['WELLBYs', wellbyWords(report) ?? '—'],
        ['Questions', 'ONS personal well-being (ONS4), each 0 to 10, and the ONS loneliness question; bands as the ONS reports them.'],
        ...wellbeingCautions(report).map((caution) => ['Caution', caution]),
      ],
    },
  ];
}
