// `npm run user|backup|restore|import|export|import:deprivation`: runs the task from its built file, as the server
// runs from its bundle, building the command line first only when its sources changed since.
import path from 'node:path';
import { COMMANDS, COMMANDS_DIR, isStale, PROJECT_ROOT, COMMAND_LINE_SOURCES } from './builds.mjs';

const [name, ...args] = process.argv.slice(2);
if (!(name in COMMANDS)) {
  console.error(`No command "${name}": one of ${Object.keys(COMMANDS).join(', ')}`);
  process.exit(2);
}
const built = path.join(COMMANDS_DIR, `${name}.mjs`);
if (isStale(built, COMMAND_LINE_SOURCES)) {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json') });
  const { buildCommandLine } = await import('../src/server/launch.ts');
  await buildCommandLine();
}
// Run by Node alone, in this same process, as `npm start` runs the server.
process.execve(process.execPath, [process.execPath, built, ...args], process.env);
