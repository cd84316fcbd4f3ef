import { z } from 'zod';
import { LEADERBOARD_TYPES } from '../leaderboards.ts';
import { amount, idParam, pagedEnvelope, queryBool, type Paginator } from './common.ts';

export const leaderboardType = z.enum(LEADERBOARD_TYPES);

/** A board's state: scoring, ended and waiting for its close, or closed with prizes paid. */
export const leaderboardStatus = z.enum(['running', 'closing', 'closed']);

/** A leaderboard card (spec §3 Leaderboard); `my_position` is null for guests and players not on it. */
export const leaderboard = z.object({
  id: z.number(),
  dates: z.object({ start: z.string(), end: z.string() }),
  /** Seconds to the end by the store's clock when answered (0 once ended): timers count from this, not the dates. */
  ends_in: z.number(),
  type: leaderboardType,
  status: leaderboardStatus,
  title: z.string(),
  description: z.string(),
  image: z.string(),
  prizes_count: z.number(),
  order: z.number(),
  /** The prize fund in whole currency units, rounded down. */
  prizes_amount: z.number(),
  currency: z.string(),
  my_position: z.number().nullable(),
});
export type Leaderboard = z.infer<typeof leaderboard>;

/** A prize item as the ranking and the reward popup show it. */
export const topDrop = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.string(),
  rarity_color: z.string(),
  price: amount,
});
export type TopDrop = z.infer<typeof topDrop>;

/**
 * What a ranking row shows on the right (spec §3 Prize): the prize of the place, or, for a place
 * nobody holds yet, a filler saying what it takes to enter (with the prize waiting there).
 */
export const topPrize = z.discriminatedUnion('type', [
  z.object({ type: z.literal('prize'), drop: topDrop }),
  z.object({ type: z.literal('filler'), remaining: z.object({ amount }), drop: topDrop.nullable() }),
]);
export type TopPrize = z.infer<typeof topPrize>;

export const rankingUser = z.object({ id: z.number(), avatar: z.string(), name: z.string(), level: z.number(), earn: amount });

/**
 * A place on a board. `score` is what the board counts (money for spent and won, a number
 * otherwise); `spent` is what the player spent on games during the board. `remaining` is 0 for a
 * held prize place; for a free place it is what it takes to enter; for a player below the prizes,
 * what it takes to reach the last prize place. `position` above 1000 is given as 1001.
 */
export const rankingRow = z.object({
  position: z.number(),
  user: rankingUser.nullable(),
  score: z.number(),
  spent: z.object({ amount }),
  prize: topPrize.nullable(),
  remaining: z.object({ amount }),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const ranking = z.object({
  leaderboard_id: z.number(),
  type: leaderboardType,
  status: leaderboardStatus,
  me: rankingRow.nullable(),
  leaders: z.array(rankingRow),
});
export type Ranking = z.infer<typeof ranking>;

export const leaderboardParams = z.object({ id: idParam });

/**
 * GET /api/v2/top/history (spec §7): the prizes ended boards handed out, one entry per place, the
 * newest board first and its places in order. `max_place` keeps each board's first places only
 * (the podium); `mine` keeps the caller's own places (spec §3 "Leaderboard history entry").
 */
export const topHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  max_place: z.coerce.number().int().min(1).max(10_000).optional(),
  mine: queryBool.optional(),
});
export type TopHistoryQuery = z.infer<typeof topHistoryQuery>;

/** A prize that was handed out (spec §7 history): the item and the place it went to. */
export const historyPrize = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  position: z.number(),
  price: z.object({ amount }),
  rarity: z.string(),
  rarity_color: z.string(),
});

/**
 * One place of an ended board (spec §7: id, title and prize). Spec §3's entry {id, name, place,
 * drop} is the same row as a client names it: name is `title`, place is `prize.position`, drop is
 * `prize`. The winner, their score and the board's period and currency ride beside it.
 */
export const historyEntry = z.object({
  id: z.number(),
  title: z.string(),
  prize: historyPrize,
  user: rankingUser,
  score: z.number(),
  type: leaderboardType,
  currency: z.string(),
  dates: z.object({ start: z.string(), end: z.string() }),
  prizes_amount: z.number(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** The list in `data`, its paginator beside it in the envelope (as `unique-items`). */
export const topHistoryResponse = pagedEnvelope(historyEntry);
/** What the server builds: one page of entries and where it is. */
export interface TopHistoryPage {
  items: HistoryEntry[];
  paginator: Paginator;
}

/** The reward popup (spec §3): a prize the player won and has not seen yet. */
export const topReward = z.object({ id: z.number(), leaderboard_id: z.number(), name: z.string(), place: z.number(), drop: topDrop });
export type TopReward = z.infer<typeof topReward>;

export const rewardParams = z.object({ id: idParam });
