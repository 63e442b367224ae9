import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import type { Context } from '@/server/trpc/init';
import { commitImport, ImportFileError, ImportRefusedError, previewImport } from './import';
import { IMPORT_TYPES, readImportContent } from './import-file';

export const IMPORT_PATH = '/api/import';

/** The largest file an upload may be: the benchmark's whole data set as JSON is well under it. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

const importQuery = z.strictObject({
  fileName: z.string().trim().min(1, { message: 'Say the file name' }).max(255),
  type: z.enum(Object.keys(IMPORT_TYPES) as [keyof typeof IMPORT_TYPES]).optional(),
  onDuplicate: z.enum(['skip', 'update']).default('skip'),
  dryRun: z.enum(['true', 'false']).default('false'),
});

/**
 * The upload of the Import screen: the file itself as the body (any type of file: its name says how it is
 * read), what to do in the query. A dry run answers the preview, problems included; a commit answers 422
 * with the problems and writes nothing, or 200 with the counts. The bearer token is checked as /trpc checks it.
 */
export function registerImportRoute(app: FastifyInstance, contextFor: (request: FastifyRequest) => Promise<Context>) {
  // In a scope of its own: only this route takes raw bodies this large.
  void app.register(async (scope) => {
    const contexts = new WeakMap<FastifyRequest, Context & { user: SessionUser }>();
    // Who is calling is settled before the body is read: nobody else gets to send 100 MB.
    scope.addHook('onRequest', async (request, reply) => {
      const ctx = await contextFor(request);
      if (!ctx.user) return reply.code(401).send({ error: 'Sign in to import records' });
      if (!can(ctx.user.role, 'transfer', 'create')) return reply.code(403).send({ error: 'You do not have permission to import records' });
      contexts.set(request, { ...ctx, user: ctx.user });
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));
    scope.post(IMPORT_PATH, async (request, reply) => {
      const ctx = contexts.get(request)!;
      const query = importQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      const { fileName, type, onDuplicate, dryRun } = query.data;
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const records = await readImportContent(content, fileName, type && IMPORT_TYPES[type], { db: ctx.db, today: ctx.today() });
        if (dryRun === 'true') return { committed: false, ...(await previewImport(ctx.db, records, { onDuplicate })) };
        return { committed: true, ...(await commitImport(ctx.db, ctx.user, records, { onDuplicate })) };
      } catch (error) {
        if (error instanceof ImportFileError) return reply.code(400).send({ error: error.message });
        if (error instanceof ImportRefusedError) return reply.code(422).send({ committed: false, problems: error.problems });
        throw error;
      }
    });
  });
}
