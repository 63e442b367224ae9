import { TRPCError } from '@trpc/server';
import { asc, eq, ne, sql } from 'drizzle-orm';
import { CARER_ROLE, type StaffRole } from '@/shared/permissions';
import type { StaffAccount, StaffAccountRef, StaffInvite, StaffList, StaffSetRole, TwoStepStatus } from '@/shared/schemas/staff';
import { listExternalSignIns } from '@/server/accounts/external-sign-ins';
import { resetMfa } from '@/server/accounts/two-step';
import { type LinkToPassOn, sendInvitation, sendPasswordReset } from '@/server/accounts/password-links';
import {
  addUser,
  disableUser,
  enableUser,
  lockAccount,
  removeUser,
  setRole,
  type StaffUser,
  UserError,
  type UserErrorKind,
} from '@/server/accounts/accounts';
import { loginAttempts, mfaEnrolments, users } from '@/server/db/schema/auth';
import { deliverQueuedNow } from '@/server/mail/mail';
import { recordAudit } from '@/server/records/audit-trail';
import type { ServiceContext } from '@/server/records/service-context';
import { databaseErrorCode } from '@/server/trpc/init';

const ERROR_CODES: Record<UserErrorKind, TRPCError['code']> = {
  invalid: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  refused: 'PRECONDITION_FAILED',
};

/** Runs an account change, answering its refusals with the matching API error. */
async function accountChange<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof UserError) throw new TRPCError({ code: ERROR_CODES[error.kind], message: error.message });
    throw error;
  }
}

const signIns = (succeeded: 'min' | 'max') =>
  sql`(select ${sql.raw(succeeded)}(a.at) from ${loginAttempts} a where a.email = ${users.email} and a.succeeded)`.mapWith(loginAttempts.at);

function twoStepStatus(confirmedAt: Date | null, enrolling: boolean): TwoStepStatus {
  if (confirmedAt) return 'setUp';
  return enrolling ? 'pending' : 'none';
}

/**
 * Every account with its two-step status and latest sign-in; with an external issuer, everyone who has
 * signed in through it (read-only).
 */
export async function listStaff({ db, env }: ServiceContext): Promise<StaffList> {
  const managedAt = env.externalOidc?.issuer;
  if (managedAt) {
    const signedIn = await listExternalSignIns(db, managedAt);
    // A carer signing in through the issuer is no member of staff, as below.
    const accounts = signedIn.filter((person) => person.role !== CARER_ROLE).map(
      (person): StaffAccount => ({
        id: person.email,
        email: person.email,
        givenName: person.givenName,
        familyName: person.familyName,
        role: person.role as StaffRole,
        twoStep: null,
        firstSignInAt: person.firstSignInAt.toISOString(),
        lastSignInAt: person.lastSignInAt.toISOString(),
        disabled: false,
      }),
    );
    return { managedAt, accounts };
  }
  const rows = await db
    .select({
      user: users,
      enrolment: mfaEnrolments.userId,
      confirmedAt: mfaEnrolments.confirmedAt,
      firstSignInAt: signIns('min'),
      lastSignInAt: signIns('max'),
    })
    .from(users)
    .leftJoin(mfaEnrolments, eq(mfaEnrolments.userId, users.id))
    // A carer's account is kept from their record (carerApp), not here.
    .where(ne(users.role, CARER_ROLE))
    .orderBy(asc(users.familyName), asc(users.givenName), asc(users.email));
  const accounts = rows.map(
    ({ user, enrolment, confirmedAt, firstSignInAt, lastSignInAt }): StaffAccount => ({
      id: user.id,
      email: user.email,
      givenName: user.givenName,
      familyName: user.familyName,
      role: user.role as StaffRole,
      twoStep: twoStepStatus(confirmedAt, enrolment !== null),
      firstSignInAt: firstSignInAt?.toISOString() ?? null,
      lastSignInAt: lastSignInAt?.toISOString() ?? null,
      disabled: user.disabledAt !== null,
    }),
  );
  return { managedAt: null, accounts };
}

/**
 * Adds a member of staff. Their password is a random one nobody is told: they choose their own through
 * the invitation link.
 */
export async function inviteStaff(ctx: ServiceContext, input: StaffInvite): Promise<StaffUser & { linkToPassOn: LinkToPassOn }> {
  const { db, env, actor } = ctx;
  const invited = await accountChange(async () => {
    try {
      return await db.transaction(async (tx) => {
        const { user } = await addUser(tx, input);
        await recordAudit(tx, actor, 'auth.userInvited', user.id, { ...input });
        const linkToPassOn = await sendInvitation(tx, env, user, actor);
        return { ...user, linkToPassOn };
      });
    } catch (error) {
      // Two invitations for one address at once: the second meets the unique e-mail.
      if (databaseErrorCode(error) === '23505') throw new UserError(`There is already an account with the e-mail ${input.email}`, 'conflict');
      throw error;
    }
  });
  deliverQueuedNow(ctx);
  return invited;
}

export function setStaffRole({ db, actor }: ServiceContext, input: StaffSetRole): Promise<StaffUser> {
  return accountChange(() => setRole(db, { id: input.id }, input.role, actor));
}

export function disableStaff({ db, actor }: ServiceContext, { id }: StaffAccountRef): Promise<StaffUser> {
  return accountChange(() => disableUser(db, { id }, actor));
}

export function enableStaff({ db, actor }: ServiceContext, { id }: StaffAccountRef): Promise<StaffUser> {
  return accountChange(() => enableUser(db, { id }, actor));
}

export function resetStaffTwoStep({ db, actor }: ServiceContext, { id }: StaffAccountRef): Promise<StaffUser> {
  return accountChange(() => resetMfa(db, { id }, actor));
}

export function removeStaff({ db, actor }: ServiceContext, { id }: StaffAccountRef): Promise<StaffUser> {
  return accountChange(() => removeUser(db, { id }, actor));
}

/** Sends the account a link to choose a new password (or, with no mail server, gives it to the Admin); a disabled account gets none. */
export async function sendStaffPasswordReset(ctx: ServiceContext, { id }: StaffAccountRef): Promise<StaffUser & { linkToPassOn: LinkToPassOn }> {
  const { db, env, actor } = ctx;
  const sent = await accountChange(() =>
    db.transaction(async (tx) => {
      const user = await lockAccount(tx, { id });
      if (user.disabled) throw new UserError(`${user.email} is disabled: enable the account before sending a password reset link`, 'refused');
      const linkToPassOn = await sendPasswordReset(tx, env, user, actor);
      return { ...user, linkToPassOn };
    }),
  );
  deliverQueuedNow(ctx);
  return sent;
}
