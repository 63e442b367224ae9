import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CARER_ROLE, type Role } from '@/shared/permissions';
import { staffEmail as email, staffInvite, staffRole as role } from '@/shared/schemas/staff';
import type { Database, Executor } from '@/server/db/client';
import { newId, newPassword } from '@/server/db/ids';
import { users } from '@/server/db/schema/auth';
import { recordAudit } from '@/server/records/audit-trail';
import type { Actor } from '@/server/records/service-context';
import { revokeAccount, voidOpenLinks } from './sign-in-sessions';
import { PasswordSchema } from './password-policy';

export const NewUserSchema = z.object({ ...staffInvite.shape, password: PasswordSchema.optional() });
export type NewUser = z.input<typeof NewUserSchema>;

/** Why an account change is refused: bad input, no such account, the e-mail taken, or a rule that keeps the office running. */
export type UserErrorKind = 'invalid' | 'notFound' | 'conflict' | 'refused';

export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly kind: UserErrorKind = 'invalid',
  ) {
    super(message);
  }
}

export interface StaffUser {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  role: Role;
  /** A disabled account cannot sign in. */
  disabled: boolean;
}

export function toStaffUser(row: typeof users.$inferSelect): StaffUser {
  return {
    id: row.id,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    role: row.role as Role,
    disabled: row.disabledAt !== null,
  };
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new UserError(result.error.issues.map((i) => i.message).join('; '));
  return result.data;
}

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { algorithm: 2 /* Argon2id */ });
}

/** Adds a staff user; returns the user and the password (generated when none was given). */
export async function addUser(db: Executor, input: NewUser): Promise<{ user: StaffUser; password: string }> {
  const data = parse(NewUserSchema, input);
  if (await findUserByEmail(db, data.email)) throw new UserError(`There is already an account with the e-mail ${data.email}`, 'conflict');
  const plain = data.password ?? newPassword();
  const [row] = await db
    .insert(users)
    .values({
      id: newId('u'),
      email: data.email,
      givenName: data.givenName,
      familyName: data.familyName,
      role: data.role,
      passwordHash: await hashPassword(plain),
    })
    .returning();
  return { user: toStaffUser(row!), password: plain };
}

export async function listUsers(db: Database): Promise<StaffUser[]> {
  return (await db.select().from(users).orderBy(asc(users.email))).map(toStaffUser);
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function findUserByEmail(db: Executor, address: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, address.trim().toLowerCase()));
  return row && toStaffUser(row);
}

export async function findUserById(db: Executor, id: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row && toStaffUser(row);
}

/** The user with this e-mail; a clear refusal when there is none. */
export async function requireUser(db: Executor, address: string): Promise<StaffUser> {
  const user = await findUserByEmail(db, parse(email, address));
  if (!user) throw new UserError(`No user has the e-mail ${address}`, 'notFound');
  return user;
}

/** An account: by its e-mail (typed at the command line) or by its id (from the Staff screen). */
export type AccountRef = string | { id: string };

/**
 * Reads a member of staff's account and locks its row for the rest of the transaction. A carer's account is refused:
 * it follows their record, and only the carer app's invite and revoke change it (an enable here would let a revoked
 * carer back in with their old password, unaudited on their record).
 */
export async function lockAccount(tx: Executor, account: AccountRef): Promise<StaffUser> {
  const where = typeof account === 'string' ? eq(users.email, parse(email, account)) : eq(users.id, account.id);
  const [row] = await tx.select().from(users).where(where).for('update');
  if (!row) throw new UserError(typeof account === 'string' ? `No user has the e-mail ${account}` : 'No such account', 'notFound');
  if (row.role === CARER_ROLE) throw new UserError(`${row.email} is a carer's account: invite them to the carer app or end their access from their record`, 'refused');
  return toStaffUser(row);
}

/**
 * Refuses to disable, demote or remove the last enabled Admin: without one, nobody could manage staff
 * from the app. The enabled Admins' rows are locked, so two Admins disabling each other at once cannot both succeed.
 */
