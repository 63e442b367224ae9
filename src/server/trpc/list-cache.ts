import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CachedList, isCachedList } from '@/shared/cached-lists';
import { type Database, type Executor, queryRows } from '@/server/db/client';
import { createCallerFactory, type Context } from './init';
import { appRouter } from './router';

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

const LISTS: Record<CachedList, (caller: Caller) => Promise<unknown>> = {
  'clients.getAllNotArchived': (caller) => caller.clients.getAllNotArchived(),
  'requests.getAllNotEndedYet': (caller) => caller.requests.getAllNotEndedYet(),
  'packages.getAllNotEndedYet': (caller) => caller.packages.getAllNotEndedYet(),
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

interface Answer {
  state: string;
  body: Promise<Buffer>;
}

/**
 * Answers the long lists (CACHED_LISTS) from memory while the database has not changed: twenty staff
 * opening the dashboard at once cost one query and one JSON text, not twenty. A list's answer depends
 * only on the role (what it may read) and the date (what has ended), so those and the list name are
 * the key. The database's state is read before the list, so a copy is never older than the state it
 * is kept under: a write committed in between only makes it newer, and changes the state for the next
 * reader. Anything but a signed-in call that succeeds goes on to tRPC, which answers it as usual.
 */
export function answerListsFromCache(app: FastifyInstance, db: Database, contextFor: (request: FastifyRequest) => Promise<Context>) {
  const answers = new Map<string, Answer>();

  app.addHook('onRequest', async (request, reply) => {
    const [pathname, search] = request.url.split('?');
    const path = pathname!.slice('/trpc/'.length);
    if (request.method !== 'GET' || !pathname!.startsWith('/trpc/') || search !== undefined || !isCachedList(path)) return;
    const ctx = await contextFor(request);
    if (!ctx.user) return;

    const key = `${path} ${ctx.user.role} ${ctx.today()}`;
    const state = await databaseState(db);
    let answer = answers.get(key);
    if (answer?.state !== state) {
      // Copies kept under an older state can never be served again.
      for (const [other, kept] of answers) if (kept.state !== state) answers.delete(other);
      const body = LISTS[path](createCaller(ctx)).then((data) => Buffer.from(JSON.stringify({ result: { data } })));
      answer = { state, body };
      answers.set(key, answer);
      // A failed call is not kept: tRPC answers it (and its error) the usual way.
      body.catch(() => answers.get(key) === answer && answers.delete(key));
    }
    const body = await answer.body.catch(() => undefined);
    if (!body) return;
    return reply.header('content-type', 'application/json').header('vary', 'trpc-accept, accept').send(body);
  });
}
