import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { inventoryItems } from '../inventory/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the withdrawals module (decision 018). `sandbox_market_orders` is the sandbox
// marketplace's own book, a stand-in for the outside service's database: the store's code never
// reads it, only the sandbox's routes do.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One withdrawal of one item. `custom_id` is our id at the marketplace, fixed at creation: a
 * purchase retried after a lost answer or a crash is the same purchase there, never a second one.
 * A worker holds a withdrawal while `lease_until` is ahead, and each move is a conditional update
 * on the state it read; `next_at` is when it is next worth looking at.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => inventoryItems.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    itemKey: text('item_key').notNull(),
    marketName: text('market_name').notNull(),
    maxPrice: money('max_price').notNull(),
    method: text('method').notNull(),
    tradeLink: text('trade_link'),
    steamLogin: text('steam_login'),
    customId: text('custom_id').notNull().unique(),
    state: text('state').notNull().default('queued'),
    vendorOrderId: text('vendor_order_id'),
    tradeId: text('trade_id'),
    sendUntil: at('send_until'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: at('next_at').notNull().defaultNow(),
    leaseUntil: at('lease_until'),
    leaseOwner: text('lease_owner'),
    placedAt: at('placed_at'),
    /** The purchase must be placed by then, or the item goes back (the countdown the player sees). */
    deadline: at('deadline').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('withdrawals_state_known', sql`${t.state} in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent', 'accepted', 'failed', 'unavailable', 'support')`),
    check('withdrawals_method_known', sql`${t.method} in ('trade', 'login')`),
    // One withdrawal under way per item: a second request for it is refused by the database too.
    uniqueIndex('withdrawals_item_active_idx')
      .on(t.itemId)
      .where(sql`${t.state} in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent', 'support')`),
    index('withdrawals_due_idx').on(t.nextAt).where(sql`${t.state} in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent')`),
    index('withdrawals_user_idx').on(t.userId, t.id),
  ],
);

/** The sandbox marketplace's orders, one per custom id (what the outside service would keep). */
export const sandboxMarketOrders = pgTable('sandbox_market_orders', {
  customId: text('custom_id').primaryKey(),
  id: text('id').notNull().unique(),
  hashName: text('hash_name').notNull(),
  price: money('price').notNull(),
  partner: text('partner').notNull(),
  token: text('token').notNull(),
  /** What this order will do (decision 018): ok, nosend, decline, slow. */
  scenario: text('scenario').notNull(),
  /** How many buy requests named this custom id (the tests check a purchase is made once). */
  requests: integer('requests').notNull().default(1),
  createdAt: createdAt(),
});
