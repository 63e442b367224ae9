import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Role } from '@/shared/permissions';
import type { Database, Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { mfaEnrolments, mfaRecoveryCodes, TWO_STEP_KEY_NAME } from '@/server/db/schema/auth';
import { recordAudit } from '@/server/records/audit-trail';
import { openText, sealingKey, sealText } from '@/server/records/sealed-text';
import type { Actor } from '@/server/records/service-context';
import { revokeAccount } from './sign-in-sessions';
import { matchingTotpStep, newTotpSecret } from './totp';
import { type AccountRef, lockAccount, type StaffUser } from './accounts';

/** The key that encrypts authenticator secrets at rest (AES-256-GCM), so a copy of that table alone reveals none. */
const mfaSecretKey = (db: Database) => sealingKey(db, TWO_STEP_KEY_NAME);

export const RECOVERY_CODE_COUNT = 10;

/** What a user signed in with after their password, as the audit trail names it. */
export type SecondFactor = 'authenticator app' | 'recovery code';

/** Whether the role must set up an authenticator app (users who have one always use it, whatever their role). */
export function roleNeedsMfa(role: Role, requiredRoles: readonly Role[]): boolean {
  return requiredRoles.includes(role);
}

// The user id is the associated data: a secret copied onto another user's row does not decrypt.
const encryptSecret = async (db: Database, userId: string, secret: string) => sealText(await mfaSecretKey(db), userId, secret);
const decryptSecret = async (db: Database, userId: string, stored: string) => openText(await mfaSecretKey(db), userId, stored);

async function enrolmentOf(db: Executor, userId: string) {
  const [row] = await db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, userId));
  return row;
}

export async function isEnrolled(db: Database, userId: string): Promise<boolean> {
  return Boolean((await enrolmentOf(db, userId))?.confirmedAt);
}

/**
 * The secret being set up for a user: made on first ask and kept until it is confirmed, so reloading
 * the page shows the same QR code as the one already scanned.
 */
export async function enrolmentSecret(db: Database, userId: string): Promise<string> {
  const existing = await enrolmentOf(db, userId);
  if (existing?.confirmedAt) throw new Error(`${userId} has already set up an authenticator app`);
  if (existing) return decryptSecret(db, userId, existing.encryptedSecret);
  await db
    .insert(mfaEnrolments)
    .values({ userId, encryptedSecret: await encryptSecret(db, userId, newTotpSecret()) })
    .onConflictDoNothing();
  // Two tabs starting at once agree on the one row that was written.
  return decryptSecret(db, userId, (await enrolmentOf(db, userId))!.encryptedSecret);
}

/** Sixteen characters that are easy to copy (no 0, 1 or l), in groups of four: about 80 random bits. */
function newRecoveryCode(): string {
  const characters = (newId('u').slice(1) + newId('u').slice(1)).slice(0, 16);
  return characters.match(/.{4}/g)!.join('-');
}

/** Recovery codes are compared without case, spaces or dashes, as people copy them from paper. */
function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
}

/** Replaces the user's recovery codes with new ones; returns them in clear, to be shown once. */
async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/**
 * Confirms the set-up with the first code from the app; returns the recovery codes to show once, or
 * undefined when the code does not match.
 */
export async function confirmEnrolment(db: Database, userId: string, code: string, nowMs = Date.now()): Promise<string[] | undefined> {
  const pending = await enrolmentOf(db, userId);
  if (!pending || pending.confirmedAt) return undefined;
  const step = matchingTotpStep(await decryptSecret(db, userId, pending.encryptedSecret), code.replace(/\s/g, ''), nowMs);
  if (step === undefined) return undefined;
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(mfaEnrolments)
      .set({ confirmedAt: new Date(), lastUsedStep: step })
      .where(and(eq(mfaEnrolments.userId, userId), isNull(mfaEnrolments.confirmedAt)))
      .returning({ userId: mfaEnrolments.userId });
    return confirmed.length === 1 ? replaceRecoveryCodes(tx, userId) : undefined;
  });
}

/**
 * Enrols a user with a secret their authenticator app already holds (moving accounts from another
 * system, setting up test accounts); returns new recovery codes.
 */
export async function enrolWithSecret(db: Database, userId: string, secret: string): Promise<string[]> {
  const encryptedSecret = await encryptSecret(db, userId, secret);
  return db.transaction(async (tx) => {
    const values = { encryptedSecret, confirmedAt: new Date(), lastUsedStep: null };
    await tx
      .insert(mfaEnrolments)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: mfaEnrolments.userId, set: values });
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Accepts a code from the app (each time step once) and marks it used, atomically. */
async function useAuthenticatorCode(db: Database, userId: string, code: string, nowMs: number): Promise<boolean> {
  const enrolment = await enrolmentOf(db, userId);
  if (!enrolment?.confirmedAt) return false;
  const step = matchingTotpStep(await decryptSecret(db, userId, enrolment.encryptedSecret), code, nowMs);
  if (step === undefined) return false;
  const used = await db
    .update(mfaEnrolments)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaEnrolments.userId, userId),
        isNotNull(mfaEnrolments.confirmedAt),
        or(isNull(mfaEnrolments.lastUsedStep), lt(mfaEnrolments.lastUsedStep, step)),
      ),
    )
    .returning({ userId: mfaEnrolments.userId });
  return used.length === 1;
}

async function useRecoveryCode(db: Database, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, recoveryCodeHash(code)), isNull(mfaRecoveryCodes.usedAt)),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length > 0;
}

/** Checks the second factor: six digits from the app, or one of the recovery codes. Each works once. */
export async function checkSecondFactor(db: Database, userId: string, input: string, nowMs = Date.now()): Promise<SecondFactor | undefined> {
  const code = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) return (await useAuthenticatorCode(db, userId, code, nowMs)) ? 'authenticator app' : undefined;
  if (!(await isEnrolled(db, userId)) || code.length === 0) return undefined;
  return (await useRecoveryCode(db, userId, code)) ? 'recovery code' : undefined;
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ id: mfaRecoveryCodes.id })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return rows.length;
}

/**
 * Clears a user's authenticator app and recovery codes (a lost phone) and ends their sessions; they set
 * it up again at their next sign-in.
 */
export async function resetMfa(db: Database, account: AccountRef, actor: Actor): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    await tx.delete(mfaEnrolments).where(eq(mfaEnrolments.userId, user.id));
    await revokeAccount(tx, user.id);
    await recordAudit(tx, actor, 'auth.mfaReset', user.id, { email: user.email });
    return user;
  });
}
