import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort, type ServerDatabase, type ServerProcess, startServerProcess } from '@/server/test/server-process';

const BASELINE_SCRIPT = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
const HEALTHY_WITHIN_MS = 60_000;

export interface ProductServer extends ServerProcess {
  /** From starting the process to the first healthy /healthz answer (migrations checked, database open). */
  coldStartMs: number;
}

/** The product as `npm start` runs it, on 127.0.0.1 only, over the given database. */
export async function startProduct(database: ServerDatabase): Promise<ProductServer> {
  const port = await freeLoopbackPort();
  const started = performance.now();
  const server = await startServerProcess({ port, database });
  return { ...server, coldStartMs: performance.now() - started };
}

/** Resident memory of a process now and at its peak, from /proc (Linux). */
export function residentMemory(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

export interface BaselineServer {
  url: string;
  stop: () => Promise<void>;
}

/** The baseline server (baseline-server.ts) over the same database, once the product has stopped. */
export async function startBaseline(database: ServerDatabase): Promise<BaselineServer> {
  const port = await freeLoopbackPort();
  const env: NodeJS.ProcessEnv = { ...process.env, BASELINE_PORT: String(port) };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  Object.assign(env, 'dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl });
  const child = spawn(process.execPath, ['--import', 'tsx', BASELINE_SCRIPT], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + HEALTHY_WITHIN_MS; ; ) {
    if (child.exitCode !== null) throw new Error('the baseline server exited while starting');
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the baseline server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
