/**
 * `npm run load [-- --duration 60 --clients 50] [--cpu-prof <dir>]`: the load benchmark. Runs the real server on
 * 127.0.0.1 over a throwaway database filled with the demo data, signs in staff through the built-in
 * provider, and keeps them busy with a mixed workload (70% reads, 20% writes, 10% reports) for the
 * duration. Prints requests/s, p50/p99 latency and errors, records them under "## Load" in
 * docs/BENCHMARKS.md (unless --dry-run), and exits non-zero when any request failed.
 *
 * With --cpu-prof, the server writes a V8 CPU profile of the whole run (setup included) into that
 * directory when it stops; open it in Chrome's DevTools or summarise it with bench/cpu-profile.ts.
 *
 * PGlite in a temporary directory by default; with DATABASE_URL, a new database on that PostgreSQL
 * server, dropped afterwards. The database DATABASE_URL names is never written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from '@/server/env';
import { apiClient } from '@/server/test/http-sign-in';
import { freeLoopbackPort, type ServerProcess, startServerProcess } from '@/server/launch';
import { todayIn } from '@/shared/dates';
import { type BenchDatabase, newPgliteDatabase, newPostgresDatabase } from './databases';
import { describeMachine } from './machine';
import {
  type CpuUse,
  type Figures,
  figures,
  type Kind,
  measureWorkload,
  type MixedLoadOptions,
  type MixedLoadRun,
  OPERATIONS,
  poolsFromApi,
  prepare,
  restOfMachine,
  signInStaff,
  startSessions,
} from './mixed-load';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCHMARKS_FILE = path.join(ROOT, 'docs/BENCHMARKS.md');

// ---------------------------------------------------------------------------------------------------
// Options

interface Options extends MixedLoadOptions {
  dryRun: boolean;
  /** Where the server writes its CPU profile, when one is asked for. */
  cpuProfileDir?: string;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      clients: { type: 'string', default: '50' },
      'max-requests': { type: 'string', default: '2000000' },
      'dry-run': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
    },
  });
  const whole = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`--${name} must be a whole number from ${min} to ${max}`);
      process.exit(2);
    }
    return n;
  };
  return {
    durationSeconds: whole('duration', values.duration, 1, 600),
    clients: whole('clients', values.clients, 1, 500),
    maxRequests: whole('max-requests', values['max-requests'], 1, 100_000_000),
    dryRun: values['dry-run'],
    cpuProfileDir: values['cpu-prof'] && path.resolve(values['cpu-prof']),
  };
}

// ---------------------------------------------------------------------------------------------------
// The database of the run: never the user's data

/** PGlite in a temporary directory, or with DATABASE_URL a new database on that server, dropped afterwards. */
async function throwawayDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? newPostgresDatabase(serverUrl) : newPgliteDatabase();
}

// ---------------------------------------------------------------------------------------------------
// Results

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

interface RunReport extends MixedLoadRun {
  options: Options;
  database: BenchDatabase;
  dataBefore: string;
  dataAfter: string;
}

