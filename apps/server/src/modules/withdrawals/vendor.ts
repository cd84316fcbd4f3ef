/**
 * The skin vendor port (decisions 018, 077): a marketplace that buys a skin for a third party,
 * whose seller then sends a Steam trade offer to the player's trade link. Modelled on the
 * marketplace APIs stores use for this (buy for someone with our own id as the idempotency key and
 * a price ceiling; then the order's status by our id). The adapters in `markets/` speak
 * market.csgo.com's (and its twin market.dota2.net's) and Waxpeer's; the sandbox marketplace of
 * `sandbox/` answers the first. `FailoverVendor` asks several in order.
 */
export type BuyResult =
  | { kind: 'placed'; orderId: string }
  /** Nobody sells the item under the ceiling: the next market may. */
  | { kind: 'unavailable' }
  | { kind: 'price_too_high' }
  /** The store's balance at the market cannot pay it: the withdrawal waits for the operators to top it up. */
  | { kind: 'balance_short' }
  /** The market will not buy for this trade link (a trade ban, an expired link) or refused the request as invalid. */
  | { kind: 'refused'; reason: string };

export type OrderStatus =
  | { kind: 'not_found' }
  | { kind: 'waiting_seller'; orderId: string }
  | { kind: 'offer_sent'; orderId: string; tradeId: string; sendUntil: Date }
  | { kind: 'accepted'; orderId: string; tradeId: string }
  | { kind: 'failed'; orderId: string; reason: string };

/** What a market says of a trade link before we buy for it. */
export type TradeLinkCheck = 'ok' | 'trade_ban' | 'link_expired';

/** The most ids one status call carries. */
export const STATUS_BATCH = 100;

export interface BuyOrder {
  /** Ours, unique for ever: the marketplace refuses a second purchase under it. */
  customId: string;
  hashName: string;
  /** The most we pay, the store's minor units. */
  maxPrice: number;
  partner: string;
  token: string;
}

export interface SkinVendor {
  /** The configured name (`marketcsgo`, `waxpeer`, `sandbox`): metrics and the console name markets by it. */
  readonly name: string;
  buyFor(order: BuyOrder): Promise<BuyResult>;
  /**
   * Many orders' statuses by our ids in as few calls as the marketplace allows (its list call),
   * so following a thousand withdrawals costs a handful of requests. An order the marketplace
   * could not report on is `VendorUnreachable` in the map; a whole call that failed throws it.
   */
  statuses(customIds: readonly string[]): Promise<Map<string, OrderStatus | VendorUnreachable>>;
  /** The store's balance there, in the store's minor units, by market name. */
  balances(): Promise<Map<string, number>>;
  /** The market's check of a trade link, where it offers one; null where it does not. */
  checkTradeLink(link: { partner: string; token: string; url: string }): Promise<TradeLinkCheck | null>;
}

/** No answer we can trust (a timeout, a lost reply, a 5xx): the purchase may or may not exist. */
export class VendorUnreachable extends Error {}
