import { z } from 'zod';

/**
 * Messages out (decision 073): the player's Telegram link, and every message the store sent a
 * player as support sees it.
 */

/** GET /api/v1/notifications/telegram: whether the store has a bot, and the player's chat with it. */
export const telegramLinkState = z.object({
  /** The store has a Telegram bot; without one there is nothing to connect. */
  available: z.boolean(),
  linked: z.boolean(),
  linked_at: z.string().nullable(),
  /** The chat refused the bot (blocked it): the player must open it again to be told there. */
  refused: z.boolean(),
});
export type TelegramLinkState = z.infer<typeof telegramLinkState>;

/** POST /api/v1/notifications/telegram/link: a one-time token and the bot's deep link carrying it. */
export const telegramLinkStart = z.object({
  token: z.string(),
  link: z.string(),
  expires_at: z.string(),
});
export type TelegramLinkStart = z.infer<typeof telegramLinkStart>;

export const OUTGOING_STATES = ['queued', 'sent', 'failed', 'dead'] as const;

/** One message to a player on one channel. */
export const outgoingMessage = z.object({
  /** `mail-12` or `notification-34`: unique in the list. */
  id: z.string(),
  channel: z.string(),
  /** Which message (`email-confirmation`, `daily_case_ready`). */
  kind: z.string(),
  /** queued (waiting or retrying), sent, failed (given up), dead (the channel cannot take it: blocked bot, no address). */
  state: z.enum(OUTGOING_STATES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutgoingMessage = z.infer<typeof outgoingMessage>;

/** GET /api/v1/admin/players/:id/messages: newest first, at most 100 of each source. */
export const operatorMessagesResponse = z.object({ messages: z.array(outgoingMessage) });
export type OperatorMessagesResponse = z.infer<typeof operatorMessagesResponse>;
