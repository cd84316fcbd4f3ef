import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the leaderboards module (decision 016): the boards operators define, the standings the
// scoring consumer keeps from the activity stream, and the frozen results of a closed board with
// their prizes. Other modules reach them through the module's operations.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A leaderboard: what it counts (`type`, one of LEADERBOARD_TYPES), over which period, in which
 * order among the cards. `series` groups the periods of one board; a series that `repeats`
 * ('weekly') gets its next period when one ends, once, by the unique (series, starts_at). `status` is running until the close
 * job freezes its standings and becomes closed; "closing" (ended, not yet closed) is derived.
 */
export const leaderboards = pgTable(
  'leaderboards',
  {
    id: serial('id').primaryKey(),
    series: text('series'),
    repeats: text('repeats'),
    type: text('type').notNull(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionRu: text('description_ru').notNull(),
    descriptionEn: text('description_en').notNull(),
    image: text('image').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status').notNull().default('running'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('leaderboards_series_start_unique').on(t.series, t.startsAt), index('leaderboards_status_idx').on(t.status, t.endsAt)],
);

/** The prize of each place: a catalogue item at the price it had when the board was defined. */
export const leaderboardPrizes = pgTable(
  'leaderboard_prizes',
  {
    leaderboardId: integer('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id),
    place: smallint('place').notNull(),
    itemKey: text('item_key').notNull(),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.place] })],
);

/**
 * A player's standing on a running board, added to by the scoring consumer only. `reached_id` is
 * the activity that brought the score to its value: on equal scores the lower one ranks higher
 * (the earlier to reach it). The index is the board's order, so the top places and a player's
 * position are read from it without sorting.
 */
export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    leaderboardId: integer('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    score: bigint('score', { mode: 'number' }).notNull().default(0),
    spent: money('spent').notNull().default(0),
    won: money('won').notNull().default(0),
    reachedId: bigint('reached_id', { mode: 'number' }).notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leaderboardId, t.userId] }),
    index('leaderboard_entries_order_idx').on(t.leaderboardId, sql`${t.score} desc`, t.reachedId, t.userId),
  ],
);

/**
 * The frozen prize places of a closed board, written once by the close. `paid_at` and the
 * inventory item are set by one conditional update in the transaction that grants the item, so a
 * prize is paid exactly once however many closers run or crash; `seen_at` is set when the winner
 * closed the reward popup.
 */
export const leaderboardResults = pgTable(
  'leaderboard_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaderboardId: integer('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id),
    place: smallint('place').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    score: bigint('score', { mode: 'number' }).notNull(),
    spent: money('spent').notNull(),
    won: money('won').notNull(),
    itemKey: text('item_key').notNull(),
    price: money('price').notNull(),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }),
    paidAt: at('paid_at'),
    seenAt: at('seen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('leaderboard_results_place_unique').on(t.leaderboardId, t.place),
    index('leaderboard_results_unpaid_idx').on(t.id).where(sql`${t.paidAt} is null`),
    index('leaderboard_results_user_idx').on(t.userId),
  ],
);
