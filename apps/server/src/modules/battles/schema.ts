import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the battles module; other modules reach them through its operations (a schema may import another only for foreign keys).
/** A case line of a battle, fixed at creation: the odds table and price the seats agreed to. */
export interface BattleCaseRef {
  caseId: number;
  slug: string;
  oddsId: number;
  price: number;
  count: number;
}

/**
 * A case battle (decision 008). The row is also the battle's durable job: while `started`,
 * `next_round_at` says when the next round is due, and whichever server process claims the row
 * (`for update skip locked`) reveals it; a restart finds the row and carries on. The server seed
 * is committed by its hash at creation and shown once the battle ends.
 */
export const battles = pgTable(
  'battles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ulid: text('ulid').notNull().unique(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('created'),
    mode: text('mode').notNull(),
    seats: smallint('seats').notNull(),
    cases: jsonb('cases').notNull().$type<BattleCaseRef[]>(),
    roundCount: smallint('round_count').notNull(),
    price: money('price').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed'),
    currentRound: smallint('current_round').notNull().default(0),
    nextRoundAt: timestamp('next_round_at', { withTimezone: true, mode: 'date' }),
    spectators: integer('spectators').notNull().default(0),
    winnerTeam: smallint('winner_team'),
    tieBreakTicket: integer('tie_break_ticket'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('battles_status_known', sql`${t.status} in ('created', 'started', 'finished', 'cancelled')`),
    check('battles_rounds_valid', sql`${t.roundCount} between 1 and 50 and ${t.currentRound} between 0 and ${t.roundCount}`),
    check('battles_spectators_non_negative', sql`${t.spectators} >= 0`),
    index('battles_status_idx').on(t.status, t.createdAt),
    index('battles_due_idx').on(t.nextRoundAt).where(sql`${t.status} = 'started'`),
  ],
);

/** A taken seat: a player (who paid `paid`) or a bot. A player who leaves frees the row. */
export const battleSeats = pgTable(
  'battle_seats',
  {
    battleId: bigint('battle_id', { mode: 'number' })
      .notNull()
      .references(() => battles.id),
    seat: smallint('seat').notNull(),
    userId: integer('user_id').references(() => users.id),
    isBot: boolean('is_bot').notNull().default(false),
    /** The player's own client seed, read when the battle starts. */
    clientSeed: text('client_seed'),
    paid: money('paid').notNull().default(0),
    refunded: money('refunded').notNull().default(0),
    /** Catalogue value of the drops this seat received at the end. */
    won: money('won').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.seat] }),
    uniqueIndex('battle_seats_player_idx').on(t.battleId, t.userId),
    index('battle_seats_user_idx').on(t.userId, t.battleId),
    check('battle_seats_seat_valid', sql`${t.seat} between 1 and 4`),
    check('battle_seats_bot_or_player', sql`(${t.isBot} and ${t.userId} is null) or (not ${t.isBot} and ${t.userId} is not null)`),
  ],
);

/** One seat's drop in one revealed round, with its roll; `to_seat` and the item once the battle ends. */
export const battleDrops = pgTable(
  'battle_drops',
  {
    battleId: bigint('battle_id', { mode: 'number' })
      .notNull()
      .references(() => battles.id),
    round: smallint('round').notNull(),
    seat: smallint('seat').notNull(),
    caseId: integer('case_id').notNull(),
    oddsId: integer('odds_id').notNull(),
    ticket: integer('ticket').notNull(),
    itemKey: text('item_key').notNull(),
    itemPrice: money('item_price').notNull(),
    toSeat: smallint('to_seat'),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.round, t.seat] })],
);
