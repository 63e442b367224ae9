import { TRPCClientError } from '@trpc/client';
import { z } from 'zod';
import { complianceOverride, OVERRIDE_TOO_SHORT } from '@/shared/schemas/care';

// The reason given to assign a carer who is not compliant, as the package forms and a request's renewal ask it.

/** The reason field as the form holds it: free text, checked on saving only when a reason is asked for. */
export const overrideField = z.object({ reason: z.string() }).optional();

/**
 * The reason field where the carer cannot change (renewal): empty, or a reason the server accepts. Empty is
 * sent as none, so the server refuses a carer who is not compliant in its own words.
 */
export const fixedCarerOverrideField = z
  .object({ reason: z.string().refine((reason) => overrideToSend(reason, true).ok, { message: OVERRIDE_TOO_SHORT }) })
  .optional();

/**
 * The server's refusal of a carer who is not compliant (a CONFLICT naming them), told apart from the
 * other CONFLICT, a record changed by someone else, by its words.
 */
export function complianceRefusal(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === 'CONFLICT' && error.message.includes(' is not compliant: ') ? error.message : undefined;
}

/** What the reason field says when a carer known not to be compliant is saved without one. */
export const OVERRIDE_NEEDED = 'Give a reason to assign this carer anyway, or choose another carer';

/**
 * What a save sends for the reason: the trimmed reason when one is asked for and given, else nothing (where the
 * form cannot know the carer has lapsed, an empty reason lets the server refuse in its own words). A reason too
 * short, or none when `required` (the form knows the carer is not compliant), is refused here, on its field,
 * before anything is sent.
 */
export function overrideToSend(
  reason: string | undefined,
  asked: boolean,
  { required = false } = {},
): { ok: true; override: { reason: string } | undefined } | { ok: false; missing: boolean } {
  const given = reason?.trim() ?? '';
  if (asked && required && !given) return { ok: false, missing: true };
  if (!asked || !given) return { ok: true, override: undefined };
  return complianceOverride.safeParse({ reason: given }).success ? { ok: true, override: { reason: given } } : { ok: false, missing: false };
}

