import type { FastifyInstance } from 'fastify';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import { externalSignInRecorder } from '@/server/accounts/external-sign-ins';
import { mountInteractions } from './interactions';
import { purgeExpiredOidcModels, sessionAccountCheck } from './oidc-adapter';
import { mountPasswordPages } from './password-pages';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { CARER_ROLE } from '@/shared/permissions';
import { BUILT_IN_CLIENT_ID, CARER_CLIENT_ID, createProvider, mountProvider } from './provider';
import { publicJwk, signingKey } from './secrets';
import type { EndedCarerCheck } from '@/server/accounts/carer-accounts';
import { type CarerAccessCheck, carerAccessCheck, endedCarerCheck } from './carer-access';
import { discoveredKeys, localKeys, type TokenVerifier, tokenVerifier } from './token-verifier';

/** What the web app needs to sign in (served as /config.json). */
export interface SignInConfig {
  authority: string;
  clientId: string;
  scope: string;
  groupsClaim: string;
  /** The web app signs the user out after this many minutes without their own activity. */
  idleMinutes: number;
  /** The client the carer app (`/carer/`) signs in as: its own with the built-in provider, the web app's with another. */
  carerClientId: string;
  /** Cognito-style hosted logout page; absent means the issuer's end-session endpoint. */
  logoutUrl?: string;
}

export const SCOPE = 'openid email profile';

/** Mounts the built-in OpenID provider (unless an external issuer is configured) and returns the token check. */
export async function setupAuth(
  app: FastifyInstance,
  db: Database,
  env: Env,
): Promise<{ verifyIdToken: TokenVerifier; signInConfig: SignInConfig; carerAccessEnded?: CarerAccessCheck; endedCarer?: EndedCarerCheck }> {
  if (env.externalOidc) {
    const { issuer, clientId, logoutUrl } = env.externalOidc;
    return {
      verifyIdToken: tokenVerifier({
        issuer,
        audience: clientId,
        groupsClaim: env.groupsClaim,
        keys: discoveredKeys(issuer),
        onAccepted: externalSignInRecorder(db, issuer),
      }),
      signInConfig: {
        authority: issuer,
        clientId,
        carerClientId: clientId,
        scope: SCOPE,
        groupsClaim: env.groupsClaim,
        idleMinutes: env.sessionIdleMinutes,
        logoutUrl,
      },
    };
  }
  const provider = await createProvider(db, env);
  await mountInteractions(app, { provider, db, publicUrl: env.publicUrl, mfaRequiredRoles: env.mfaRequiredRoles });
  await mountPasswordPages(app, { db, env });
  await mountProvider(app, provider);
  purgeExpiredOidcModels(app, db);
  const issuer = `${env.publicUrl}${AUTH_PREFIX}`;
  const keys = localKeys([publicJwk(await signingKey(db))]);
  return {
    carerAccessEnded: carerAccessCheck(db, issuer, keys),
    endedCarer: endedCarerCheck(db, issuer, keys),
    verifyIdToken: tokenVerifier({
      issuer,
      audience: [BUILT_IN_CLIENT_ID, CARER_CLIENT_ID],
      clientRoles: { [CARER_CLIENT_ID]: CARER_ROLE },
      groupsClaim: env.groupsClaim,
      keys,
      fixedKeys: true,
      sessionRole: sessionAccountCheck(db, env.mfaRequiredRoles),
    }),
    signInConfig: {
      authority: issuer,
      clientId: BUILT_IN_CLIENT_ID,
      carerClientId: CARER_CLIENT_ID,
      scope: SCOPE,
      groupsClaim: env.groupsClaim,
      idleMinutes: env.sessionIdleMinutes,
    },
  };
}
