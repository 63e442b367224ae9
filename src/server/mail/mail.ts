import { and, desc, eq, getTableColumns, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { escapeHtmlText } from '@/shared/html';
import type { Database, Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { mailMessages } from '@/server/db/schema/mail';
import type { Env } from '@/server/env';
import { backoffSeconds } from '@/server/jobs/backoff';
import { LINK_VOIDED_ERROR, withTokenMade } from './link-tokens';

export type MailMessage = typeof mailMessages.$inferSelect;
/** A message as the Reminders screen lists it: its plain text, which says all the HTML says. */
export type ListedMessage = Omit<MailMessage, 'html' | 'nextAttemptAt'>;

export interface OutgoingMessage {
  to: string;
  subject: string;
  /** Plain text, and simple accessible HTML of the same content (escape values with escapeHtmlText). */
  text: string;
  html: string;
  kind: string;
}

/** Sends one message or throws (an SMTP refusal, or the server unreachable). */
export interface Mailer {
  send(message: Pick<OutgoingMessage, 'to' | 'subject' | 'text' | 'html'>): Promise<void>;
}

/** Attempts before a message is marked failed (an Admin may resend it). */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long a delivery in progress holds a message from other servers: longer than one send may take. */
const DELIVERY_LEASE_SECONDS = 120;
const BATCH = 20;

/** Said on the Reminders screen when a server would take mail only in clear. */
export const NO_ENCRYPTION_ERROR = 'The mail server offers no encryption';
/** Longest one message may take to send: a stalled server holds the rest of the queue no longer than this. */
export const SEND_TIMEOUT_MS = 60_000;

/** Whether mail to this host (an IPv6 address without its URL brackets) stays on this machine (no network to read it on). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The SMTP connection SMTP_URL names. Encryption is required (STARTTLS, or TLS from the start with smtps://) unless
 * the server is on this machine or SMTP_TLS=opportunistic; a password is never sent without it. Options in the URL's
 * query are not read, so none can weaken this.
 */
export function smtpOptions(smtpUrl: string, tls: 'required' | 'opportunistic'): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const auth = url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined;
  // An IPv6 address comes in brackets in a URL, and without them to a socket.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = isLoopbackHost(host);
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !loopback && (tls === 'required' || auth !== undefined),
    auth,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

/** An SMTP mailer for SMTP_URL, or null: every message goes to the outbox. */
export function createMailer(env: Pick<Env, 'smtpUrl' | 'smtpTls' | 'mailFrom'>): Mailer | null {
  if (!env.smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpOptions(env.smtpUrl, env.smtpTls));
  return {
    send: async (message) => {
      try {
        await transport.sendMail({ from: env.mailFrom, ...message, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) } as Mail.Options);
      } catch (error) {
        // Asked to start TLS, the server refused: it takes mail only in clear, and nothing was sent.
        const { code, command } = error as { code?: unknown; command?: unknown };
        if (code === 'ETLS' && command === 'STARTTLS') throw new Error(NO_ENCRYPTION_ERROR, { cause: error });
        throw error;
      }
    },
  };
}

/** A message's HTML part: a plain page around the body, which is already escaped. */
export function mailHtml(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtmlText(title)}</title></head><body>${body}</body></html>`;
}

/** Stores a message for delivery, in the caller's transaction: nothing is sent unless that commits. */
export async function queueMessage(tx: Executor, message: OutgoingMessage): Promise<{ id: string }> {
  const id = newId('e');
  await tx.insert(mailMessages).values({ id, ...message });
  return { id };
}

/** A refused message is tried again after 1, 2, 4, … minutes, at most an hour. */
const FIRST_RETRY_SECONDS = 60;

/**
 * Sends the queued messages that are due. Each is claimed first (FOR UPDATE SKIP LOCKED, and held ahead for a
 * while), so two servers never send the same one. With no mailer they move to the outbox unsent.
 */
export async function deliverQueued(db: Database, mailer: Mailer | null): Promise<{ sent: number; failed: number }> {
  const counts = { sent: 0, failed: 0 };
  if (!mailer) {
    // A link in a message moved there never gets its token: nobody can follow it from the outbox.
    await db.update(mailMessages).set({ status: 'outbox' }).where(eq(mailMessages.status, 'queued'));
    return counts;
  }
  for (;;) {
    const claimed = await claimDue(db);
    for (const message of claimed) {
      // Earlier messages of the batch may have taken a while: held afresh, or left to the server that took it over.
      if (!(await holdForSending(db, message))) continue;
      try {
        const outgoing = await withTokenMade(db, message);
        if (!outgoing) {
          await db.update(mailMessages).set({ status: 'failed', lastError: LINK_VOIDED_ERROR }).where(eq(mailMessages.id, message.id));
          counts.failed++;
          continue;
        }
        await mailer.send(outgoing);
        // The stored copy keeps the link as it was queued, without the token it went with.
        await db.update(mailMessages).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(mailMessages.id, message.id));
        counts.sent++;
      } catch (error) {
        const gaveUp = message.attempts >= MAX_MAIL_ATTEMPTS;
        await db
          .update(mailMessages)
          .set({
            status: gaveUp ? 'failed' : 'queued',
            lastError: error instanceof Error ? error.message : String(error),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(FIRST_RETRY_SECONDS, message.attempts)})`,
          })
          .where(eq(mailMessages.id, message.id));
        counts.failed++;
      }
    }
    if (claimed.length < BATCH) return counts;
  }
}

