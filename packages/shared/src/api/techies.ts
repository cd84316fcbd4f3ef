import { z } from 'zod';
import { amount } from './common.ts';
import { TECHIES_CELLS, TECHIES_MAX_MINES, TECHIES_MIN_MINES } from '../techies.ts';

/**
 * The techies game (decision 021). Calls, all signed in, and refused with `not_found` while the
 * `techies` flag is off:
 * - `GET /api/v1/techies/config` → `TechiesConfig`
 * - `GET /api/v1/techies/game` → the player's open game or null (a game survives a reload or a restart)
 * - `POST /api/v1/techies/start {stake, mines}` → `TechiesGame` (the stake leaves the balance)
 * - `POST /api/v1/techies/open {game_id, cell}` → `TechiesGame` (a mine ends it lost; the last safe cell cashes out)
 * - `POST /api/v1/techies/cashout {game_id}` → `TechiesGame` (the payout is on the balance)
 * - `GET /api/v1/techies/history?page=` → the player's finished games, newest first
 */
export const techiesConfig = z.object({
  cells: z.number(),
  min_mines: z.number(),
  max_mines: z.number(),
  min_stake: amount,
  max_stake: amount,
  /** The return to player every way of playing gives on average, e.g. 0.95. */
  rtp: z.number(),
});
export type TechiesConfig = z.infer<typeof techiesConfig>;

export const techiesState = z.enum(['playing', 'cashed', 'lost']);
export type TechiesState = z.infer<typeof techiesState>;

export const techiesGame = z.object({
  id: z.number(),
  state: techiesState,
  stake: amount,
  mines_count: z.number(),
  /** Safe cells opened, in the order they were opened (0..24, row by row). */
  opened: z.array(z.number()),
  /** The mine that ended a lost game, else null. */
  hit: z.number().nullable(),
  /** The layout, shown once the game is over (null while playing). */
  mines: z.array(z.number()).nullable(),
  /** What cashing out now pays (stake × it); 1 before the first cell. */
  multiplier: z.number(),
  /** The multiplier the next safe cell gives; null when no safe cell is left. */
  next_multiplier: z.number().nullable(),
  /** Paid on a cash-out; 0 when lost; null while playing. */
  payout: amount.nullable(),
  /** The balance after this call's money moved. */
  balance: amount,
  /** The layout's roll: one cursor per mine, 0 to mines − 1 (`placeMines`). */
  roll: z.object({ server_seed_hash: z.string(), client_seed: z.string(), nonce: z.number() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TechiesGame = z.infer<typeof techiesGame>;

const gameId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const techiesStartBody = z
  .object({ stake: z.number().positive().max(1_000_000), mines: z.number().int().min(TECHIES_MIN_MINES).max(TECHIES_MAX_MINES) })
  .strict();
export const techiesOpenBody = z
  .object({ game_id: gameId, cell: z.number().int().min(0).max(TECHIES_CELLS - 1) })
  .strict();
export const techiesCashoutBody = z.object({ game_id: gameId }).strict();
export const techiesCurrent = z.object({ game: techiesGame.nullable() });
export const techiesHistoryQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const techiesHistory = z.object({ items: z.array(techiesGame), total: z.number(), page: z.number(), per_page: z.number() });
