import { describe, expect, it } from 'vitest';
import { IdleWatch, LAST_ACTIVITY_KEY } from './idle-session';

const MINUTE = 60_000;

function watch(idleMinutes = 30) {
  const values = new Map<string, string>();
  const store = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  let now = 1_800_000_000_000;
  const idle = new IdleWatch(idleMinutes * MINUTE, store, () => now);
  return { idle, values, pass: (ms: number) => (now += ms) };
}

describe('IdleWatch', () => {
  it('goes idle 30 minutes after the last activity, and activity keeps it awake', () => {
    const { idle, pass } = watch();
    idle.record({ force: true });
    pass(29 * MINUTE);
    expect(idle.isIdle()).toBe(false);
    idle.record();
    pass(29 * MINUTE);
    expect(idle.isIdle()).toBe(false);
    pass(MINUTE);
    expect(idle.isIdle()).toBe(true);
  });

  it('writes activity at most every 15 seconds', () => {
    const { idle, pass } = watch();
    expect(idle.record()).toBe(true);
    pass(5_000);
    expect(idle.record()).toBe(false);
    pass(10_000);
    expect(idle.record()).toBe(true);
  });

  it('counts a session with no activity recorded as active from now', () => {
    const { idle, values, pass } = watch(5);
    expect(idle.isIdle()).toBe(false);
    expect(values.has(LAST_ACTIVITY_KEY)).toBe(true);
    pass(5 * MINUTE);
    expect(idle.isIdle()).toBe(true);
    idle.forget();
    expect(values.has(LAST_ACTIVITY_KEY)).toBe(false);
  });
});
