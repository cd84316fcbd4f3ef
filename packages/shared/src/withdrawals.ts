/**
 * Withdrawal to Steam (spec §3 Inventory item statuses, §4 Inventory item, §9; decision 018). The
 * store holds no skins: a withdrawal buys the skin on a marketplace for the player, whose seller
 * sends a trade offer to the player's trade link. No IO here.
 */

/** The countdown a withdrawn item shows while its purchase is being placed (spec §9). */
export const WITHDRAWAL_COUNTDOWN_MS = 5 * 60_000;
/** At most this many items in one withdrawal request, as for a sale (spec §5). */
export const MAX_WITHDRAW_ITEMS = 10;
/** A player may have this many withdrawals under way at once (`tooManyWithdrawals` past it). */
export const MAX_ACTIVE_WITHDRAWALS = 20;
/** The most we pay the marketplace for an item, as a share of its price in the store. */
export const PRICE_CEILING = 1.15;
/**
 * A purchase the marketplace has not settled this long after it was placed goes to the operators'
 * queue (`support`) instead of being refunded: its seller may still deliver.
 */
export const SUPPORT_AFTER_MS = 2 * 60 * 60_000;

/**
 * Where a withdrawal is: `queued` (waiting for a worker), `buying` (the purchase request is out),
 * `unconfirmed` (its answer was lost: the marketplace is asked by our id before anything else),
 * `waiting_seller`, `offer_sent` (the seller's trade offer is with the player), `accepted`
 * (delivered), `failed` (nothing delivered; the item is back), `unavailable` (nobody sells it; the
 * item is back and replacements are offered), `support` (an operator settles it).
 */
export const WITHDRAWAL_STATES = ['queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent', 'accepted', 'failed', 'unavailable', 'support'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** States a worker still moves on. */
export const ACTIVE_WITHDRAWAL_STATES: readonly WithdrawalState[] = ['queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent'];

/** The inventory status an item shows for its withdrawal's state (spec §3 statuses). */
export function itemStatusOf(state: WithdrawalState): 'PREPARING' | 'vendor waiting' | 'send' | 'STEAM_WITHDRAWN' | 'progress' | 'support' {
  switch (state) {
    case 'queued':
    case 'buying':
    case 'unconfirmed':
      return 'PREPARING';
    case 'waiting_seller':
      return 'vendor waiting';
    case 'offer_sent':
      return 'send';
    case 'accepted':
      return 'STEAM_WITHDRAWN';
    case 'failed':
    case 'unavailable':
      return 'progress';
    case 'support':
      return 'support';
  }
}

/** The most the store pays for an item priced `price` (minor units). */
export const priceCeiling = (price: number): number => Math.ceil(price * PRICE_CEILING);

/** The partner id and token of a trade link (checked by `checkTradeUrl` first). */
export function tradeLinkParts(link: string): { partner: string; token: string } | null {
  const m = /[?&]partner=(\d+)&token=([A-Za-z0-9_-]+)$/.exec(link);
  return m ? { partner: m[1]!, token: m[2]! } : null;
}
