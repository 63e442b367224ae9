import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '@/server/launch';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium on a closed network: no background calls, only local hosts resolve (DESIGN §5). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

export interface RunningServer extends ServerProcess {
  dataDir: string;
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'valecare-e2e-'));
}

/** Where the global set-up keeps the data directory it migrated once, for migratedDataDir to copy. */
export const MIGRATED_DATA_DIR_VARIABLE = 'E2E_MIGRATED_DATA_DIR';

/**
 * A new data directory holding an empty database already migrated: a copy of the one the global set-up
 * migrated, as migrating a new one takes seconds. Without it (a spec run on its own), an empty directory the
 * server migrates.
 */
export function migratedDataDir(): string {
  const dir = newDataDir();
  const template = process.env[MIGRATED_DATA_DIR_VARIABLE];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Starts the product as `npm start` does (the web app built when stale), and waits until /healthz answers. */
export async function startServer({ port, dataDir, env = {} }: { port: number; dataDir: string; env?: Record<string, string> }): Promise<RunningServer> {
  const server = await startServerProcess({ port, database: { dataDir }, env, hostname: 'localhost', webApp: true });
  return { ...server, dataDir };
}
