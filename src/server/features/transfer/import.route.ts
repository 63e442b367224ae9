import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CSV_BOM, toCsv } from '@/shared/csv';
import { IMPORT_PATH, IMPORT_PROGRESS_PATH, IMPORT_TEMPLATE_PATH, IMPORT_TYPES, type ImportProgress, INVALID_ROWS, MAX_UPLOAD_BYTES, SPREADSHEET_IMPORT_TYPES } from '@/shared/import-api';
import { can } from '@/shared/permissions';
import { overrideReason } from '@/shared/schemas/care';
import type { ServiceContext } from '@/server/records/service-context';
import type { Context } from '@/server/trpc/init';
import { serviceContextOf } from '@/server/trpc/procedures';
import { ImportFileError } from './import-contract';
import { importContent } from './import-file';
import { templateFields } from './spreadsheet-columns';


/** The name the Import screen gives an upload, to ask how far it has gone. */
const progressId = z.string().regex(/^[\w-]{8,64}$/, { message: 'Say the import by the name it was given' });

/** How long the last word on an import is kept for the screen that asked, after its answer. */
const PROGRESS_KEPT_MS = 60_000;

const importQuery = z.strictObject({
  fileName: z.string().trim().min(1, { message: 'Say the file name' }).max(255),
  type: z.enum(Object.keys(IMPORT_TYPES) as [keyof typeof IMPORT_TYPES]).optional(),
  onDuplicate: z.enum(['skip', 'update']).default('skip'),
  invalidRows: z.enum(INVALID_ROWS).default('refuse'),
  /** Why packages not yet ended are given to carers who are not compliant (kept on each, as the form keeps it). */
  overrideReason: overrideReason.optional(),
  dryRun: z.enum(['true', 'false']).default('false'),
  /** A name for this upload, by which the person asks how far it has gone (IMPORT_PROGRESS_PATH). */
  progress: progressId.optional(),
  /** A spreadsheet's names with tidy capitals ("margaret SMITH" → "Margaret Smith"). */
  tidyCapitals: z.enum(['true', 'false']).default('true'),
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

const templateQuery = z.strictObject({ type: z.enum(SPREADSHEET_IMPORT_TYPES) });
const progressQuery = z.strictObject({ id: progressId });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The upload of the Import screen: the file itself as the body (any type of file: its name says how it is
 * read), what to do in the query. A dry run answers the preview, problems included; a commit answers 422
 * with the problems and writes nothing, or 200 with the counts (and, with `invalidRows=skip`, the rows it
 * skipped and why). With `progress=<name>`, how far it has gone is answered meanwhile at IMPORT_PROGRESS_PATH to the
 * same caller: a large file's commit takes minutes. The bearer token is checked as /trpc checks it.
 */
export function registerImportRoute(app: FastifyInstance, contextFor: (request: FastifyRequest) => Promise<Context>) {
  // In a scope of its own: only this route takes raw bodies this large.
  void app.register(async (scope) => {
    const contexts = new WeakMap<FastifyRequest, ServiceContext>();
    /** Each upload's progress, by its caller and the name they gave it: nobody learns of another's import. */
    const progress = new Map<string, ImportProgress>();
    const progressKey = (ctx: ServiceContext, id: string) => `${ctx.actor.email}\n${id}`;
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
    scope.get(IMPORT_TEMPLATE_PATH, async (request, reply) => {
      const query = templateQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: `Say which template: ${SPREADSHEET_IMPORT_TYPES.join(', ')}` });
      const headings = templateFields(query.data.type).map((field) => field.label);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${query.data.type}-template.csv"`)
        .send(`${CSV_BOM}${toCsv([headings])}`);
    });
    scope.get(IMPORT_PROGRESS_PATH, async (request, reply) => {
      const query = progressQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: 'Say which import: ?id=' });
      const found = progress.get(progressKey(contexts.get(request)!, query.data.id));
      if (!found) return reply.code(404).send({ error: 'No import of yours has this name' });
      return reply.header('cache-control', 'no-store').send(found);
    });
    scope.post(IMPORT_PATH, async (request, reply) => {
      const ctx = contexts.get(request)!;
      const query = importQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      const { fileName, type, dryRun, tidyCapitals, progress: id, ...choices } = query.data;
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const key = id && progressKey(ctx, id);
      const onProgress = key ? (now: ImportProgress) => void progress.set(key, now) : undefined;
      try {
        const options = { ...choices, kind: type && IMPORT_TYPES[type], dryRun: dryRun === 'true', tidyCapitals: tidyCapitals === 'true', onProgress };
        const answer = await importContent(ctx.db, content, fileName, { ...options, actor: ctx.actor, today: ctx.today });
        // A commit refused for its problems is 422; a preview with problems is what was asked for.
        return reply.code(!options.dryRun && !answer.committed ? 422 : 200).send(answer);
      } catch (error) {
        if (error instanceof ImportFileError) return reply.code(400).send({ error: error.message });
        throw error;
      } finally {
        if (key) {
          progress.set(key, { ...(progress.get(key) ?? { written: 0, total: 0 }), stage: 'done' });
          setTimeout(() => progress.delete(key), PROGRESS_KEPT_MS).unref();
        }
      }
    });
  });
}
