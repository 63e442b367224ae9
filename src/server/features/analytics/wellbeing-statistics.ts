// The statistics of a before-and-after comparison of wellbeing scores: each person's change, its mean, and the 95%
// confidence interval of that mean from Student's t distribution (paired), as small samples need.
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

/** One person's score before care (or at the earlier asking) and after. */
export interface ScorePair {
  before: number;
  after: number;
}

export interface PairedChange {
  /** People with a score both before and after. */
  paired: number;
  meanBefore: number | null;
  meanAfter: number | null;
  meanChange: number | null;
  /** The 95% confidence interval of the mean change; null with fewer than two pairs (no spread to reckon from). */
  ci95: [number, number] | null;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The mean before, after and of the change, with its 95% confidence interval: mean ± t(0.975, n − 1) × s / √n. */
export function pairedChange(pairs: readonly ScorePair[]): PairedChange {
  const n = pairs.length;
  if (!n) return { paired: 0, meanBefore: null, meanAfter: null, meanChange: null, ci95: null };
  const changes = pairs.map((pair) => pair.after - pair.before);
  const meanChange = mean(changes);
  const summary = { paired: n, meanBefore: mean(pairs.map((pair) => pair.before)), meanAfter: mean(pairs.map((pair) => pair.after)), meanChange };
  if (n < 2) return { ...summary, ci95: null };
  const variance = changes.reduce((sum, change) => sum + (change - meanChange) ** 2, 0) / (n - 1);
  const margin = tQuantile(0.975, n - 1) * Math.sqrt(variance / n);
  return { ...summary, ci95: [meanChange - margin, meanChange + margin] };
}

/** How many people moved between two bands of scores, from each band before to each after. */
export function bandMoves<B extends string>(pairs: readonly ScorePair[], bandOf: (score: number) => B): { from: B; to: B; people: number }[] {
  const counts = new Map<string, { from: B; to: B; people: number }>();
  for (const pair of pairs) {
    const [from, to] = [bandOf(pair.before), bandOf(pair.after)];
    const key = `${from}→${to}`;
    counts.set(key, { from, to, people: (counts.get(key)?.people ?? 0) + 1 });
  }
  return [...counts.values()];
}
