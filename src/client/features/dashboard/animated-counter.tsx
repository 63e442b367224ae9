import { type RefObject, useLayoutEffect, useRef } from 'react';

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

/**
 * A ref for a node whose text counts up to `target` from zero, and from the last value when it changes on a refresh. The text is
 * written straight to the node, only when it reads differently: a render of React per frame for each of the
 * dashboard's counters kept a phone's processor busy for the whole two seconds.
 */
function useCountUpText(target: number, format: (value: number) => string, durationMs = COUNTER_DURATION_MS): RefObject<HTMLSpanElement | null> {
  const node = useRef<HTMLSpanElement>(null);
  // Where the figure stands now, so a refresh counts on from there rather than from zero.
  const shownRef = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const element = node.current;
    if (!element) return;
    const show = (value: number) => {
      shownRef.current = value;
      const text = format(value);
      if (element.textContent !== text) element.textContent = text;
    };
    const from = shownRef.current ?? (prefersReducedMotion() ? target : 0);
    show(from);
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
  }, [target, format, durationMs]);
  return node;
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
  const shown = useCountUpText(value, format);
  return (
    <span className={className}>
      {/* Its text is the count's own (useCountUpText), never React's. */}
      <span ref={shown} aria-hidden="true" data-slot="counter-value" className="inline-block tabular-nums contain-content" />
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}
