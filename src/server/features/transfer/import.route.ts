import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ImportAnswer, type ImportCounts, type ImportPreview, IMPORT_PATH, IMPORT_TYPES, MAX_UPLOAD_BYTES } from '@/shared/import-api';
import { TRANSFER_KINDS } from '@/shared/schemas/transfer';
import { can } from '@/shared/permissions';
import type { ServiceContext } from '@/server/records/service-context';
import type { Context } from '@/server/trpc/init';
import { serviceContextOf } from '@/server/trpc/procedures';
import { commitImport, previewImport } from './import';
import { ImportFileError, ImportRefusedError } from './import-contract';
import { readImportContent } from './import-file';
import { readSheetRecords, type SheetRead } from './spreadsheet-import';


const importQuery = z.strictObject({
  fileName: z.string().trim().min(1, { message: 'Say the file name' }).max(255),
  type: z.enum(Object.keys(IMPORT_TYPES) as [keyof typeof IMPORT_TYPES]).optional(),
  onDuplicate: z.enum(['skip', 'update']).default('skip'),
  dryRun: z.enum(['true', 'false']).default('false'),
  /** A spreadsheet's columns as the person chose them: field name → column index (JSON). */
  mapping: z
    .string()
    .max(10_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const parsed = z.record(z.string(), z.number().int().min(0).nullable()).safeParse(parseJson(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'The column choices could not be read' });
      return z.NEVER;
    }),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Nothing done: no record of any kind created, updated or skipped. */
const noCounts = () => Object.fromEntries(TRANSFER_KINDS.map((kind) => [kind, { create: 0, update: 0, skip: 0 }])) as ImportCounts;

const isSpreadsheet = (fileName: string) => /\.(csv|xlsx)$/i.test(fileName);

/**
 * The upload of the Import screen: the file itself as the body (any type of file: its name says how it is
 * read), what to do in the query. A dry run answers the preview, problems included; a commit answers 422
 * with the problems and writes nothing, or 200 with the counts. The bearer token is checked as /trpc checks it.
 */
export function registerImportRoute(app: FastifyInstance, contextFor: (request: FastifyRequest) => Promise<Context>) {
  // In a scope of its own: only this route takes raw bodies this large.
  void app.register(async (scope) => {
    const contexts = new WeakMap<FastifyRequest, ServiceContext>();
    // Who is calling is settled before the body is read: nobody else gets to send 100 MB.
    scope.addHook('onRequest', async (request, reply) => {
      const ctx = serviceContextOf(await contextFor(request));
      if (!ctx) return reply.code(401).send({ error: 'Sign in to import records' });
      if (!can(ctx.actor.role, 'transfer', 'create')) return reply.code(403).send({ error: 'You do not have permission to import records' });
      contexts.set(request, ctx);
    });
    // A file over the limit is refused before it is read, in words the screen can show.
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ error: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: nothing was imported` });
      }
      throw error;
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    scope.post(IMPORT_PATH, async (request, reply) => {
      const ctx = contexts.get(request)!;
      const query = importQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      const { fileName, type, onDuplicate, dryRun, mapping } = query.data;
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const kind = type && IMPORT_TYPES[type];
      const committed = dryRun !== 'true';
      let sheet: SheetRead | undefined;
      // A spreadsheet is answered with its columns, and every finding names its row and heading.
      const answer = (preview: ImportPreview): ImportAnswer => ({
        committed,
        sheet: sheet?.columns,
        counts: preview.counts,
        problems: sheet ? preview.problems.map(sheet.locate) : preview.problems,
        warnings: [...(sheet?.warnings ?? []), ...(sheet ? preview.warnings.map(sheet.locate) : preview.warnings)],
      });
      try {
        sheet = isSpreadsheet(fileName) ? await readSheetRecords(content, fileName, kind, ctx, mapping) : undefined;
        if (sheet?.problems.length) {
          const refused = { ...answer({ problems: [], warnings: [], counts: noCounts() }), problems: sheet.problems, committed: false };
          return reply.code(committed ? 422 : 200).send(refused);
        }
        const records = sheet?.records ?? (await readImportContent(content, fileName, kind, ctx));
        if (!committed) return answer(await previewImport(ctx.db, records, { onDuplicate }));
        return answer(await commitImport(ctx.db, ctx.actor, records, { onDuplicate }));
      } catch (error) {
        if (error instanceof ImportFileError) return reply.code(400).send({ error: error.message });
        if (error instanceof ImportRefusedError) {
          return reply.code(422).send({ ...answer({ problems: error.problems, warnings: [], counts: noCounts() }), committed: false });
        }
        throw error;
      }
    });
  });
}
