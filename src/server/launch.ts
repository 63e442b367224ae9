/**
 * How the server process runs, for `npm start` and for everything that starts it as `npm start` does
 * (tests, benchmark, load): the server built into one JavaScript file and run by Node itself, so no
 * TypeScript compiler lives in the server (about 80 MB), with a small young generation, large memory
 * blocks given back to the system as soon as they are freed and the heap's slack once the server goes
 * quiet: it holds a few hundred megabytes less after a busy spell, and is as fast (docs/BENCHMARKS.md).
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from './paths';

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'dist/server/main.mjs');

/**
 * V8: a 4 MB semi-space instead of 16 MB or more under load (short-lived objects still die young), and
 * `gc` for handing memory back once the server goes quiet (idle-memory.ts).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4', '--expose-gc'];

/** glibc: blocks of 128 KB and up (answers, query results) are mapped and unmapped, not kept in its heap. */
export function serverProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', ...env };
}

/** Builds SERVER_BUNDLE from the sources (a fraction of a second); packages stay in node_modules. */
export async function buildServer(): Promise<void> {
  // Written aside and renamed into place, so a server starting meanwhile never reads half a file.
  const written = `${SERVER_BUNDLE}.${process.pid}.${Date.now()}.tmp`;
  await build({
    entryPoints: [path.join(PROJECT_ROOT, 'src/server/main.ts')],
    outfile: written,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
    logLevel: 'warning',
  });
  await rename(written, SERVER_BUNDLE);
}
