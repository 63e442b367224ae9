/**
 * Makes the server it is loaded into (`node --import ./bench/slowed-product.ts …`) twice as slow on purpose:
 * every millisecond its main thread spends working is followed by a millisecond of busy waiting. The server,
 * PGlite's WebAssembly included, runs on that one thread, so each call costs it twice the CPU, and a machine
 * it saturates answers half as many. The quick benchmark measures this product beside the real one to show
 * that its gate fails a product that truly regressed (bench/budgets.ts).
 *
 * Plain TypeScript that Node runs by stripping the types: it is loaded before anything else in the process.
 */
import { performance } from 'node:perf_hooks';

/** How often the work done since the last tick is paid back: short against any call the benchmark times. */
const TICK_MS = 1;

let worked = performance.eventLoopUtilization();

function payBack() {
  const since = performance.eventLoopUtilization(worked);
  const until = performance.now() + since.active;
  while (performance.now() < until) {
    // busy: the work of the call, done a second time
  }
  // The waiting itself is not paid back again.
  worked = performance.eventLoopUtilization();
  setTimeout(payBack, TICK_MS).unref();
}

setTimeout(payBack, TICK_MS).unref();
