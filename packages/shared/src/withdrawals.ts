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
 * Withdrawals to one Steam login (by any of the store's accounts) within a day; past it `steamLogin`
 * (spec §8: too many uses of a Steam login): a login shared by many accounts is how farms cash out.
 */
export const STEAM_LOGIN_DAILY_WITHDRAWALS = 30;
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

/**
 * What the player is told when a withdrawal moves (spec §8 alert codes), by the state it reached
 * and, for a failure, why. Null: nothing to say (an operator is settling it).
 */
export type WithdrawalAlert =
  | 'item_in_withdrawal_queue'
  | 'preparing_to_dispatch'
  | 'item_in_withdrawal_steam_queue'
  | 'item_received'
  | 'item_transfer_canceled'
  | 'error_item_withdrawal'
  | 'error_skin_transfer';

/** Failure reasons (the marketplace's words) that mean the player turned the seller's trade offer down or let it lapse. */
const PLAYER_SIDE_FAILURES = new Set(['offer_declined', 'offer_expired', 'declined', 'expired']);

export function withdrawalAlert(state: WithdrawalState, reason: string | null): WithdrawalAlert | null {
  switch (state) {
    case 'queued':
    case 'buying':
    case 'unconfirmed':
      return 'item_in_withdrawal_queue';
    case 'waiting_seller':
      return 'preparing_to_dispatch';
    case 'offer_sent':
      return 'item_in_withdrawal_steam_queue';
    case 'accepted':
      return 'item_received';
    case 'failed':
      return PLAYER_SIDE_FAILURES.has(reason ?? '') ? 'item_transfer_canceled' : 'error_item_withdrawal';
    case 'unavailable':
      return 'error_skin_transfer';
    case 'support':
      return null;
  }
}

/**
 * Skin exchange (decision 019): an item may be swapped for one of about its value, never more and
 * at least this share of it; what the replacement costs less is paid into the balance.
 */
export const REPLACEMENT_MIN_SHARE = 0.8;
/** Replacements offered for one item, closest in price first. */
export const REPLACEMENT_OFFERS = 12;

/** The prices (minor units) a replacement for an item priced `price` may have, both ends included. */
export function replacementWindow(price: number): { min: number; max: number } {
  return { min: Math.ceil(price * REPLACEMENT_MIN_SHARE), max: price };
}

/** The unpack animation of spec §9: 2000 ms for up to seven items, else 4000 ms. */
export const unpackDurationMs = (count: number): number => (count <= 7 ? 2000 : 4000);
