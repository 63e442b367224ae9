import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import { renderAuthPage } from './auth-pages';
import { escapeHtmlText } from '@/shared/html';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { endSession } from '@/server/accounts/sign-in-sessions';
import { databaseAdapter } from './oidc-adapter';
import { cookieKeys, signingKey } from './secrets';
import { recordAudit } from '@/server/records/audit-trail';
import { findUserById } from '@/server/accounts/accounts';
import { CARER_ROLE } from '@/shared/permissions';

/** The built-in provider's clients: the office's web app, and the carers' app on their phones (`/carer/`). */
export const BUILT_IN_CLIENT_ID = 'valecare-web';
export const CARER_CLIENT_ID = 'valecare-carer';

const HOUR = 60 * 60;
/** A working day: staff sign in once a day; a stolen refresh token dies by the evening. */
export const SESSION_SECONDS = 12 * HOUR;
/**
 * A carer may be out of signal for days between visits, and their phone sends when it can: their sign-in lasts 30
 * days, with no idle limit, and the office ends it at once by ending their access (decision 295).
 */
export const CARER_SESSION_SECONDS = 30 * 24 * HOUR;
/**
 * A grant is the browser's tabs' one container for their tokens, kept while its session lasts and a sign-in renews
 * it; what a sign-in may do is bounded by the session and its refresh tokens (12 hours from that sign-in, 30 days on
 * a carer's phone), not by it.
 */
const GRANT_SECONDS = 60 * 24 * HOUR;
/** The web app exchanges a code within a second or two; a minute covers a slow connection. */
export const AUTHORIZATION_CODE_SECONDS = 60;

/**
 * How long a new refresh token lasts: the idle limit from now (each use rotates it, so the session
 * slides while it is used), but never past the end of the session that began at `sessionStart`.
 */
export function refreshTokenSeconds(sessionStart: number, now: number, idleSeconds: number): number {
  return Math.max(1, Math.min(idleSeconds, sessionStart + SESSION_SECONDS - now));
}

/** A carer's refresh token lasts to the end of their 30-day sign-in, however long it goes unused. */
export function carerRefreshTokenSeconds(sessionStart: number, now: number): number {
  return Math.max(1, sessionStart + CARER_SESSION_SECONDS - now);
}

const isCarerClient = (ctx: KoaContextWithOIDC | undefined) => ctx?.oidc?.client?.clientId === CARER_CLIENT_ID;
/** The request's account (loaded by findAccount below) is a carer's. */
const isCarerAccount = (ctx: KoaContextWithOIDC) => (ctx.oidc.account as { role?: string } | undefined)?.role === CARER_ROLE;

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Every sign-in the person starts asks for the password (and second factor). Only a silent request joins the
 * browser's live session: the web app makes one from a new tab while the browser's other tabs are in use (not
 * idle), and signing out or going idle ends the provider's session, so an idle session is not revived from it.
 */
function signInEveryTime() {
  const policy = interactionPolicy.base();
  // A silent request (prompt=none: a new tab of a browser already signed in) joins the browser's live session;
  // the base policy's own checks still refuse it with login_required when there is none.
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('sign_in_every_time', 'End-User authentication is required', (ctx) => {
        if (ctx.oidc.result?.login) return false;
        // Joined silently only within the 12 hours of the sign-in the session holds.
        const signedInAt = ctx.oidc.session?.authTime();
        return !(ctx.oidc.prompts.has('none') && signedInAt !== undefined && epochSeconds() - signedInAt < SESSION_SECONDS);
      }),
    );
  // A session whose account findAccount does not give (disabled, or staff on the carer app) is joined by no one.
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('account_not_found', 'The account may not sign in here', 'login_required', (ctx) => Boolean(ctx.oidc.session?.accountId) && !ctx.oidc.account),
    );
  return policy;
}

