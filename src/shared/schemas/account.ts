import { z } from 'zod';

// My account: what every signed-in user may change about their own sign-in.

/** A new password: at least 12 characters and no composition rules (NIST SP 800-63B). */
export const newPassword = z
  .string()
  .min(12, 'Passwords have at least 12 characters')
  .max(200, 'Passwords have at most 200 characters');

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
