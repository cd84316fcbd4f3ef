import { z } from 'zod';
import { MAX_UPGRADE_ITEMS } from '../constants.ts';
import { amount, pageOf, pagedEnvelope, fairRoll, historyScope, playerQuery, publicPlayer, queryBool, type Paginator } from './common.ts';
import { catalogueItem } from './cases.ts';
import { inventoryItem } from './inventory.ts';

/**
 * Upgrades (spec §3, §5, §7, §9; decision 006). Amounts are site-currency units.
 * - `GET /api/v1/unique-items?group=upgrade&search=&min_price=&max_price=&sort=price_asc|price_desc&page=&per_page=`
 *   lists the catalogue items a player can aim for → `data: UniqueItem[]` with `paginator` beside it (spec §7: a list); public.
 * - `GET /api/v1/upgrade-rate` → `{ upgrade_rate, price_max_difference, price_factor, max_items }`; public.
 * - `POST /api/v1/upgrades/upgrade-items` body `{ user_item_ids: number[] (≤15), target_item_id: string, reversed: boolean }`,
 *   optional `Idempotency-Key` header; signed in. Stakes the player's `progress` items (they go to `to_upgrade`) on one
 *   roll → `UpgradeResult { id, success, win_prize, pity_prize, coins_prize, coins_balance, stake, chance, target, roll }`.
 *   Refusals: `inventory` (no items), `upgrade_target_not_selected`, `upgrade_target_outdated`, `invalidItem` (not the
 *   player's or not in `progress`), `validation` (more than 15), `upgrade_invalid_sum` (params.min), `upgrade_multiplier_too_high` (params.max).
 * - `GET /api/v1/upgrades?scope=mine|all&wins_only=1&user_id=&page=&per_page=` → `{ items: UpgradeRecord[], total, page, per_page }`,
 *   newest first; `mine` needs sign-in, `user_id` shows one player's upgrades.
 * - `GET /api/v1/upgrades/statistic?scope=mine|all&user_id=` → `UpgradeStatistic` (counts and sums).
 * Every finished upgrade is published on the `Upgrades/Live` channel as event `upgrade` with an `UpgradeRecord`.
 */

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const price = z.coerce.number().min(0).max(100_000_000);

export const uniqueItem = z.object({
  id: z.string(),
  name: z.string(),
  market_name: z.string(),
  image: z.string(),
  quality: z.string().nullable(),
  stattrak: z.boolean(),
  rarity: z.string(),
  rarity_color: z.string(),
  price_data: z.object({ price: amount, market_price: amount }),
  base_price: amount,
});
export type UniqueItem = z.infer<typeof uniqueItem>;

export const uniqueItemsQuery = z.object({
  group: z.enum(['upgrade']).default('upgrade'),
  search: z.string().trim().max(100).optional(),
  min_price: price.optional(),
  max_price: price.optional(),
  sort: z.enum(['price_asc', 'price_desc']).default('price_asc'),
  page,
  per_page: z.coerce.number().int().min(1).max(100).default(40),
});
export type UniqueItemsQuery = z.infer<typeof uniqueItemsQuery>;

export const uniqueItemsResponse = pagedEnvelope(uniqueItem);
/** What the server builds: one page of targets and where it is. */
export interface UniqueItemsPage {
  items: UniqueItem[];
  paginator: Paginator;
}

export const upgradeRateResponse = z.object({
  upgrade_rate: z.number(),
  price_max_difference: z.number(),
  price_factor: z.number(),
  max_items: z.number(),
});
export type UpgradeRateResponse = z.infer<typeof upgradeRateResponse>;

const itemId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const upgradeItemsBody = z
  .object({
    user_item_ids: z.array(itemId).max(MAX_UPGRADE_ITEMS),
    /** Catalogue key of the target (`UniqueItem.id`); empty or missing means not selected. */
    target_item_id: z.string().max(200).nullish(),
    reversed: z.boolean().default(false),
  })
  .strict();
export type UpgradeItemsBody = z.infer<typeof upgradeItemsBody>;

export const upgradeRoll = fairRoll.extend({
  /** Percent with 3 decimals; the winning tickets are chance × 1000 of them. */
  chance: z.number(),
  reversed: z.boolean(),
  /** The winning ticket range the roll was checked against (null when the chance is 0). */
  win_from: z.number().nullable(),
  win_to: z.number().nullable(),
});
export type UpgradeRoll = z.infer<typeof upgradeRoll>;

/** A prize carries the player's experience after the upgrade (spec §3). */
export const upgradePrize = inventoryItem.extend({ current_exp: z.number() });

export const upgradeResult = z.object({
  id: z.number(),
  success: z.boolean(),
  win_prize: upgradePrize.nullable(),
  /** Not configured in this store (decision 006): always null. */
  pity_prize: upgradePrize.nullable(),
  /** COIN credited on a loss (decision 006), 0 on a win. */
  coins_prize: amount,
  coins_balance: amount,
  stake: amount,
  chance: z.number(),
  target: uniqueItem,
  /** The roll's value (spec §3 roll): the ticket drawn, 1 to 100 000. */
  roll: z.number().int(),
  /** What verifies it: seeds, nonce and cursor, chance, direction and the winning range. */
  roll_data: upgradeRoll,
});
export type UpgradeResult = z.infer<typeof upgradeResult>;

export const upgradeStakeItem = catalogueItem.extend({ user_item_id: z.number() });

export const upgradeRecord = z.object({
  id: z.number(),
  user: publicPlayer,
  items: z.array(upgradeStakeItem),
  target: catalogueItem,
  stake: amount,
  chance: z.number(),
  success: z.boolean(),
  coins_prize: amount,
  roll: z.number().int(),
  roll_data: upgradeRoll,
  created_at: z.string(),
});
export type UpgradeRecord = z.infer<typeof upgradeRecord>;

export const upgradesQuery = playerQuery(
  {
    scope: historyScope.default('all'),
    wins_only: queryBool.optional(),
    page,
  },
  { max: 50, default: 20 },
);
export type UpgradesQuery = z.infer<typeof upgradesQuery>;

export const upgradesResponse = pageOf(upgradeRecord);
export type UpgradesResponse = z.infer<typeof upgradesResponse>;

export const upgradeStatisticQuery = playerQuery({ scope: historyScope.default('all') });

export const upgradeStatistic = z.object({
  count: z.number(),
  wins: z.number(),
  losses: z.number(),
  /** Percent of upgrades won, 2 decimals; 0 with no upgrades. */
  win_rate: z.number(),
  total_staked: amount,
  total_won: amount,
  total_coins: amount,
  best_win: amount,
});
export type UpgradeStatistic = z.infer<typeof upgradeStatistic>;
