import { z } from 'zod';
import { BATTLE_MAX_ROUNDS, BATTLE_MAX_SEATS } from '../constants.ts';
import { BATTLE_MODES, BATTLE_STATUSES } from '../battle.ts';
import { amount, pageOf, playerQuery, publicPlayer, queryBool, queryList } from './common.ts';
import { catalogueItem, section } from './cases.ts';

/**
 * Case battles (spec §2, §3, §4, §7; decision 008). Amounts are site-currency units. Battle ids
 * are ULIDs; every body and query names the battle `battle_ulid`.
 *
 * Under `/api`:
 * - `GET /battles?sort=date|price&direction=0|1&statuses=created,started&page=&per_page=` → `{ battles, has_next }`; public.
 * - `GET /battles/cases` → `{ sections, last_cases, max_rounds }`: the cases allowed in battles; `last_cases`
 *   are the signed-in player's most recently battled cases.
 * - `GET /battles/battle?battle_ulid=` → `Battle` (revealed rounds only; the server seed once finished).
 * - `GET /battles/status` → `{ active_battle_ulid, in_battle }`; a guest gets `{ null, false }`.
 * - `GET /battles/statistics?user_id=` → `{ all_count, max_win, wins_count, wins_percent }`; own when no user_id.
 * - `POST /battles/battles` `{ mode, cases: [{ slug, count }] }` → `{ battle_ulid, balance }`; the creator takes seat 1 and pays.
 *   Refusals: `error_max_rounds` / `error_too_many_rounds` (params.max), `caseNotFound`, `case_not_available`,
 *   `battle_create_error` (a case battles do not play; params.case), `error_not_enough_funds_for_battle`.
 * - `POST /battles/join` `{ battle_ulid, seat? }` → `{ balance, battle }`; the last seat starts the battle.
 * - `POST /battles/leave` `{ battle_ulid }` → `{ balance }`: refund before the start (the creator leaving cancels).
 * - `POST /battles/start` `{ battle_ulid }` → `{ battle }`: the creator fills the empty seats with bots.
 * - `POST /battles/cancel_start` `{ battle_ulid }` → `{ balance, battle }`: the creator cancels before the start, all refunded.
 * - `POST /battles/sell` `{ battle_ulid }` → `SellResponse`: sells the player's unsold winnings of that battle.
 * - `POST /battles/open` | `/battles/close` `{ battle_ulid }` → `{ spectators }`: a viewer arrives or leaves.
 * - `POST /battles/emoji` `{ battle_ulid, content }` → `{ battle_ulid, content, member_id }`: seated players only;
 *   `member_id` is the sender's seat number (1..4), so pages show the reaction by that seat.
 * - `GET /v1/battles?private=1&statuses=&user_id=&page=&per_page=` → page of `BattleSummary`, newest first.
 * - `GET /v1/battles/statistic?user_id=` → `BattleStatistic`; `GET /v1/battles/best?user_id=` → `BattleSummary | null`;
 *   `GET /v1/battles/winrate?user_id=` → `{ win, lose }`.
 *
 * Live (websocket hub of DESIGN): the list channel `battles_active` carries `battles_battle_updated`
 * (a `BattleSummary`) on every change of a battle's seats or status, and `statechange` (`BattleStateChange`)
 * on every round; each battle's channel `battle#<ulid>` carries `battles_battle_updated` (the whole `Battle`),
 * `statechange` per revealed round, `battles_emoji_sent`, and `battles_spectators` (`{ battle_ulid, spectators }`,
 * at most a couple a second per battle however many viewers come and go).
 */

/** The reactions a seated player may send. */
export const BATTLE_EMOJIS = ['🔥', '😎', '😂', '😭', '😡', '👍', '🙏', '💰'] as const;

export const battleMode = z.enum(BATTLE_MODES);
export const battleStatus = z.enum(BATTLE_STATUSES);
export const battleUlid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'a battle id');

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const seat = z.number().int().min(1).max(BATTLE_MAX_SEATS);

/** A case as a battle shows it. */
export const battleCase = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  color: z.string(),
  price: amount,
  volatility: z.number(),
});
export type BattleCase = z.infer<typeof battleCase>;

export const battleCaseLine = z.object({ case: battleCase, count: z.number() });

export const battleMember = z.object({
  seat: z.number(),
  team: z.number(),
  /** null for a bot. */
  user: publicPlayer.nullable(),
  is_bot: z.boolean(),
  /** The nickname, or the bot's name. */
  name: z.string(),
  /** Sum of this seat's revealed drops. */
  total: amount,
  /** What the seat received when the battle ended (0 before, and for losers). */
  won: amount,
  is_winner: z.boolean(),
});
export type BattleMember = z.infer<typeof battleMember>;

