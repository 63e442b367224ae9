import { TRPCError } from '@trpc/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChangePasswordInput, ConfirmTwoStepInput, ResetTwoStepInput, StartTwoStepInput } from '@/shared/schemas/account';
import type { SessionUser } from '@/shared/session';
import type { Database } from '@/server/db/client';
import { oidcModels, users } from '@/server/db/schema/auth';
import type { Env } from '@/server/env';
import { recordAudit } from '@/server/records/audit-trail';
import type { ServiceContext } from '@/server/records/service-context';
import { revokeAccount, voidOpenLinks } from '@/server/accounts/sign-in-sessions';
import { checkPassword, findUserByEmail, hashPassword, type StaffUser } from '@/server/accounts/accounts';
import { loginBlockedReason, recordLoginAttempt } from '@/server/accounts/login-attempts';
import { passwordProblem } from '@/server/accounts/password-policy';
import { authenticatorQrCode, groupedSecret } from '@/server/accounts/totp';
import { checkSecondFactor, confirmEnrolment, enrolmentSecret, isEnrolled, recoveryCodesLeft, resetMfa, roleNeedsMfa } from '@/server/accounts/two-step';

export const ACCOUNT_MESSAGES = {
  external: (issuer: string) => `Your account is managed at ${issuer}: change your password and two-step sign-in there.`,
  wrongPassword: 'Your current password is not right.',
  alreadySetUp: 'Two-step sign-in is already set up. Reset it first to move it to another app.',
  wrongCode: 'That code does not match. Check the app shows Valecare and enter the code it shows now.',
  wrongResetCode: 'That code does not match: enter the code your app shows now, or one of your recovery codes.',
} as const;

export interface AccountSession {
  id: string;
  signedInAt: string | null;
  expiresAt: string | null;
}

/** The signed-in user's account with the built-in provider; refused when an external issuer manages accounts. */
async function ownAccount(db: Database, env: Env, user: SessionUser): Promise<StaffUser> {
  if (env.externalOidc) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ACCOUNT_MESSAGES.external(env.externalOidc.issuer) });
  const account = await findUserByEmail(db, user.email);
  if (!account || account.disabled) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return account;
}

/** The provider's sessions of an account still on, newest first. */
async function sessionsOf(db: Database, accountId: string): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: oidcModels.uid, payload: oidcModels.payload, expiresAt: oidcModels.expiresAt })
    .from(oidcModels)
    .where(and(eq(oidcModels.type, 'Session'), sql`${oidcModels.payload}->>'accountId' = ${accountId}`, sql`${oidcModels.expiresAt} > now()`))
    .orderBy(desc(sql`(${oidcModels.payload}->>'loginTs')::bigint`));
  return rows.map(({ id, payload, expiresAt }) => {
    const loginTs = (payload as { loginTs?: unknown }).loginTs;
    return {
      id: id ?? '',
      signedInAt: typeof loginTs === 'number' ? new Date(loginTs * 1000).toISOString() : null,
      expiresAt: expiresAt?.toISOString() ?? null,
    };
  });
}

/** What My account shows: who they are, their two-step sign-in and their sessions. */
export async function getAccount(ctx: ServiceContext) {
  const { db, env, actor: user } = ctx;
  if (env.externalOidc) return { managedBy: env.externalOidc.issuer, account: null };
  const account = await ownAccount(db, env, user);
  const twoStepOn = await isEnrolled(db, account.id);
  return {
    managedBy: null,
    account: {
      email: account.email,
      givenName: account.givenName,
      familyName: account.familyName,
      role: account.role,
      twoStep: {
        on: twoStepOn,
        required: roleNeedsMfa(account.role, env.mfaRequiredRoles),
        recoveryCodesLeft: twoStepOn ? await recoveryCodesLeft(db, account.id) : 0,
      },
      sessions: await sessionsOf(db, account.id),
    },
  };
}

/**
 * Refuses a change to the account's sign-in unless `proof` holds (the current password; a code too, to turn
 * two-step sign-in off). A refusal counts as a failed sign-in, so the sign-in limits also stop guessing here.
 */
