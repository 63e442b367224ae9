/**
 * The one way the server process is started: by `npm start` (scripts/start.mjs, in its own process) and,
 * as a child that is waited for and stopped, by the browser tests, the integration tests and the
 * benchmark. The server is built into one JavaScript file and run by Node itself, so no TypeScript
 * compiler lives in the server (about 80 MB), with a small young generation, large memory blocks given
 * back to the system as soon as they are freed and the heap's slack once the server goes quiet: it holds
 * a few hundred megabytes less after a busy spell, and is as fast (docs/BENCHMARKS.md).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { COMMANDS, COMMANDS_DIR, EMPTY_DATABASE_SOURCES, isStale } from '../../scripts/builds.mjs';
import { PROJECT_ROOT } from './paths';

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'dist/server/main.mjs');
const WEB_APP_INDEX = path.join(PROJECT_ROOT, 'dist/client/index.html');
const WEB_APP_SOURCES = ['src/client', 'src/carer-app', 'src/browser', 'src/shared', 'vite.config.ts', 'vite.carer.config.ts', 'package-lock.json'].map((p) => path.join(PROJECT_ROOT, p));
const HEALTHY_WITHIN_MS = 60_000;

/**
 * V8: a 16 MB semi-space, so that the short-lived objects of each request die in few scavenges (at 4 MB, garbage
 * collection took a fifth of the server's CPU under the mixed load), and `gc` for handing memory back once the
 * server goes quiet (idle-memory.ts).
 */
const SERVER_NODE_ARGS = ['--max-semi-space-size=16', '--expose-gc'];

/** The server's command line (after the Node executable) and environment, given the environment it is started with. */
export function serverCommand(env: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv } {
  // glibc: blocks of 128 KB and up (answers, query results) are mapped and unmapped, not kept in its heap.
  return { args: [...SERVER_NODE_ARGS, SERVER_BUNDLE], env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', ...env } };
}

const NODE_BUILD: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
  logLevel: 'warning',
};

/**
 * Builds into a folder of the build's own, then renames each file into place: a process starting meanwhile
 * never reads half a file, and two processes building at once each put whole files in place.
 */
async function buildInPlace(options: BuildOptions, outdir: string): Promise<void> {
  const aside = `${outdir}.${process.pid}.${Date.now()}.tmp`;
  await build({ ...NODE_BUILD, ...options, outdir: aside });
  mkdirSync(outdir, { recursive: true });
  for (const file of await readdir(aside)) await rename(path.join(aside, file), path.join(outdir, file));
  await rm(aside, { recursive: true, force: true });
}

/** Files a worker thread runs, built beside the server's bundle and each command's: their names and sources. */
const WORKERS = { 'workbook-worker': path.join(PROJECT_ROOT, 'src/server/features/transfer/workbook-worker.ts') };

/** Builds SERVER_BUNDLE from the sources (a fraction of a second; packages stay in node_modules), and the empty database when stale. */
export async function buildServer(): Promise<void> {
  await buildInPlace({ entryPoints: { main: path.join(PROJECT_ROOT, 'src/server/main.ts'), ...WORKERS }, outExtension: { '.js': '.mjs' }, packages: 'external' }, path.dirname(SERVER_BUNDLE));
  await buildEmptyDatabaseIfStale();
}

/**
 * Packages the command line keeps in node_modules: PGlite and argon2 load files of their own beside their code
 * (WebAssembly, a native addon), and pg asks for an optional native driver by name.
 */
const COMMAND_LINE_EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2', 'pg'];

/**
 * Builds each command-line task (scripts/builds.mjs COMMANDS) into one file, with the packages it uses inside
 * it: Node then reads one file instead of finding and reading a thousand (date-fns, drizzle, zod), which took
 * most of a command's start. The empty database comes with it, so a task on a new data directory need not
 * make one.
 */
export async function buildCommandLine(): Promise<void> {
  await buildInPlace(
    {
      entryPoints: { ...Object.fromEntries(Object.entries(COMMANDS).map(([name, source]) => [name, path.join(PROJECT_ROOT, source)])), ...WORKERS },
      outExtension: { '.js': '.mjs' },
      external: COMMAND_LINE_EXTERNAL,
      // The CommonJS packages inside (nodemailer, …) ask for Node's modules with require.
      banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    },
    COMMANDS_DIR,
  );
  await buildEmptyDatabaseIfStale();
}

