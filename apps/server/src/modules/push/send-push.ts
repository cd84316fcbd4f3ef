import { randomBytes } from 'node:crypto';
import { pathInLang, type LocalePrefix } from '@store/shared/locale-path';
import { and, eq, isNull } from 'drizzle-orm';
import { PUSH_STEPS, type PushMissionType } from '@store/shared/pwa';
import type { Db } from '../../db/client.ts';
import { reachMissionStep } from '../missions/mission-steps.ts';
import { languagesOf } from '../users/accounts.ts';
import type { PushSender } from './push-port.ts';
import { PUSH_TEXTS, type PushKind } from './push-texts.ts';
import { pushSends, pushSubscriptions } from './schema.ts';

type Subscription = typeof pushSubscriptions.$inferSelect;

const missionOf = (s: Subscription): PushMissionType => (s.installed ? 'pushPWA' : 'push');

/**
 * Sends one notification to one subscription. The send is written down first with its token, so
 * the player's click always finds it; the push service's answer then moves the mission (accepted:
 * delivered) or forgets a subscription the browser dropped (gone).
 */
async function sendTo(db: Db, push: PushSender, sub: Subscription, kind: PushKind, lang: 'ru' | 'en', localePrefix: LocalePrefix): Promise<boolean> {
  const token = randomBytes(18).toString('base64url');
  const mission = missionOf(sub);
  const [sent] = await db.insert(pushSends).values({ userId: sub.userId, mission, token, kind, accepted: false }).returning({ id: pushSends.id });
  const text = PUSH_TEXTS[kind][lang];
  const outcome = await push.send(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    { ...text, url: pathInLang(lang, '/', localePrefix), token, tag: `store-${kind}` },
  );
  await db.transaction(async (tx) => {
    if (outcome === 'accepted') {
      await tx.update(pushSends).set({ accepted: true }).where(eq(pushSends.id, sent!.id));
      await reachMissionStep(tx, { userId: sub.userId, type: mission, step: PUSH_STEPS.delivered });
    } else if (outcome === 'gone') {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    }
  });
  return outcome === 'accepted';
}

/**
 * Sends a notification to every browser the player opted in with (or only one of them); how many
 * push services took it. A click opens the main page in the player's language under the store's
 * locale prefix strategy.
 */
export async function sendToPlayer(
  db: Db,
  push: PushSender,
  userId: number,
  kind: PushKind,
  opts: { localePrefix: LocalePrefix; only?: { endpoint: string } },
): Promise<{ sent: number; accepted: number }> {
  const { only, localePrefix } = opts;
  const where = only ? and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, only.endpoint)) : eq(pushSubscriptions.userId, userId);
  const subs = await db.select().from(pushSubscriptions).where(where);
  const lang = (await languagesOf(db, [userId])).get(userId) ?? 'ru';
  let accepted = 0;
  for (const sub of subs) if (await sendTo(db, push, sub, kind, lang, localePrefix)) accepted++;
  return { sent: subs.length, accepted };
}

/**
 * The service worker's report that the player opened a notification: the mission's last step.
 * The token alone says whose it was (it is unguessable and only in that notification); a second
 * report of the same click changes nothing. False when no notification had that token.
 */
export async function notificationOpened(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .update(pushSends)
      .set({ openedAt: new Date() })
      .where(and(eq(pushSends.token, token), isNull(pushSends.openedAt)))
      .returning({ userId: pushSends.userId, mission: pushSends.mission });
    if (first) {
      await reachMissionStep(tx, { userId: first.userId, type: first.mission, step: PUSH_STEPS.opened });
      return true;
    }
    const [seen] = await tx.select({ id: pushSends.id }).from(pushSends).where(eq(pushSends.token, token));
    return seen !== undefined;
  });
}
