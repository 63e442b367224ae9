import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { loginAttempts } from '@/server/db/schema/auth';

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

/** Why a sign-in from this address for this account is refused right now, if it is. */
export async function loginBlockedReason(db: Database, email: string, ip: string): Promise<string | undefined> {
  if ((await failuresSince(db, loginAttempts.ip, ip)) >= MAX_FAILURES_PER_ADDRESS) return LOGIN_MESSAGES.addressLocked;
  if ((await failuresSince(db, loginAttempts.email, email)) >= MAX_FAILURES_PER_ACCOUNT) return LOGIN_MESSAGES.accountLocked;
  return undefined;
}

export async function recordLoginAttempt(db: Database, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}
