import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languagesOf } from '../users/accounts.ts';
import type { TelegramBot } from './telegram-bot.ts';
import { linkChat } from './telegram-links.ts';

/** The part of Telegram's Update we read: a private message's chat, sender language and text; the rest is dropped. */
export const telegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      chat: z.object({ id: z.number().int(), type: z.string() }),
      from: z.object({ id: z.number().int(), language_code: z.string().optional() }).optional(),
      text: z.string().optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the webhook call carries our secret_token; compared in constant time (digests of equal length). */
export const isTelegramSecret = (presented: string | string[] | undefined, secret: string): boolean =>
  typeof presented === 'string' && timingSafeEqual(digest(presented), digest(secret));

const texts = {
  linked: {
    ru: 'Готово: теперь мы сообщим сюда, когда ежедневный кейс будет готов. Отключить можно в настройках уведомлений на сайте.',
    en: 'Done: we will tell you here when your daily case is ready. You can turn it off in the notification settings on the site.',
  },
  expired: {
    ru: 'Ссылка устарела или уже использована. Откройте настройки уведомлений на сайте и нажмите «Подключить Telegram» ещё раз.',
    en: 'This link has expired or was already used. Open the notification settings on the site and press “Connect Telegram” again.',
  },
} as const;

/**
 * What the bot does with an update: `/start <token>` from a deep link links the chat to the
 * token's player and answers in the player's language; a used or expired token gets the way to a
 * new one; anything else is ignored. The answer to the chat is best effort: the link holds even
 * when Telegram does not take it.
 */
export async function acceptTelegramUpdate(o: { db: Db; bot: TelegramBot; update: TelegramUpdate; now: Date; log: FastifyBaseLogger }): Promise<'linked' | 'refused' | 'ignored'> {
  const message = o.update.message;
  const start = message?.text?.match(/^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/);
  if (!message || !start || message.chat.type !== 'private') return 'ignored';
  const userId = await linkChat(o.db, { token: start[1]!, chatId: message.chat.id, now: o.now });
  const lang = userId !== null ? ((await languagesOf(o.db, [userId])).get(userId) ?? 'ru') : message.from?.language_code?.startsWith('ru') === false ? 'en' : 'ru';
  const text = userId !== null ? texts.linked[lang] : texts.expired[lang];
  await o.bot.sendMessage(message.chat.id, text).catch((err: unknown) => o.log.warn({ err, chat: message.chat.id }, 'the bot could not answer a chat'));
  return userId !== null ? 'linked' : 'refused';
}
