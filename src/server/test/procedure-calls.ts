import type { AnyProcedure } from '@trpc/server';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { type Database, queryRows } from '@/server/db/client';
import { deliveriesSettled } from '@/server/mail/mail';
import type { ProcedureMeta } from '@/server/trpc/init';
import { appRouter } from '@/server/app-router';

export interface RouterProcedure {
  path: string;
  type: 'query' | 'mutation';
  meta: ProcedureMeta | undefined;
  /** The zod schema the procedure reads its input with; undefined when it takes none. */
  input: z.ZodType | undefined;
}

/** Every procedure of the router, so a new one is covered by the tests that walk them without being listed. */
export function routerProcedures(): RouterProcedure[] {
  // At run time this is the flat map of procedure paths (its declared type is the nested router).
  const flat = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(flat).map(([path, procedure]) => {
    const def = procedure._def as AnyProcedure['_def'] & { inputs: unknown[] };
    return {
      path,
      type: def.type as RouterProcedure['type'],
      meta: def.meta as ProcedureMeta | undefined,
      input: def.inputs[0] as z.ZodType | undefined,
    };
  });
}

/**
 * Calls a procedure over HTTP exactly as the web app does: a query is a GET with the input as URL-encoded
 * JSON, a mutation a POST with a JSON body. An undefined input is left out altogether.
 */
export function callOverHttp(
  app: FastifyInstance,
  procedure: Pick<RouterProcedure, 'path' | 'type'>,
  input: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  const authorization = token ? { authorization: `Bearer ${token}` } : {};
  const json = input === undefined ? undefined : JSON.stringify(input);
  if (procedure.type === 'query') {
    const query = json === undefined ? '' : `?input=${encodeURIComponent(json)}`;
    return app.inject({ method: 'GET', url: `/trpc/${procedure.path}${query}`, headers: authorization });
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${procedure.path}`,
    headers: { ...authorization, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { payload: json }),
  });
}

/** The error of a response, if it is one: tRPC's `{ error: { message, data } }`, or Fastify's own `{ message }`. */
export interface ResponseError {
  message: string;
  data?: { code?: string; httpStatus?: number };
}

export function errorOf(response: LightMyRequestResponse): ResponseError | undefined {
  let body: { error?: unknown; message?: unknown };
  try {
    body = response.json();
  } catch {
    return undefined;
  }
  if (body.error !== null && typeof body.error === 'object') return body.error as ResponseError;
  return typeof body.message === 'string' ? { message: body.message } : undefined;
}

/**
 * A fingerprint of everything stored: each table's row count and a hash of its rows, and the audit log's
 * length and last id (its rows only ever grow, so those two say whether anything was appended). Two equal
 * fingerprints mean nothing was written in between.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  // Mail sent at once after an earlier call would otherwise change the messages while they are read.
  await deliveriesSettled();
  const parts = (await everyTable(db)).map(({ name }) =>
    name === 'audit_log'
      ? sql`select ${name}::text as name, count(*) || ':' || coalesce(max(id), 0) as print from audit_log`
      : sql`select ${name}::text as name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print
            from ${sql.identifier(name)} t`,
  );
  const rows = await queryRows<{ name: string; print: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

function everyTable(db: Database): Promise<{ name: string }[]> {
  return queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
}

/** The tables with a row whose text (every column, as one row reads) matches the regular expression. */
export async function tablesMatching(db: Database, pattern: string): Promise<string[]> {
  await deliveriesSettled();
  const parts = (await everyTable(db)).map(({ name }) => sql`select ${name}::text as name from ${sql.identifier(name)} t where t::text ~ ${pattern}`);
  const rows = await queryRows<{ name: string }>(db, sql`select distinct name from (${sql.join(parts, sql` union all `)}) found`);
  return rows.map((row) => row.name).sort();
}
