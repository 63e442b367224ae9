import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '@/server/db/client';
import { renderAuthPage, renderLoginPage } from './auth-pages';
import { LOGIN_MESSAGES, loginBlockedReason, recordLoginAttempt } from './login-attempts.service';
import { AUTH_PREFIX } from './provider';
import { recordAudit } from '@/server/features/audit/audit.service';
import { checkPassword } from './users.service';

const ASSETS = new Map([
  ['auth.css', 'text/css; charset=utf-8'],
  ['logout.js', 'text/javascript; charset=utf-8'],
]);

const LoginForm = z.object({
  email: z.string().trim().toLowerCase().max(320).default(''),
  password: z.string().max(200).default(''),
});

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/** The hosted sign-in page of the built-in provider: e-mail and password, rate-limited, no consent step. */
export async function mountInteractions(
  app: FastifyInstance,
  { provider, db, publicUrl }: { provider: Provider; db: Database; publicUrl: string },
): Promise<void> {
  const expired = (reply: FastifyReply) =>
    reply
      .code(400)
      .type('text/html')
      .send(
        renderAuthPage({
          title: 'Sign-in expired',
          body: `<p class="lead">This sign-in page has expired. Go back to Valecare and sign in again.</p>
            <a class="primary" href="${publicUrl}/">Back to Valecare</a>`,
        }),
      );

  async function loginInteraction(request: UidRequest, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid && details.prompt.name === 'login' ? details : undefined;
    } catch {
      return undefined;
    }
  }

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 8 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      scope.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
        const type = ASSETS.get(request.params.file);
        if (!type) return reply.code(404).send('Not found');
        const body = await readFile(new URL(`./assets/${request.params.file}`, import.meta.url));
        return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
      });

      scope.get('/interaction/:uid', async (request: UidRequest, reply) => {
        const details = await loginInteraction(request, reply);
        if (!details) return expired(reply);
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
        return reply.type('text/html').header('cache-control', 'no-store').send(renderLoginPage({ uid: details.uid, email: hint }));
      });

      scope.post('/interaction/:uid/login', async (request: UidRequest, reply) => {
        const details = await loginInteraction(request, reply);
        if (!details) return expired(reply);
        const { email, password } = LoginForm.parse(request.body ?? {});
        const page = (code: number, error: string) =>
          reply.code(code).type('text/html').header('cache-control', 'no-store').send(renderLoginPage({ uid: details.uid, email, error }));

        const blocked = await loginBlockedReason(db, email, request.ip);
        if (blocked) {
          await recordAudit(db, { email, role: '' }, 'auth.signInRefused', null, { ip: request.ip, reason: blocked });
          return page(429, blocked);
        }
        const user = email && password ? await checkPassword(db, email, password) : undefined;
        await recordLoginAttempt(db, email, request.ip, Boolean(user));
        if (!user) {
          request.log.info({ email }, 'sign-in refused');
          await recordAudit(db, { email, role: '' }, 'auth.signInFailed', null, { ip: request.ip });
          return page(401, LOGIN_MESSAGES.wrongCredentials);
        }
        request.log.info({ email, role: user.role }, 'signed in');
        await recordAudit(db, user, 'auth.signIn', user.id, { ip: request.ip });
        const redirectTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id } }, {
          mergeWithLastSubmission: false,
        });
        return reply.redirect(redirectTo, 303);
      });

      scope.post('/interaction/:uid/abort', async (request: UidRequest, reply) => {
        if (!(await loginInteraction(request, reply))) return reply.redirect(`${publicUrl}/`, 303);
        const redirectTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'User cancelled OAuth flow' },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(redirectTo, 303);
      });
    },
    { prefix: AUTH_PREFIX },
  );
}
