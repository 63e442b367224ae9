import { and, eq, isNull } from 'drizzle-orm';
import { CARER_ROLE } from '@/shared/permissions';
import type { Executor } from '@/server/db/client';
import { users } from '@/server/db/schema/auth';
import { revokeAccount } from './sign-in-sessions';

// A carer's account on the carer app follows their record: archiving the carer ends it, anonymising removes it.

/** Ends the carer's access at their next call: the account is disabled and its sessions end. Whether there was one to end. */
export async function endCarerAccess(tx: Executor, carerId: string): Promise<boolean> {
  const [ended] = await tx
    .update(users)
    .set({ disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.carerId, carerId), eq(users.role, CARER_ROLE), isNull(users.disabledAt)))
    .returning({ id: users.id });
  if (ended) await revokeAccount(tx, ended.id);
  return ended !== undefined;
}

/** Removes the carer's account whole, its address and names with it, as their record's details are erased. */
export async function removeCarerAccount(tx: Executor, carerId: string): Promise<void> {
  const [removed] = await tx.delete(users).where(and(eq(users.carerId, carerId), eq(users.role, CARER_ROLE))).returning({ id: users.id });
  if (removed) await revokeAccount(tx, removed.id);
}