async function proveIdentity(
  db: Database,
  user: SessionUser,
  account: StaffUser,
  clientIp: string,
  refusedProcedure: string,
  proof: () => Promise<unknown>,
  message: string = ACCOUNT_MESSAGES.wrongPassword,
): Promise<void> {
  const blocked = await loginBlockedReason(db, account.email, clientIp);
  if (blocked) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: blocked });
  if (await proof()) return;
  await recordLoginAttempt(db, account.email, clientIp, false);
  await recordAudit(db, user, refusedProcedure, account.id, { ip: clientIp });
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}

/**
 * Changes the user's own password. A wrong current password counts as a failed sign-in, so the sign-in
 * limits also stop guessing here.
 */
export async function changeOwnPassword(ctx: ServiceContext, input: ChangePasswordInput): Promise<void> {
  const { db, env, actor: user, clientIp, sessionId } = ctx;
  const account = await ownAccount(db, env, user);
  const problem = passwordProblem(input.newPassword, account);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  await proveIdentity(db, user, account, clientIp, 'account.changePasswordRefused', () => checkPassword(db, account.email, input.currentPassword));
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, account.id));
    // Whoever knew the old password is signed out everywhere else, and a reset link sent before opens nothing.
    await voidOpenLinks(tx, account.id);
    await revokeAccount(tx, account.id, { keepSession: sessionId });
    await recordAudit(tx, user, 'account.changePassword', account.id, null);
  });
}

/** Starts setting up an authenticator app: the secret to scan (as a QR code) or type. */
export async function startTwoStep(ctx: ServiceContext, input: StartTwoStepInput): Promise<{ secret: string; qrCodeSvg: string }> {
  const { db, env, actor: user, clientIp } = ctx;
  const account = await ownAccount(db, env, user);
  if (await isEnrolled(db, account.id)) throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.alreadySetUp });
  await proveIdentity(db, user, account, clientIp, 'account.twoStepRefused', () => checkPassword(db, account.email, input.currentPassword));
  const secret = await enrolmentSecret(db, account.id);
  await recordAudit(db, user, 'account.twoStepStarted', account.id, null);
  return { secret: groupedSecret(secret), qrCodeSvg: authenticatorQrCode(account.email, secret) };
}

/** Confirms the set-up with the app's first code; answers the recovery codes, shown once. */
export async function confirmTwoStep(ctx: ServiceContext, input: ConfirmTwoStepInput): Promise<{ recoveryCodes: string[] }> {
  const { db, env, actor: user, clientIp } = ctx;
  const account = await ownAccount(db, env, user);
  if (await isEnrolled(db, account.id)) throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.alreadySetUp });
  await proveIdentity(db, user, account, clientIp, 'account.twoStepRefused', () => checkPassword(db, account.email, input.currentPassword));
  const recoveryCodes = await confirmEnrolment(db, account.id, input.code);
  if (!recoveryCodes) throw new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.wrongCode });
  await recordAudit(db, user, 'account.twoStepSetUp', account.id, null);
  return { recoveryCodes };
}

/**
 * Clears the user's own authenticator app and ends all their sessions, this one too. It takes the password and,
 * while two-step sign-in is on, a code from the app or a recovery code: a taken token alone cannot turn it off.
 */
export async function resetOwnTwoStep(ctx: ServiceContext, input: ResetTwoStepInput): Promise<void> {
  const { db, env, actor: user, clientIp } = ctx;
  const account = await ownAccount(db, env, user);
  await proveIdentity(db, user, account, clientIp, 'account.twoStepRefused', () => checkPassword(db, account.email, input.currentPassword));
  if (await isEnrolled(db, account.id)) {
    await proveIdentity(db, user, account, clientIp, 'account.twoStepRefused', () => checkSecondFactor(db, account.id, input.code), ACCOUNT_MESSAGES.wrongResetCode);
  }
  await resetMfa(db, account.email, user);
}

/** Signs the user out everywhere, this browser too. */
export async function signOutEverywhere(ctx: ServiceContext): Promise<void> {
  const { db, env, actor: user } = ctx;
  const account = await ownAccount(db, env, user);
  await db.transaction(async (tx) => {
    await revokeAccount(tx, account.id);
    await recordAudit(tx, user, 'account.signOutEverywhere', account.id, null);
  });
}
