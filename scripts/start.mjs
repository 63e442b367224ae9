// `npm start`: builds the web app when it is missing or older than its sources, builds the server, then
// runs it (migrations are applied as it starts), all as src/server/launch.ts says.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { register } = await import('tsx/esm/api');
register({ tsconfig: path.join(root, 'tsconfig.json') });
const { buildServer, buildWebAppIfStale, serverCommand } = await import('../src/server/launch.ts');

buildWebAppIfStale();
await buildServer();
// Run by Node alone, in this same process (the same pid for whoever started it).
const { args, env } = serverCommand(process.env);
process.execve(process.execPath, [process.execPath, ...args], env);
