import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Database } from '@/server/db/client';
import { liveCarerAccount } from '@/server/records/carer-accounts';
import { CARER_CLIENT_ID, CARER_SESSION_SECONDS } from './provider';

/** Whether the carer a carer-app ID token names has had their access ended; false for a token that is not one. */
export type CarerAccessCheck = (idToken: string) => Promise<boolean>;

/**
 * A phone whose sign-in was refused cannot tell a lapsed sign-in (its visits wait for the carer to sign in again) from
 * access the office ended (it must wipe what it keeps). It asks with the last ID token it held: one the provider
 * signed for the carer app, expired by at most the longest sign-in, is answered for its own account only, and
 * anything else is told nothing.
 */
export function carerAccessCheck(db: Database, issuer: string, keys: JWTVerifyGetKey): CarerAccessCheck {
  return async (idToken) => {
    let sub: string | undefined;
    try {
      ({
        payload: { sub },
      } = await jwtVerify(idToken, keys, { issuer, audience: CARER_CLIENT_ID, algorithms: ['RS256'], clockTolerance: CARER_SESSION_SECONDS, requiredClaims: ['sub'] }));
    } catch {
      return false;
    }
    return !(await liveCarerAccount(db, { userId: sub! }));
  };
}
