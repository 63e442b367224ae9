import { z } from 'zod';
import { MAX, MAX_STORED_INTEGER, text } from './common';
import { clientId } from './people';

/** The longest key safe code kept: codes are a few digits or letters. */
export const KEY_SAFE_CODE_MAX = 20;

export const keyInformationRef = z.strictObject({ clientId });

/**
 * A client's key information, replacing what is held: `keySafeCode` a new code, null to clear it, left out to keep
 * the one held (the office never reads it back). `version` is the one the office last saw, 0 for none.
 */
export const keyInformationInput = z.strictObject({
  clientId,
  accessNotes: text(MAX.line).default(''),
  allergiesAndRisks: text(MAX.line).default(''),
  emergencyContact: text(MAX.short).default(''),
  keySafeCode: z.union([z.null(), text(KEY_SAFE_CODE_MAX).pipe(z.string().min(1, { message: 'Enter the key safe code, or clear it' }))]).optional(),
  version: z.number().int().min(0).max(MAX_STORED_INTEGER).optional(),
});
export type KeyInformationInput = z.output<typeof keyInformationInput>;
