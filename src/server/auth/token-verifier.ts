import { createLocalJWKSet, createRemoteJWKSet, errors, type JWK, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { type SessionUser, sessionUserFromClaims } from '@/shared/session';

/** Turns a bearer ID token into the signed-in user, or throws. */
export type TokenVerifier = (idToken: string) => Promise<SessionUser>;

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];
const CLOCK_TOLERANCE_SECONDS = 30;

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export function tokenVerifier(options: {
  issuer: string;
  audience: string;
  groupsClaim: string;
  keys: JWTVerifyGetKey;
  /** Whether the session a token names (`sid`) is still on; tokens without one are refused when set. */
  isSessionLive?: (sid: string, sub: string) => Promise<boolean>;
  /** Told of every accepted token: who, and when they signed in (auth_time, else iat, in seconds). */
  onAccepted?: (user: SessionUser, signedInAt: number) => Promise<void>;
}): TokenVerifier {
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      // Cognito marks its tokens; an access token is not an identity.
      if (payload.token_use !== undefined && payload.token_use !== 'id') throw new InvalidTokenError('Not an ID token');
      const user = sessionUserFromClaims(payload, options.groupsClaim);
      if (options.isSessionLive && !(typeof payload.sid === 'string' && (await options.isSessionLive(payload.sid, payload.sub!)))) {
        throw new InvalidTokenError('The sign-in session has ended');
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
