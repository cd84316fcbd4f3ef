import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the activity module (decision 013); games write rows through `recordActivity` (or,
// inside the opening's database function, with one insert), consumers read them through the runner.

/**
 * One game action of a player, written in the same transaction as the action. `tx_id` is the
 * writing transaction's id: consumers read in (tx_id, id) order and only below the oldest
 * transaction still running, so a row that commits late is never passed over.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What the player put in (spent, staked, deposited), minor units of GOLD. */
    amount: money('amount').notNull().default(0),
    /** What the player got back (items' value, credit of a sale), minor units of GOLD. */
    won: money('won').notNull().default(0),
    /** How many things the action counted (cases opened, items sold). */
    count: integer('count').notNull().default(1),
    /** The case of a case opening (paid, daily or free), for the readers that count by section. */
    caseId: integer('case_id'),
    /** The action's own reference (`case_open:<batch>`, `upgrade:<id>`...). */
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  // The readers' order, and a player's own rows for the operator console (what did this player
  // do?); every insert pays for each index and the opening is the store's hottest path, so no
  // more (the bench's opening figure includes them). One row per action holds by construction
  // (each action writes once, in its own transaction, under its own unique ref).
  (t) => [index('activities_order_idx').on(t.txId, t.id), index('activities_user_idx').on(t.userId, t.id)],
);

/** Where each consumer has got to in the stream: the (tx_id, id) of the last row it handled. */
export const activityConsumers = pgTable('activity_consumers', {
  name: text('name').primaryKey(),
  lastTxId: bigint('last_tx_id', { mode: 'number' }).notNull().default(0),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  handled: bigint('handled', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
