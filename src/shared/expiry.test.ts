import { describe, expect, it } from 'vitest';
import { expirySortKey, expiryStatus } from './expiry';

describe('expiryStatus', () => {
  const today = '2025-03-01';

  it.each([
    ['', 'none'],
    ['2025-02-28', 'expired'],
    ['2025-03-01', 'within30'],
    ['2025-03-31', 'within30'],
    ['2025-04-01', 'within90'],
    ['2025-05-30', 'within90'],
    ['2025-05-31', 'ok'],
  ] as const)('%s is %s on 1 March 2025', (expiryDate, status) => {
    expect(expiryStatus(expiryDate, today)).toBe(status);
  });

  it('counts calendar days across a leap day and the clock change', () => {
    // 2024 has 29 February; British Summer Time starts on 31 March 2024.
    expect(expiryStatus('2024-03-30', '2024-02-29')).toBe('within30');
    expect(expiryStatus('2024-03-31', '2024-02-29')).toBe('within90');
    expect(expiryStatus('2024-05-29', '2024-02-29')).toBe('within90');
    expect(expiryStatus('2024-05-30', '2024-02-29')).toBe('ok');
  });

  it('counts across the turn of the year', () => {
    expect(expiryStatus('2025-12-31', '2026-01-01')).toBe('expired');
    expect(expiryStatus('2026-01-31', '2026-01-01')).toBe('within30');
  });
});

describe('expirySortKey', () => {
  it('puts expired first, then the soonest, and no expiry last', () => {
    const dates = ['', '2025-06-01', '2024-01-01', '2025-03-02', '2025-02-01'];
    const sorted = [...dates].sort((a, b) => expirySortKey(a) - expirySortKey(b));
    expect(sorted).toEqual(['2024-01-01', '2025-02-01', '2025-03-02', '2025-06-01', '']);
  });
});
