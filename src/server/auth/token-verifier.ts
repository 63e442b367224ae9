import { createLocalJWKSet, createRemoteJWKSet, errors, type JWK, type JWTPayload, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Role } from '@/shared/permissions';
import { type SessionUser, sessionUserFromClaims } from '@/shared/session';

/** The signed-in user, and the provider's sign-in session the token names (the built-in provider's `sid`). */
export type VerifiedCaller = SessionUser & { sessionId?: string };

/** Turns a bearer ID token into the signed-in user, or throws. */
export type TokenVerifier = (idToken: string) => Promise<VerifiedCaller>;

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];
const CLOCK_TOLERANCE_SECONDS = 30;
/** Verified tokens remembered at most; the web app sends the same one with every call until it renews it. */
const REMEMBERED_TOKENS = 1000;

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export function tokenVerifier(options: {
  issuer: string;
  /** The clients whose tokens are accepted. */
  audience: string | string[];
  groupsClaim: string;
  /** Clients whose tokens only an account of one role may use (the carer app's, whose sign-in lasts 30 days). */
  clientRoles?: Record<string, Role>;
  keys: JWTVerifyGetKey;
  /**
   * The role the account holds now, if the session a token names (`sid`) is still on; when set, tokens without
   * a live session are refused and the account's role stands for the token's groups claim.
   */
  sessionRole?: (sid: string, sub: string) => Promise<Role | undefined>;
  /** Told of every accepted token: who, and when they signed in (auth_time, else iat, in seconds). */
  onAccepted?: (user: SessionUser, signedInAt: number) => Promise<void>;
  /**
   * Whether the keys never change while the server runs (the built-in provider's): then a token whose
   * signature and claims were verified is remembered until it expires, and not verified again with every
   * call (an RSA check, 7.5% of the server's CPU under the mixed load on PostgreSQL). The rest of the checks,
   * the session's among them, still run on every call.
   */
  fixedKeys?: boolean;
}): TokenVerifier {
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  const verify = async (idToken: string): Promise<JWTPayload> => {
    const remembered = verified.get(idToken);
    if (remembered && Date.now() < remembered.until) return remembered.payload;
    if (remembered) verified.delete(idToken);
    const { payload } = await jwtVerify(idToken, options.keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (options.fixedKeys) {
      // Past this time jwtVerify would refuse the token as expired; before it (nbf already passed), it accepts it again.
      if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(idToken, { payload, until: (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000 });
    }
    return payload;
  };
  return async (idToken) => {
    try {
      const payload = await verify(idToken);
      // Cognito marks its tokens; an access token is not an identity.
      if (payload.token_use !== undefined && payload.token_use !== 'id') throw new InvalidTokenError('Not an ID token');
      let user: VerifiedCaller = sessionUserFromClaims(payload, options.groupsClaim);
      if (options.sessionRole) {
        const role = typeof payload.sid === 'string' ? await options.sessionRole(payload.sid, payload.sub!) : undefined;
        if (!role) throw new InvalidTokenError('The sign-in session has ended');
        user = { ...user, role, sessionId: payload.sid as string };
      }
      const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
      for (const audience of audiences) {
        const only = options.clientRoles?.[audience];
        if (only && user.role !== only) throw new InvalidTokenError(`This sign-in is for the ${only} role only`);
      }
      await options.onAccepted?.(user, typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat!);
      return user;
    } catch (error) {
      if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.message);
      throw error;
    }
  };
}

export function localKeys(publicKeys: JWK[]): JWTVerifyGetKey {
  return createLocalJWKSet({ keys: publicKeys });
}

/** The issuer's published keys, found through its discovery document on first use. */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`OpenID discovery failed for ${issuer}: ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}
