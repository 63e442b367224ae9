import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

import { buildServer, SERVER_BUNDLE, SERVER_NODE_ARGS, serverProcessEnv } from '@/server/launch';
import { PROJECT_ROOT as ROOT } from '@/server/paths';
const HEALTHY_WITHIN_MS = 60_000;

/** Where the server keeps its data: PGlite files in a directory, or a PostgreSQL database. */
export type ServerDatabase = { dataDir: string } | { databaseUrl: string };

export interface ServerProcess {
  /** The loopback URL the server listens on (also its PUBLIC_URL, so tokens name it as issuer). */
  url: string;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal (SIGTERM: graceful shutdown; SIGKILL: a crash) and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
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

/** The environment of the child: ours, without any database setting we did not choose. */
function serverEnv(port: number, database: ServerDatabase, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...('dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl }),
    ...extra,
  };
}

/**
 * Runs the API server as `npm start` does once the web app is built (the server built and run with the
 * options of launch.ts: migrations, the built-in provider, /trpc, /healthz), listening on 127.0.0.1 only, and waits until
 * /healthz answers. The web build step of `npm start` is left out: nothing here needs the pages, and
 * rebuilding them while others edit the client would be slow and would race with their builds.
 */
export async function startServerProcess({
  port,
  database,
  env = {},
}: {
  port: number;
  database: ServerDatabase;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  await buildServer();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
    cwd: ROOT,
    env: serverProcessEnv(serverEnv(port, database, env)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy within ${HEALTHY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
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
