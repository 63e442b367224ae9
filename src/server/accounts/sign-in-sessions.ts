import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { oidcModels, passwordLinks, type PasswordLinkPurpose } from '@/server/db/schema/auth';

// The sign-in sessions the built-in provider keeps (with their grants and tokens), and the password links still open,
// as account changes end them: removing, disabling or resetting an account, a password changed, signing out everywhere.

/**
 * Counts the writes in this process that can end a session: a session seen live before one is asked about again.
 * Counted once the write is done, so a check that read the session before the write, and finishes after it, does
 * not remember it as live. (A write inside a transaction is counted before its commit: a check in that moment may
 * remember the session for SESSION_SEEN_LIVE_MS, as if it had been ended by another process.)
 */
let sessionWrites = 0;

export function sessionsMayHaveChanged(): void {
  sessionWrites++;
}

export function sessionWritesSoFar(): number {
  return sessionWrites;
}

/** The grants a session holds (one per client it signed in to), by the session's uid: a subquery. */
function grantsOfSession(sessionUid: string) {
  return sql`(select a.value->>'grantId' from ${oidcModels} s cross join lateral jsonb_each(coalesce(s.payload->'authorizations', '{}'::jsonb)) a
    where s.type = 'Session' and s.uid = ${sessionUid})`;
}

/** Ends one session (by the uid its ID tokens carry as `sid`), its grants and their tokens. */
export async function endSession(db: Executor, sessionUid: string): Promise<void> {
  const grants = grantsOfSession(sessionUid);
  await db
    .delete(oidcModels)
    .where(
      or(
        and(eq(oidcModels.type, 'Session'), eq(oidcModels.uid, sessionUid)),
        sql`coalesce(${oidcModels.grantId} in ${grants}, false)`,
        and(eq(oidcModels.type, 'Grant'), sql`${oidcModels.id} in ${grants}`),
      ),
    );
  sessionsMayHaveChanged();
}

/**
 * Ends every session, grant and token of an account (when a user is removed); all but one session's own, with
 * `keepSession` (the sign-in from which the person changed their password).
 */
export async function revokeAccount(db: Executor, accountId: string, { keepSession }: { keepSession?: string } = {}): Promise<void> {
  const ofAccount = sql`${oidcModels.payload}->>'accountId' = ${accountId}`;
  if (keepSession === undefined) {
    await db.delete(oidcModels).where(ofAccount);
  } else {
    // The kept session's grants: its refresh tokens carry them, and the grant rows are their own.
    const keptGrants = grantsOfSession(keepSession);
    await db.delete(oidcModels).where(
      and(
        ofAccount,
        sql`not (${oidcModels.type} = 'Session' and ${oidcModels.uid} = ${keepSession})`,
        sql`coalesce(${oidcModels.grantId} in ${keptGrants}, false) = false`,
        sql`not (${oidcModels.type} = 'Grant' and ${oidcModels.id} in ${keptGrants})`,
      ),
    );
  }
  sessionsMayHaveChanged();
}

/** Voids the user's unused password links (of one purpose, or all): none of them opens the account any more. */
export async function voidOpenLinks(tx: Executor, userId: string, purpose?: PasswordLinkPurpose): Promise<void> {
  await tx
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.userId, userId), purpose && eq(passwordLinks.purpose, purpose), isNull(passwordLinks.usedAt)));
}
