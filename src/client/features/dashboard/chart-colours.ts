import { LOCALITIES } from '@/shared/constants';
import type { ReportBreakdown } from './report-model';

/** The charity's teal, for single-series charts. */
export const HOURS_BAR_COLOUR = '#0f766e';

/** Distinct, print-safe colours (Tableau 10 and two more), one per locality. */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac', '#2f4b7c', '#a05195'];

/** Both, Income, Health and None, darkest for the most deprived. */
const DEPRIVATION_COLOURS: Record<string, string> = { Both: '#9f1239', Income: '#e15759', Health: '#f28e2b', None: '#76b7b2' };

/** A locality or category has the same colour in every year's chart. */
export function groupColour(breakdown: ReportBreakdown, name: string, index: number): string {
  const known = breakdown === 'deprivation' ? DEPRIVATION_COLOURS[name] : PALETTE[(LOCALITIES as readonly string[]).indexOf(name)];
  return known ?? PALETTE[index % PALETTE.length]!;
}
