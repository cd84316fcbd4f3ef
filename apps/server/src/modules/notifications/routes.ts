import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { telegramLinkStart, telegramLinkState } from '@store/shared/api/notifications';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { TelegramBot } from './telegram-bot.ts';
import { createLinkToken, findTelegramLink, unlinkTelegram } from './telegram-links.ts';
import { acceptTelegramUpdate, isTelegramSecret, telegramUpdate } from './telegram-update.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';
import { updateDailyPreferences } from '../levels/notification-preferences.ts';
import { languagesOf } from '../users/accounts.ts';
import { z } from 'zod';

export interface TelegramSettings {
  bot: TelegramBot;
  botName: string;
  webhookSecret: string;
}

/**
 * The player's Telegram link (decision 073) and the bot's webhook. Without a configured bot the
 * state says so, linking is refused and there is no webhook.
 */
export function notificationRoutes(telegram: TelegramSettings | null, unsubscribeSecret: string) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db, clock } = app.deps;
    const tags = ['notifications'];

    // A reminder letter's List-Unsubscribe: a mail client's one-click POST (RFC 8058) or the player
    // opening the link; either turns the e-mail reminders off, signed in or not.
    const unsubscribeQuery = z.object({ token: z.string().max(80) });
    const unsubscribe = async (token: string) => {
      const userId = readUnsubscribeToken(unsubscribeSecret, token);
      if (userId === null) throw new AppError('unsubscribe_link_invalid');
      await updateDailyPreferences(db, userId, { email: false });
      return userId;
    };
    await app.register(async (scope) => {
      // Its own scope, so the form parser stays on this route: the one click posts `List-Unsubscribe=One-Click` as a form.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/v1/notifications/unsubscribe',
        { config: { errors: ['unsubscribe_link_invalid'] }, schema: { tags, summary: "One click in the player's mail client: no more reminder letters", querystring: unsubscribeQuery, response: okResponse(z.object({ unsubscribed: z.literal(true) })) } },
        async (req) => {
          await unsubscribe(req.query.token);
          return ok({ unsubscribed: true as const });
        },
      );
    });
    r.get(
      '/api/v1/notifications/unsubscribe',
      {
        config: { errors: ['unsubscribe_link_invalid'] },
        schema: {
          tags,
          summary: 'The player opened the unsubscribe link: no more reminder letters, then the daily cases page',
          querystring: unsubscribeQuery,
          response: { 303: z.null().describe("Sent on to the daily cases page (`?unsubscribed=email`), in the player's language") },
        },
      },
      async (req, reply) => {
        const userId = await unsubscribe(req.query.token);
        const lang = (await languagesOf(db, [userId])).get(userId) ?? 'ru';
        return reply.redirect(`${lang === 'en' ? '/en' : ''}/daily-cases?unsubscribed=email`, 303);
      },
    );

    r.get('/api/v1/notifications/telegram', { schema: { tags, summary: "The player's Telegram chat with the store's bot", response: okResponse(telegramLinkState) } }, async (req) => {
      const link = await findTelegramLink(db, requireUser(req).id);
      return ok({ available: telegram !== null, linked: link !== null, linked_at: link?.linkedAt.toISOString() ?? null, refused: link?.deadAt != null });
    });

    r.post(
      '/api/v1/notifications/telegram/link',
      { config: { errors: ['telegram_unavailable'] }, schema: { tags, summary: "A one-time deep link to the store's bot: opening it and pressing Start links the chat", response: okResponse(telegramLinkStart) } },
      async (req) => {
        const userId = requireUser(req).id;
        if (!telegram) throw new AppError('telegram_unavailable');
        const { token, expiresAt } = await createLinkToken(db, { userId, now: clock.now() });
        return ok({ token, link: `https://t.me/${telegram.botName}?start=${token}`, expires_at: expiresAt.toISOString() });
      },
    );

    r.post('/api/v1/notifications/telegram/unlink', { schema: { tags, summary: 'The bot writes to the player no more', response: okResponse(telegramLinkState) } }, async (req) => {
      await unlinkTelegram(db, requireUser(req).id);
      return ok({ available: telegram !== null, linked: false, linked_at: null, refused: false });
    });

    if (!telegram) return;
    r.post(
      '/api/telegram/webhook',
      {
        config: { errors: ['telegram_webhook_refused'] },
        // The secret is checked before the body is looked at; a body we cannot read is answered 200, so Telegram does not resend it.
        schema: { tags, summary: "Telegram's webhook: updates to the store's bot, proven by X-Telegram-Bot-Api-Secret-Token", body: telegramUpdate, response: okResponse(z.object({ accepted: z.boolean() })) },
        attachValidation: true,
      },
      async (req) => {
        if (!isTelegramSecret(req.headers['x-telegram-bot-api-secret-token'], telegram.webhookSecret)) throw new AppError('telegram_webhook_refused');
        if (req.validationError) return ok({ accepted: false });
        const outcome = await acceptTelegramUpdate({ db, bot: telegram.bot, update: req.body, now: clock.now(), log: req.log });
        return ok({ accepted: outcome !== 'ignored' });
      },
    );
  };
}
