import type { Reporter, TestCase } from 'vitest/node';
import { type TestTiming, writeTimings } from '../test-timings.mjs';

/** Keeps each finished test's time and limit (scripts/test-timings.mjs). */
export default class TimingsReporter implements Reporter {
  private readonly tests: TestTiming[] = [];

  onTestCaseResult(testCase: TestCase) {
    const duration = testCase.diagnostic()?.duration;
    if (duration === undefined) return;
    this.tests.push({ title: `${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} › ${testCase.fullName}`, ms: duration, limitMs: testCase.options.timeout ?? testCase.project.config.testTimeout });
  }

  onTestRunEnd() {
    const database = process.env.VALECARE_TEST_DB;
    if (this.tests.length) writeTimings(database ? `integration (${database})` : 'unit and UI', this.tests);
  }
}
