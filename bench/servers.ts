import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort, type ServerDatabase, type ServerProcess, startServerProcess } from '@/server/launch';
import type { Side } from './results';

const BASELINE_SCRIPT = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
const SLOWED_PRODUCT_MODULE = fileURLToPath(new URL('./slowed-product.ts', import.meta.url));

export interface TimedServer extends ServerProcess {
  /** From starting the process to the first healthy /healthz answer (migrations checked, database open). */
  coldStartMs: number;
}

async function timedStart(start: () => Promise<ServerProcess>): Promise<TimedServer> {
  const started = performance.now();
  const server = await start();
  return { ...server, coldStartMs: performance.now() - started };
}

/**
 * The product as `npm start` runs it, on 127.0.0.1 only, over the given database; `slowed`, made twice as
 * slow on purpose (slowed-product.ts), to show that the quick run's gate fails it.
 */
export async function startProduct(database: ServerDatabase, { slowed = false } = {}): Promise<TimedServer> {
  const port = await freeLoopbackPort();
  return timedStart(() => startServerProcess({ port, database, ...(slowed ? { nodeArgs: ['--import', SLOWED_PRODUCT_MODULE] } : {}) }));
}

/** Resident memory of a process now and at its peak, from /proc (Linux). */
export function residentMemory(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

/** The baseline server (baseline-server.ts) over its own copy of the product's data. */
export async function startBaseline(database: ServerDatabase): Promise<TimedServer> {
  const port = await freeLoopbackPort();
  return timedStart(() => startServerProcess({ port, database, script: BASELINE_SCRIPT }));
}

/** The side's server: the product, the baseline, or the product made twice as slow. */
export function startSide(side: Side, database: ServerDatabase): Promise<TimedServer> {
  return side === 'baseline' ? startBaseline(database) : startProduct(database, { slowed: side === 'slowed' });
}
