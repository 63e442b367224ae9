import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { loginAttempts, loginRefusals } from '@/server/db/schema/auth';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'That e-mail address and password do not match an account.',
  accountLocked: `Too many failed attempts for this account. Wait ${LOGIN_WINDOW_MINUTES} minutes and try again.`,
  addressLocked: `Too many failed attempts from this network. Wait ${LOGIN_WINDOW_MINUTES} minutes and try again.`,
  wrongCode: 'That code was not accepted. Enter the code your app shows now (each code works once), or a recovery code.',
  wrongEnrolmentCode: 'That code does not match. Check the app shows Valecare and enter the code it shows now.',
  accountDisabled: 'This account has been disabled. Ask the office administrator if you need it again.',
} as const;

/** What is recorded for a sign-in whose e-mail field does not hold an e-mail address (its text is not kept). */
export const NOT_AN_EMAIL = '(not an e-mail address)';
const MAX_EMAIL_LENGTH = 254;
// One @, something either side, and nothing that is a space, a control or invisible.
const PLAUSIBLE_EMAIL = /^[^@\s\p{Cc}\p{Cf}]+@[^@\s\p{Cc}\p{Cf}]+$/u;

/** The typed e-mail if it could be an address (no account has any other), else undefined. */
export function plausibleEmail(typed: string): string | undefined {
  return typed.length <= MAX_EMAIL_LENGTH && PLAUSIBLE_EMAIL.test(typed) ? typed : undefined;
}

const windowStart = sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`;

async function failuresSince(db: Database, column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string) {
  // A success clears the account's earlier failures; an address is counted over the whole window.
  const sinceLastSuccess =
    column === loginAttempts.email
      ? sql`${loginAttempts.at} > coalesce((select max(s.at) from ${loginAttempts} s where s.email = ${value} and s.succeeded), '-infinity')`
      : sql`true`;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, windowStart), sinceLastSuccess));
  return row?.n ?? 0;
}

/** Why a sign-in from this address for this account (none when no address was typed) is refused right now, if it is. */
export async function loginBlockedReason(db: Database, email: string | undefined, ip: string): Promise<string | undefined> {
  if ((await failuresSince(db, loginAttempts.ip, ip)) >= MAX_FAILURES_PER_ADDRESS) return LOGIN_MESSAGES.addressLocked;
  if (email && (await failuresSince(db, loginAttempts.email, email)) >= MAX_FAILURES_PER_ACCOUNT) return LOGIN_MESSAGES.accountLocked;
  return undefined;
}

// Fixed windows (aligned to the epoch), so one upsert finds or starts the address's current one.
const WINDOW_SECONDS = LOGIN_WINDOW_MINUTES * 60;
const currentWindow = sql`to_timestamp(floor(extract(epoch from now()) / ${WINDOW_SECONDS}) * ${WINDOW_SECONDS})`;

/** Counts a refused sign-in from this address; answers how many there have been in its current window. */
export async function countRefusal(db: Database, ip: string): Promise<number> {
  const [row] = await db
    .insert(loginRefusals)
    .values({ ip, windowStart: currentWindow })
    .onConflictDoUpdate({
      target: [loginRefusals.ip, loginRefusals.windowStart],
      set: { refusals: sql`${loginRefusals.refusals} + 1`, lastAt: sql`now()` },
    })
    .returning({ refusals: loginRefusals.refusals });
  return row!.refusals;
}

export async function recordLoginAttempt(db: Database, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}

/**
 * Forgets the account's failed sign-ins: a password set through an e-mailed link proves the person holds the
 * mailbox, and they should not find themselves locked out with it. Each failure stays in the audit trail.
 */
export async function clearAccountFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
}