function resultsMarkdown(report: RunReport): string {
  const { options, database, seconds, samples } = report;
  const overall = figures(samples, seconds);
  const command = `npm run load -- --duration ${options.durationSeconds} --clients ${options.clients}`;
  const kinds: { kind: Kind; label: string }[] = [
    { kind: 'read', label: 'read (lists, getById)' },
    { kind: 'write', label: 'write (create, update, renew)' },
    { kind: 'report', label: 'report (hours reports, cross-sections)' },
  ];
  const row = (label: string, f: Figures) =>
    `| ${label} | ${whole(f.requests)} | ${((100 * f.requests) / Math.max(1, overall.requests)).toFixed(0)}% | ${whole(f.perSecond)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} |`;
  const header = ['| | requests | share | requests/s | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  return [
    `### ${database.kind}`,
    '',
    `\`${command}\`${database.kind === 'PostgreSQL' ? ' with `DATABASE_URL` set' : ''}, run on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `- Machine: ${describeMachine()}. The server, the database and the load generator share these CPUs.`,
    `- Database: ${database.description}; demo data (\`seedDemo\`) plus what the run writes: ${report.dataBefore} at the start, ${report.dataAfter} at the end.`,
    `- ${options.clients} coordinators signed in through the built-in provider; each sends its next request as soon as the last is answered.`,
    '',
    '| | |',
    '|---|---|',
    `| duration | ${seconds.toFixed(1)} s |`,
    `| clients | ${options.clients} |`,
    `| requests | ${whole(overall.requests)} |`,
    `| requests/s | ${whole(overall.perSecond)} |`,
    `| latency p50 / p99 | ${ms(overall.p50)} ms / ${ms(overall.p99)} ms |`,
    `| errors (non-2xx or no answer) | ${overall.errors} |`,
    ...cpuRows(report.cpu),
    '',
    ...header,
    row('**all**', overall),
    ...kinds.map(({ kind, label }) => row(label, figures(samples.filter((s) => s.kind === kind), seconds))),
    '',
    'By procedure:',
    '',
    ...header,
    ...OPERATIONS.map((op) => row(`\`${op.procedure}\``, figures(samples.filter((s) => s.procedure === op.procedure), seconds))),
    '',
  ].join('\n');
}

const DOCUMENT_INTRO = `# Benchmarks

Figures measured on real hardware, each with the command that produced it, so that they can be re-run and
compared after a change.
`;

const LOAD_INTRO = `## Load

\`npm run load\` (\`bench/load.ts\`) starts the real server on 127.0.0.1 over a throwaway database (PGlite in a
temporary directory, or a new database on the PostgreSQL server \`DATABASE_URL\` names, dropped afterwards) filled
with the demo data. It signs in one coordinator per client through the built-in provider, then every client calls
the API as the web app does (one HTTP request per call, the ID token as bearer) in a closed loop for the duration:
70% reads (the active and not-archived lists, single records), 20% writes (creating clients, requests and packages;
updating and renewing the client's own records) and 10% reports (hours reports and cross-sections). Latency is
measured from sending a request to the last byte of its answer. Any non-2xx answer or request without an answer is
an error, and the command fails when there is one. Each run replaces the results for its database below.

Fifty clients that never pause are far more than the charity's staff send, and more than a small machine serves
at once, so these runs measure the server saturated: throughput is what the machine can do, and latency is mostly
waiting in line (about clients ÷ requests/s). The CPU rows say where the time went; with PostgreSQL, "everything
else" is mostly the database server.
`;

/** Puts the results under "## Load", replacing the earlier results for the same database and keeping everything else. */
function withLoadResults(document: string, results: string, heading: string): string {
  const lines = (document || DOCUMENT_INTRO).trimEnd().split('\n');
  let sectionStart = lines.findIndex((line) => line.trim() === '## Load');
  if (sectionStart < 0) {
    lines.push('', ...LOAD_INTRO.trimEnd().split('\n'));
    sectionStart = lines.findIndex((line) => line.trim() === '## Load');
  }
  const nextSection = lines.findIndex((line, i) => i > sectionStart && /^## /.test(line));
  const sectionEnd = nextSection < 0 ? lines.length : nextSection;
  const start = lines.findIndex((line, i) => i > sectionStart && i < sectionEnd && line.trim() === heading);
  const resultLines = results.trimEnd().split('\n');
  if (start < 0) {
    const before = lines.slice(0, sectionEnd);
    while (before.length && before[before.length - 1] === '') before.pop();
    return [...before, '', ...resultLines, '', ...lines.slice(sectionEnd)].join('\n').trimEnd() + '\n';
  }
  const nextHeading = lines.findIndex((line, i) => i > start && i < sectionEnd && /^### /.test(line));
  const end = nextHeading < 0 ? sectionEnd : nextHeading;
  return [...lines.slice(0, start), ...resultLines, '', ...lines.slice(end)].join('\n').trimEnd() + '\n';
}

function cpuRows(cpu: CpuUse): string[] {
  const cores = (n: number) => n.toFixed(2);
  const rows = [`| load generator | ${cores(cpu.loadGenerator)} cores, event loop busy ${(cpu.loadGeneratorLoop * 100).toFixed(0)}% of the time |`];
  const rest = restOfMachine(cpu);
  if (cpu.machine !== undefined && cpu.server !== undefined && rest !== undefined) {
    rows.unshift(
      `| CPU busy (of ${os.cpus().length} cores) | ${cores(cpu.machine)} cores on average |`,
      `| server process | ${cores(cpu.server)} cores |`,
      `| everything else (database server, other work on the machine) | ${cores(rest)} cores |`,
    );
  }
  return rows;
}

async function describeData(api: ReturnType<typeof apiClient>): Promise<string> {
  const [clients, requests, packages] = await Promise.all([api.clients.getAll.query(), api.requests.getAll.query(), api.packages.getAll.query()]);
  return `${whole(clients.length)} clients, ${whole(requests.length)} requests, ${whole(packages.length)} packages`;
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions();
  const database = await throwawayDatabase();
  let server: ServerProcess | undefined;
  let stopping = false;
  process.once('SIGINT', () => {
    console.log('\nStopping early…');
    stopping = true;
  });
  try {
    console.log(`Preparing ${database.description}: demo data and ${options.clients} coordinators…`);
    await prepare(database, options.clients);
    const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
    server = await startServerProcess({ port: await freeLoopbackPort(), database: database.target, nodeArgs });
    const serverUrl = server.url;
    console.log(`Server ready at ${serverUrl}; signing in ${options.clients} clients…`);

    const idTokens = await signInStaff(serverUrl, options.clients);
    const setupApi = apiClient(serverUrl, idTokens[0]!);
    const today = todayIn(loadEnv().timeZone);
    const started = await startSessions(serverUrl, idTokens, await poolsFromApi(setupApi), today);
    const dataBefore = await describeData(setupApi);

    console.log(`Running for ${options.durationSeconds} s…`);
    const run = await measureWorkload(started, server.pid, options, () => stopping);
    const report: RunReport = { ...run, options, database, dataBefore, dataAfter: await describeData(setupApi) };
    const markdown = resultsMarkdown(report);
    console.log(`\n${markdown}`);

    const errors = run.samples.filter((s) => s.failure).length;
    if (stopping) {
      console.log('Stopped early: results not recorded.');
    } else if (options.dryRun) {
      console.log('Dry run: results not recorded.');
    } else {
      const existing = existsSync(BENCHMARKS_FILE) ? readFileSync(BENCHMARKS_FILE, 'utf8') : '';
      writeFileSync(BENCHMARKS_FILE, withLoadResults(existing, markdown, `### ${database.kind}`));
      console.log(`Recorded in ${path.relative(process.cwd(), BENCHMARKS_FILE)} under "## Load".`);
    }
    const serverErrors = server.output().split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (serverErrors.length) console.error(`The server logged ${serverErrors.length} errors, the first:\n${serverErrors[0]}`);
    if (errors > 0) console.error(`${errors} requests failed.`);
    return errors > 0 || serverErrors.length > 0 ? 1 : 0;
  } finally {
    await server?.stop('SIGTERM');
    await database.remove();
  }
}

process.exitCode = await main();
