import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { COMMANDS } from '../../../scripts/builds.mjs';
import { PROJECT_ROOT } from '@/server/paths';

/** What a command-line task did: its exit code and what it printed. */
export interface CommandRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs a command-line task as `npm run …` does (the same launcher, its built file), with more environment. */
export function runCommand(name: keyof typeof COMMANDS, args: string[], env: Record<string, string> = {}): CommandRun {
  const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/command.mjs'), name, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}
