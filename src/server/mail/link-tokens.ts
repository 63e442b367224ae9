import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { passwordLinks } from '@/server/db/schema/auth';
import { REDACTED } from '@/server/log';

// An invitation's or reset's link opens an account, so the token of a link that goes by mail is made only as its
// message is sent: the stored message (the queue, the outbox, the Reminders screen, a backup) holds the link with a
// mark in the token's place, and password_links the hash of a token nobody knows, tied to the message, until then.

/** What a stored message's link has in place of its token: the mark a redacted link shows, in a log or a sent copy. */
export const TOKEN_MADE_AT_SENDING = REDACTED;
const LINK_AWAITING_TOKEN = `/${TOKEN_MADE_AT_SENDING}`;

/** Said on the Reminders screen of a message whose link was voided before it could be sent. */
export const LINK_VOIDED_ERROR = 'Not sent: its link was voided first (a newer link was sent, the password set, or the account disabled or removed)';

/** Only a token's hash is stored, so a copy of the database opens no account. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token (32 random bytes), and its hash. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

/**
 * The message as it goes out: a link in it gets a token made now, which replaces the token of any earlier attempt
 * (one made for a send that failed opens nothing), and works as long from now as the link was given. Undefined when
 * the link was voided since the message was queued: the message is not to be sent.
 */
export async function withTokenMade<M extends { id: string; text: string; html: string }>(db: Executor, message: M): Promise<M | undefined> {
  if (!message.text.includes(LINK_AWAITING_TOKEN)) return message;
  const { token, hash } = newLinkToken();
  const made = await db
    .update(passwordLinks)
    .set({ tokenHash: hash, createdAt: sql`now()`, expiresAt: sql`now() + (${passwordLinks.expiresAt} - ${passwordLinks.createdAt})` })
    .where(and(eq(passwordLinks.messageId, message.id), isNull(passwordLinks.usedAt)))
    .returning({ messageId: passwordLinks.messageId });
  if (made.length === 0) return undefined;
  const withToken = (part: string) => part.replaceAll(LINK_AWAITING_TOKEN, `/${token}`);
  return { ...message, text: withToken(message.text), html: withToken(message.html) };
}
