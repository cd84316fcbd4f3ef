import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the mail module; other modules send through its port.

/** What the sandbox mail service delivered: tests and the operator command read letters here. */
export const sandboxMail = pgTable(
  'sandbox_mail',
  {
    id: serial('id').primaryKey(),
    /** Unique per letter: a repeat of the same key is dropped, like a real service's idempotency. */
    key: text('key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    listUnsubscribe: text('list_unsubscribe'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_mail_to_idx').on(t.to)],
);

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Every message the store sends (decision 069): recorded before the first attempt, then claimed by
 * one sender at a time under a lease, retried with backoff, and kept as sent or failed, so support
 * sees who was sent what, when, and how it went.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** Unique per message: recording the same message twice keeps the first. */
    key: text('key').notNull().unique(),
    /** The player it is for, when it is for one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull().default('email'),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    listUnsubscribe: text('list_unsubscribe'),
    state: text('state', { enum: OUTBOX_STATES }).notNull(),
    /** Attempts begun; the count a sender claimed with is its fence when it writes the outcome. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the message may next be taken: a queued one after its backoff; one in `sending` when its
     * sender's lease ends, so a message left by a sender that died is taken by another.
     */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('mail_outbox_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.dueAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('mail_outbox_user_idx').on(t.userId, t.id),
    index('mail_outbox_recipient_idx').on(t.recipient),
  ],
);
