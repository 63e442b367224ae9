import { dictionary } from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPassword } from '@/shared/schemas/account';

/** NIST SP 800-63B: length and a list of known passwords, no composition rules (docs/decisions/140-password-policy-nist-sp-800-63b.md). */
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const PASSWORD_MESSAGES = {
  tooShort: `Passwords have at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Passwords have at most ${MAX_PASSWORD_LENGTH} characters`,
  tooCommon: 'This password is too common: choose another',
  ownIdentity: 'Your password cannot be your e-mail address or your name: choose another',
} as const;

/** Whose password it is: a password that is their e-mail address or name is the first a stranger tries. */
export interface PasswordOwner {
  email: string;
  givenName: string;
  familyName: string;
}

const bare = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, '');

function isOwnIdentity(plain: string, { email, givenName, familyName }: PasswordOwner): boolean {
  const tried = bare(plain);
  const local = email.split('@')[0] ?? '';
  return [email, local, `${givenName}${familyName}`, `${familyName}${givenName}`].some((identity) => bare(identity) === tried);
}

// The list is in lower case; built on first use, as most processes never check a password.
let common: Set<string> | undefined;

/** Whether the password is on the list of common and breached passwords, in any mix of capitals. */
export function isCommonPassword(plain: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(plain.toLowerCase());
}

/** A new password: what `npm run user`, the password-link page and a change of password all accept. */
export const PasswordSchema = newPassword.refine((plain) => !isCommonPassword(plain), { message: PASSWORD_MESSAGES.tooCommon, abort: true });

/** Why the new password is refused, or undefined when it may be used; with its owner, their e-mail and name are refused too. */
export function passwordProblem(plain: string, owner?: PasswordOwner): string | undefined {
  const result = PasswordSchema.safeParse(plain);
  if (!result.success) return result.error.issues[0]?.message;
  return owner && isOwnIdentity(plain, owner) ? PASSWORD_MESSAGES.ownIdentity : undefined;
}
