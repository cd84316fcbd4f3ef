import { desc, eq, inArray } from 'drizzle-orm';
import type { OutgoingMessage } from '@store/shared/api/notifications';
import type { Db } from '../../db/client.ts';
import { listNotificationsOf } from '../levels/daily-reminders.ts';
import { listOutgoingMail } from '../mail/outbox.ts';
import { notificationDeliveries } from './schema.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Every message the store sent a player, as support reads it (decision 073): the letters of the
 * mail outbox, and each notification per channel (its delivery once tried; before that, the
 * outbox message on each of its channels). Newest first.
 */
export async function listOutgoingMessages(db: Db, userId: number): Promise<OutgoingMessage[]> {
  const [mail, notifications] = await Promise.all([listOutgoingMail(db, { userId }), listNotificationsOf(db, userId)]);
  const deliveries = notifications.length
    ? await db
        .select()
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.key, notifications.map((n) => n.key)))
        .orderBy(desc(notificationDeliveries.id))
    : [];
  const byKey = new Map<string, typeof deliveries>();
  for (const d of deliveries) byKey.set(d.key, [...(byKey.get(d.key) ?? []), d]);
  const messages: (OutgoingMessage & { at: number })[] = mail.map((m) => ({
    id: `mail-${m.id}`,
    channel: m.channel,
    kind: m.template,
    state: m.state === 'sending' ? 'queued' : m.state,
    attempts: m.attempts,
    last_error: m.lastError,
    created_at: m.createdAt.toISOString(),
    sent_at: iso(m.sentAt),
    at: m.createdAt.getTime(),
  }));
  for (const n of notifications) {
    const tried = byKey.get(n.key) ?? [];
    for (const channel of n.channels) {
      const d = tried.find((t) => t.channel === channel);
      messages.push({
        id: `notification-${n.id}-${channel}`,
        channel,
        kind: n.kind,
        // A channel still waiting when its message was given up failed with it.
        state: d && d.state !== 'queued' ? d.state : n.state === 'failed' ? 'failed' : 'queued',
        attempts: d?.attempts ?? 0,
        last_error: d?.lastError ?? n.lastError,
        created_at: n.createdAt.toISOString(),
        sent_at: iso(d?.sentAt ?? null),
        at: n.createdAt.getTime(),
      });
    }
  }
  return messages.sort((a, b) => b.at - a.at).map(({ at: _at, ...m }) => m);
}

/** The delivery rows of one message (tests and the operator command). */
export const deliveriesOf = (db: Db, key: string) => db.select().from(notificationDeliveries).where(eq(notificationDeliveries.key, key));
