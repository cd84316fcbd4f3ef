import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the notifications module: the players' Telegram chats and each message's delivery per channel.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The chat the store's bot writes to for a player, stored when the player opened the bot with a
 * link token. A chat whose bot the player blocked is kept with `dead_at` set, so nothing is sent
 * to it again until the player links once more.
 */
export const telegramLinks = pgTable('telegram_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull().unique(),
  linkedAt: at('linked_at').notNull(),
  deadAt: at('dead_at'),
  deadReason: text('dead_reason'),
});

/** One-time link tokens (only their SHA-256 is kept): a token links one chat, once, before it expires. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * One notification on one channel: a channel that went out is never sent again when the message
 * is retried for another, and support sees each channel's state, attempts and last error.
 * `dead` is a channel that cannot take the message (bot blocked, no address) and is not retried.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    unique('notification_deliveries_key_channel_unique').on(t.key, t.channel),
    check('notification_deliveries_state_check', sql`${t.state} in ('queued', 'sent', 'failed', 'dead')`),
    index('notification_deliveries_user_idx').on(t.userId, t.id),
  ],
);
