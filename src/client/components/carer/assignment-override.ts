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

/**
 * What a save sends for the reason: the trimmed reason when one is asked for and given, else nothing (an
 * empty reason lets the server refuse in its own words, naming what lapsed). A reason too short is
 * refused here, on its field, so the user need not wait for the server.
 */
export function overrideToSend(reason: string | undefined, asked: boolean): { ok: true; override: { reason: string } | undefined } | { ok: false } {
  const given = reason?.trim() ?? '';
  if (!asked || !given) return { ok: true, override: undefined };
  return complianceOverride.safeParse({ reason: given }).success ? { ok: true, override: { reason: given } } : { ok: false };
}

