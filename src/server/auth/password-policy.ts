import { dictionary } from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPassword } from '@/shared/schemas/account';

/** NIST SP 800-63B: length and a list of known passwords, no composition rules (docs/decisions.md). */
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const PASSWORD_MESSAGES = {
  tooShort: `Passwords have at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Passwords have at most ${MAX_PASSWORD_LENGTH} characters`,
  tooCommon: 'This password is too common: choose another',
} as const;

// The list is in lower case; built on first use, as most processes never check a password.
let common: Set<string> | undefined;

/** Whether the password is on the list of common and breached passwords, in any mix of capitals. */
export function isCommonPassword(plain: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(plain.toLowerCase());
}

/** A new password: what `npm run user`, the password-link page and a change of password all accept. */
export const PasswordSchema = newPassword.refine((plain) => !isCommonPassword(plain), { message: PASSWORD_MESSAGES.tooCommon, abort: true });

/** Why the new password is refused, or undefined when it may be used. */
export function passwordProblem(plain: string): string | undefined {
  const result = PasswordSchema.safeParse(plain);
  return result.success ? undefined : result.error.issues[0]?.message;
}
