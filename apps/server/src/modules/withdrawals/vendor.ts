/**
 * The skin vendor port (decision 018): a marketplace that buys a skin for a third party, whose
 * seller then sends a Steam trade offer to the player's trade link. Modelled on the marketplace
 * APIs stores use for this (buy for someone with our own id as the idempotency key and a price
 * ceiling; then the order's status by our id). `MarketClient` speaks one such protocol over HTTP;
 * the sandbox marketplace of `sandbox/` answers it.
 */
export type BuyResult = { kind: 'placed'; orderId: string } | { kind: 'unavailable' } | { kind: 'price_too_high' };

export type OrderStatus =
  | { kind: 'not_found' }
  | { kind: 'waiting_seller'; orderId: string }
  | { kind: 'offer_sent'; orderId: string; tradeId: string; sendUntil: Date }
  | { kind: 'accepted'; orderId: string; tradeId: string }
  | { kind: 'failed'; orderId: string; reason: string };

/** The most ids one status call carries. */
export const STATUS_BATCH = 100;

export interface BuyOrder {
  /** Ours, unique for ever: the marketplace refuses a second purchase under it. */
  customId: string;
  hashName: string;
  /** The most we pay, minor units. */
  maxPrice: number;
  partner: string;
  token: string;
}

export interface SkinVendor {
  buyFor(order: BuyOrder): Promise<BuyResult>;
  /**
   * Many orders' statuses by our ids in as few calls as the marketplace allows (its list call),
   * so following a thousand withdrawals costs a handful of requests. An order the marketplace
   * could not report on is `VendorUnreachable` in the map; a whole call that failed throws it.
   */
  statuses(customIds: readonly string[]): Promise<Map<string, OrderStatus | VendorUnreachable>>;
}

/** No answer we can trust (a timeout, a lost reply, a 5xx): the purchase may or may not exist. */
export class VendorUnreachable extends Error {}
