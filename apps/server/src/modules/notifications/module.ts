import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { SandboxNotifier, type Notifier } from '../levels/notifier.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ChannelNotifier } from './channel-notifier.ts';
import { notificationRoutes, type TelegramSettings } from './routes.ts';
import { TelegramBot } from './telegram-bot.ts';

/**
 * Messages out (decision 073): the notifier the daily reminders hand their messages to, routing
 * each channel (Telegram's Bot API, the mail outbox, the sandbox for the rest), the player's
 * Telegram link and the bot's webhook.
 */
export function notificationsModule(deps: Deps, { mailer }: { mailer: Mailer }): StoreModule & { notifier: Notifier } {
  const { env, db, clock, log } = deps;
  const telegram: TelegramSettings | null =
    env.NOTIFY_PROVIDER === 'telegram' && env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_BOT_NAME && env.TELEGRAM_WEBHOOK_SECRET
      ? { bot: new TelegramBot({ token: env.TELEGRAM_BOT_TOKEN, apiUrl: env.TELEGRAM_API_URL }), botName: env.TELEGRAM_BOT_NAME, webhookSecret: env.TELEGRAM_WEBHOOK_SECRET }
      : null;
  // Channels without a service of their own (Steam, VK, push here) are recorded by the sandbox, except
  // on a production database that did not ask for it (SANDBOX=notifications): there they are marked undeliverable.
  const production = Boolean(env.DATABASE_URL) && env.NODE_ENV === 'production';
  const sandbox = env.NOTIFY_PROVIDER === 'sandbox' || !production || env.SANDBOX.includes('notifications') ? new SandboxNotifier(db) : null;
  const notifier = new ChannelNotifier({ db, clock, log, bot: telegram?.bot ?? null, mailer, sandbox });
  return { routes: notificationRoutes(telegram), notifier };
}
