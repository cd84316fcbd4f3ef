import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns.ts';
import { fairRollColumns } from '../provably-fair/schema.ts';
import { users } from '../users/schema.ts';

// Tables of the techies module; other modules reach them through its operations (a schema may import another only for foreign keys).
/**
 * One techies game (decision 021). The layout is rolled when the game starts (one ticket per
 * mine, `tickets`, cursors 0..mines − 1 of one nonce; the roll columns keep the first) and stays
 * hidden until the game ends. A player has at most one game in play.
 */
export const techiesGames = pgTable(
  'techies_games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    stake: money('stake').notNull(),
    minesCount: smallint('mines_count').notNull(),
    mines: smallint('mines').array().notNull(),
    tickets: integer('tickets').array().notNull(),
    /** Safe cells opened, in order. */
    opened: smallint('opened').array().notNull().default(sql`'{}'::smallint[]`),
    state: text('state').notNull().default('playing'),
    /** The mine that ended a lost game. */
    hit: smallint('hit'),
    /** The return to player the game started with, basis points: a later change of the setting leaves it alone. */
    rtp: integer('rtp_bp').notNull(),
    payout: money('payout'),
    ...fairRollColumns(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('techies_games_playing_idx').on(t.userId).where(sql`${t.state} = 'playing'`),
    index('techies_games_user_idx').on(t.userId, t.id),
    check('techies_games_state_known', sql`${t.state} in ('playing', 'cashed', 'lost')`),
    check('techies_games_mines_valid', sql`${t.minesCount} between 1 and 24 and cardinality(${t.mines}) = ${t.minesCount}`),
    check('techies_games_stake_positive', sql`${t.stake} > 0`),
    check('techies_games_finished', sql`(${t.state} = 'playing') = (${t.payout} is null and ${t.finishedAt} is null)`),
  ],
);
export type TechiesRow = typeof techiesGames.$inferSelect;