/**
 * A delivery run started at once for a message someone is waiting for (a password link), rather than at the
 * mail job's next minute; `queue`, where given, writes that message first. It never rejects: a failure to deliver
 * is logged, and the job tries again after its backoff; a failure to write the message is logged.
 */
export function deliverNow(db: Database, mailer: Mailer | null, log: Pick<FastifyBaseLogger, 'error'>, queue?: () => Promise<unknown>): Promise<void> {
  const delivery = (queue ? queue() : Promise.resolve()).then(
    () =>
      deliverQueued(db, mailer).then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'could not deliver mail now; the mail job will'),
      ),
    (error: unknown) => log.error({ err: error }, 'could not write the message to send'),
  );
  inFlight.add(delivery);
  void delivery.finally(() => inFlight.delete(delivery));
  return delivery;
}

/**
 * Someone waits for what was just queued (a password link, the digest an Admin asked for): delivered now, not at
 * the mail job's next minute. It never throws (deliverNow).
 */
export function deliverQueuedNow({ db, env, log }: { db: Database; env: Pick<Env, 'smtpUrl' | 'smtpTls' | 'mailFrom'>; log: Pick<FastifyBaseLogger, 'error'> }): void {
  void deliverNow(db, createMailer(env), log);
}

/** Deliveries started by deliverNow and not yet done. */
const inFlight = new Set<Promise<void>>();

/** Waits for the deliveries deliverNow started: a server stopping lets them finish, a test compares after them. */
export async function deliveriesSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/**
 * Holds a claimed message for one whole send (the lease outlasts SEND_TIMEOUT_MS), if it is still this claim's: a
 * message whose lease ran out and was claimed again elsewhere has more attempts counted, and is not sent twice.
 */
async function holdForSending(db: Database, message: MailMessage): Promise<boolean> {
  const held = await db
    .update(mailMessages)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})` })
    .where(and(eq(mailMessages.id, message.id), eq(mailMessages.status, 'queued'), eq(mailMessages.attempts, message.attempts)))
    .returning({ id: mailMessages.id });
  return held.length === 1;
}

async function claimDue(db: Database): Promise<MailMessage[]> {
  const due = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'queued'), lte(mailMessages.nextAttemptAt, sql`now()`)))
    .orderBy(mailMessages.createdAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(mailMessages)
    .set({ attempts: sql`${mailMessages.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})` })
    .where(inArray(mailMessages.id, due))
    .returning();
}

/** A page of messages, newest first; `cursor` is the last message of the previous page's `nextCursor`. */
export async function listMessages(
  db: Executor,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ messages: ListedMessage[]; nextCursor: string | null }> {
  let after: SQL | undefined;
  if (cursor) {
    const [last] = await db.select({ createdAt: mailMessages.createdAt }).from(mailMessages).where(eq(mailMessages.id, cursor));
    if (last) {
      after = or(
        lt(mailMessages.createdAt, last.createdAt),
        and(eq(mailMessages.createdAt, last.createdAt), lt(mailMessages.id, cursor)),
      );
    }
  }
  const { html: _html, nextAttemptAt: _next, ...listed } = getTableColumns(mailMessages);
  const messages = await db
    .select(listed)
    .from(mailMessages)
    .where(after)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
  return { messages, nextCursor: messages.length === limit ? messages.at(-1)!.id : null };
}

/** Puts a message back in the queue to be sent again; false when there is no such message. */
export async function resendMessage(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'queued', attempts: 0, lastError: null, nextAttemptAt: sql`now()` })
    .where(eq(mailMessages.id, id))
    .returning({ id: mailMessages.id });
  return rows.length > 0;
}
