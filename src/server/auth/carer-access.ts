import { and, eq, isNotNull } from 'drizzle-orm';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { CARER_ROLE } from '@/shared/permissions';
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema/auth';
import { type EndedCarerCheck, liveCarerAccount } from '@/server/accounts/carer-accounts';
import { CARER_CLIENT_ID, CARER_SESSION_SECONDS } from './provider';

/** Whether the carer a carer-app ID token names has had their access ended; false for a token that is not one. */
export type CarerAccessCheck = (idToken: string) => Promise<boolean>;

/** How long after the office ends a carer's access their phone may still send the visits it recorded before (decision 309). */
export const SEND_AFTER_END_DAYS = 14;

/**
 * The account and issue time a token names, when the provider signed it for the carer app and it expired by at most
 * the longest sign-in; undefined for anything else.
 */
async function carerTokenSubject(idToken: string, issuer: string, keys: JWTVerifyGetKey): Promise<{ sub: string; issuedAt: number } | undefined> {
  try {
    const { payload } = await jwtVerify(idToken, keys, { issuer, audience: CARER_CLIENT_ID, algorithms: ['RS256'], clockTolerance: CARER_SESSION_SECONDS, requiredClaims: ['sub', 'iat'] });
    return { sub: payload.sub!, issuedAt: payload.iat! * 1000 };
  } catch {
    return undefined;
  }
}

/**
 * A phone whose sign-in was refused cannot tell a lapsed sign-in (its visits wait for the carer to sign in again) from
 * access the office ended (it sends what it holds to the office, then wipes it). It asks with the last ID token it
 * held: one the provider signed for the carer app, expired by at most the longest sign-in, is answered for its own
 * account only, and anything else is told nothing.
 */
export function carerAccessCheck(db: Database, issuer: string, keys: JWTVerifyGetKey): CarerAccessCheck {
  return async (idToken) => {
    const subject = await carerTokenSubject(idToken, issuer, keys);
    return subject ? !(await liveCarerAccount(db, { userId: subject.sub })) : false;
  };
}

/**
 * The ended carer a phone's last token speaks for, so that the visits it recorded while the carer had access still
 * reach the office (carerApp.sync takes them into Visits to resolve): the token must be the provider's, issued before
 * the end, and the end at most SEND_AFTER_END_DAYS ago. A carer invited again is live, not ended.
 */
export function endedCarerCheck(db: Database, issuer: string, keys: JWTVerifyGetKey): EndedCarerCheck {
  return async (idToken) => {
    const subject = await carerTokenSubject(idToken, issuer, keys);
    if (!subject) return undefined;
    const [account] = await db
      .select({ carerId: users.carerId, userId: users.id, email: users.email, givenName: users.givenName, familyName: users.familyName, endedAt: users.disabledAt })
      .from(users)
      .where(and(eq(users.id, subject.sub), eq(users.role, CARER_ROLE), isNotNull(users.carerId), isNotNull(users.disabledAt)));
    if (!account?.carerId || !account.endedAt) return undefined;
    const endedAt = account.endedAt;
    if (subject.issuedAt >= endedAt.getTime() || Date.now() - endedAt.getTime() > SEND_AFTER_END_DAYS * 24 * 60 * 60 * 1000) return undefined;
    return { ...account, carerId: account.carerId, endedAt };
  };
}
