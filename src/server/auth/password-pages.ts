import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_PARAM } from '@/shared/constants';
import { CARER_ROLE } from '@/shared/permissions';
import { z } from 'zod';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import { createMailer, deliverNow } from '@/server/mail/mail';
import {
  FORGOT_PASSWORD_PATH,
  renderForgotPasswordPage,
  renderLinkUnusablePage,
  renderPasswordSetPage,
  renderNoMailPage,
  renderResetRequestedPage,
  renderSetPasswordPage,
} from './auth-pages';
import { acceptForms, sendPage } from './interactions';
import { plausibleEmail } from '@/server/accounts/login-attempts';
import {
  allowResetRequest,
  findUsableLink,
  PASSWORD_LINK_HOURS,
  PASSWORD_LINK_PATH,
  sendPasswordReset,
  usePasswordLink,
} from '@/server/accounts/password-links';
import { MIN_PASSWORD_LENGTH } from '@/server/accounts/password-policy';
import { findUserByEmail } from '@/server/accounts/accounts';

export const PASSWORD_PAGE_MESSAGES = {
  notAnEmail: 'Enter the e-mail address you sign in with, like name@example.org',
  tooManyForEmail: 'Several links have already been sent for this address in the last hour. Use the newest one, or wait an hour and ask again.',
  tooManyFromNetwork: 'Too many links have been asked for from this network. Wait an hour and try again.',
  mismatch: 'The two passwords are not the same. Type your new password in both fields.',
} as const;

const ForgotForm = z.object({ email: z.string().trim().toLowerCase().catch('') });
// Anything unusable is read as nothing typed; the policy then says what a password needs.
const SetPasswordForm = z.object({ password: z.string().max(1000).catch(''), confirm: z.string().max(1000).catch('') });

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/**
 * "Forgot your password?" and the page every invitation and reset link leads to. The answer to a request
 * never says whether an account uses the address.
 */
export async function mountPasswordPages(app: FastifyInstance, { db, env }: { db: Database; env: Env }): Promise<void> {
  // Straight to the sign-in form (the app starts it at once), not the landing page's Sign In button.
  const signInUrl = `${env.publicUrl}/?${SIGN_IN_PARAM}`;
  const mailer = createMailer(env);
  // The person waits at their inbox, so the link goes at once; delivery claims each message, so the job
  // never sends it again. The server waits for it when it stops (app.ts).
  const deliverLink = (request: FastifyRequest, queue: () => Promise<unknown>) => void deliverNow(db, mailer, request.log, queue);
  const forgotPage = (reply: FastifyReply, code: number, email?: string, error?: string) =>
    sendPage(reply, code, renderForgotPasswordPage({ email, error, signInUrl }));

  async function setPasswordPage(request: TokenRequest, reply: FastifyReply, code: number, error?: string, errorField?: 'password' | 'confirm') {
    const link = await findUsableLink(db, request.params.token);
    if (!link) return sendPage(reply, 410, renderLinkUnusablePage());
    const action = `${PASSWORD_LINK_PATH}/${encodeURIComponent(request.params.token)}`;
    const page = renderSetPasswordPage({ action, email: link.user.email, firstPassword: link.purpose === 'invite', error, errorField, minLength: MIN_PASSWORD_LENGTH });
    return sendPage(reply, code, page);
  }

  await app.register(async (scope) => {
    acceptForms(scope);

    scope.get(FORGOT_PASSWORD_PATH, (_request, reply) => (env.smtpUrl ? forgotPage(reply, 200) : sendPage(reply, 200, renderNoMailPage({ signInUrl }))));

    scope.post(FORGOT_PASSWORD_PATH, async (request, reply) => {
      if (!env.smtpUrl) return sendPage(reply, 200, renderNoMailPage({ signInUrl }));
      const { email: typed } = ForgotForm.parse(request.body ?? {});
      const email = plausibleEmail(typed);
      if (!email) return forgotPage(reply, 400, typed, PASSWORD_PAGE_MESSAGES.notAnEmail);
      const allowed = await allowResetRequest(db, email, request.ip);
      if (allowed !== 'allowed') {
        request.log.info({ email, limit: allowed }, 'password reset request refused');
        return forgotPage(reply, 429, typed, allowed === 'ip' ? PASSWORD_PAGE_MESSAGES.tooManyFromNetwork : PASSWORD_PAGE_MESSAGES.tooManyForEmail);
      }
      const user = await findUserByEmail(db, email);
      // A disabled account gets no link: it could not sign in with the password anyway.
      if (user && !user.disabled) {
        // Made once the answer is on its way: an address with an account is answered as fast as one without.
        deliverLink(request, async () => {
          await new Promise((resolve) => setImmediate(resolve));
          await db.transaction((tx) => sendPasswordReset(tx, env, user));
        });
      }
      return sendPage(reply, 200, renderResetRequestedPage({ hours: PASSWORD_LINK_HOURS.reset, signInUrl }));
    });

    scope.get(`${PASSWORD_LINK_PATH}/:token`, (request: TokenRequest, reply) => setPasswordPage(request, reply, 200));

    scope.post(`${PASSWORD_LINK_PATH}/:token`, async (request: TokenRequest, reply) => {
      const { password, confirm } = SetPasswordForm.parse(request.body ?? {});
      if (password !== confirm) return setPasswordPage(request, reply, 400, PASSWORD_PAGE_MESSAGES.mismatch, 'confirm');
      const result = await usePasswordLink(db, request.params.token, password);
      if (result.outcome === 'refused') return setPasswordPage(request, reply, 400, result.message);
      if (result.outcome === 'unusable') return sendPage(reply, 410, renderLinkUnusablePage());
      request.log.info({ email: result.user.email, purpose: result.purpose }, 'password set through a link');
      // A carer signs in to their own app, on the phone they set the password on.
      return sendPage(reply, 200, renderPasswordSetPage({ signInUrl: result.user.role === CARER_ROLE ? `${env.publicUrl}/carer/?${SIGN_IN_PARAM}` : signInUrl }));
    });
  });
}
