import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXPORT_ALL_PATH } from '@/shared/import-api';
import { can } from '@/shared/permissions';
import { recordAudit } from '@/server/records/audit-trail';
import type { Context } from '@/server/trpc/init';
import { serviceContextOf } from '@/server/trpc/procedures';
import { countRecords, exportAll } from './export';


/**
 * The Admin's "Export all data" download: the JSON of every record (issue 19 item 5). A plain GET rather
 * than a procedure so the browser saves it as a file; the bearer token is checked as /trpc checks it.
 */
export function registerExportRoute(app: FastifyInstance, contextFor: (request: FastifyRequest) => Promise<Context>) {
  app.get(EXPORT_ALL_PATH, async (request, reply) => {
    const ctx = serviceContextOf(await contextFor(request));
    if (!ctx) return reply.code(401).send({ error: 'Sign in to export the data' });
    if (!can(ctx.actor.role, 'transfer', 'read')) return reply.code(403).send({ error: 'You do not have permission to export all data' });
    const { actor } = ctx;
    const bundle = await ctx.db.transaction(async (tx) => {
      // Read in the transaction that audits it: the counts are exactly what was given.
      const records = await exportAll(tx);
      await recordAudit(tx, actor, 'transfer.export', null, { counts: countRecords(records), via: 'download' });
      return records;
    });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="valecare-export-${ctx.today}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(bundle));
  });
}
