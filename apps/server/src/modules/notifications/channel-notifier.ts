import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotifyLater, type Notification, type Notifier } from '../levels/notifier.ts';
import { htmlOfText } from '../mail/html.ts';
import { MailRefused, type Mailer } from '../mail/mailer.ts';
import { findUser } from '../users/get-user.ts';
import { languagesOf } from '../users/accounts.ts';
import { notificationDeliveries, type DeliveryState } from './schema.ts';
import { ChatGone, TryLater, type TelegramBot } from './telegram-bot.ts';
import { findTelegramLink, markLinkDead } from './telegram-links.ts';

type Outcome = { state: Extract<DeliveryState, 'sent' | 'dead' | 'failed'>; error?: string };

/**
 * The real notifier (decision 073): each channel of a message goes its own way and is recorded in
 * `notification_deliveries`, so a message retried for one channel never repeats another.
 * - telegram: the Bot API's sendMessage to the player's linked chat; a chat that blocked the bot
 *   (403) marks the link dead and the channel `dead`, not retried; 429 waits `retry_after`;
 * - email: handed to the mail module's outbox (its own retries, its own record);
 * - the rest (steam, vk, push, and telegram when no bot is configured): the sandbox, which records
 *   them, until an operator configures a real service for them; `dead` where no sandbox may run.
 */
export class ChannelNotifier implements Notifier {
  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      bot: TelegramBot | null;
      mailer: Mailer;
      sandbox: Notifier | null;
      /** Where a player turns these letters off in one click (their List-Unsubscribe). */
      unsubscribeUrl: (userId: number) => string;
    },
  ) {}

  async send(m: Notification): Promise<void> {
    const { db, clock } = this.o;
    const kind = m.kind ?? 'notification';
    if (!m.channels.length) return;
    await db
      .insert(notificationDeliveries)
      .values(m.channels.map((channel) => ({ key: m.key, userId: m.userId, channel, kind, state: 'queued' as const, updatedAt: clock.now() })))
      .onConflictDoNothing();
    const pending = await db
      .select({ id: notificationDeliveries.id, channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.key, m.key), eq(notificationDeliveries.state, 'queued')));
    const sandboxed = pending.filter((d) => d.channel !== 'email' && !(d.channel === 'telegram' && this.o.bot));
    const retry: { later: NotifyLater | null } = { later: null };
    const attempt = async (ids: number[], run: () => Promise<Outcome>) => {
      let outcome: Outcome;
      try {
        outcome = await run();
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAfterMs = err instanceof TryLater || err instanceof NotifyLater ? err.retryAfterMs : null;
        if (!retry.later || (retryAfterMs ?? 0) > (retry.later.retryAfterMs ?? 0)) retry.later = new NotifyLater(message, retryAfterMs);
        await this.record(ids, { state: 'queued', error: message });
        return;
      }
      await this.record(ids, outcome);
    };
    const sandbox = this.o.sandbox;
    if (sandboxed.length && sandbox) {
      await attempt(
        sandboxed.map((d) => d.id),
        async () => (await sandbox.send({ ...m, channels: sandboxed.map((d) => d.channel) }), { state: 'sent' }),
      );
    }
    for (const d of sandbox ? [] : sandboxed) await this.record([d.id], { state: 'dead', error: `no service for ${d.channel} is configured` });
    for (const d of pending) {
      if (d.channel === 'email') await attempt([d.id], () => this.email(m, kind));
      else if (d.channel === 'telegram' && this.o.bot) await attempt([d.id], () => this.telegram(this.o.bot!, m));
    }
    if (retry.later) throw retry.later;
  }

  private async record(ids: number[], { state, error }: { state: DeliveryState; error?: string }) {
    const now = this.o.clock.now();
    for (const id of ids) {
      await this.o.db
        .update(notificationDeliveries)
        .set({
          state,
          attempts: sql`${notificationDeliveries.attempts} + 1`,
          lastError: error?.slice(0, 1000) ?? null,
          updatedAt: now,
          ...(state === 'sent' ? { sentAt: now } : {}),
        })
        .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.state, 'queued')));
    }
  }

  private async telegram(bot: TelegramBot, m: Notification): Promise<Outcome> {
    const link = await findTelegramLink(this.o.db, m.userId);
    if (!link) return { state: 'dead', error: 'no linked Telegram chat' };
    if (link.deadAt) return { state: 'dead', error: `the chat refused the bot: ${link.deadReason ?? ''}` };
    try {
      await bot.sendMessage(link.chatId, m.text);
      return { state: 'sent' };
    } catch (err) {
      if (err instanceof ChatGone) {
        await markLinkDead(this.o.db, { userId: m.userId, chatId: link.chatId, reason: err.description, now: this.o.clock.now() });
        this.o.log.info({ userId: m.userId, reason: err.description }, 'a Telegram chat refused the bot; its link is dead');
        return { state: 'dead', error: err.message };
      }
      if (err instanceof TryLater) throw err;
      return { state: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
  }

  private async email(m: Notification, kind: string): Promise<Outcome> {
    const user = await findUser(this.o.db, m.userId);
    if (!user.email || !user.emailConfirmedAt) return { state: 'dead', error: 'no confirmed e-mail address' };
    const lang = (await languagesOf(this.o.db, [m.userId])).get(m.userId) ?? 'ru';
    const subject = m.text.length > 120 ? `${m.text.slice(0, 119)}…` : m.text;
    try {
      // The mail outbox records the letter under its own key and retries it; this channel's part is done once it holds it.
      await this.o.mailer.send({
        key: `${m.key}:email`,
        to: user.email,
        userId: m.userId,
        template: kind,
        subject,
        text: m.text,
        html: htmlOfText(lang, subject, m.text),
        listUnsubscribe: this.o.unsubscribeUrl(m.userId),
      });
      return { state: 'sent' };
    } catch (err) {
      if (err instanceof MailRefused && err.permanent) return { state: 'failed', error: err.message };
      throw err;
    }
  }
}
