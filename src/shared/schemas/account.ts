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

export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    newPassword,
    confirmPassword: z.string().max(200),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: 'The two new passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const confirmTwoStepInput = z.strictObject({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code your app shows')),
});
