import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { CARER_ROLE, type Role } from '@/shared/permissions';
import type { Database } from '@/server/db/client';
import { PROJECT_ROOT } from '@/server/paths';
import { recordAudit } from '@/server/records/audit-trail';
import { renderAuthPage, renderCodePage, renderEnrolmentPage, renderLoginPage, renderRecoveryCodesPage } from './auth-pages';
import {
  countRefusal,
  LOGIN_MESSAGES,
  LOGIN_WINDOW_MINUTES,
  loginBlockedReason,
  NOT_AN_EMAIL,
  plausibleEmail,
  recordLoginAttempt,
} from '@/server/accounts/login-attempts';
import {
  checkSecondFactor,
  confirmEnrolment,
  enrolmentSecret,
  isEnrolled,
  recoveryCodesLeft,
  roleNeedsMfa,
  type SecondFactor,
} from '@/server/accounts/two-step';
import { TWO_STEP_AMR } from './oidc-adapter';
import { CARER_CLIENT_ID } from './provider';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { checkPassword, findUserById, type StaffUser } from '@/server/accounts/accounts';

const ASSETS_DIR = path.join(PROJECT_ROOT, 'src/server/auth/assets');
const ASSETS = new Map([
  ['auth.css', 'text/css; charset=utf-8'],
  ['logout.js', 'text/javascript; charset=utf-8'],
  ['keep-codes.js', 'text/javascript; charset=utf-8'],
]);

// Anything unusable (too long, not text) is read as nothing typed: the page says the details do not match.
const LoginForm = z.object({
  email: z.string().trim().toLowerCase().catch(''),
  password: z.string().max(200).catch(''),
});
const CodeForm = z.object({ code: z.string().trim().max(40).catch('') });

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The password step passed for this account and the second factor is still to come. It is kept in the
 * interaction's own stored `lastSubmission`, which the provider never reads as a login: only the
 * `login` result given to interactionResult after both steps signs anyone in.
 */
interface PasswordPassed {
  accountId: string;
}

function passwordPassed(interaction: Interaction): PasswordPassed | undefined {
  const value = interaction.lastSubmission?.passwordPassed as Partial<PasswordPassed> | undefined;
  return typeof value?.accountId === 'string' ? { accountId: value.accountId } : undefined;
}

async function rememberPasswordPassed(interaction: Interaction, accountId: string): Promise<void> {
  interaction.lastSubmission = { passwordPassed: { accountId } satisfies PasswordPassed };
  await interaction.persist();
}

/** Answers with a page of the sign-in service, never cached (it may hold a form's errors or a one-time link). */
export function sendPage(reply: FastifyReply, code: number, page: string) {
  return reply.code(code).type('text/html').header('cache-control', 'no-store').send(page);
}

/** Lets the scope's routes read posted HTML forms, small ones only. */
export function acceptForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/**
 * The hosted sign-in pages of the built-in provider: e-mail and password, then (for roles that need it,
 * and for anyone who has set one up) a code from an authenticator app. Rate-limited; no consent step.
 */
