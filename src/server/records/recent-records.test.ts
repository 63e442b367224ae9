import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentRecords } from './recent-records';

describe('RecentRecords', () => {
  afterEach(() => vi.useRealTimers());

  it('recalls what was remembered of each database alone, and forgets on asking', () => {
    const recent = new RecentRecords<string>();
    const [one, other] = [{}, {}];
    recent.remember(one, 'c1', 'as read');
    expect(recent.recall(one, 'c1')).toBe('as read');
    expect(recent.recall(other, 'c1')).toBeUndefined();
    recent.remember(one, 'c1', 'as written');
    expect(recent.recall(one, 'c1')).toBe('as written');
    recent.forget(one, 'c1');
    expect(recent.recall(one, 'c1')).toBeUndefined();
  });

  it('keeps at most its limit, forgetting the one used longest ago first', () => {
    const recent = new RecentRecords<number>(2);
    const db = {};
    recent.remember(db, 'a', 1);
    recent.remember(db, 'b', 2);
    recent.remember(db, 'a', 3);
    recent.remember(db, 'c', 4);
    expect([recent.recall(db, 'a'), recent.recall(db, 'b'), recent.recall(db, 'c')]).toEqual([3, undefined, 4]);
  });

  it('forgets a record kept longer than it keeps one', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    const recent = new RecentRecords<string>(10, 60_000);
    const db = {};
    recent.remember(db, 'a', 'kept');
    vi.advanceTimersByTime(60_000);
    expect(recent.recall(db, 'a')).toBe('kept');
    vi.advanceTimersByTime(1);
    expect(recent.recall(db, 'a')).toBeUndefined();
  });
});