/**
 * Builds the migrated empty PGlite database new data directories start from (db/client.ts), when older than its
 * sources: made aside and put in place only if still stale then, so that one another process put in place
 * meanwhile is never moved while a server copies it.
 */
export async function buildEmptyDatabaseIfStale(): Promise<void> {
  const { EMPTY_DATABASE, openDatabase } = await import('./db/client');
  const stale = () => isStale(EMPTY_DATABASE, EMPTY_DATABASE_SOURCES);
  if (!stale()) return;
  const aside = `${EMPTY_DATABASE}.${process.pid}.${Date.now()}.tmp`;
  mkdirSync(aside, { recursive: true }); // PGlite makes the folder of its data, not the folders above it (dist/ on a fresh clone)
  await (await openDatabase({ kind: 'pglite', dataDir: aside })).close();
  if (stale()) {
    await rm(EMPTY_DATABASE, { recursive: true, force: true });
    await rename(aside, EMPTY_DATABASE).catch(() => undefined);
  }
  await rm(aside, { recursive: true, force: true });
}

/** Builds the web app when it is missing or older than its sources. */
export function buildWebAppIfStale(): void {
  if (!isStale(WEB_APP_INDEX, WEB_APP_SOURCES)) return;
  console.log('Building the web app…');
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server at `url` answers `/healthz`, every `pollMs`; throws, with what it printed, if its process
 * ends first or it takes longer than HEALTHY_WITHIN_MS.
 */
export async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string = () => '', pollMs = 100): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${output()}`);
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`the server did not become healthy within ${HEALTHY_WITHIN_MS / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Where the server keeps its data: PGlite files in a directory, or a PostgreSQL database. */
export type ServerDatabase = { dataDir: string } | { databaseUrl: string };

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** The URL the server is reached at (also its PUBLIC_URL, so tokens name it as issuer). */
  url: string;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** Resolves with how the process ended. */
  exited: Promise<ServerExit>;
  /** Sends the signal (SIGTERM: graceful shutdown; SIGKILL: a crash) and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<ServerExit>;
}

export interface ServerProcessOptions {
  port: number;
  database: ServerDatabase;
  /** More environment, over the defaults below. */
  env?: Record<string, string>;
  /** The host name in the URL: the browser tests' pages are on `localhost`. It listens on 127.0.0.1 either way. */
  hostname?: '127.0.0.1' | 'localhost';
  /** Build the web app first when it is stale, as `npm start` does (the browser tests need the pages). */
  webApp?: boolean;
  /** Another server to run in its place (a TypeScript file, by tsx): the benchmark's baseline. */
  script?: string;
  /** More options for Node, before the server's own (`--cpu-prof` when profiling). */
  nodeArgs?: string[];
}

/** The environment of the child: ours, without any database setting we did not choose. */
function childEnv({ port, database, env = {}, hostname = '127.0.0.1' }: ServerProcessOptions): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATA_DIR;
  return {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://${hostname}:${port}`,
    LOG_LEVEL: 'warn',
    ...('dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl }),
    ...env,
  };
}

/**
 * Runs the server as `npm start` does (migrations, the built-in provider, /trpc, /healthz, and the web app
 * when it is built), listening on 127.0.0.1 only, and waits until /healthz answers. The web app is built
 * only when asked: most callers need no pages, and rebuilding them while others edit the client would be
 * slow and would race with their builds.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { port, hostname = '127.0.0.1', webApp = false, script, nodeArgs = [] } = options;
  const url = `http://${hostname}:${port}`;
  if (webApp) buildWebAppIfStale();
  let command: { args: string[]; env: NodeJS.ProcessEnv };
  if (script) {
    command = { args: ['--import', 'tsx', script], env: childEnv(options) };
  } else {
    await buildServer();
    command = serverCommand(childEnv(options));
  }
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...command.args], { cwd: PROJECT_ROOT, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  try {
    await waitUntilHealthy(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    url,
    pid: child.pid!,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
