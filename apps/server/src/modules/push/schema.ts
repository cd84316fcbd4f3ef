import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the push module (decision 027); other modules reach them through its operations.

/**
 * A browser's push subscription, opted in by a player. The endpoint is the browser's address at
 * its push service and names the subscription: the same browser subscribing again (or for another
 * player who signed in there) replaces the row rather than adding one.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Opted in from the installed app: it counts for the `pushPWA` mission, otherwise `push`. */
    installed: boolean('installed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Every push the store sent, whatever the adapter: the token in the notification comes back when
 * the player opens it (the service worker reports it), which is the push mission's last step.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The mission the subscription counts for, kept in case the subscription is gone by the click. */
    mission: text('mission').notNull(),
    token: text('token').notNull().unique(),
    kind: text('kind').notNull(),
    /** The push service took it (2xx); false when it refused or the browser had unsubscribed. */
    accepted: boolean('accepted').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('push_sends_user_idx').on(t.userId)],
);

/** What the sandbox push service would have delivered: tests and `npm run admin -- push` read it here. */
export const sandboxPushDeliveries = pgTable(
  'sandbox_push_deliveries',
  {
    id: serial('id').primaryKey(),
    endpoint: text('endpoint').notNull(),
    payload: jsonb('payload').notNull(),
    /** The notification's lifetime at the push service (the TTL header a real push would carry). */
    ttl: integer('ttl').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_push_deliveries_endpoint_idx').on(t.endpoint)],
);
