import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { funders } from '@/server/db/schema/care';
import { refused } from './record-errors';

export const FUNDER_MESSAGES = {
  unknown: 'That funder is not on the list of funders.',
  archived: 'That funder is archived: choose another, or restore it on the list of funders.',
} as const;

/**
 * A package's funder must be on the list, and not archived unless the package named it already (an archived funder
 * stays on the packages it paid for). Refused with why, before anything is written.
 */
export async function checkFunder(db: Executor, funderId: string | null | undefined, before: string | null = null): Promise<void> {
  if (!funderId || funderId === before) return;
  const [funder] = await db.select({ archived: funders.archived }).from(funders).where(eq(funders.id, funderId));
  if (!funder) throw refused(FUNDER_MESSAGES.unknown);
  if (funder.archived) throw refused(FUNDER_MESSAGES.archived);
}
