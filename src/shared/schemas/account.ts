import { z } from 'zod';

// My account: what every signed-in user may change about their own sign-in.

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * A new password's length: at least 12 characters and no composition rules (NIST SP 800-63B). The server
 * also refuses passwords on its list of common ones (password-policy.ts), which the web app does not load.
 */
export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Passwords have at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Passwords have at most ${MAX_PASSWORD_LENGTH} characters`);

const currentPassword = z.string().min(1, 'Enter your current password').max(200);

export const changePasswordInput = z
  .strictObject({
    currentPassword,
    newPassword,
    confirmPassword: z.string().max(200),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: 'The two new passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** Changing two-step sign-in is proven by the password, not by a token that may have been taken. */
export const startTwoStepInput = z.strictObject({ currentPassword });
export type StartTwoStepInput = z.infer<typeof startTwoStepInput>;

export const confirmTwoStepInput = z.strictObject({
  currentPassword,
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code your app shows')),
});
export type ConfirmTwoStepInput = z.infer<typeof confirmTwoStepInput>;

/** Turning two-step sign-in off also needs what it protects: a code from the app, or a recovery code. */
export const resetTwoStepInput = z.strictObject({
  currentPassword,
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code from your app, or one of your recovery codes')
    .max(100)
    .regex(/^[A-Za-z0-9 -]+$/, 'A code has letters, digits and dashes only'),
});
export type ResetTwoStepInput = z.infer<typeof resetTwoStepInput>;
