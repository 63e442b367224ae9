import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort, type ServerDatabase, type ServerProcess, startServerProcess } from '@/server/launch';

const BASELINE_SCRIPT = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

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

/** The baseline server (baseline-server.ts) over the same database, once the product has stopped. */
export async function startBaseline(database: ServerDatabase): Promise<ServerProcess> {
  return startServerProcess({ port: await freeLoopbackPort(), database, script: BASELINE_SCRIPT });
}