export const battleSummary = z.object({
  ulid: z.string(),
  status: battleStatus,
  mode: battleMode,
  seats_count: z.number(),
  creator_id: z.number(),
  /** What each seat pays. */
  price: amount,
  total_rounds: z.number(),
  current_round: z.number(),
  cases: z.array(battleCaseLine),
  members: z.array(battleMember),
  spectators: z.number(),
  winner_team: z.number().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BattleSummary = z.infer<typeof battleSummary>;

export const battleDrop = z.object({
  seat: z.number(),
  ticket: z.number(),
  item: catalogueItem,
  /** The seat this drop went to when the battle ended; null until then. */
  to_seat: z.number().nullable(),
});
export type BattleDrop = z.infer<typeof battleDrop>;

export const battleRound = z.object({ round: z.number(), case_slug: z.string(), drops: z.array(battleDrop) });
export type BattleRound = z.infer<typeof battleRound>;

export const battleFairness = z.object({
  server_seed_hash: z.string(),
  /** Revealed when the battle ends. */
  server_seed: z.string().nullable(),
  /** Fixed when the battle starts. */
  client_seed: z.string().nullable(),
  tie_break: z.object({ ticket: z.number(), nonce: z.number(), tied_teams: z.array(z.number()) }).nullable(),
});

export const battle = battleSummary.extend({
  /** The case slug of each round, round 1 first. */
  round_cases: z.array(z.string()),
  rounds: z.array(battleRound),
  /** When the next round is revealed (ms since epoch), while the battle runs. */
  next_round_at: z.number().nullable(),
  round_ms: z.number(),
  fair: battleFairness,
});
export type Battle = z.infer<typeof battle>;

/** One revealed round, as the `statechange` event carries it. */
export const battleStateChange = z.object({
  battle_ulid: z.string(),
  status: battleStatus,
  round: battleRound,
  total_rounds: z.number(),
  totals: z.array(z.object({ seat: z.number(), total: amount })),
  /** When the round was due (ms since epoch): a client's lateness is its arrival time minus this. */
  due_at: z.number(),
  next_round_at: z.number().nullable(),
  winner_team: z.number().nullable(),
});
export type BattleStateChange = z.infer<typeof battleStateChange>;

export const battlesQuery = z.object({
  sort: z.enum(['date', 'price']).default('date'),
  /** 0 up (oldest or cheapest first), 1 down. */
  direction: z.coerce.number().int().min(0).max(1).default(1),
  statuses: queryList.optional(),
  page,
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export type BattlesQuery = z.infer<typeof battlesQuery>;

export const battlesResponse = z.object({ battles: z.array(battleSummary), has_next: z.boolean() });
export type BattlesResponse = z.infer<typeof battlesResponse>;

export const battleCasesResponse = z.object({
  sections: z.array(section),
  last_cases: z.array(battleCase),
  max_rounds: z.number(),
});
export type BattleCasesResponse = z.infer<typeof battleCasesResponse>;

export const battleQuery = z.object({ battle_ulid: battleUlid });

/** GET /api/battles/winnings: what the caller won in a battle and still holds, so can sell. */
export const battleWinningsResponse = z.object({ items: z.number().int(), price: amount });
export type BattleWinningsResponse = z.infer<typeof battleWinningsResponse>;

export const battleStatusResponse = z.object({ active_battle_ulid: z.string().nullable(), in_battle: z.boolean() });
export type BattleStatusResponse = z.infer<typeof battleStatusResponse>;

export const userQuery = playerQuery({});

export const battleStatisticsResponse = z.object({
  all_count: z.number(),
  max_win: amount,
  wins_count: z.number(),
  /** Percent with 2 decimals; 0 with no battles. */
  wins_percent: z.number(),
});
export type BattleStatisticsResponse = z.infer<typeof battleStatisticsResponse>;

export const createBattleBody = z
  .object({
    mode: battleMode,
    cases: z
      .array(z.object({ slug: z.string().min(1).max(100), count: z.number().int() }).strict())
      .max(BATTLE_MAX_ROUNDS),
  })
  .strict();
export type CreateBattleBody = z.infer<typeof createBattleBody>;

export const createBattleResponse = z.object({ battle_ulid: z.string(), balance: amount });
export type CreateBattleResponse = z.infer<typeof createBattleResponse>;

export const battleRefBody = z.object({ battle_ulid: battleUlid }).strict();
export const joinBattleBody = z.object({ battle_ulid: battleUlid, seat: seat.optional() }).strict();

export const joinBattleResponse = z.object({ balance: amount, battle });
export type JoinBattleResponse = z.infer<typeof joinBattleResponse>;
export const leaveBattleResponse = z.object({ balance: amount });
export type LeaveBattleResponse = z.infer<typeof leaveBattleResponse>;
export const startBattleResponse = z.object({ battle });
export type StartBattleResponse = z.infer<typeof startBattleResponse>;
export const cancelBattleResponse = z.object({ balance: amount, battle });
export type CancelBattleResponse = z.infer<typeof cancelBattleResponse>;
export const spectatorsResponse = z.object({ spectators: z.number() });
export type SpectatorsResponse = z.infer<typeof spectatorsResponse>;
export const spectatorsEvent = z.object({ battle_ulid: z.string(), spectators: z.number() });
export type SpectatorsEvent = z.infer<typeof spectatorsEvent>;

export const emojiBody = z.object({ battle_ulid: battleUlid, content: z.enum(BATTLE_EMOJIS) }).strict();
/** `member_id` is the sender's seat number. */
export const emojiMessage = z.object({ battle_ulid: z.string(), content: z.string(), member_id: z.number() });
export type EmojiMessage = z.infer<typeof emojiMessage>;

export const battleHistoryQuery = playerQuery(
  {
    private: queryBool.optional(),
    statuses: queryList.optional(),
    page,
  },
  { max: 50, default: 20 },
);
export type BattleHistoryQuery = z.infer<typeof battleHistoryQuery>;

export const battleHistoryResponse = pageOf(battleSummary);
export type BattleHistoryResponse = z.infer<typeof battleHistoryResponse>;

export const battleStatistic = z.object({
  count: z.number(),
  wins: z.number(),
  losses: z.number(),
  spent: amount,
  won: amount,
  profit: amount,
  best_win: amount,
});
export type BattleStatistic = z.infer<typeof battleStatistic>;

export const winrateResponse = z.object({ win: z.number(), lose: z.number() });
export type WinrateResponse = z.infer<typeof winrateResponse>;

export const bestBattleResponse = battleSummary.nullable();
