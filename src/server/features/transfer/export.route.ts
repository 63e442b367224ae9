import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXPORT_ALL_PATH, EXPORT_ALL_WORKBOOK_PATH } from '@/shared/import-api';
import { can } from '@/shared/permissions';
import type { Executor } from '@/server/db/client';
import { recordAudit } from '@/server/records/audit-trail';
import type { Context } from '@/server/trpc/init';
import { serviceContextOf } from '@/server/trpc/procedures';
import { countRecords, exportAll } from './export';
import { exportWorkbook } from './export-workbook';

/** A file of every record: its bytes, its type, the extension of its name, and what it holds for the audit. */
interface ExportFile {
  content: string | Buffer;
  contentType: string;
  extension: string;
  counts: Record<string, number>;
}

const FORMATS: Record<string, (tx: Executor, routingUrl: string | undefined) => Promise<ExportFile>> = {
  [EXPORT_ALL_PATH]: async (tx) => {
    const bundle = await exportAll(tx);
    return { content: JSON.stringify(bundle), contentType: 'application/json; charset=utf-8', extension: 'json', counts: countRecords(bundle) };
  },
  [EXPORT_ALL_WORKBOOK_PATH]: async (tx, routingUrl) => {
    const { workbook, counts } = await exportWorkbook(tx, { routingUrl });
    return { content: workbook, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', counts };
  },
};

/**
 * The Admin's "Export all data" downloads: the JSON of every record (issue 19 item 5), and the same as a workbook.
 * Plain GETs rather than procedures so the browser saves them as files; the bearer token is checked as /trpc checks it.
 */
export function registerExportRoute(app: FastifyInstance, contextFor: (request: FastifyRequest) => Promise<Context>) {
  for (const [route, write] of Object.entries(FORMATS)) {
    app.get(route, async (request, reply) => {
      const ctx = serviceContextOf(await contextFor(request));
      if (!ctx) return reply.code(401).send({ error: 'Sign in to export the data' });
      if (!can(ctx.actor.role, 'transfer', 'read')) return reply.code(403).send({ error: 'You do not have permission to export all data' });
      const { actor, env } = ctx;
      const file = await ctx.db.transaction(async (tx) => {
        // Read in the transaction that audits it: the counts are exactly what was given.
        const written = await write(tx, env.routingUrl);
        await recordAudit(tx, actor, 'transfer.export', null, { counts: written.counts, via: 'download', format: written.extension });
        return written;
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="valecare-export-${ctx.today}.${file.extension}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    });
  }
}
