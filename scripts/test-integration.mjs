// Runs the integration suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const targets = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

for (const target of targets) {
  console.log(`\nIntegration tests on ${target}`);
  // The command-line tests open PGlite data directories of their own: once is enough.
  const only = target === 'postgres' ? ['--exclude', '**/*-cli.integration.test.ts'] : [];
  const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'integration', ...only, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VALECARE_TEST_DB: target },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
