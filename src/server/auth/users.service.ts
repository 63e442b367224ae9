import { hash, verify } from '@node-rs/argon2';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Role } from '@/shared/permissions';
import { cleanString } from '@/shared/schemas/common';
import type { Database } from '@/server/db/client';
import { newId, newPassword } from '@/server/db/ids';
import { users } from '@/server/db/schema/auth';
import { recordAudit } from '@/server/records/audit-trail';
import { revokeAccount } from './oidc-adapter';
import { PasswordSchema } from './password-policy';

// Deliberately loose: the first account is admin@localhost, and staff addresses are checked by use.
const email = cleanString()
  .toLowerCase()
  .max(254, { message: 'E-mail addresses have at most 254 characters' })
  .regex(/^[^\s@]+@[^\s@]+$/, { message: 'Enter a valid e-mail address' });
const role = z.enum(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` });
const name = (what: string) =>
  cleanString().min(1, { message: `${what} is required` }).max(100, { message: `${what} is too long` });

export const NewUserSchema = z.object({
  email,
  givenName: name('Given name'),
  familyName: name('Family name'),
  role,
  password: PasswordSchema.optional(),
});
export type NewUser = z.input<typeof NewUserSchema>;

export class UserError extends Error {
  override name = 'UserError';
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

/** Who changed an account (the command line names the person at the server), for the audit trail. */
export interface AccountActor {
  email: string;
  role: Role | '';
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
export async function addUser(db: Database, input: NewUser): Promise<{ user: StaffUser; password: string }> {
  const data = parse(NewUserSchema, input);
  if (await findUserByEmail(db, data.email)) throw new UserError(`A user with e-mail ${data.email} already exists`);
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

export async function findUserByEmail(db: Database, address: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, address.trim().toLowerCase()));
  return row && toStaffUser(row);
}

export async function findUserById(db: Database, id: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row && toStaffUser(row);
}

/** The user with this e-mail; a clear refusal when there is none. */
export async function requireUser(db: Database, address: string): Promise<StaffUser> {
  const user = await findUserByEmail(db, parse(email, address));
  if (!user) throw new UserError(`No user has the e-mail ${address}`);
  return user;
}

export async function setRole(db: Database, address: string, newRole: string): Promise<StaffUser> {
  const user = await requireUser(db, address);
  const checked = parse(role, newRole);
  await db.update(users).set({ role: checked, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { ...user, role: checked };
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
export async function removeUser(db: Database, address: string): Promise<StaffUser> {
  const user = await requireUser(db, address);
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, user.id));
    await revokeAccount(tx, user.id);
  });
  return user;
}

/** Disables the account and ends its sessions and refresh tokens at once. */
export async function disableUser(db: Database, address: string, actor: AccountActor): Promise<StaffUser> {
  const user = await requireUser(db, address);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAccount(tx, user.id);
    await recordAudit(tx, actor, 'auth.userDisabled', user.id, { email: user.email });
  });
  return { ...user, disabled: true };
}

/** Lets a disabled account sign in again (with its password and, where enrolled, its second factor). */
export async function enableUser(db: Database, address: string, actor: AccountActor): Promise<StaffUser> {
  const user = await requireUser(db, address);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, actor, 'auth.userEnabled', user.id, { email: user.email });
  });
  return { ...user, disabled: false };
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
