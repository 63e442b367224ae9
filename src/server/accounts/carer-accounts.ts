import { and, eq, isNull } from 'drizzle-orm';
import { CARER_ROLE } from '@/shared/permissions';
import type { Executor } from '@/server/db/client';
import { users } from '@/server/db/schema/auth';
import { carers } from '@/server/db/schema/people';
import { revokeAccount, voidOpenLinks } from './sign-in-sessions';

// A carer's account on the carer app follows their record: archiving the carer ends it, anonymising removes it.

/**
 * A carer's account that may use the carer app now, by its address (a call's signed-in user) or its id (a phone's
 * last token): of the Carer role, not disabled, its carer neither archived nor anonymised.
 */
export async function liveCarerAccount(db: Executor, who: { email: string } | { userId: string }): Promise<{ carerId: string; userId: string } | undefined> {
  const [row] = await db
    .select({ carerId: users.carerId, userId: users.id })
    .from(users)
    .innerJoin(carers, eq(carers.id, users.carerId))
    .where(
      and(
        'email' in who ? eq(users.email, who.email) : eq(users.id, who.userId),
        eq(users.role, CARER_ROLE),
        isNull(users.disabledAt),
        eq(carers.archived, 'N'),
        isNull(carers.anonymisedAt),
      ),
    );
  return row?.carerId ? { carerId: row.carerId, userId: row.userId } : undefined;
}

/** A carer's account whose access ended, as its phone's last token names it: who, and when it ended. */
export interface EndedCarer {
  carerId: string;
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  endedAt: Date;
}

/**
 * The ended account a phone's last token names, within 14 days of the end and issued before it, else undefined
 * (auth/carer-access.ts, decision 309).
 */
export type EndedCarerCheck = (idToken: string) => Promise<EndedCarer | undefined>;

/**
 * Ends the carer's access at their next call, whoever ends it (the office, or archiving the carer): the account is
 * disabled, its sessions end and any invitation link still open is void, as a staff account's are when disabled.
 * The account ended, or undefined when there was none live.
 */
export async function endCarerAccess(tx: Executor, carerId: string): Promise<{ id: string; email: string } | undefined> {
  const [ended] = await tx
    .update(users)
    .set({ disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.carerId, carerId), eq(users.role, CARER_ROLE), isNull(users.disabledAt)))
    .returning({ id: users.id, email: users.email });
  if (ended) {
    await revokeAccount(tx, ended.id);
    await voidOpenLinks(tx, ended.id);
  }
  return ended;
}

/** Removes the carer's account whole, its address and names with it, as their record's details are erased. */
export async function removeCarerAccount(tx: Executor, carerId: string): Promise<void> {
  const [removed] = await tx.delete(users).where(and(eq(users.carerId, carerId), eq(users.role, CARER_ROLE))).returning({ id: users.id });
  if (removed) await revokeAccount(tx, removed.id);
}