async function keepAnEnabledAdmin(tx: Executor, user: StaffUser, change: string): Promise<void> {
  if (user.role !== 'Admin' || user.disabled) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'Admin'), isNull(users.disabledAt)))
    .for('update');
  if (admins.length <= 1) {
    throw new UserError(`${user.email} is the last enabled Admin and cannot be ${change}. Make someone else an Admin first.`, 'refused');
  }
}

/** Refuses an Admin removing, disabling or re-roling their own account (they would lock themselves out mid-task). */
function refuseOwnAccount(user: StaffUser, actor: Actor, change: string): void {
  if (user.email === actor.email.trim().toLowerCase()) throw new UserError(`You cannot ${change} your own account`, 'refused');
}

export async function setRole(db: Database, account: AccountRef, newRole: string, actor: Actor): Promise<StaffUser> {
  const checked = parse(role, newRole);
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    refuseOwnAccount(user, actor, 'change the role of');
    if (checked !== 'Admin') await keepAnEnabledAdmin(tx, user, 'given another role');
    await tx.update(users).set({ role: checked, updatedAt: new Date() }).where(eq(users.id, user.id));
    // The next call is made with the new role, and a session without two steps keeps none it would need them for.
    await revokeAccount(tx, user.id);
    await recordAudit(tx, actor, 'auth.roleChanged', user.id, { email: user.email, role: { from: user.role, to: checked } });
    return { ...user, role: checked };
  });
}

export async function setPassword(db: Database, address: string, plain?: string): Promise<string> {
  const user = await requireUser(db, address);
  const next = plain === undefined ? newPassword() : parse(PasswordSchema, plain);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return next;
}

/** Removes the account and ends its sessions and tokens at once. */
export async function removeUser(db: Database, account: AccountRef, actor: Actor): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    refuseOwnAccount(user, actor, 'remove');
    await keepAnEnabledAdmin(tx, user, 'removed');
    await tx.delete(users).where(eq(users.id, user.id));
    await revokeAccount(tx, user.id);
    await recordAudit(tx, actor, 'auth.userRemoved', user.id, { email: user.email, role: user.role });
    return user;
  });
}

/** Disables the account and ends its sessions, refresh tokens and open links at once. */
export async function disableUser(db: Database, account: AccountRef, actor: Actor): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    refuseOwnAccount(user, actor, 'disable');
    await keepAnEnabledAdmin(tx, user, 'disabled');
    await tx.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAccount(tx, user.id);
    // A link sent before stays void when the account is enabled again: whoever held it then is not let in later.
    await voidOpenLinks(tx, user.id);
    await recordAudit(tx, actor, 'auth.userDisabled', user.id, { email: user.email });
    return { ...user, disabled: true };
  });
}

/** Lets a disabled account sign in again (with its password and, where enrolled, its second factor). */
export async function enableUser(db: Database, account: AccountRef, actor: Actor): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, account);
    await tx.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, actor, 'auth.userEnabled', user.id, { email: user.email });
    return { ...user, disabled: false };
  });
}

export const FIRST_ADMIN_EMAIL = 'admin@localhost';

/** On first start with no users, creates the Admin account; returns its password to print once. */
export async function ensureFirstAdmin(db: Database): Promise<string | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const { password } = await addUser(db, {
    email: FIRST_ADMIN_EMAIL,
    givenName: 'Office',
    familyName: 'Administrator',
    role: 'Admin',
  });
  return password;
}

// A fixed hash to verify against when the account does not exist, so timing does not reveal which e-mails exist.
let decoyHash: Promise<string> | undefined;

/** The user whose e-mail and password these are, or undefined. */
export async function checkPassword(db: Database, address: string, plain: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, address.trim().toLowerCase()));
  if (!row) {
    decoyHash ??= hashPassword(newPassword());
    await verify(await decoyHash, plain).catch(() => false);
    return undefined;
  }
  const ok = await verify(row.passwordHash, plain).catch(() => false);
  return ok ? toStaffUser(row) : undefined;
}