export async function mountInteractions(
  app: FastifyInstance,
  { provider, db, publicUrl, mfaRequiredRoles }: { provider: Provider; db: Database; publicUrl: string; mfaRequiredRoles: readonly Role[] },
): Promise<void> {
  const html = sendPage;

  const expired = (reply: FastifyReply) =>
    html(
      reply,
      400,
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

  /** The user who passed the password step of this interaction, while they may still sign in. */
  async function userAfterPassword(interaction: Interaction): Promise<StaffUser | undefined> {
    const passed = passwordPassed(interaction);
    const user = passed && (await findUserById(db, passed.accountId));
    return user && !user.disabled ? user : undefined;
  }

  /** Both steps passed: the provider signs the user in when the browser follows the redirect. */
  async function signIn(request: UidRequest, reply: FastifyReply, user: StaffUser, secondFactor?: SecondFactor) {
    await recordLoginAttempt(db, user.email, request.ip, true);
    request.log.info({ email: user.email, role: user.role, secondFactor }, 'signed in');
    const audited = secondFactor ? { ip: request.ip, secondFactor } : { ip: request.ip };
    await recordAudit(db, user, 'auth.signIn', user.id, audited);
    // The session holds whether it passed the second step: a role that needs two steps has no rights without it.
    const amr = secondFactor ? ['pwd', TWO_STEP_AMR] : ['pwd'];
    return provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id, amr } }, { mergeWithLastSubmission: false });
  }

  /** A wrong code counts against the account and the address exactly as a wrong password does. */
  async function refuseCode(request: UidRequest, user: StaffUser, step: 'sign-in' | 'set-up') {
    await recordLoginAttempt(db, user.email, request.ip, false);
    request.log.info({ email: user.email, step }, 'second factor refused');
    await recordAudit(db, user, 'auth.mfaFailed', user.id, { ip: request.ip, step });
  }

  /**
   * Why attempts for this account (if an address was typed) from this address are locked out now, if they
   * are. Refusals are counted; only an address's first in each window is audited, so sending them cannot
   * grow the audit trail without bound.
   */
  async function lockedOut(request: UidRequest, email: string | undefined): Promise<string | undefined> {
    const blocked = await loginBlockedReason(db, email, request.ip);
    if (blocked && (await countRefusal(db, request.ip)) === 1) {
      await recordAudit(db, { email: email ?? NOT_AN_EMAIL, role: '' }, 'auth.signInRefused', null, {
        ip: request.ip,
        reason: blocked,
        note: `Later refusals from this address in the same ${LOGIN_WINDOW_MINUTES}-minute window are counted, not listed`,
      });
    }
    return blocked;
  }

  async function enrolmentPage(reply: FastifyReply, code: number, uid: string, user: StaffUser, error?: string) {
    const secret = await enrolmentSecret(db, user.id);
    return html(reply, code, renderEnrolmentPage({ uid, email: user.email, secret, error }));
  }

  const backToPage = (reply: FastifyReply, uid: string) => reply.redirect(`${AUTH_PREFIX}/interaction/${encodeURIComponent(uid)}`, 303);

  await app.register(
    async (scope) => {
      acceptForms(scope);

      scope.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
        const type = ASSETS.get(request.params.file);
        if (!type) return reply.code(404).send('Not found');
        const body = await readFile(path.join(ASSETS_DIR, request.params.file));
        return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
      });

      // One address for every step: the page shown depends on how far this sign-in has got.
      scope.get('/interaction/:uid', async (request: UidRequest, reply) => {
        const details = await loginInteraction(request, reply);
        if (!details) return expired(reply);
        const user = await userAfterPassword(details);
        if (!user) {
          const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
          return html(reply, 200, renderLoginPage({ uid: details.uid, email: hint, forCarers: details.params.client_id === CARER_CLIENT_ID }));
        }
        if (await isEnrolled(db, user.id)) return html(reply, 200, renderCodePage({ uid: details.uid }));
        return enrolmentPage(reply, 200, details.uid, user);
      });

      scope.post('/interaction/:uid/login', async (request: UidRequest, reply) => {
        const details = await loginInteraction(request, reply);
        if (!details) return expired(reply);
        const { email: typed, password } = LoginForm.parse(request.body ?? {});
        const page = (code: number, error: string) =>
          html(reply, code, renderLoginPage({ uid: details.uid, email: typed, error, forCarers: details.params.client_id === CARER_CLIENT_ID }));
        // Whatever was typed is shown back on the page only; what is stored must at least look like an address.
        const email = plausibleEmail(typed);

        const blocked = await lockedOut(request, email);
        if (blocked) return page(429, blocked);
        const user = email && password ? await checkPassword(db, email, password) : undefined;
        if (!user) {
          const recorded = email ?? NOT_AN_EMAIL;
          await recordLoginAttempt(db, recorded, request.ip, false);
          request.log.info({ email: recorded }, 'sign-in refused');
          await recordAudit(db, { email: recorded, role: '' }, 'auth.signInFailed', null, { ip: request.ip });
          return page(401, LOGIN_MESSAGES.wrongCredentials);
        }
        if (user.disabled) {
          await recordAudit(db, user, 'auth.signInRefused', user.id, { ip: request.ip, reason: 'disabled' });
          return page(403, LOGIN_MESSAGES.accountDisabled);
        }
        if (details.params.client_id === CARER_CLIENT_ID && user.role !== CARER_ROLE) {
          // Refused before any session is made: staff keep no sign-in from the carer app, in this browser or its cookies.
          await recordAudit(db, user, 'auth.signInRefused', user.id, { ip: request.ip, reason: 'staff on the carer app' });
          return html(
            reply,
            403,
            renderAuthPage({
              title: 'This app is for carers',
              body: `<p class="lead">Staff use Valecare in the office&#39;s app.</p><a class="primary" href="${publicUrl}/">Go to Valecare</a>`,
            }),
          );
        }
        if (!roleNeedsMfa(user.role, mfaRequiredRoles) && !(await isEnrolled(db, user.id))) {
          return reply.redirect(await signIn(request, reply, user), 303);
        }
        // Not a success yet: it clears no failures until the second factor passes too.
        await rememberPasswordPassed(details, user.id);
        return backToPage(reply, details.uid);
      });

      scope.post('/interaction/:uid/verify', async (request: UidRequest, reply) => {
        const details = await loginInteraction(request, reply);
        if (!details) return expired(reply);
        const user = await userAfterPassword(details);
        if (!user || !(await isEnrolled(db, user.id))) return backToPage(reply, details.uid);
        const page = (code: number, error: string) => html(reply, code, renderCodePage({ uid: details.uid, error }));

        const blocked = await lockedOut(request, user.email);
        if (blocked) return page(429, blocked);
        const { code } = CodeForm.parse(request.body ?? {});
        const factor = await checkSecondFactor(db, user.id, code);
        if (!factor) {
          await refuseCode(request, user, 'sign-in');
          return page(401, LOGIN_MESSAGES.wrongCode);
        }
        if (factor === 'recovery code') {
          await recordAudit(db, user, 'auth.recoveryCodeUsed', user.id, { ip: request.ip, left: await recoveryCodesLeft(db, user.id) });
        }
        return reply.redirect(await signIn(request, reply, user, factor), 303);
      });

      scope.post('/interaction/:uid/enrol', async (request: UidRequest, reply) => {
        const details = await loginInteraction(request, reply);
        if (!details) return expired(reply);
        const user = await userAfterPassword(details);
        if (!user || (await isEnrolled(db, user.id))) return backToPage(reply, details.uid);

        const blocked = await lockedOut(request, user.email);
        if (blocked) return enrolmentPage(reply, 429, details.uid, user, blocked);
        const { code } = CodeForm.parse(request.body ?? {});
        const recoveryCodes = await confirmEnrolment(db, user.id, code);
        if (!recoveryCodes) {
          await refuseCode(request, user, 'set-up');
          return enrolmentPage(reply, 401, details.uid, user, LOGIN_MESSAGES.wrongEnrolmentCode);
        }
        await recordAudit(db, user, 'auth.mfaEnrolled', user.id, { ip: request.ip });
        const continueTo = await signIn(request, reply, user, 'authenticator app');
        return html(reply, 200, renderRecoveryCodesPage({ codes: recoveryCodes, continueTo }));
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
