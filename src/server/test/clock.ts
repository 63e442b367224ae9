import { vi } from 'vitest';
import { TOTP_PERIOD_SECONDS } from '@/server/accounts/totp';

/**
 * The server's clock (Date, as the provider and the sign-in pages read it) under the test's control: it
 * runs on in real time, and `moveClock` jumps it forward. The database keeps its own time.
 */
export function useTestClock(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() });
}

export function restoreClock(): void {
  vi.useRealTimers();
}

export function moveClock(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

/** Jumps to just after the start of the next authenticator time step, so a test's codes do not go stale mid-test. */
export function moveToFreshTotpStep(): void {
  const period = TOTP_PERIOD_SECONDS * 1000;
  vi.setSystemTime(Math.ceil(Date.now() / period) * period + 100);
}
