import { z } from 'zod';
import { INVENTORY_GROUPS, INVENTORY_PAGE_SIZE, MAX_SELL_OR_WITHDRAW_ITEMS } from '../constants.ts';
import { amount, playerQuery } from './common.ts';

/** One skin inside a pack (spec §3 packItems). */
export const packItem = z.object({ item_id: z.string(), name: z.string(), image: z.string(), price: amount, rarity_color: z.string() });
export type PackItem = z.infer<typeof packItem>;

export const inventoryItem = z.object({
  id: z.number(),
  item_id: z.string(),
  name: z.string(),
  market_name: z.string(),
  price: amount,
  price_profile: amount,
  status: z.string(),
  /** `ITEM_TYPE`: 0 a skin, 1 a pack, 3 a balance credit (decision 019). */
  type: z.number(),
  rarity: z.string(),
  rarity_color: z.string(),
  quality: z.string().nullable(),
  stattrak: z.boolean(),
  image: z.string(),
  source: z.string(),
  created_at: z.string(),
  timer_data: z.object({ ends_at: z.string() }).nullable(),
  /** A pack's contents (type 1), else null. */
  pack_items: z.array(packItem).nullable(),
  /**
   * Won free (a level case, a free opening, a coin case) while the owner has not yet deposited:
   * it cannot be sold, exchanged, withdrawn or staked until the first deposit (decision 058).
   * Always false in another player's view.
   */
  sale_locked: z.boolean(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

const groups = Object.keys(INVENTORY_GROUPS) as [keyof typeof INVENTORY_GROUPS, ...(keyof typeof INVENTORY_GROUPS)[]];

/** Spec §3 Inventory request: group, page, perPage, userId (the snake_case names too). */
export const inventoryQuery = playerQuery(
  {
    group: z.enum(groups).default('active'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  },
  { max: 100, default: INVENTORY_PAGE_SIZE },
);
export type InventoryQuery = z.infer<typeof inventoryQuery>;

export const inventoryResponse = z.object({
  items: z.array(inventoryItem),
  total_item: z.number(),
  total_price: amount,
  page: z.number(),
  per_page: z.number(),
  is_owner: z.boolean(),
  /** Of the group's items, those locked until the first deposit (`sale_locked`): how many and their value; 0 in another player's view. */
  locked_item: z.number(),
  locked_price: amount,
});
export type InventoryResponse = z.infer<typeof inventoryResponse>;

const itemId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const sellOneBody = z.object({ id: itemId }).strict();
export const sellManyBody = z.object({ ids: z.array(itemId).max(MAX_SELL_OR_WITHDRAW_ITEMS) }).strict();
/**
 * "Sell all" sells what the player holds when it runs. What they were shown and confirmed (the
 * count and the sum) comes along, and a sale that would differ is refused (`inventory_changed`):
 * an item that arrived since, in another tab or from a battle, is never sold unseen. Both are
 * optional, so a client of the spec's bare call still sells everything.
 */
export const sellAllBody = z
  .object({ expected_count: z.number().int().min(0).max(1_000_000).optional(), expected_total: z.number().min(0).max(1e12).optional() })
  .strict()
  .nullish();
export type SellAllBody = z.infer<typeof sellAllBody>;

export const sellResponse = z.object({
  sold: z.array(z.number()),
  amount: amount,
  balance: amount,
  total_amount_items: amount,
});
export type SellResponse = z.infer<typeof sellResponse>;

/** `live_sale` on the seller's channel (spec §3 Live sale event): the items sold and the money credited. */
export const liveSale = z.object({ type: z.literal('sell'), user: z.number(), money: amount, price: amount, utastycoin: z.number(), items: z.array(z.number()) });
export type LiveSale = z.infer<typeof liveSale>;
/** `sell_done` on the seller's channel: the balances after the sale. */
export const sellDone = z.object({ balance: amount, total_amount_items: amount });
export type SellDone = z.infer<typeof sellDone>;

/** GET /api/v1/users/{userId}/dashboard (spec §7): the profile's counts, under spec §3's names. */
export const dashboardQuery = z.object({ active: z.string().max(10).optional() });
export const dashboard = z.object({
  battles_count: z.number(),
  inventory_count: z.number(),
  inventory_active_count: z.number(),
  send_items_count: z.number(),
  upgrades_count: z.number(),
});
export type Dashboard = z.infer<typeof dashboard>;
