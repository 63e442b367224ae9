/**
 * `npx tsx bench/cpu-profile.ts <file.cpuprofile> [--last 20] [--skip-end 1]`: where a server's CPU went,
 * from the profile `npm run load -- --cpu-prof <dir>` has it write. Each sample is put in one area (the
 * library or part of the server nearest the top of its stack: Node's own code and V8's built-ins count
 * for their caller) for "self", and in every area on its stack for "total". With --last, only the
 * samples of that many seconds before the end (less --skip-end, the shutdown) count: the load run,
 * without the setup and sign-ins before it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Areas by where a function's code is; checked in order, the first that matches wins. */
const AREAS_BY_URL: [string, RegExp][] = [
  ['zod (input validation)', /node_modules\/zod\//],
  ['tRPC', /node_modules\/@trpc\//],
  ['jose (token verification)', /node_modules\/jose\//],
  ['oidc-provider (sign-in)', /node_modules\/(oidc-provider|koa|@koa|jsesc|quick-lru)\//],
  ['drizzle (query building, row mapping)', /node_modules\/drizzle-orm\//],
  ['pg (PostgreSQL driver)', /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+|pgpass|pg-connection-string)\//],
  ['PGlite: PostgreSQL itself (WebAssembly)', /^wasm:\/\//],
  ['PGlite: wire protocol, result parsing (JavaScript)', /node_modules\/@electric-sql\/pglite\//],
  ['logging (pino)', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|on-exit-leak-free|quick-format-unescaped)\//],
  ['Fastify (http routing, hooks, replies)', /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify|secure-json-parse|fast-querystring|toad-cache|abstract-logging|process-warning|rfdc|ret|safe-regex2|fast-content-type-parse)\//],
  ['other packages', /node_modules\//],
];

/** The server's own functions (one bundled file) by name: the areas the issue asks about. */
const AREAS_BY_SERVER_FUNCTION: [string, RegExp][] = [
  ['server: auth (token, session check)', /^(tokenVerifier|isSessionLive|sessionUserFromClaims|contextFor|verifyIdToken|notExpired)$/],
  ['server: audit trail', /audit|Audit/],
  ['server: query cache', /^(databaseState|acceptsGzip|inputOf|cachedAnswer|queryCache)/],
  ['server: security headers', /securityHeaders|contentSecurityPolicy/],
];

const NODE_HTTP = /^node:(_http|http|net|stream|internal\/(http|streams|stream_base|net|js_stream|url|dns|timers|async_hooks)|internal\/deps\/undici|zlib|internal\/crypto|crypto)/;

function areaOfFrame(frame: CallFrame): string | undefined {
  const { url, functionName } = frame;
  for (const [area, pattern] of AREAS_BY_URL) if (pattern.test(url)) return area;
  if (/dist\/server\/main\.mjs$/.test(url)) {
    for (const [area, pattern] of AREAS_BY_SERVER_FUNCTION) if (pattern.test(functionName)) return area;
    return 'server: features (routers, services, mappers)';
  }
  return undefined;
}

/** For samples whose whole stack is Node's or V8's own. */
function areaOfBareStack(leaf: CallFrame, stack: CallFrame[]): string {
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  if (leaf.functionName === '(idle)') return 'idle';
  if (leaf.functionName === '(program)') return 'V8/Node internals (program)';
  if (stack.some((f) => NODE_HTTP.test(f.url))) return 'Node http/net/streams/crypto';
  return 'other Node internals';
}

function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { last: { type: 'string' }, 'skip-end': { type: 'string', default: '1' }, top: { type: 'string', default: '25' } },
  });
  const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // Sample times, to keep only the window asked for.
  const times: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const end = t - Number(values['skip-end']) * 1e6;
  const start = values.last ? end - Number(values.last) * 1e6 : -Infinity;

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const selfFunction = new Map<string, number>();
  const totalFunction = new Map<string, number>();
  let counted = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const time = times[i]!;
    if (time < start || time > end) return;
    const stack: CallFrame[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) stack.push(byId.get(n)!.callFrame);
    const leaf = stack[0]!;
    if (leaf.functionName === '(idle)') {
      idle++;
      return;
    }
    counted++;
    const areas = stack.map(areaOfFrame);
    let own = areas.find((a) => a !== undefined) ?? areaOfBareStack(leaf, stack);
    // A system call (file writes, fsync) made by PGlite's file system.
    if (own.startsWith('PGlite') && leaf.url === '' && /^[a-z]+$/.test(leaf.functionName)) own = 'PGlite: file system calls';
    self.set(own, (self.get(own) ?? 0) + 1);
    for (const area of new Set([own, ...areas.filter((a): a is string => a !== undefined)])) total.set(area, (total.get(area) ?? 0) + 1);
    const name = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^.*dist\/server\//, 'server/')}:${f.lineNumber + 1}`;
    selfFunction.set(name(leaf), (selfFunction.get(name(leaf)) ?? 0) + 1);
    for (const f of new Set(stack.map(name))) totalFunction.set(f, (totalFunction.get(f) ?? 0) + 1);
  });

  const pct = (n: number) => `${((100 * n) / counted).toFixed(1)}%`;
  console.log(`${counted} busy samples (${idle} idle) in the window\n`);
  console.log('| area | self | total |\n|---|---:|---:|');
  for (const [area, n] of [...self].sort((a, b) => b[1] - a[1])) console.log(`| ${area} | ${pct(n)} | ${pct(total.get(area) ?? 0)} |`);
  for (const [area, n] of [...total].filter(([a]) => !self.has(a))) console.log(`| ${area} | 0% | ${pct(n)} |`);
  const top = Number(values.top);
  console.log(`\nTop ${top} functions by self time:`);
  for (const [f, n] of [...selfFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n).padStart(6)}  ${f}`);
  console.log(`\nTop ${top} functions by total time:`);
  for (const [f, n] of [...totalFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n).padStart(6)}  ${f}`);
}

main();
