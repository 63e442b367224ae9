import { describe, expect, it } from 'vitest';
import { type CountedItem, hoursCells } from './hours-cells';

/** Day numbers from 1 January 2025. */
const day = (isoDate: string) => (Date.parse(isoDate) - Date.UTC(2025, 0, 1)) / 86_400_000;
const LAST_DAY = day('2026-06-30');

const item = (from: string, to: string, weeklyHours: number, services: string[] = ['Domestic'], group = 'Wiveliscombe'): CountedItem => ({
  firstDay: day(from),
  lastDay: day(to),
  weeklyHours,
  group,
  services,
});

function hoursOf(cells: ReturnType<typeof hoursCells>, year: number, month: number | null, group: string | null, service: string | null) {
  return cells.find((c) => c.year === year && c.month === month && c.group === group && c.service === service)?.hours;
}

describe('hoursCells', () => {
  it('gives 7 h/week for all of March 31 hours, and 16 days of a 30-day month from the 15th', () => {
    const cells = hoursCells([item('2025-03-01', '2025-03-31', 7), item('2025-04-15', '2025-04-30', 7, ['Sitting Service'])], 2025, LAST_DAY, 'Unspecified');
    expect(hoursOf(cells, 2025, 3, 'Wiveliscombe', 'Domestic')).toBe(31);
    expect(hoursOf(cells, 2025, 4, 'Wiveliscombe', 'Sitting Service')).toBe(16);
    expect(hoursOf(cells, 2025, 4, 'Wiveliscombe', 'Domestic')).toBeUndefined();
    expect(hoursOf(cells, 2025, null, null, null)).toBe(47);
  });

  it('splits an item across the new year and its hours evenly among its services', () => {
    const cells = hoursCells([item('2025-12-25', '2026-01-07', 14, ['Domestic', 'Shopping'])], 2025, LAST_DAY, 'Unspecified');
    expect(hoursOf(cells, 2025, 12, 'Wiveliscombe', 'Domestic')).toBe(7);
    expect(hoursOf(cells, 2025, 12, 'Wiveliscombe', 'Shopping')).toBe(7);
    expect(hoursOf(cells, 2026, 1, null, null)).toBe(14);
    expect(hoursOf(cells, 2026, null, 'Wiveliscombe', 'Shopping')).toBe(7);
  });

  it('puts an item with no services under the unspecified name, and keeps every subtotal by group and service', () => {
    const cells = hoursCells(
      [item('2025-02-01', '2025-02-28', 7, [], 'Ashbrittle'), item('2025-02-01', '2025-02-07', 7, ['Domestic'], 'Waterrow')],
      2025,
      LAST_DAY,
      'Unspecified',
    );
    expect(hoursOf(cells, 2025, 2, 'Ashbrittle', 'Unspecified')).toBe(28);
    expect(hoursOf(cells, 2025, 2, 'Waterrow', null)).toBe(7);
    expect(hoursOf(cells, 2025, 2, null, 'Unspecified')).toBe(28);
    expect(hoursOf(cells, 2025, 2, null, null)).toBe(35);
    expect(hoursOf(cells, 2025, null, 'Ashbrittle', null)).toBe(28);
  });

  it('lists a month in which an item of no hours was active, with nothing in it', () => {
    const cells = hoursCells([item('2026-05-10', '2026-05-20', 0)], 2025, LAST_DAY, 'Unspecified');
    expect(hoursOf(cells, 2026, 5, 'Wiveliscombe', 'Domestic')).toBe(0);
    expect(cells.filter((c) => c.year === 2025)).toEqual([]);
  });

  it('reads the items once, as they come, so they can be read off a text one at a time', () => {
    function* oneAtATime() {
      yield item('2025-03-01', '2025-03-31', 7);
      yield item('2025-03-01', '2025-03-31', 7, [], 'Ashbrittle');
    }
    const cells = hoursCells(oneAtATime(), 2025, LAST_DAY, 'Unspecified');
    expect(hoursOf(cells, 2025, 3, 'Wiveliscombe', 'Domestic')).toBe(31);
    expect(hoursOf(cells, 2025, 3, 'Ashbrittle', 'Unspecified')).toBe(31);
    expect(hoursOf(cells, 2025, null, null, null)).toBe(62);
  });
});
