// What is built from what, and whether a build is older than its sources: read by `npm start` and the test
// servers (src/server/launch.ts) and by the command line's launcher (scripts/command.mjs), which must answer
// without loading any TypeScript when nothing changed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The command-line tasks (`npm run user`, …), each built into one file of its own: its name and its source. */
export const COMMANDS = {
  user: 'src/server/features/staff/user-cli.ts',
  backup: 'src/server/backup-cli.ts',
  'transfer-import': 'src/server/features/transfer/import-cli.ts',
  'transfer-export': 'src/server/features/transfer/export-cli.ts',
  'deprivation-import': 'src/server/features/deprivation/import-cli.ts',
};

/** Where the command-line tasks are built. */
export const COMMANDS_DIR = path.join(PROJECT_ROOT, 'dist/commands');

/** What the command line's build is made from. */
export const COMMAND_LINE_SOURCES = ['src/server', 'src/shared', 'drizzle', 'package-lock.json', 'tsconfig.json'].map((p) => path.join(PROJECT_ROOT, p));

/** What the empty database new data directories start from is made from: the migrations, and PGlite's version. */
export const EMPTY_DATABASE_SOURCES = ['drizzle', 'package-lock.json'].map((p) => path.join(PROJECT_ROOT, p));

/** The newest modification time of a file, or of anything under a folder. */
function newestChange(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((entry) => newestChange(path.join(file, entry))));
}

/** True when `output` is missing or older than any of `sources` (files or folders). */
export function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newestChange));
}
