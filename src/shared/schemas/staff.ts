import { z } from 'zod';
import { STAFF_ROLES } from '@/shared/permissions';
import { cleanString, text } from './common';

// Deliberately loose: the first account is admin@localhost, and staff addresses are checked by use.
export const staffEmail = cleanString()
  .toLowerCase()
  .min(1, { message: 'E-mail address is required' })
  .max(254, { message: 'E-mail addresses have at most 254 characters' })
  // Exactly one address: a list (commas, semicolons) or a display name (angle brackets, quotes) is not one.
  .regex(/^[^\s@,;<>()"]+@[^\s@,;<>()"'[\]]+$/, { message: 'Enter a valid e-mail address' });

export const staffRole = z.enum(STAFF_ROLES, { message: `Role must be one of ${STAFF_ROLES.join(', ')}` });

const staffName = (what: string) => text(100).min(1, { message: `${what} is required` });

/** Adding a member of staff: they choose their own password from the invitation. */
export const staffInvite = z.strictObject({
  email: staffEmail,
  givenName: staffName('Given name'),
  familyName: staffName('Family name'),
  role: staffRole,
});
export type StaffInvite = z.infer<typeof staffInvite>;

const userId = z.string().trim().min(1, { message: 'Say which account' }).max(64, { message: 'Not an account id' });

/** One account, for disable, enable, remove, resetting two-step sign-in and sending a password reset. */
export const staffAccountRef = z.strictObject({ id: userId });
export type StaffAccountRef = z.infer<typeof staffAccountRef>;

export const staffSetRole = z.strictObject({ id: userId, role: staffRole });
export type StaffSetRole = z.infer<typeof staffSetRole>;

/** Whether an account signs in with a code from an authenticator app: none yet, waiting for the first code, or set up. */
export type TwoStepStatus = 'none' | 'pending' | 'setUp';

export interface StaffAccount {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  role: (typeof STAFF_ROLES)[number];
  /** Null when accounts are managed by an external issuer, which keeps that to itself. */
  twoStep: TwoStepStatus | null;
  /** ISO timestamps of the first and latest successful sign-in; null when they have never signed in. */
  firstSignInAt: string | null;
  lastSignInAt: string | null;
  disabled: boolean;
}

export interface StaffList {
  /** The external issuer that manages the accounts (then the list is who has signed in, read-only), or null. */
  managedAt: string | null;
  accounts: StaffAccount[];
}
