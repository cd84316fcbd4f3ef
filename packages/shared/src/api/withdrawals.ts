import { z } from 'zod';
import { MAX_WITHDRAW_ITEMS, WITHDRAWAL_STATES } from '../withdrawals.ts';
import { amount, idParam } from './common.ts';
import { inventoryItem } from './inventory.ts';

/** POST /api/v1/inventory/senditem (spec §7): at most ten items, by trade link or Steam login. */
export const sendItemsBody = z.object({ ids: z.array(idParam).min(1).max(MAX_WITHDRAW_ITEMS), method: z.enum(['trade', 'login']).default('trade') }).strict();
/**
 * Skins go to the withdrawal queue (`PREPARING`, with the countdown's end); balance credits (type
 * 3) are paid into the balance at once (`credited`, spec §8 `itemType3CreditedToTheBalance`).
 */
export const sendItemsResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('PREPARING'), ids: z.array(z.number()), timer_ends_at: z.string() }),
  z.object({ status: z.literal('credited'), ids: z.array(z.number()), amount, balance: amount, code: z.literal('itemType3CreditedToTheBalance') }),
]);
export type SendItemsResult = z.infer<typeof sendItemsResult>;

/** GET /api/v1/inventory/{id}/trade_id: the trade offer the seller sent, once sent. */
export const tradeIdResult = z.object({ trade_id: z.string().nullable(), send_until: z.string().nullable(), state: z.enum(WITHDRAWAL_STATES) });
export type TradeIdResult = z.infer<typeof tradeIdResult>;

/**
 * `withdrawal_status` on the player's channel each time a withdrawal moves: the item, its new
 * status, the withdrawal's state, why it failed, the offer, and the alert code to show
 * (`withdrawalAlert`).
 */
export const withdrawalNotice = z.object({
  id: z.number(),
  status: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  reason: z.string().nullable(),
  trade_id: z.string().nullable(),
  send_until: z.string().nullable(),
  alert: z.string().nullable(),
});
export type WithdrawalNotice = z.infer<typeof withdrawalNotice>;

/** GET /api/v1/inventory/get/replacements?id=: skins of about the item's value it may be swapped for. */
export const replacementsQuery = z.object({ id: idParam });
export const replacementItem = z.object({
  item_id: z.string(),
  name: z.string(),
  market_name: z.string(),
  image: z.string(),
  price: amount,
  rarity: z.string(),
  rarity_color: z.string(),
  quality: z.string().nullable(),
  stattrak: z.boolean(),
});
export type ReplacementItem = z.infer<typeof replacementItem>;
export const replacementsResult = z.object({ id: z.number(), price: amount, items: z.array(replacementItem) });
export type ReplacementsResult = z.infer<typeof replacementsResult>;

/** POST /api/v1/inventory/replacement: swap an item (`EXCHANGED`) for a replacement (source `Change`); the difference goes to the balance. */
export const replacementBody = z.object({ id: idParam, item_id: z.string().min(1).max(200) }).strict();
export const replacementResult = z.object({ status: z.literal('EXCHANGED'), item: inventoryItem, change: amount, balance: amount });
export type ReplacementResult = z.infer<typeof replacementResult>;

/** POST /api/v1/inventory/packs/open: a pack becomes `unpacked` and its skins join the inventory (source `Pack`). */
export const openPackBody = z.object({ id: idParam }).strict();
export const openPackResult = z.object({ status: z.literal('unpacked'), id: z.number(), items: z.array(inventoryItem) });
export type OpenPackResult = z.infer<typeof openPackResult>;

/** POST /api/v1/users/steam/bot-invite: the store's Steam bot the player adds as a friend (spec §3). */
export const botInviteResult = z.object({ bot_steamid: z.string() });
