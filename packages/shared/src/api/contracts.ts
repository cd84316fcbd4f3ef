import { z } from 'zod';
import { CONTRACT_MAX_ITEMS } from '../constants.ts';
import { amount, pageOf, fairRoll, historyScope, playerQuery, publicPlayer } from './common.ts';
import { catalogueItem } from './cases.ts';
import { inventoryItem } from './inventory.ts';

/**
 * Contracts (route `/contract/`; decision 006). Amounts are site-currency units.
 * - `POST /api/v1/contracts/preview` body `{ user_item_ids: number[] (3..10) }`; signed in. The outcome table the
 *   selection would be signed with → `{ stake, outcomes: ContractOutcome[], min_value, max_value, rtp, min_items, max_items }`.
 *   Nothing changes.
 * - `POST /api/v1/contracts/sign` body `{ user_item_ids }`, optional `Idempotency-Key` header; signed in. The items go to
 *   `to_contract` and one item drawn by the roll from the table arrives (source `Contract`)
 *   → `{ id, item: InventoryItem, stake, multiplier, roll, outcomes }`.
 *   Refusals for both: `inventory` (no items), `contract_items_count` (params.min/max), `validation` (more than 10),
 *   `invalidItem` (not the player's or not in `progress`), `contract_unavailable` (no table for that sum).
 * - `GET /api/v1/contracts?scope=mine|all&user_id=&page=&per_page=` → `{ items: ContractRecord[], total, page, per_page }`,
 *   newest first; `mine` needs sign-in.
 * Every signed contract is published on the `Contracts/Live` channel as event `contract` with a `ContractRecord`.
 */

const itemId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const contractBody = z.object({ user_item_ids: z.array(itemId).max(CONTRACT_MAX_ITEMS) }).strict();
export type ContractBody = z.infer<typeof contractBody>;

export const contractOutcome = z.object({
  item: catalogueItem,
  /** Percent with 3 decimals. */
  chance: z.number(),
  ticket_from: z.number(),
  ticket_to: z.number(),
});
export type ContractOutcome = z.infer<typeof contractOutcome>;

export const contractPreview = z.object({
  stake: amount,
  outcomes: z.array(contractOutcome),
  min_value: amount,
  max_value: amount,
  /** Return to player of the table, e.g. 0.9. */
  rtp: z.number(),
  min_items: z.number(),
  max_items: z.number(),
});
export type ContractPreview = z.infer<typeof contractPreview>;

export const contractRoll = fairRoll;

export const contractResult = z.object({
  id: z.number(),
  item: inventoryItem,
  stake: amount,
  /** Value of the drawn item over the stake, 2 decimals. */
  multiplier: z.number(),
  roll: contractRoll,
  outcomes: z.array(contractOutcome),
});
export type ContractResult = z.infer<typeof contractResult>;

export const contractRecord = z.object({
  id: z.number(),
  user: publicPlayer,
  items: z.array(catalogueItem.extend({ user_item_id: z.number() })),
  item: catalogueItem,
  stake: amount,
  multiplier: z.number(),
  roll: contractRoll,
  outcomes: z.array(contractOutcome),
  created_at: z.string(),
});
export type ContractRecord = z.infer<typeof contractRecord>;

export const contractsQuery = playerQuery(
  {
    scope: historyScope.default('all'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  },
  { max: 50, default: 20 },
);
export type ContractsQuery = z.infer<typeof contractsQuery>;

export const contractsResponse = pageOf(contractRecord);
export type ContractsResponse = z.infer<typeof contractsResponse>;
