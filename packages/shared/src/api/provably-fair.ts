import { z } from 'zod';
import { amount } from './common.ts';
import { catalogueItem } from './cases.ts';

/** The pair a player's next rolls use: the server seed only as its hash, the client seed, the nonce the next roll takes. */
export const currentSeed = z.object({ server_seed_hash: z.string(), client_seed: z.string(), next_nonce: z.number(), created_at: z.string() });
/** A pair that was rotated away: its server seed shown, and the last nonce rolled with it (0: none). */
export const revealedSeed = z.object({
  id: z.number(),
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  last_nonce: z.number(),
  created_at: z.string(),
  revealed_at: z.string(),
});
export type RevealedSeed = z.infer<typeof revealedSeed>;

/** GET /api/v1/provably-fair/seeds: the current pair, readable before any play. */
export const seedsResult = z.object({ current: currentSeed });
export type SeedsResult = z.infer<typeof seedsResult>;

/** POST /api/v1/provably-fair/client-seed: the player's own client seed, used from the next roll. */
export const clientSeedBody = z.object({ client_seed: z.string().max(200) }).strict();

/** POST /api/v1/provably-fair/rotate: the old server seed revealed, a new pair started with the same client seed. */
export const rotateResult = z.object({ revealed: revealedSeed, current: currentSeed });
export type RotateResult = z.infer<typeof rotateResult>;

/** GET /api/v1/provably-fair/seeds/revealed?page=: the player's rotated pairs, newest first. */
export const revealedQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(100).default(20) });
export const revealedResult = z.object({ items: z.array(revealedSeed), total: z.number(), page: z.number(), per_page: z.number() });
export type RevealedResult = z.infer<typeof revealedResult>;

/**
 * One outcome with everything that verifies it (decision 021), public so a player can share it:
 * `GET /api/v1/provably-fair/outcomes/{kind}/{id}`. The server seed shows once its pair was
 * rotated (a battle's once the battle ended); until then the hash commits to it. `rolls` are the
 * tickets the outcome drew, one per cursor; the rest is what maps a ticket to the result.
 */
export const outcomeKind = z.enum(['case', 'upgrade', 'contract', 'battle', 'techies']);
export type OutcomeKind = z.infer<typeof outcomeKind>;
/** An outcome's id: the opening's, upgrade's, contract's or game's number; a battle's ulid. */
export const outcomeId = z.string().regex(/^[0-9A-Za-z]{1,40}$/);
export const outcomeParams = z.object({ kind: outcomeKind, id: outcomeId });

export const outcomeSeed = z.object({
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number(),
});
export const outcomeRoll = z.object({ nonce: z.number(), cursor: z.number(), ticket: z.number() });
/** A ticket range of an odds table: tickets `from`..`to` (of 1..100000) give `item`. */
export const oddsRange = z.object({ item: catalogueItem, from: z.number(), to: z.number() });
export type OddsRange = z.infer<typeof oddsRange>;

const outcomeBase = z.object({
  id: z.string(),
  created_at: z.string(),
  player: z.object({ id: z.number(), nickname: z.string() }),
  seed: outcomeSeed,
  rolls: z.array(outcomeRoll),
});
export const caseOutcome = outcomeBase.extend({
  kind: z.literal('case'),
  case: z.object({ id: z.number(), slug: z.string(), name: z.string(), image: z.string() }),
  /** The odds version the roll used: `GET /api/v1/provably-fair/odds/{odds_id}` gives the same table, for ever. */
  odds_id: z.number(),
  ranges: z.array(oddsRange),
  item: catalogueItem,
  /** An event case's coins, rolled with the same nonce at `cursor` (1) by `coinsFromTicket`; null for other cases. */
  coins: z.object({ min: z.number(), max: z.number(), won: z.number(), cursor: z.number() }).nullable(),
});
export const upgradeOutcome = outcomeBase.extend({
  kind: z.literal('upgrade'),
  stake: amount,
  target: catalogueItem,
  /** Percent with 3 decimals; the winning range is `isUpgradeWin`'s. */
  chance: z.number(),
  reversed: z.boolean(),
  win_from: z.number().nullable(),
  win_to: z.number().nullable(),
  success: z.boolean(),
});
/** A ticket range of the table a contract was drawn from: the same as a case's. */
export const contractOutcomeRow = oddsRange;
export const contractFairOutcome = outcomeBase.extend({
  kind: z.literal('contract'),
  stake: amount,
  outcomes: z.array(contractOutcomeRow),
  item: catalogueItem,
});
/** A battle: the battle's own seeds; the drop of seat `s` in round `r` is nonce `r`, cursor `s`. */
export const battleOutcome = outcomeBase.extend({
  kind: z.literal('battle'),
  battle_ulid: z.string(),
  rounds: z.array(
    z.object({ round: z.number(), case_slug: z.string(), odds_id: z.number(), drops: z.array(z.object({ seat: z.number(), ticket: z.number(), item: catalogueItem })) }),
  ),
  /** The odds tables the rounds used, by odds id. */
  odds: z.record(z.string(), z.array(oddsRange)),
});
export const techiesOutcome = outcomeBase.extend({
  kind: z.literal('techies'),
  state: z.enum(['playing', 'cashed', 'lost']),
  stake: amount,
  mines_count: z.number(),
  /** The layout once the game is over (`minesFromTickets` of the rolls); null while it is played. */
  mines: z.array(z.number()).nullable(),
  opened: z.array(z.number()),
  hit: z.number().nullable(),
  multiplier: z.number(),
  payout: amount.nullable(),
});
export const fairOutcome = z.discriminatedUnion('kind', [caseOutcome, upgradeOutcome, contractFairOutcome, battleOutcome, techiesOutcome]);
export type FairOutcome = z.infer<typeof fairOutcome>;

/** `GET /api/v1/provably-fair/outcomes?kind=&page=`: the signed-in player's own outcomes, newest first, to pick one to check. */
export const myOutcomesQuery = z.object({
  kind: outcomeKind.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export const outcomeSummary = z.object({
  kind: outcomeKind,
  id: z.string(),
  created_at: z.string(),
  /** The case, the upgrade's target, the contract's item, "5×5, 3 mines"... in the player's language. */
  title: z.string(),
  nonce: z.number(),
  /** True once the server seed is revealed: the outcome can be checked to the end. */
  revealed: z.boolean(),
});
export const myOutcomesResult = z.object({ items: z.array(outcomeSummary), total: z.number(), page: z.number(), per_page: z.number() });

/** `GET /api/v1/provably-fair/odds/{id}`: one odds version, unchanged since the first roll that used it. */
export const oddsVersion = z.object({ id: z.number(), case_id: z.number(), created_at: z.string(), rtp: z.number(), ranges: z.array(oddsRange) });

/** `GET /api/v1/provably-fair/case-history/{caseId}?page=`: the signed-in player's openings of one case, newest first. */
export const caseHistoryParams = z.object({ caseId: z.coerce.number().int().positive().max(2 ** 31 - 1) });
export const caseHistoryQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(50).default(20) });
export const caseHistoryResult = z.object({
  case: z.object({ id: z.number(), slug: z.string(), name: z.string(), image: z.string() }),
  items: z.array(caseOutcome),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type CaseHistoryResult = z.infer<typeof caseHistoryResult>;
