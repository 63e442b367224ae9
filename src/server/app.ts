import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { SessionRefusedError } from '@/shared/session';
import { setupAuth } from './auth/auth-setup';
import { InvalidTokenError } from './auth/token-verifier';
import type { DatabaseConnection } from './db/client';
import { type Env, fastifyTrustProxy } from './env';
import { securityHeaders } from './security-headers';
import { callContext, type Context } from './trpc/init';
import { queryCache } from './query-cache/query-cache';
import { deliveriesSettled } from './mail/mail';
import { type AppRouter, appRouter } from './app-router';
import { registerExportRoute } from './features/transfer/export.route';
import { registerImportRoute } from './features/transfer/import.route';

export const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
const BODY_LIMIT_BYTES = 1024 * 1024;
/** Calls in one batched request; the web app's batch link sends no more. */
export const MAX_BATCH_SIZE = 50;

export interface AppOptions {
  database: DatabaseConnection;
  env: Env;
  /** A pino logger; none means silent (tests). */
  logger?: FastifyBaseLogger;
  /** The built web app to serve; absent in API-only runs (the Vite dev server serves it). */
  clientDir?: string | false;
}

/**
 * The office's page for an address: the page the build wrote for its screen (pages/dashboard.html for /dashboard and
 * anything under it), which names the screen's code for the browser to fetch beside the page's own; else index.html.
 */
function screenPages(clientDir: string): (url: string) => string {
  const dir = path.join(clientDir, 'pages');
  const screens = new Set(existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.html')).map((name) => name.slice(0, -'.html'.length)) : []);
  return (url) => {
    const screen = /^\/([\w-]+)/.exec(url)?.[1];
    return screen !== undefined && screens.has(screen) ? `pages/${screen}.html` : 'index.html';
  };
}

/** The whole product on one Fastify instance: web app, /trpc, /auth and /healthz. */
export async function buildApp({ database, env, logger, clientDir = CLIENT_DIR }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: fastifyTrustProxy(env.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A batched call names every procedure in the path; the web app keeps URLs under MAX_URL_LENGTH.
    routerOptions: { maxParamLength: 4000 },
  });
  const { db } = database;

  securityHeaders(app, env);

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.ping();
      // Nothing about what runs here: callers learn only whether it answers.
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database does not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  const { verifyIdToken, signInConfig, carerAccessEnded, endedCarer } = await setupAuth(app, db, env);
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(signInConfig));

  // Calls are JSON. tRPC's adapter passes a form-data body on as a raw stream, which fails with a 500
  // (and its internal message), so such a body is refused before it gets there.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/trpc/') && /^multipart\//i.test(request.headers['content-type'] ?? '')) {
      const data = { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 };
      return reply.code(415).send({ error: { message: 'Send the input as JSON', code: -32015, data } });
    }
  });

  // A fault that escapes the routes is logged in full and answered without its text (which may hold internals).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'Something went wrong on the server' : error.message;
    // Fastify's own shape, so callers read errors the same way whatever raised them.
    return reply.code(status).send({ statusCode: status, error: STATUS_CODES[status], message });
  });

  /** Who is calling (from the bearer ID token, when it verifies) and what every procedure needs. */
  async function contextFor(req: FastifyRequest): Promise<Context> {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    let user: Context['user'] = null;
    let sessionId: string | undefined;
    if (token) {
      try {
        ({ sessionId, ...user } = await verifyIdToken(token));
      } catch (error) {
        // A database that cannot say whether the session is on is a fault, not a refusal that signs the user out.
        if (!(error instanceof InvalidTokenError || error instanceof SessionRefusedError)) throw error;
        req.log.info({ reason: error.message }, 'bearer token refused');
      }
    }
    return callContext({ db, env, user, sessionId, log: req.log, clientIp: req.ip, carerAccessEnded, endedCarer, ...(token && !user ? { refusedToken: token } : {}) });
  }

  await app.register(queryCache, { db, contextFor });
  registerExportRoute(app, contextFor);
  // Mail sent at once (password links, a digest sent by hand) is let finish before the server stops.
  app.addHook('onClose', deliveriesSettled);
  registerImportRoute(app, contextFor);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req }) => contextFor(req),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  if (clientDir && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy beside each text file (vite.config.ts): the one the browser accepts
      // is sent in its place, with `Vary: Accept-Encoding`, and the file itself to a browser that accepts neither.
      // The copies are no addresses of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Built files carry their content's hash in their names (assets/): kept a year. The rest (pages, the carer
      // app's service worker and manifest, icons) keep their names across versions: asked about every time.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
      // Source maps give the code away; the build makes none, and none is served if one turns up.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
    });
    const screenPage = screenPages(clientDir);
    // Every other GET (and HEAD, its header-only twin) is a route of the single-page app.
    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(trpc|auth|assets|carer\/assets)\b/.test(request.url);
      if (!isPage) return reply.code(404).send({ error: 'Not found' });
      // The carer app is its own page, under /carer/ (its worker serves it offline from there).
      const page = /^\/carer(\/|\?|$)/.test(request.url) ? 'carer/index.html' : screenPage(request.url);
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  }

  return app;
}
