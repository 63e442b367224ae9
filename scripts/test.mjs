// `npm test`: every check (type check and lint side by side, then unit and UI tests, integration tests and
// browser tests in turn), stopping at the first that fails, then how long each part took.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { clearTimings, readTimings, slowestTests } from './test-timings.mjs';

/** Parts run in turn; the parts of one step side by side (each single-threaded, on a machine of two cores or more). */
const STEPS = [['typecheck', 'lint'], ['test:unit'], ['test:integration'], ['test:e2e']];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** Runs `npm run <part>`; side by side, its output is held and printed whole when it ends. */
function run(part, alone) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', part], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (output.length) process.stdout.write(Buffer.concat(output));
      resolve({ part, ms: performance.now() - started, ok: code === 0 });
    });
  });
}

clearTimings();
const started = performance.now();
const times = [];
let failed;
for (const step of STEPS) {
  const results = await Promise.all(step.map((part) => run(part, step.length === 1)));
  times.push(...results);
  failed = results.find((result) => !result.ok);
  if (failed) break;
}

const timings = readTimings();
if (timings.length) console.log(`\n${slowestTests(timings)}`);
console.log('\nnpm test, each part (minutes:seconds; the type check and lint run side by side):');
for (const { part, ms } of times) console.log(`  ${part.padEnd(18)} ${minutes(ms).padStart(6)}`);
console.log(`  ${'in all'.padEnd(18)} ${minutes(performance.now() - started).padStart(6)}`);
if (failed) {
  console.log(`\n${failed.part} failed.`);
  process.exit(1);
}
