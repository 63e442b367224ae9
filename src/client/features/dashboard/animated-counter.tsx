import { useEffect, useRef, useState } from 'react';

/** Spec §9: the counters take 2000 ms to reach their value. */
export const COUNTER_DURATION_MS = 2000;

/** Fast at first, settling gently on the value. */
function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** Where a count from `from` to `to` stands after `elapsedMs`; exactly `to` once the time is up. */
export function countUpValue(from: number, to: number, elapsedMs: number, durationMs = COUNTER_DURATION_MS): number {
  if (elapsedMs >= durationMs) return to;
  return from + (to - from) * easeOutCubic(Math.max(0, elapsedMs) / durationMs);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Counts up to `target` from zero, and from the last value when it changes on a refresh. */
export function useCountUp(target: number, durationMs = COUNTER_DURATION_MS): number {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? target : 0));
  // Where the figure stands now, so a refresh counts on from there rather than from zero.
  const shownRef = useRef(shown);

  useEffect(() => {
    const show = (value: number) => {
      shownRef.current = value;
      setShown(value);
    };
    const from = shownRef.current;
    if (from === target) return;
    if (prefersReducedMotion()) {
      show(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const elapsed = now - start;
      show(countUpValue(from, target, elapsed, durationMs));
      if (elapsed < durationMs) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}

/**
 * A number that counts up to its value. Screen readers get the settled value at once; the moving
 * figure is for the eye only.
 */
export function AnimatedCounter({
  value,
  format,
  className,
}: {
  value: number;
  /** How a value (also an in-between one) is written, e.g. formatHours. */
  format: (value: number) => string;
  className?: string;
}) {
  const shown = useCountUp(value);
  return (
    <span className={className}>
      <span aria-hidden="true" data-slot="counter-value" className="tabular-nums">
        {format(shown)}
      </span>
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}
