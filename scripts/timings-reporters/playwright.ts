import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type TestTiming, writeTimings } from '../test-timings.mjs';

/** Keeps each finished browser test's time and limit (scripts/test-timings.mjs). */
export default class TimingsReporter implements Reporter {
  private readonly tests: TestTiming[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') return;
    this.tests.push({ title: `${test.location.file.replace(`${process.cwd()}/`, '')} › ${test.titlePath().slice(3).join(' › ')}`, ms: result.duration, limitMs: test.timeout });
  }

  onEnd() {
    if (this.tests.length) writeTimings('browser', this.tests);
  }
}
