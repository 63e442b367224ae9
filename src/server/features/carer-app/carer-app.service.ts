import { and, eq, max } from 'drizzle-orm';
import { auditLog } from '@/server/db/schema/audit';
import { CARER_ROLE } from '@/shared/permissions';
import type { CarerAppRef } from '@/shared/schemas/carer-app';
import type { Executor } from '@/server/db/client';
import { newId, newPassword } from '@/server/db/ids';
import { users } from '@/server/db/schema/auth';
import { visits } from '@/server/db/schema/visits';
import { carers } from '@/server/db/schema/people';
import { findUserByEmail, hashPassword, toStaffUser } from '@/server/accounts/accounts';
import { type LinkToPassOn, sendInvitation } from '@/server/accounts/password-links';
import { deliverQueuedNow } from '@/server/mail/mail';
import { recordAudit } from '@/server/records/audit-trail';
import { endCarerAccess } from '@/server/accounts/carer-accounts';
import { notFound, refused } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';

/** Whether a carer has the carer app: an account that may sign in, and since when it was given. */
export interface CarerAppStatus {
  carerId: string;
  /** The account's e-mail address, while the carer has one. */
  email: string | null;
  /**
   * "invited": may sign in, and has not since the last invitation; "active": has signed in; "ended": ended by the
   * office, or by archiving or anonymising the carer; "none": never invited.
   */
  state: 'none' | 'invited' | 'active' | 'ended';
  /** When the carer was last invited. */
  invitedAt: string | null;
  /** When a visit from their phone last reached the office; null before the first. */
  lastSentAt: string | null;
}

async function carerOf(db: Executor, carerId: string) {
  const [carer] = await db.select().from(carers).where(eq(carers.id, carerId));
  if (!carer) throw notFound('Carer');
  return carer;
}

async function accountOf(db: Executor, carerId: string) {
  const [account] = await db.select().from(users).where(and(eq(users.carerId, carerId), eq(users.role, CARER_ROLE)));
  return account;
}

/** When the audit trail last recorded `procedure` on the record, if ever. */
async function lastAudited(db: Executor, procedure: string, recordId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.procedure, procedure), eq(auditLog.recordId, recordId)));
  return row?.at ? new Date(row.at) : undefined;
}

export async function getCarerAppStatus({ db }: ServiceContext, { carerId }: CarerAppRef): Promise<CarerAppStatus> {
  await carerOf(db, carerId);
  const [account, [sent], invited] = await Promise.all([
    accountOf(db, carerId),
    db.select({ at: max(visits.recordedAt) }).from(visits).where(eq(visits.carerId, carerId)),
    lastAudited(db, 'carerApp.invite', carerId),
  ]);
  const invitedAt = account ? (invited ?? account.createdAt) : undefined;
  const signedIn = account ? await lastAudited(db, 'auth.signIn', account.id) : undefined;
  const state = !account ? 'none' : account.disabledAt ? 'ended' : signedIn && signedIn >= invitedAt! ? 'active' : 'invited';
  return {
    carerId,
    email: account?.email ?? null,
    state,
    invitedAt: invitedAt?.toISOString() ?? null,
    lastSentAt: sent?.at ? new Date(sent.at).toISOString() : null,
  };
}

/** "Ann" and "Smith" of "Ann Smith": an account's names, as the invitation greets the person. */
function namesOf(name: string): { givenName: string; familyName: string } {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? { givenName: parts[0] ?? name, familyName: '' } : { givenName: parts.slice(0, -1).join(' '), familyName: parts.at(-1)! };
}

/**
 * Gives the carer an account on the carer app, at the e-mail address on their record, and sends the invitation (with
 * no mail server its link is answered once, to pass on). A carer whose access was revoked is invited again on the same
 * account; one who has it already is refused in words. Audited.
 */
export async function inviteCarer(ctx: ServiceContext, { carerId }: CarerAppRef): Promise<CarerAppStatus & { linkToPassOn: LinkToPassOn }> {
  const { db, env, actor } = ctx;
  const invited = await db.transaction(async (tx) => {
    const carer = await carerOf(tx, carerId);
    if (carer.archived === 'Y' || carer.anonymisedAt) throw refused(`${carer.name || 'This carer'} is archived: restore them before inviting them to the carer app`);
    if (!carer.email) throw refused(`${carer.name} has no e-mail address: add one to their record, then invite them`);
    const existing = await accountOf(tx, carerId);
    if (existing && !existing.disabledAt) throw refused(`${carer.name} already has the carer app`);
    const sameEmail = await findUserByEmail(tx, carer.email);
    if (sameEmail && sameEmail.id !== existing?.id) throw refused(`Another account signs in with ${carer.email}: a carer's account needs an address of its own`);
    const values = { email: carer.email.toLowerCase(), ...namesOf(carer.name), updatedAt: new Date() };
    // Invited again after their access ended, a carer sets a new password from the link: the old one opens nothing.
    const [row] = existing
      ? await tx
          .update(users)
          .set({ ...values, disabledAt: null, passwordHash: await hashPassword(newPassword()) })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({ id: newId('u'), role: CARER_ROLE, carerId, passwordHash: await hashPassword(newPassword()), ...values })
          .returning();
    await recordAudit(tx, actor, 'carerApp.invite', carerId, { email: values.email });
    const linkToPassOn = await sendInvitation(tx, env, toStaffUser(row!), actor);
    return { linkToPassOn };
  });
  deliverQueuedNow(ctx);
  return { ...(await getCarerAppStatus(ctx, { carerId })), ...invited };
}

/** Ends the carer's access to the carer app at their next call: the account is disabled and its sessions end. Audited. */
export async function revokeCarerApp(ctx: ServiceContext, { carerId }: CarerAppRef): Promise<CarerAppStatus> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    await carerOf(tx, carerId);
    const ended = await endCarerAccess(tx, carerId);
    if (!ended) throw refused('This carer does not have the carer app');
    await recordAudit(tx, actor, 'carerApp.revoke', carerId, { email: ended.email });
  });
  return getCarerAppStatus(ctx, { carerId });
}
