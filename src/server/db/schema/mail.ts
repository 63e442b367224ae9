import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;

/** Every outgoing message, kept so it can be read, seen to fail and resent; the outbox when no SMTP_URL is set. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What sent it ('digest', 'carer-reminder', …). */
    kind: text('kind').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A queued message is not tried before this; a delivery in progress holds it a while ahead. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_messages_due_idx').on(t.status, t.nextAttemptAt), index('mail_messages_created_idx').on(t.createdAt, t.id)],
);
