import { eq, sql } from 'drizzle-orm';
import { channelRequirement, isSigninProvider, providerName, SUBSCRIPTION_CHANNELS, type SigninProvider, type SubscriptionChannel } from '@store/shared/account';
import type { UserSubscription } from '@store/shared/api/account';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findIdentities } from '../auth/identities.ts';
import { userSubscriptions, users } from './schema.ts';

/** What the channels' requirements are checked against: the confirmed e-mail and the linked providers. */
async function channelState(db: Executor, userId: number) {
  const [[user], identities] = await Promise.all([
    db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)),
    findIdentities(db, userId),
  ]);
  if (!user) throw new AppError('userNotFound');
  return { emailConfirmed: user.confirmedAt !== null, providers: identities.map((i) => i.provider).filter(isSigninProvider) };
}

/**
 * Every channel of spec §3 with the player's choice and what it still needs. A channel whose
 * requirement is no longer met (the e-mail changed, the account was unlinked) reads as off: the
 * store does not write there until the player fixes it.
 */
export async function listUserSubscriptions(db: Executor, userId: number): Promise<UserSubscription[]> {
  const [state, rows] = await Promise.all([
    channelState(db, userId),
    db.select({ channel: userSubscriptions.channel, subscribed: userSubscriptions.subscribed }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId)),
  ]);
  const chosen = new Map(rows.map((r) => [r.channel, r.subscribed]));
  return SUBSCRIPTION_CHANNELS.map((channel) => {
    const requirement = channelRequirement(channel, state);
    return { channel, subscribed: requirement === null && (chosen.get(channel) ?? false), requirement };
  });
}

/**
 * Turns a channel on or off. Turning on is refused with the requirement's code while it is not
 * met; turning off is always allowed. An upsert, so simultaneous toggles never collide: the last wins.
 */
export async function setSubscription(db: Executor, userId: number, channel: SubscriptionChannel, subscribed: boolean): Promise<void> {
  if (subscribed) {
    const requirement = channelRequirement(channel, await channelState(db, userId));
    if (requirement === 'provider_not_linked') throw new AppError(requirement, { provider: providerName(channel as SigninProvider) });
    if (requirement) throw new AppError(requirement);
  }
  await db
    .insert(userSubscriptions)
    .values({ userId, channel, subscribed })
    .onConflictDoUpdate({ target: [userSubscriptions.userId, userSubscriptions.channel], set: { subscribed, updatedAt: sql`now()` } });
}
