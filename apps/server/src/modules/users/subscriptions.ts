import { eq, sql } from 'drizzle-orm';
import { channelRequirement, isSigninProvider, providerName, SUBSCRIPTION_CHANNELS, type SigninProvider, type SubscriptionChannel } from '@store/shared/account';
import type { UserSubscription } from '@store/shared/api/account';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { userSubscriptions, users } from './schema.ts';

/** The providers linked to the player's account, read by the caller from the sign-in side (auth module). */
export type LinkedProviders = () => Promise<readonly string[]>;

/** What the channels' requirements are checked against: the confirmed e-mail and the linked providers. */
async function channelState(db: Executor, userId: number, linked: LinkedProviders) {
  const [[user], providers] = await Promise.all([db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)), linked()]);
  if (!user) throw new AppError('userNotFound');
  return { emailConfirmed: user.confirmedAt !== null, providers: providers.filter(isSigninProvider) };
}

/**
 * Every channel of spec §3 with the player's choice and what it still needs. A channel whose
 * requirement is no longer met (the e-mail changed, the account was unlinked) reads as off: the
 * store does not write there until the player fixes it.
 */
export async function listUserSubscriptions(db: Executor, userId: number, linked: LinkedProviders): Promise<UserSubscription[]> {
  const [state, rows] = await Promise.all([
    channelState(db, userId, linked),
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
export async function setSubscription(db: Executor, userId: number, channel: SubscriptionChannel, subscribed: boolean, linked: LinkedProviders): Promise<void> {
  if (subscribed) {
    const requirement = channelRequirement(channel, await channelState(db, userId, linked));
    if (requirement === 'provider_not_linked') throw new AppError(requirement, { provider: providerName(channel as SigninProvider) });
    if (requirement) throw new AppError(requirement);
  }
  await db
    .insert(userSubscriptions)
    .values({ userId, channel, subscribed })
    .onConflictDoUpdate({ target: [userSubscriptions.userId, userSubscriptions.channel], set: { subscribed, updatedAt: sql`now()` } });
}
