import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { type CachedQuery, isCachedQuery } from '@/shared/cached-queries';
import { type Database, type Executor, queryRows } from '@/server/db/client';
import { createCallerFactory, type Context } from '@/server/trpc/init';
import { appRouter } from '@/server/app-router';
import { FreshCopies } from './fresh-copies';

const gzipAsync = promisify(gzip);
const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;
type ReportInput = Parameters<Caller['analytics']['getRequestsReport']>[0];
type DeliveredReportInput = Parameters<Caller['analytics']['getDeliveredReport']>[0];

/** Each query through the router, so its input is checked and its permission enforced as in any call. */
const QUERIES: Record<CachedQuery, (caller: Caller, input: unknown) => Promise<unknown>> = {
  'clients.getAllNotArchived': (caller) => caller.clients.getAllNotArchived(),
  'requests.getAllNotEndedYet': (caller) => caller.requests.getAllNotEndedYet(),
  'packages.getAllNotEndedYet': (caller) => caller.packages.getAllNotEndedYet(),
  'requests.getAllMetadata': (caller) => caller.requests.getAllMetadata(),
  'mps.getAllNotArchived': (caller) => caller.mps.getAllNotArchived(),
  'volunteers.getAllNotArchived': (caller) => caller.volunteers.getAllNotArchived(),
  'analytics.getActiveRequestsCrossSection': (caller) => caller.analytics.getActiveRequestsCrossSection(),
  'analytics.getActivePackagesCrossSection': (caller) => caller.analytics.getActivePackagesCrossSection(),
  'analytics.getRequestsReport': (caller, input) => caller.analytics.getRequestsReport(input as ReportInput),
  'analytics.getPackagesReport': (caller, input) => caller.analytics.getPackagesReport(input as ReportInput),
  'analytics.getRequestsDeprivationReport': (caller, input) => caller.analytics.getRequestsDeprivationReport(input as ReportInput),
  'analytics.getPackagesDeprivationReport': (caller, input) => caller.analytics.getPackagesDeprivationReport(input as ReportInput),
  'analytics.getDeliveredReport': (caller, input) => caller.analytics.getDeliveredReport(input as DeliveredReportInput),
};

/**
 * Which writes the database has committed: its current snapshot ("xmin:xmax:ids in progress"). A
 * transaction that writes takes an id, and when it ends either xmax moves past it or it leaves the
 * list, so the text changes for every process using the database; reads take no id and leave it be.
 */
export async function databaseState(db: Executor): Promise<string> {
  const [row] = await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
  return row!.snapshot;
}

/** The JSON, and gzipped for callers that take it: an eighth of the bytes over a country broadband line. */
interface Body {
  json: Buffer;
  gzip: Buffer;
}

/** Whether an accept-encoding header takes gzip (named, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    return name === 'gzip' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/** The input of a GET call: none, or `?input=<JSON>` alone (a batch, or anything else, is not cached). */
function inputOf(search: string | undefined): { ok: true; input: unknown } | { ok: false } {
  if (search === undefined) return { ok: true, input: undefined };
  const params = new URLSearchParams(search);
  const text = params.get('input');
  if ([...params.keys()].length !== 1 || text === null) return { ok: false };
  try {
    return { ok: true, input: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export interface QueryCacheOptions {
  db: Database;
  /** Who is calling, as tRPC's context says: a copy is served only to a signed-in caller, for their role. */
  contextFor: (request: FastifyRequest) => Promise<Context>;
}

/**
 * Answers the CACHED_QUERIES from memory while the database has not changed: twenty staff opening the
 * dashboard or a report at once cost one query and one JSON text, not twenty. An answer depends only on
 * the input, the role (what it may read) and the date (what has ended), so those and the procedure are
 * the key. The database's state is read before the query, so a copy is never older than the state it
 * is kept under: a write committed in between only makes it newer, and changes the state for the next
 * caller. Anything but a signed-in call that succeeds goes on to tRPC, which answers it as usual.
 *
 * Not encapsulated (fastify-plugin): its hook must see the /trpc routes registered beside it. Register it
 * before tRPC, so it answers first.
 */
export const queryCache = fastifyPlugin<QueryCacheOptions>(
  async (app, { db, contextFor }) => {
    const copies = new FreshCopies<Body>(() => databaseState(db));

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.url.startsWith('/trpc/')) return;
      const [pathname, search] = request.url.split('?', 2);
      const path = pathname!.slice('/trpc/'.length);
      const call = inputOf(search);
      if (!isCachedQuery(path) || !call.ok) return;
      const ctx = await contextFor(request);
      if (!ctx.user) return;

      const key = `${path} ${search ?? ''} ${ctx.user.role} ${ctx.todayNow()}`;
      const copy = await copies.get(key, async () => {
        const json = Buffer.from(JSON.stringify({ result: { data: await QUERIES[path](createCaller(ctx), call.input) } }));
        // The fastest level: kept copies are sent many times, and the first caller should not wait long.
        return { json, gzip: await gzipAsync(json, { level: 1 }) };
      });
      // A failed call is not kept: tRPC answers it (and its error) the usual way.
      const body = await copy.body.catch(() => undefined);
      if (!body) return;
      reply.header('content-type', 'application/json').header('vary', 'trpc-accept, accept, accept-encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(body.json);
      return reply.header('content-encoding', 'gzip').send(body.gzip);
    });

    // Copies die with the server: nothing holds on to their memory, or serves them, once it has closed.
    app.addHook('onClose', async () => copies.clear());
  },
  { name: 'query-cache' },
);
