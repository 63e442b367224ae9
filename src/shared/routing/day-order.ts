// The exact best order of one carer's day: dynamic programming over the sets of stops already made, keeping at each
// (set, last stop) every label (cost so far, time of leaving) that no other label beats on both. Exponential in the
// number of stops, so kept to a day's worth.

export interface DayStop {
  location: number;
  service: number;
  window: [number, number];
}

/** The most stops one call orders: 2^12 sets × 12 last stops stays well under a second. */
export const MOST_DAY_STOPS = 12;

/**
 * The order of the day's stops with the least driving that keeps every window, from `start` at time `leave` back to
 * `end`; exact (dynamic programming over subsets with Pareto labels of (cost, time)) for up to 12 stops; null when no
 * order keeps every window.
 */
export function bestDayOrder(
  durations: readonly (readonly number[])[],
  stops: readonly DayStop[],
  from: { start: number; end: number; leave: number },
  costs: readonly (readonly number[])[] = durations,
): { order: number[]; starts: number[]; cost: number } | null {
  const count = stops.length;
  if (count > MOST_DAY_STOPS) throw new RangeError(`bestDayOrder orders up to ${MOST_DAY_STOPS} stops, not ${count}`);
  const travel = (a: number, b: number) => durations[a]![b]!;
  const price = (a: number, b: number) => costs[a]![b]!;
  if (!count) return { order: [], starts: [], cost: price(from.start, from.end) };

  // Labels in flat arrays; a label's parent is the label it extends (-1 at the first stop).
  const labelCost: number[] = [];
  const labelLeave: number[] = [];
  const labelStart: number[] = [];
  const labelStop: number[] = [];
  const labelParent: number[] = [];
  const alive: boolean[] = [];
  const states: (number[] | undefined)[] = new Array(2 ** count * count);

  const add = (set: number, stop: number, cost: number, start: number, parent: number) => {
    const leave = start + stops[stop]!.service;
    const key = set * count + stop;
    const labels = (states[key] ??= []);
    for (const other of labels) {
      if (labelCost[other]! <= cost && labelLeave[other]! <= leave) return;
    }
    let kept = 0;
    for (const other of labels) {
      if (cost <= labelCost[other]! && leave <= labelLeave[other]!) alive[other] = false;
      else labels[kept++] = other;
    }
    labels.length = kept;
    labels.push(labelCost.length);
    labelCost.push(cost);
    labelLeave.push(leave);
    labelStart.push(start);
    labelStop.push(stop);
    labelParent.push(parent);
    alive.push(true);
  };

  for (let stop = 0; stop < count; stop++) {
    const { location, window } = stops[stop]!;
    const start = Math.max(from.leave + travel(from.start, location), window[0]);
    if (start <= window[1]) add(1 << stop, stop, price(from.start, location), start, -1);
  }

  const full = 2 ** count - 1;
  // A set grows only into larger numbers, so counting up finishes every set before it is extended.
  for (let set = 1; set < full; set++) {
    for (let last = 0; last < count; last++) {
      const labels = states[set * count + last];
      if (!labels) continue;
      const here = stops[last]!.location;
      for (const label of labels) {
        if (!alive[label]) continue;
        for (let next = 0; next < count; next++) {
          if (set & (1 << next)) continue;
          const { location, window } = stops[next]!;
          const start = Math.max(labelLeave[label]! + travel(here, location), window[0]);
          if (start > window[1]) continue;
          add(set | (1 << next), next, labelCost[label]! + price(here, location), start, label);
        }
      }
    }
  }

  let best = -1;
  let bestCost = Infinity;
  for (let last = 0; last < count; last++) {
    for (const label of states[full * count + last] ?? []) {
      const cost = labelCost[label]! + price(stops[last]!.location, from.end);
      if (cost < bestCost) {
        bestCost = cost;
        best = label;
      }
    }
  }
  if (best < 0) return null;
  const order: number[] = [];
  const starts: number[] = [];
  for (let label = best; label >= 0; label = labelParent[label]!) {
    order.push(labelStop[label]!);
    starts.push(labelStart[label]!);
  }
  return { order: order.reverse(), starts: starts.reverse(), cost: bestCost };
}
