import type { DayStop } from './day-order';

/**
 * A made-up day of `stopCount` stops on a 60 × 60 square, for checking the exact day order against brute force and
 * timing it in the benchmark: some windows tight, most wide (all a whole day, `wide`), costs now minutes, now miles.
 */
export function randomDay(random: () => number, stopCount: number, { wide = false } = {}) {
  const size = stopCount + 2;
  const points = Array.from({ length: size }, () => [random() * 60, random() * 60] as const);
  const durations = points.map(([x1, y1]) => points.map(([x2, y2]) => Math.hypot(x1 - x2, y1 - y2)));
  const miles = random() < 0.5;
  const costs = miles ? durations.map((row) => row.map((minutes) => minutes * (0.3 + random()))) : durations;
  const stops: DayStop[] = Array.from({ length: stopCount }, (_, i) => {
    const open = random() * 400;
    const width = random() < 0.3 ? 15 + random() * 30 : 60 + random() * 400;
    return { location: i + 2, service: 15 + Math.floor(random() * 46), window: wide ? [0, 24 * 60] : [open, open + width] };
  });
  return { durations, costs, stops, from: { start: 0, end: 1, leave: random() * 60 } };
}
