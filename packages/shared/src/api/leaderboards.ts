import { z } from 'zod';
import { LEADERBOARD_TYPES } from '../leaderboards.ts';
import { amount, idParam } from './common.ts';

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

export const topHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(20).default(5),
});

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

export const historyWinner = z.object({
  position: z.number(),
  user: rankingUser,
  score: z.number(),
  prize: historyPrize,
});

/** A past board: its winners with their prizes, and the signed-in player's own place and prize. */
export const historyEntry = z.object({
  id: z.number(),
  title: z.string(),
  currency: z.string(),
  type: leaderboardType,
  dates: z.object({ start: z.string(), end: z.string() }),
  prizes_amount: z.number(),
  winners: z.array(historyWinner),
  mine: z.object({ place: z.number(), drop: topDrop }).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const topHistoryResponse = z.object({ items: z.array(historyEntry), total: z.number(), page: z.number(), per_page: z.number() });
export type TopHistoryResponse = z.infer<typeof topHistoryResponse>;

/** The reward popup (spec §3): a prize the player won and has not seen yet. */
export const topReward = z.object({ id: z.number(), leaderboard_id: z.number(), name: z.string(), place: z.number(), drop: topDrop });
export type TopReward = z.infer<typeof topReward>;

export const rewardParams = z.object({ id: idParam });
