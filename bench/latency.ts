import { performance } from 'node:perf_hooks';

/** How hard and how long to drive one operation. */
export interface LoadShape {
  /** Requests in flight at once: each client sends its next request as soon as the last is answered. */
  concurrency: number;
  /** No new request is sent after this many have been sent… */
  maxRequests: number;
  /** …or after this long; requests in flight are still awaited, so every client finishes at least one. */
  maxSeconds: number;
}

export interface LatencyFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers per second over the whole measurement. */
  perSecond: number;
  /** The median of each round, where the call was timed in rounds taken in turn with another server's. */
  roundP50Ms?: number[];
}

/** One spell of calls: how long each took, and how long the spell lasted. */
export interface Spell {
  samples: number[];
  seconds: number;
}

/** The value at or above the given share of the sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

/** A figure measured once per round: its median over the rounds, and the lowest and highest round. */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

export function spreadOf(values: readonly number[]): Spread {
  return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
}

/**
 * Drives `send` from `concurrency` clients in a closed loop and times each call from sending to the
 * last byte of its answer. `send` gets the request's number and must throw on anything but success:
 * a benchmark of failing requests measures nothing.
 */
export async function timeSpell(send: (n: number) => Promise<void>, shape: LoadShape): Promise<Spell> {
  const samples: number[] = [];
  const deadline = performance.now() + shape.maxSeconds * 1000;
  let sent = 0;
  const started = performance.now();
  const client = async () => {
    do {
      const n = sent++;
      const t = performance.now();
      await send(n);
      samples.push(performance.now() - t);
    } while (sent < shape.maxRequests && performance.now() < deadline);
  };
  await Promise.all(Array.from({ length: shape.concurrency }, client));
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** The figures of one or more spells of the same call, taken together; with several, each one's median too. */
export function latencyFigures(spells: readonly Spell[]): LatencyFigures {
  const sorted = spells.flatMap((spell) => spell.samples).sort((a, b) => a - b);
  const seconds = spells.reduce((sum, spell) => sum + spell.seconds, 0);
  return {
    requests: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    perSecond: sorted.length / seconds,
    ...(spells.length > 1 ? { roundP50Ms: spells.map((spell) => median(spell.samples)) } : {}),
  };
}

export async function measureLatency(send: (n: number) => Promise<void>, shape: LoadShape): Promise<LatencyFigures> {
  return latencyFigures([await timeSpell(send, shape)]);
}
