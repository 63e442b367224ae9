/**
 * The command line's part of `npm run bench`: how long an administrator waits for `npm run user -- list`, and for
 * `npm start` to answer `/healthz`, each on a new empty data directory, as typed (through npm), once built.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freeLoopbackPort, waitUntilHealthy } from '@/server/launch';
import { PROJECT_ROOT } from '@/server/paths';

export interface CommandLineFigures {
  /** `npm run user -- list` on an empty data directory, each run. */
  userListMs: number[];
  /** `npm start` on an empty data directory to its first healthy `/healthz`, each run. */
  startMs: number[];
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function withEmptyDataDir<T>(task: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'valecare-bench-cli-'));
  return task(path.join(dataDir, 'data')).finally(() => rmSync(dataDir, { recursive: true, force: true }));
}

function environment(dataDir: string, more: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...more };
  delete env.DATABASE_URL;
  return env;
}

async function timeUserList(): Promise<number> {
  return withEmptyDataDir(async (dataDir) => {
    const started = performance.now();
    const run = spawnSync(npm, ['run', '--silent', 'user', '--', 'list'], { cwd: PROJECT_ROOT, env: environment(dataDir), encoding: 'utf8' });
    const ms = performance.now() - started;
    if (run.status !== 0 || run.stdout.trim() !== 'No users.') throw new Error(`npm run user -- list failed: ${run.stderr}`);
    return ms;
  });
}

async function timeStart(): Promise<number> {
  return withEmptyDataDir(async (dataDir) => {
    const port = await freeLoopbackPort();
    const started = performance.now();
    // Its own process group, so that npm, the shell and the server are stopped together.
    const child = spawn(npm, ['start', '--silent'], { cwd: PROJECT_ROOT, env: environment(dataDir, { PORT: String(port), HOST: '127.0.0.1' }), stdio: 'ignore', detached: true });
    try {
      await waitUntilHealthy(`http://127.0.0.1:${port}`, child, undefined, 25);
      return performance.now() - started;
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });
}

/** Each command `runs` times after a first run that builds what is stale (not counted). */
export async function measureCommandLine(runs: number): Promise<CommandLineFigures> {
  await timeUserList();
  const userListMs: number[] = [];
  for (let i = 0; i < runs; i++) userListMs.push(await timeUserList());
  await timeStart();
  const startMs: number[] = [];
  for (let i = 0; i < runs; i++) startMs.push(await timeStart());
  return { userListMs, startMs };
}
