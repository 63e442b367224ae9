// Each test's time beside its limit, written by the test runners' reporters (scripts/timings-reporters) and
// printed by `npm test` at its end: the ten slowest, so the margin every test keeps is seen on every run.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './builds.mjs';

const TIMINGS_DIR = path.join(PROJECT_ROOT, 'test-timings');

/** A test's time is at most this share of its limit, so that a machine a third as fast still passes it. */
const LIMIT_SHARE = 1 / 3;

export function clearTimings() {
  rmSync(TIMINGS_DIR, { recursive: true, force: true });
}

/** Keeps one run's tests: `suite` names the run (browser, integration on PGlite, …); each test its title, time and limit in ms. */
export function writeTimings(suite, tests) {
  mkdirSync(TIMINGS_DIR, { recursive: true });
  writeFileSync(path.join(TIMINGS_DIR, `${suite.replace(/\W+/g, '-')}-${process.pid}.json`), JSON.stringify(tests.map((test) => ({ suite, ...test }))));
}

/** Every test kept since the last clearTimings. */
export function readTimings() {
  if (!existsSync(TIMINGS_DIR)) return [];
  return readdirSync(TIMINGS_DIR).flatMap((file) => JSON.parse(readFileSync(path.join(TIMINGS_DIR, file), 'utf8')));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pastShare = (t) => t.ms > t.limitMs * LIMIT_SHARE;

/** The `count` slowest tests with their limits, as lines of text; tests past LIMIT_SHARE of their limit marked. */
export function slowestTests(tests, count = 10) {
  const slowest = [...tests].sort((a, b) => b.ms - a.ms).slice(0, count);
  const lines = slowest.map(
    (t) => `  ${seconds(t.ms).padStart(7)} of ${seconds(t.limitMs).padStart(7)} ${pastShare(t) ? '!' : ' '} ${t.suite}: ${t.title}`,
  );
  const near = tests.filter(pastShare);
  return [
    `The ${slowest.length} slowest tests of ${tests.length}, each with its limit (! past a third of it):`,
    ...lines,
    near.length ? `${near.length} test(s) took more than a third of their limit.` : 'Every test took at most a third of its limit.',
  ].join('\n');
}
