import { isRole, type Role } from './permissions';
import { stripInvisible } from './invisible';

/** The signed-in user of spec §3. */
export interface SessionUser {
  givenName: string;
  familyName: string;
  email: string;
  role: Role;
}

/** Why an ID token cannot start a session (spec §5: a specific error for each missing item). */
export class SessionRefusedError extends Error {
  override name = 'SessionRefusedError';
}

export const SESSION_ERRORS = {
  givenName: 'The ID token has no given name',
  familyName: 'The ID token has no family name',
  email: 'The ID token has no e-mail address',
  group: 'The ID token has no group',
  role: (group: string) => `The first group of the ID token ("${group}") is not a valid role`,
} as const;

/** A claim's text as shown and audited: the issuer's values never passed our schemas. */
function text(value: unknown): string | undefined {
  const cleaned = typeof value === 'string' ? stripInvisible(value).trim() : '';
  return cleaned !== '' ? cleaned : undefined;
}

/** The session user an ID token's claims describe; the role is the first entry of the groups claim. */
export function sessionUserFromClaims(claims: Record<string, unknown>, groupsClaim: string): SessionUser {
  const givenName = text(claims.given_name);
  if (!givenName) throw new SessionRefusedError(SESSION_ERRORS.givenName);
  const familyName = text(claims.family_name);
  if (!familyName) throw new SessionRefusedError(SESSION_ERRORS.familyName);
  const email = text(claims.email);
  if (!email) throw new SessionRefusedError(SESSION_ERRORS.email);
  const groups = claims[groupsClaim];
  const firstGroup: unknown = Array.isArray(groups) ? groups[0] : groups;
  if (firstGroup === undefined || firstGroup === null || firstGroup === '') {
    throw new SessionRefusedError(SESSION_ERRORS.group);
  }
  if (!isRole(firstGroup)) throw new SessionRefusedError(SESSION_ERRORS.role(String(firstGroup)));
  return { givenName, familyName, email, role: firstGroup };
}