export async function createProvider(db: Database, env: Env): Promise<Provider> {
  const [key, keys] = await Promise.all([signingKey(db), cookieKeys(db)]);
  const home = `${env.publicUrl}/`;
  const carerHome = `${env.publicUrl}/carer/`;

  const provider = new Provider(`${env.publicUrl}${AUTH_PREFIX}`, {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_name: 'Valecare',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [home],
        post_logout_redirect_uris: [home],
      },
      {
        client_id: CARER_CLIENT_ID,
        client_name: 'Valecare for carers',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [carerHome],
        post_logout_redirect_uris: [carerHome],
      },
    ],
    jwks: { keys: [key as never] },
    cookies: {
      keys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      // `sid` names the provider's session; /trpc refuses an ID token once its session has ended.
      openid: ['sub', 'sid'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    // The app reads the user and role from the ID token itself (spec §5).
    conformIdTokenClaims: false,
    async findAccount(ctx, sub, token) {
      const user = await findUserById(db, sub);
      // A disabled user's refresh tokens stop working even if one escaped being revoked.
      if (!user || user.disabled) return undefined;
      // The carer app signs in carers only: staff joining it silently find no sign-in to join.
      if (isCarerClient(ctx) && user.role !== CARER_ROLE) return undefined;
      // The code or refresh token an ID token is issued for carries the session it belongs to.
      const sessionUid = token && 'sessionUid' in token ? token.sessionUid : undefined;
      return {
        accountId: sub,
        role: user.role,
        claims: async (use) => ({
          ...(use === 'id_token' && sessionUid ? { sid: sessionUid } : {}),
          sub,
          email: user.email,
          email_verified: true,
          name: `${user.givenName} ${user.familyName}`,
          given_name: user.givenName,
          family_name: user.familyName,
          groups: [user.role],
        }),
      };
    },
    // The web app is our own first-party client: it never asks the user for consent.
    // The browser's tabs share one grant: the provider refreshes a token only for its session's grant, so a new one
    // would end the other tabs' sessions. A fresh sign-in by the same person keeps it; its refresh tokens count their
    // 12 hours from that sign-in.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing && existing.accountId === ctx.oidc.session!.accountId) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    // Refresh tokens without offline_access: they live and die with the sign-in session (and lapse when idle).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    ttl: {
      AccessToken: 15 * 60,
      IdToken: 15 * 60,
      AuthorizationCode: AUTHORIZATION_CODE_SECONDS,
      Interaction: HOUR,
      RefreshToken: (_ctx, token) =>
        token.clientId === CARER_CLIENT_ID
          ? carerRefreshTokenSeconds(token.iiat ?? epochSeconds(), epochSeconds())
          : refreshTokenSeconds(token.iiat ?? epochSeconds(), epochSeconds(), env.sessionIdleMinutes * 60),
      // Saved at each sign-in request: a carer's lasts 30 days, anyone else's a working day, whichever app asked.
      Session: (ctx) => (isCarerAccount(ctx) ? CARER_SESSION_SECONDS : SESSION_SECONDS),
      Grant: GRANT_SECONDS,
    },
    interactions: { policy: signInEveryTime(), url: (_ctx, interaction) => `${AUTH_PREFIX}/interaction/${interaction.uid}` },
    // Only what the web app uses is offered and advertised: the code flow with PKCE, refresh, a public client.
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    scopes: ['openid', 'email', 'profile'],
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The app has already asked; the form submits itself (logout.js) and a button covers no-script.
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderAuthPage({
            title: 'Signing out',
            body: `${form}<p class="lead">Signing you out of Valecare…</p>
              <button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
            script: 'logout.js',
          });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = renderAuthPage({
            title: 'Signed out',
            body: `<p class="lead">You have signed out.</p><a class="primary" href="${home}">Back to Valecare</a>`,
          });
        },
      },
    },
    clientBasedCORS: (_ctx, origin) => origin === new URL(env.publicUrl).origin,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderAuthPage({
        title: 'Sign-in problem',
        body: `<p class="lead">Something went wrong while signing you in.</p>
          <p class="error" role="alert">${escapeHtmlText(String(out.error_description ?? out.error))}</p>
          <a class="primary" href="${home}">Back to Valecare</a>`,
      });
    },
  });
  // Koa cannot trust by address: it believes X-Forwarded-Proto when any proxy is trusted (which only marks
  // cookies Secure) and, given a hop count, takes the client's address that many entries from the right.
  provider.proxy = env.trustProxy !== false;
  provider.maxIpsCount = typeof env.trustProxy === 'number' ? env.trustProxy : 0;
  if (env.publicUrl.startsWith('https://')) {
    // Users reach the product over HTTPS, whichever hop brings the request here: the provider's idea of
    // the request (and so the Secure flag on its cookies) follows PUBLIC_URL, not proxy headers.
    Object.defineProperty(provider.request, 'protocol', { get: () => 'https' });
  }
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId) return;
    void findUserById(db, accountId)
      .then((user) => user && recordAudit(db, user, 'auth.signOut', user.id, null))
      .catch((error: unknown) => console.error('Could not record a sign-out:', error));
  });
  // Signing out from a browser without the session's cookie (another browser, cookies cleared) would end nothing:
  // the session a valid ID token names is ended here, with its refresh tokens, as its own browser's sign-out would.
  provider.use(async (ctx, next) => {
    await next();
    const hint = ctx.oidc?.entities.IdTokenHint as { payload?: { sid?: unknown; sub?: unknown } } | undefined;
    // Client is taken only once the hint has been verified as the provider's own, for that client.
    if (ctx.oidc?.route !== 'end_session' || ctx.status !== 200 || !hint || !ctx.oidc.entities.Client) return;
    const { sid, sub } = hint.payload ?? {};
    if (typeof sid !== 'string' || ctx.oidc.session?.uid === sid) return;
    await endSession(db, sid);
    const user = typeof sub === 'string' ? await findUserById(db, sub) : undefined;
    if (user) await recordAudit(db, user, 'auth.signOut', user.id, null);
  });
  // A refresh token used a second time is a copy racing its owner: the provider ends the chain's grant, and here its
  // session too, so the chain's ID tokens are refused at once rather than for the rest of their 15 minutes.
  provider.use(async (ctx, next) => {
    await next();
    const reused = ctx.oidc?.entities.RefreshToken as { consumed?: unknown; sessionUid?: string; accountId?: string } | undefined;
    if (ctx.oidc?.route !== 'token' || ctx.status !== 400 || !reused?.consumed || !reused.sessionUid) return;
    await endSession(db, reused.sessionUid);
    const user = reused.accountId ? await findUserById(db, reused.accountId) : undefined;
    if (user) await recordAudit(db, user, 'auth.refreshTokenReused', user.id, { ip: ctx.ip });
  });
  return provider;
}

/** Hands every /auth request the interaction routes do not own to the provider, body unread. */
/**
 * Sign-in starts (`/auth/auth`, silent ones too) allowed per network address in SIGN_IN_START_WINDOW: far more than an
 * office behind one address makes, few enough that nobody can make the provider store interactions without end.
 */
export const SIGN_IN_STARTS_PER_ADDRESS = 120;
export const SIGN_IN_START_WINDOW = '10 minutes';
export const TOO_MANY_SIGN_IN_STARTS = 'Too many sign-ins were started from this network. Wait a few minutes and try again.';

export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  await app.register(rateLimit, { global: false });
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const toProvider = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(AUTH_PREFIX.length) || '/';
        callback(raw, reply.raw);
      };
      const limited = {
        config: {
          rateLimit: {
            max: SIGN_IN_STARTS_PER_ADDRESS,
            timeWindow: SIGN_IN_START_WINDOW,
            // This machine itself (the browser tests; a proxy whose clients' addresses are not trusted) is not one caller.
            allowList: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
            errorResponseBuilder: () => ({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY_SIGN_IN_STARTS }),
          },
        },
      };
      scope.all('/auth', limited, toProvider);
      scope.all('/*', toProvider);
    },
    { prefix: AUTH_PREFIX },
  );
}
