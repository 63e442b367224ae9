import { TOTP_PERIOD_SECONDS } from '@/server/accounts/totp';

const RealDate = Date;
/** How far the test has moved the clock from real time, in ms. */
let offset = 0;

/**
 * Date with the real time moved on by `offset`: every read is the real time of that moment, so two things done one
 * after the other are stamped in that order (a fake clock that only moves in steps stamps them alike). Dates made
 * before the test's clock are still Dates.
 */
const TestDate = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [RealDate.now() + offset], newTarget),
  apply: () => new RealDate(RealDate.now() + offset).toString(),
  get: (target, key, receiver) => (key === 'now' ? () => RealDate.now() + offset : Reflect.get(target, key, receiver)),
});

/**
 * The server's clock (Date, as the provider, the sign-in pages and PGlite's now() read it) under the test's control:
 * it runs on in real time, and `moveClock` jumps it forward. PostgreSQL keeps its own time.
 */
export function useTestClock(): void {
  offset = 0;
  globalThis.Date = TestDate;
}

export function restoreClock(): void {
  offset = 0;
  globalThis.Date = RealDate;
}

export function moveClock(ms: number): void {
  offset += ms;
}

/** Jumps to just after the start of the next authenticator time step, so a test's codes do not go stale mid-test. */
export function moveToFreshTotpStep(): void {
  const period = TOTP_PERIOD_SECONDS * 1000;
  const now = Date.now();
  offset += Math.ceil(now / period) * period + 100 - now;
}
