import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, deliveryRate, deliveryRateText, entryDayRefusal, plannedHoursBetween } from './deliveries';

describe('delivery rates', () => {
  it('is delivered over planned, and none when nothing was planned', () => {
    expect(deliveryRate(21, 5.25)).toBe(0.25);
    expect(deliveryRate(0, 3)).toBeNull();
  });

  it('reads as a percentage to 1 decimal, or a dash', () => {
    expect(deliveryRateText(0.2738)).toBe('27.4%');
    expect(deliveryRateText(1)).toBe('100.0%');
    expect(deliveryRateText(0)).toBe('0.0%');
    expect(deliveryRateText(null)).toBe('—');
  });
});

describe('planned hours', () => {
  it('plans a package’s weekly hours a seventh a day, within its dates', () => {
    const pkg = { weeklyHours: 7, startDate: '2025-03-10', endDate: null };
    expect(plannedHoursBetween(pkg, '2025-03-01', '2025-03-20')).toBe(11);
    expect(plannedHoursBetween({ ...pkg, endDate: '2025-03-05' }, '2025-03-06', '2025-03-20')).toBe(0);
  });
});

describe('entryDayRefusal', () => {
  const pkg = { startDate: '2026-11-10', endDate: '2026-11-30' };
  it('lets a past day within the package take an entry', () => {
    expect(entryDayRefusal(pkg, '2026-11-16', '2026-11-20', [])).toBeNull();
    expect(entryDayRefusal(pkg, '2026-11-20', '2026-11-20', [])).toBeNull();
  });
  it('locks days to come, days outside the package and closed months, in the server’s words', () => {
    expect(entryDayRefusal(pkg, '2026-11-21', '2026-11-20', [])).toBe(DELIVERY_MESSAGES.future);
    expect(entryDayRefusal(pkg, '2026-11-09', '2026-11-20', [])).toBe(DELIVERY_MESSAGES.outsidePackage('2026-11-10', '2026-11-30'));
    expect(entryDayRefusal({ ...pkg, endDate: null }, '2026-11-09', '2026-11-20', [])).toBe(DELIVERY_MESSAGES.outsidePackage('2026-11-10', null));
    expect(entryDayRefusal(pkg, '2026-11-16', '2026-11-20', ['2026-11'])).toBe(DELIVERY_MESSAGES.closedMonth('2026-11'));
  });
});
