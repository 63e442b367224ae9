/** What bench/lighthouse.ts measures, apart from Lighthouse itself (which takes seconds to load): the budgets and the report read these. */
import { median } from './latency';

export type LighthousePageKind = 'landing' | 'dashboard' | 'carer';

/** The pages measured, in the order they are measured, with how they are named in the budgets and the report. */
export const LIGHTHOUSE_PAGES: readonly { kind: LighthousePageKind; path: string; label: string }[] = [
  { kind: 'landing', path: '/', label: 'landing page `/`, signed out (a first visit)' },
  { kind: 'dashboard', path: '/dashboard', label: 'office dashboard `/dashboard`, signed in' },
  { kind: 'carer', path: '/carer/', label: "carer app's Today `/carer/`, signed in as a carer" },
];

/** One Lighthouse run of a page. */
export interface LighthouseRun {
  /** The performance category's score, 0 to 1. */
  score: number;
  largestContentfulPaintMs: number;
  /** Lighthouse's measure of the machine's speed when it ran (its `benchmarkIndex`). */
  benchmarkIndex: number;
}

/** The profile Lighthouse measured with, as its report states it. */
export interface LighthouseProfile {
  formFactor: string;
  throttlingMethod: string;
  rttMs: number;
  downloadKbps: number;
  uploadKbps: number;
  cpuSlowdown: number;
  screen: string;
}

export interface LighthouseFigures {
  version: string;
  profile: LighthouseProfile;
  /** Each page's runs, in the order of LIGHTHOUSE_PAGES. */
  pages: { kind: LighthousePageKind; runs: LighthouseRun[] }[];
}

/** A page's figures: the median score and the median largest contentful paint of its runs. */
export function lighthouseMedians(runs: readonly LighthouseRun[]): { score: number; largestContentfulPaintMs: number } {
  return { score: median(runs.map((r) => r.score)), largestContentfulPaintMs: median(runs.map((r) => r.largestContentfulPaintMs)) };
}

/** A request as Lighthouse's `network-requests` audit lists it: the fields the cold-load check reads. */
interface NetworkRequest {
  url: string;
  resourceType?: string;
  /** Whose request: the page's, a frame's, or a worker's. */
  sessionTargetType?: string;
  cache?: string;
  transferSize?: number;
}

/**
 * The page's scripts that were not fetched over the network (from the HTTP cache, or a service worker's copy):
 * none, in a cold load.
 */
export function warmScripts(lhr: { audits: Record<string, { details?: unknown } | undefined> }): string[] {
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  return items
    .filter((r) => r.resourceType === 'Script' && r.sessionTargetType !== 'worker')
    .filter((r) => r.cache !== 'none' || !((r.transferSize ?? 0) > 0))
    .map((r) => r.url);
}
