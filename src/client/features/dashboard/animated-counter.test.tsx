import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatHours } from '@/client/lib/format';
import { AnimatedCounter, COUNTER_DURATION_MS, countUpValue } from './animated-counter';

/** How far along a count is, as a share of the way, at a share of the time. */
const easeOutCubic = (progress: number) => countUpValue(0, 1, progress * COUNTER_DURATION_MS);

const shownText = (container: HTMLElement) => container.querySelector('[data-slot="counter-value"]')?.textContent;

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the count-up', () => {
  it('eases out: quick at first, slow near the end', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
  });

  it('is exactly the value once 2000 ms have passed, and in between before', () => {
    expect(COUNTER_DURATION_MS).toBe(2000);
    expect(countUpValue(0, 12.34, 2000)).toBe(12.34);
    expect(countUpValue(0, 12.34, 5000)).toBe(12.34);
    const halfway = countUpValue(0, 12.34, 1000);
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(12.34);
  });
});

describe('AnimatedCounter', () => {
  it('settles on the value exactly, and gives screen readers the value from the start', () => {
    preferReducedMotion(false);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { container } = render(<AnimatedCounter value={1234.5678} format={formatHours} />);
    expect(screen.getByText('1,234.57')).toHaveClass('sr-only');
    expect(shownText(container)).toBe('0');

    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS / 2));
    expect(Number((shownText(container) ?? '').replace(/,/g, ''))).toBeGreaterThan(0);
    expect(Number((shownText(container) ?? '').replace(/,/g, ''))).toBeLessThan(1234.57);

    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS));
    expect(shownText(container)).toBe('1,234.57');
  });

  it('counts on from the old value when the value changes', () => {
    preferReducedMotion(false);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const format = (n: number) => String(Math.round(n));
    const { container, rerender } = render(<AnimatedCounter value={40} format={format} />);
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS + 100));
    expect(shownText(container)).toBe('40');

    rerender(<AnimatedCounter value={50} format={format} />);
    act(() => vi.advanceTimersByTime(20));
    expect(Number(shownText(container))).toBeGreaterThanOrEqual(40);
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS));
    expect(shownText(container)).toBe('50');
  });

  it('shows the value at once when the user prefers reduced motion', () => {
    preferReducedMotion(true);
    const { container } = render(<AnimatedCounter value={57} format={String} />);
    expect(shownText(container)).toBe('57');
  });
});
