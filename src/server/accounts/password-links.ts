import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { passwordLinks, type PasswordLinkPurpose, passwordResetRequests, users } from '@/server/db/schema/auth';
import type { Env } from '@/server/env';
import { linkTokenHash, newLinkToken, TOKEN_MADE_AT_SENDING } from '@/server/mail/link-tokens';
import { mailHtml, queueMessage } from '@/server/mail/mail';
import { recordAudit } from '@/server/records/audit-trail';
import type { Actor } from '@/server/records/service-context';
import { escapeHtmlText } from '@/shared/html';
import { clearAccountFailures } from './login-attempts';
import { revokeAccount, voidOpenLinks } from './sign-in-sessions';
import { passwordProblem } from './password-policy';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { hashPassword, type StaffUser, toStaffUser } from './accounts';

/** How long each kind of link works (issue 18: an invitation 72 hours, a reset 1 hour). */
export const PASSWORD_LINK_HOURS: Record<PasswordLinkPurpose, number> = { invite: 72, reset: 1 };

/** Where a link leads: the page that sets the password, under the sign-in service's pages. */
export const PASSWORD_LINK_PATH = `${AUTH_PREFIX}/password`;

/** What the e-mails name (the charity, and the address the app is reached at), and whether mail can be sent. */
export type MailSite = Pick<Env, 'publicUrl' | 'charityName' | 'smtpUrl'>;

/**
 * A link is e-mailed to its owner, or, with no mail server, handed to the Admin who issued it to pass on: then no
 * message holding it is stored, for anyone to read in the outbox.
 */
export type LinkToPassOn = string | null;

interface PasswordMail {
  subject: string;
  paragraphs: string[];
  /** The paragraphs that come after the link. */
  after: string[];
}

/**
 * Issues the user a link, voiding their older unused ones of the same purpose. With a mail server it is queued in
 * a message and its token made only as that message is sent (mail/link-tokens.ts), so no stored row holds a link
 * that works; without one, the link is made now and returned, to pass on.
 */
async function issueLink(tx: Executor, site: MailSite, user: StaffUser, purpose: PasswordLinkPurpose, kind: string, mail: PasswordMail): Promise<LinkToPassOn> {
  await voidOpenLinks(tx, user.id, purpose);
  const link = (token: string) => `${site.publicUrl}${PASSWORD_LINK_PATH}/${token}`;
  const { token, hash } = newLinkToken();
  const values = { tokenHash: hash, userId: user.id, purpose, expiresAt: sql`now() + make_interval(hours => ${PASSWORD_LINK_HOURS[purpose]})` };
  if (!site.smtpUrl) {
    await tx.insert(passwordLinks).values(values);
    return link(token);
  }
  const { id } = await queuePasswordMail(tx, user, kind, mail, link(TOKEN_MADE_AT_SENDING));
  // Until the message is sent its link holds the hash of a token nobody is given: it opens nothing.
  await tx.insert(passwordLinks).values({ ...values, messageId: id });
  return null;
}

function queuePasswordMail(tx: Executor, user: StaffUser, kind: string, { subject, paragraphs, after }: PasswordMail, link: string) {
  const text = [...paragraphs, link, ...after].join('\n\n');
  const html = mailHtml(
    subject,
    [
      ...paragraphs.map((p) => `<p>${escapeHtmlText(p)}</p>`),
      `<p><a href="${escapeHtmlText(link)}">${escapeHtmlText(link)}</a></p>`,
      ...after.map((p) => `<p>${escapeHtmlText(p)}</p>`),
    ].join(''),
  );
  return queueMessage(tx, { to: user.email, subject, text: `${text}\n`, html, kind });
}

/** E-mails a new member of staff a link to choose their password (valid 72 hours); audited as the actor's. */
export async function sendInvitation(tx: Executor, site: MailSite, user: StaffUser, actor: Actor): Promise<LinkToPassOn> {
  const passOn = await issueLink(tx, site, user, 'invite', 'invitation', {
    subject: `${site.charityName}: your Valecare account`,
    paragraphs: [
      `Dear ${user.givenName},`,
      `${site.charityName} has given you an account on Valecare, where the charity keeps its records. You sign in with this e-mail address, ${user.email}.`,
      `Choose your password with this link. It works once, within ${PASSWORD_LINK_HOURS.invite} hours:`,
    ],
    after: [
      'When you first sign in you may be asked to set up two-step sign-in with an authenticator app on your phone.',
      `If the link has expired, ask the office administrator to send a new invitation. Thank you, ${site.charityName}`,
    ],
  });
  await recordAudit(tx, actor, 'auth.invitationSent', user.id, { email: user.email, by: passOn ? 'shown to pass on' : 'e-mail' });
  return passOn;
}

