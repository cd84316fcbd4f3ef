import { storeAddress } from '../../config/deployment.ts';
import type { Deps } from '../../deps.ts';
import type { BackgroundJob, StoreModule } from '../../platform/store-module.ts';
import { SandboxNotifier, type Notifier } from '../levels/notifier.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ChannelNotifier } from './channel-notifier.ts';
import { notificationRoutes, type TelegramSettings } from './routes.ts';
import { TelegramBot } from './telegram-bot.ts';
import { unsubscribeToken } from './unsubscribe-links.ts';

/**
 * Messages out (decision 073): the notifier the daily reminders hand their messages to, routing
 * each channel (Telegram's Bot API, the mail outbox, the sandbox for the rest), the player's
 * Telegram link and the bot's webhook, registered with Telegram at start when PUBLIC_URL is set.
 */
export function notificationsModule(deps: Deps, { mailer, unsubscribeSecret }: { mailer: Mailer; unsubscribeSecret: string }): StoreModule & { notifier: Notifier; registerWebhook: () => Promise<boolean> } {
  const { env, db, clock, log } = deps;
  const telegram: TelegramSettings | null =
    env.NOTIFY_PROVIDER === 'telegram' && env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_BOT_NAME && env.TELEGRAM_WEBHOOK_SECRET
      ? { bot: new TelegramBot({ token: env.TELEGRAM_BOT_TOKEN, apiUrl: env.TELEGRAM_API_URL }), botName: env.TELEGRAM_BOT_NAME, webhookSecret: env.TELEGRAM_WEBHOOK_SECRET }
      : null;
  // Channels without a service of their own (Steam, VK, push here) are recorded by the sandbox, except
  // on a production database that did not ask for it (SANDBOX=notifications): there they are marked undeliverable.
  const production = Boolean(env.DATABASE_URL) && env.NODE_ENV === 'production';
  const sandbox = env.NOTIFY_PROVIDER === 'sandbox' || !production || env.SANDBOX.includes('notifications') ? new SandboxNotifier(db) : null;
  // The reminder letters' one-click way out leads to this store.
  const unsubscribeUrl = (userId: number) => `${storeAddress(env)}/api/v1/notifications/unsubscribe?token=${unsubscribeToken(unsubscribeSecret, userId)}`;
  const notifier = new ChannelNotifier({ db, clock, log, bot: telegram?.bot ?? null, mailer, sandbox, unsubscribeUrl });
  const webhookUrl = telegram && env.PUBLIC_URL ? new URL('/api/telegram/webhook', env.PUBLIC_URL).toString() : null;
  /** Tells Telegram where the webhook is (PUBLIC_URL) and its secret; false when there is nothing to register or Telegram did not take it. */
  const registerWebhook = async (): Promise<boolean> => {
    if (!telegram || !webhookUrl) return false;
    try {
      await telegram.bot.setWebhook({ url: webhookUrl, secretToken: telegram.webhookSecret });
      log.info({ url: webhookUrl }, 'telegram webhook registered');
      return true;
    } catch (err) {
      log.warn({ err, url: webhookUrl }, 'telegram webhook not registered; set it with setWebhook by hand or restart');
      return false;
    }
  };
  // Once per start of a process that runs the jobs: the webhook follows PUBLIC_URL and the secret without a manual step.
  let registering: Promise<boolean> | null = null;
  const registration: BackgroundJob = {
    start: () => void (registering ??= registerWebhook()),
    close: async () => void (await registering),
  };
  return { routes: notificationRoutes(telegram, unsubscribeSecret), jobs: webhookUrl ? [registration] : [], notifier, registerWebhook };
}
