import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionJson } from '@store/shared/api/pwa';
import { PUSH_STEPS, pushMissionFor } from '@store/shared/pwa';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { reachMissionStep } from '../missions/mission-steps.ts';
import type { PushSender } from './push-port.ts';
import { pushSubscriptions } from './schema.ts';

/**
 * Opts a browser in for the player (spec §4 granted: opt in). The endpoint names the browser, so
 * subscribing again, or after another player signed in there, takes the row over. The mission
 * of where it happened (the installed app or the site) reaches its first step in the same
 * transaction.
 */
export async function subscribePush(db: Db, push: PushSender, userId: number, o: { subscription: PushSubscriptionJson; installed: boolean }): Promise<void> {
  const { endpoint, keys } = o.subscription;
  if (!push.accepts(endpoint)) throw new AppError('push_service_unknown');
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, installed: o.installed })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: keys.p256dh, auth: keys.auth, installed: o.installed } });
    await reachMissionStep(tx, { userId, type: pushMissionFor(o.installed), step: PUSH_STEPS.opted_in });
  });
}

/** Opts a browser out (spec §4 revoked, or the player's choice); false when it was not the player's. */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The endpoints a player opted in with (the operator's listing, the tests). */
export async function subscriptionsOf(db: Executor, userId: number) {
  return db.select({ endpoint: pushSubscriptions.endpoint, installed: pushSubscriptions.installed, createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
