import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { requiredReference } from './columns';
import { mailMessages } from './mail';
import { carers } from './people';

/** Accounts of the built-in sign-in provider: staff, and carers on the carer app (each tied to their carer's record). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    role: text('role').notNull(),
    /** The carer whose account this is: set for the Carer role alone, and one account a carer. */
    carerId: text('carer_id')
      .unique()
      .references(() => carers.id, { onDelete: 'restrict' }),
    passwordHash: text('password_hash').notNull(),
    /** Set when the account is disabled: it cannot sign in and its sessions have ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role', sql`${t.role} in ('Admin', 'Trustee', 'Coordinator', 'Finance', 'Test', 'Carer')`),
    check('users_carer', sql`(${t.role} = 'Carer') = (${t.carerId} is not null)`),
  ],
);

/** A user's authenticator app (TOTP): one per user, unconfirmed until the first code from it is entered. */
export const mfaEnrolments = pgTable('mfa_enrolments', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret, encrypted with AES-256-GCM under the TWO_STEP_KEY_NAME app secret. */
  encryptedSecret: text('encrypted_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last code accepted: each code works once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use codes for signing in without the authenticator app, stored as SHA-256 hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/** Everything the OpenID provider persists (sessions, grants, codes, refresh tokens, …), one row each. */
export const oidcModels = pgTable(
  'oidc_models',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** Sign-in attempts, for rate limiting per account and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/**
 * Sign-ins refused by the limits (HTTP 429), counted per address and window rather than stored one by one:
 * anyone can send them, so they must not grow the database or the audit trail without bound.
 */
export const loginRefusals = pgTable(
  'login_refusals',
  {
    ip: text('ip').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    refusals: integer('refusals').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.windowStart] })],
);

export const PASSWORD_LINK_PURPOSES = ['invite', 'reset'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** One-time links that let a person choose a password (an invitation or a reset), stored as SHA-256 hashes. */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    purpose: text('purpose', { enum: PASSWORD_LINK_PURPOSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link was used, or voided by a newer link or a password set another way. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The message that carries the link, whose token is made only as it is sent (mail/link-tokens.ts); null for a
     * link handed to the Admin who issued it.
     */
    messageId: text('message_id')
      .unique()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
  },
  (t) => [index('password_links_user_idx').on(t.userId), check('password_links_purpose', sql`${t.purpose} in ('invite', 'reset')`)],
);

/** Requests from the "Forgot your password?" page, for limiting them per e-mail address and per client address. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('password_reset_requests_email_idx').on(t.email, t.at), index('password_reset_requests_ip_idx').on(t.ip, t.at)],
);

/** The app secret that encrypts authenticator secrets. */
export const TWO_STEP_KEY_NAME = 'mfa-secret-key';

/** Generated secrets that must survive restarts: token-signing keys, cookie keys and the two-step key. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