/**
 * E-mails the user a link to choose a new password (valid 1 hour). The actor is who asked: the person
 * themselves from the sign-in page, or an Admin.
 */
export async function sendPasswordReset(tx: Executor, site: MailSite, user: StaffUser, actor: Actor = user): Promise<LinkToPassOn> {
  const passOn = await issueLink(tx, site, user, 'reset', 'password-reset', {
    subject: `${site.charityName}: reset your Valecare password`,
    paragraphs: [
      `Dear ${user.givenName},`,
      `Someone asked for a new password for your Valecare account, ${user.email}.`,
      `Choose a new password with this link. It works once, within ${PASSWORD_LINK_HOURS.reset} hour:`,
    ],
    after: [`If you did not ask for this, you can ignore this e-mail: your password stays as it is. Thank you, ${site.charityName}`],
  });
  await recordAudit(tx, actor, 'auth.passwordResetSent', user.id, { email: user.email, by: passOn ? 'shown to pass on' : 'e-mail' });
  return passOn;
}

/** The link with this token, while it is unused and unexpired. */
function openLink(token: string) {
  return and(eq(passwordLinks.tokenHash, linkTokenHash(token)), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, sql`now()`));
}

/** The user a link is for, while it is unused, unexpired and their account enabled; undefined otherwise. */
export async function findUsableLink(db: Executor, token: string): Promise<{ user: StaffUser; purpose: PasswordLinkPurpose } | undefined> {
  const [row] = await db
    .select({ purpose: passwordLinks.purpose, user: users })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(and(openLink(token), isNull(users.disabledAt)));
  return row && { user: toStaffUser(row.user), purpose: row.purpose };
}

export type PasswordLinkResult =
  | { outcome: 'set'; user: StaffUser; purpose: PasswordLinkPurpose }
  /** Used, voided, expired, unknown, or its account disabled: nothing was changed. */
  | { outcome: 'unusable' }
  /** The new password breaks the policy (the message says how); the link still works. */
  | { outcome: 'refused'; message: string };

/**
 * Sets the password through a link, in one transaction: the link is claimed (so two tabs cannot both use
 * it), the password set, the user's other open links voided, their sessions ended (whoever had the old
 * password is signed out), their failed sign-ins forgotten, and the change audited.
 */
export async function usePasswordLink(db: Database, token: string, newPassword: string): Promise<PasswordLinkResult> {
  const link = await findUsableLink(db, token);
  if (!link) return { outcome: 'unusable' };
  const problem = passwordProblem(newPassword, link.user);
  if (problem) return { outcome: 'refused', message: problem };
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(openLink(token), sql`${passwordLinks.userId} in (select ${users.id} from ${users} where ${users.disabledAt} is null)`),
      )
      .returning({ userId: passwordLinks.userId, purpose: passwordLinks.purpose });
    if (!claimed) return { outcome: 'unusable' } as const;
    const [row] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId)).returning();
    await voidOpenLinks(tx, claimed.userId);
    await revokeAccount(tx, claimed.userId);
    const user = toStaffUser(row!);
    await clearAccountFailures(tx, user.email);
    await recordAudit(tx, user, 'auth.passwordSet', user.id, { through: claimed.purpose === 'invite' ? 'invitation' : 'reset link' });
    return { outcome: 'set', user, purpose: claimed.purpose } as const;
  });
}

/** Requests from the "Forgot your password?" page allowed per hour (docs/decisions/142-forgot-your-password-answers-every-well.md). */
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_IP = 10;
const RESET_WINDOW = sql`now() - interval '1 hour'`;

/**
 * Counts a request for a reset link and answers whether it is within the limits: a few per e-mail address
 * and per client address each hour, whether or not an account uses the address (so the limit reveals
 * nothing). Only requests within the limits are stored, and older ones are dropped, so sending them cannot
 * grow the table without bound.
 */
export async function allowResetRequest(db: Executor, email: string, ip: string): Promise<'allowed' | 'email' | 'ip'> {
  const since = (column: typeof passwordResetRequests.email | typeof passwordResetRequests.ip, value: string) =>
    db
      .select({ n: count() })
      .from(passwordResetRequests)
      .where(and(eq(column, value), gt(passwordResetRequests.at, RESET_WINDOW)))
      .then(([row]) => row?.n ?? 0);
  if ((await since(passwordResetRequests.ip, ip)) >= RESET_REQUESTS_PER_IP) return 'ip';
  if ((await since(passwordResetRequests.email, email)) >= RESET_REQUESTS_PER_EMAIL) return 'email';
  await db.delete(passwordResetRequests).where(lt(passwordResetRequests.at, RESET_WINDOW));
  await db.insert(passwordResetRequests).values({ email, ip });
  return 'allowed';
}
