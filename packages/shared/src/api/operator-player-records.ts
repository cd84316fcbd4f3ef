import { z } from 'zod';
import { idParam, pageOf } from './common.ts';
import { operatorReason } from './operators.ts';

/**
 * What the console shows of one player beyond the profile and the ledger (decision
 * 029): the items with their history, the openings and games, the open sessions (support can end
 * one of a stolen account) and the promo codes used. Amounts are wallet units with 2 decimals.
 */

const perPage = z.coerce.number().int().min(1).max(100).default(20);
const page = z.coerce.number().int().min(1).max(100_000).default(1);

export const playerRecordsQuery = z.object({ page, per_page: perPage });

/** A withdrawal of an item, as the item's history shows it. */
export const itemWithdrawal = z.object({
  id: z.number(),
  state: z.string(),
  reason: z.string().nullable(),
  attempts: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /api/v1/admin/players/:id/items: every item the player ever had, newest first. */
export const operatorItem = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  price: z.number(),
  status: z.string(),
  /** Where the item came from (`case_open`, `upgrade`, `contract`, `battle`, `operator`...) and that action's reference. */
  source: z.string(),
  source_ref: z.string(),
  created_at: z.string(),
  /** When its status last changed. */
  updated_at: z.string(),
  withdrawals: z.array(itemWithdrawal),
});
export const operatorItemsResponse = pageOf(operatorItem);
export type OperatorItem = z.infer<typeof operatorItem>;

/** GET /api/v1/admin/players/:id/games: the player's openings and games from the activity stream, newest first. */
export const operatorGame = z.object({
  id: z.number(),
  /** The activity's kind (`case_open`, `battle`, `upgrade`, `contract`, `techies`, `sale`, `deposit`...). */
  kind: z.string(),
  /** What the player put in, GOLD. */
  amount: z.number(),
  /** What the player got back, GOLD. */
  won: z.number(),
  count: z.number(),
  case_id: z.number().nullable(),
  ref: z.string(),
  at: z.string(),
});
export const operatorGamesResponse = pageOf(operatorGame);

/** GET /api/v1/admin/players/:id/sessions: the player's open sessions, newest first. */
export const operatorSession = z.object({ id: z.string(), created_at: z.string(), user_agent: z.string().nullable() });
export const operatorSessionsResponse = z.object({ sessions: z.array(operatorSession) });

/** POST /api/v1/admin/players/:id/sessions/:sessionId/revoke, with the operator's reason. */
export const operatorSessionParams = z.object({ id: idParam, sessionId: z.string().regex(/^[0-9a-f]{16}$/) });
export const sessionRevokeBody = z.object({ reason: operatorReason }).strict();
export const sessionRevokeResult = z.object({ revoked: z.boolean(), audit_id: z.number().nullable() });

/** GET /api/v1/admin/players/:id/promo-uses: every use of a promo code by the player, newest first. */
export const operatorPromoUse = z.object({
  id: z.number(),
  code: z.string(),
  /** The deposit that carried the code; null for an instant code's credit. */
  order_id: z.string().nullable(),
  credited: z.number(),
  at: z.string(),
});
export const operatorPromoUsesResponse = z.object({
  items: z.array(operatorPromoUse),
  /** The code applied and waiting for a deposit, if any. */
  pending: z.object({ code: z.string(), applied_at: z.string() }).nullable(),
});
