import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments/status.ts';
import { ACTIVE_WITHDRAWAL_STATES, WITHDRAWAL_STATES, type WithdrawalState } from '../withdrawals.ts';
import { amount, idParam, pageOf } from './common.ts';
import { operatorReason } from './operators.ts';

/**
 * The console's withdrawal queue and payments (decision 032): read by support and admins, and the
 * three withdrawal actions (retry, refund to the inventory, mark delivered) open to both, since
 * support acts on players' items. Amounts are wallet units with 2 decimals.
 */

/**
 * A withdrawal the worker still moves but that has not moved for this long is stuck: an operator
 * should look. Thirty minutes is past anything a healthy purchase spends in one state (a seller
 * sends within minutes, our own steps take seconds) and well before the worker gives an unsettled
 * purchase to the operators by itself (`SUPPORT_AFTER_MS`, two hours).
 */
export const WITHDRAWAL_STUCK_AFTER_MS = 30 * 60_000;
/** A failed withdrawal stays in the queue this long, while its item still waits in the inventory, so support can send it again. */
export const WITHDRAWAL_FAILED_SHOWN_MS = 7 * 24 * 60 * 60_000;

/**
 * Why a withdrawal is in the queue: the worker handed it to the operators (`support`), it failed
 * and its item waits in the inventory (`failed`), its purchase request got no trustworthy answer
 * (`unconfirmed`), or it has not moved for `WITHDRAWAL_STUCK_AFTER_MS` (`stuck`).
 */
export const WITHDRAWAL_ATTENTION = ['support', 'failed', 'unconfirmed', 'stuck'] as const;
export type WithdrawalAttention = (typeof WITHDRAWAL_ATTENTION)[number];

export const WITHDRAWAL_ACTIONS = ['retry', 'refund', 'delivered'] as const;
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

/**
 * The states each operator action starts from (the server's conditional updates and the console's
 * buttons read this one table):
 * - retry: a withdrawal handed to the operators goes back to the worker under its own marketplace
 *   id (asked about first, so never bought twice); a failed or unavailable one, whose item is back
 *   in the inventory, is sent again under a new id (its old order is over), unless an operator
 *   refunded it (`mayWithdrawalAction`);
 * - refund: the item goes back to the inventory; from `support`, or from a state the worker moves
 *   once it is stuck, and only once the marketplace says its order is over (`refundAsksMarket`).
 *   Never from `accepted` (delivered), nor from `failed`/`unavailable` (the item is already back);
 * - delivered: the operator saw the skin arrive on Steam; from `support` or a stuck state the worker moves.
 */
export const WITHDRAWAL_ACTION_FROM: Record<WithdrawalAction, readonly WithdrawalState[]> = {
  retry: ['support', 'failed', 'unavailable'],
  refund: ['support', ...ACTIVE_WITHDRAWAL_STATES],
  delivered: ['support', ...ACTIVE_WITHDRAWAL_STATES],
};

/**
 * Whether a refund must first ask the marketplace about the withdrawal's order (by our custom id,
 * outside the transaction): always, unless it is `queued` and no purchase request ever left under
 * its id (no attempt, never placed, no order id). A refund is refused while the order may still
 * deliver (`withdrawal_market_pending`: pending, or no answer) or once it delivered
 * (`withdrawal_delivered_at_market`): else the skin would reach Steam and the inventory both.
 */
export function refundAsksMarket(w: { state: string; attempts: number; placedAt: Date | string | null; vendorOrderId: string | null }): boolean {
  return !(w.state === 'queued' && w.attempts === 0 && w.placedAt === null && w.vendorOrderId === null);
}

/** The reason of a withdrawal an operator refunded: that is final (the player may withdraw the item again), so it is not sent again from the console. */
export const OPERATOR_REFUND_REASON = 'operator_refund';
/** The reason of a withdrawal an operator marked delivered. */
export const OPERATOR_DELIVERED_REASON = 'operator_delivered';

/**
 * Why an operator may not take an action on a withdrawal now, or null when they may: not from its
 * state (nor a retry of one an operator refunded) is `withdrawal_state_conflict`; one the worker
 * holds, or still moves and has moved within `WITHDRAWAL_STUCK_AFTER_MS`, is `withdrawal_busy`: it is
 * the worker's until it is stuck.
 */
export function withdrawalActionRefusal(
  action: WithdrawalAction,
  w: { state: WithdrawalState; reason: string | null; updatedAt: Date; working: boolean },
  now: Date,
): 'withdrawal_state_conflict' | 'withdrawal_busy' | null {
  if (!WITHDRAWAL_ACTION_FROM[action].includes(w.state) || (action === 'retry' && w.reason === OPERATOR_REFUND_REASON)) return 'withdrawal_state_conflict';
  if (w.working) return 'withdrawal_busy';
  if (ACTIVE_WITHDRAWAL_STATES.includes(w.state) && now.getTime() - w.updatedAt.getTime() <= WITHDRAWAL_STUCK_AFTER_MS) return 'withdrawal_busy';
  return null;
}

/** Why a withdrawal needs an operator at `now`, or null. `itemWaiting`: a failed one's item is still in the inventory, unsent. */
export function withdrawalAttention(
  w: { state: WithdrawalState; reason: string | null; updatedAt: Date; itemWaiting: boolean },
  now: Date,
): WithdrawalAttention | null {
  if (w.state === 'support') return 'support';
  if (w.state === 'failed' || w.state === 'unavailable')
    return w.itemWaiting && w.reason !== OPERATOR_REFUND_REASON && now.getTime() - w.updatedAt.getTime() <= WITHDRAWAL_FAILED_SHOWN_MS ? 'failed' : null;
  if (w.state === 'unconfirmed') return 'unconfirmed';
  if ((ACTIVE_WITHDRAWAL_STATES as readonly string[]).includes(w.state) && now.getTime() - w.updatedAt.getTime() > WITHDRAWAL_STUCK_AFTER_MS) return 'stuck';
  return null;
}

const perPage = z.coerce.number().int().min(1).max(100).default(25);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const search = z.string().trim().max(100).optional();

/** GET /api/v1/admin/withdrawals?state=attention|all&q=: by player (id, login, nickname) or by a withdrawal's id or marketplace references. */
export const operatorWithdrawalsQuery = z.object({ state: z.enum(['attention', 'all']).default('attention'), q: search, page, per_page: perPage });
export type OperatorWithdrawalsQuery = z.infer<typeof operatorWithdrawalsQuery>;

const playerRef = z.object({ id: z.number(), login: z.string(), nickname: z.string() });

/** An operator's action on a withdrawal, from the audit. */
export const withdrawalHistoryEntry = z.object({ action: z.string(), operator: z.string(), reason: z.string().nullable(), at: z.string() });

export const operatorWithdrawal = z.object({
  id: z.number(),
  state: z.enum(WITHDRAWAL_STATES),
  attention: z.enum(WITHDRAWAL_ATTENTION).nullable(),
  /** Why it failed or went to the operators, in the marketplace's or the worker's words. */
  reason: z.string().nullable(),
  player: playerRef,
  item: z.object({ id: z.number(), key: z.string(), name: z.string(), price: amount, status: z.string() }),
  /** The most the store pays the marketplace for it. */
  max_price: amount,
  method: z.enum(['trade', 'login']),
  trade_link: z.string().nullable(),
  steam_login: z.string().nullable(),
  /** Our id at the marketplace, the marketplace's order id, and the Steam trade offer. */
  custom_id: z.string(),
  vendor_order_id: z.string().nullable(),
  trade_id: z.string().nullable(),
  send_until: z.string().nullable(),
  attempts: z.number(),
  /** A worker holds it right now (an action waits until it lets go). */
  working: z.boolean(),
  created_at: z.string(),
  placed_at: z.string().nullable(),
  /** The last move of its state. */
  updated_at: z.string(),
  deadline: z.string(),
  history: z.array(withdrawalHistoryEntry),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
export const operatorWithdrawalsResponse = pageOf(operatorWithdrawal);

export const operatorWithdrawalParams = z.object({ id: idParam });
/** POST /api/v1/admin/withdrawals/:id/retry | /refund | /delivered, with an Idempotency-Key: the operator says why (what they checked). */
export const withdrawalActionBody = z.object({ reason: operatorReason }).strict();
export type WithdrawalActionBody = z.infer<typeof withdrawalActionBody>;
export const withdrawalActionResult = z.object({ withdrawal: operatorWithdrawal, audit_id: z.number() });
export type WithdrawalActionResult = z.infer<typeof withdrawalActionResult>;

/** GET /api/v1/admin/payments?q=&status=: by order id, provider reference, promo code or player. */
export const operatorPaymentsQuery = z.object({ q: search, status: z.enum(PAYMENT_STATUSES).optional(), page, per_page: perPage });
export type OperatorPaymentsQuery = z.infer<typeof operatorPaymentsQuery>;

export const operatorPayment = z.object({
  id: z.string(),
  player: playerRef,
  provider: z.string(),
  provider_reference: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  /** What the player paid, in the country's currency. */
  amount,
  currency: z.string(),
  country: z.string(),
  pay_method: z.string(),
  /** The GOLD it buys before bonuses. */
  site_amount: amount,
  /** The code the order carried (after a credit: the code that was applied, null when it was not). */
  promo_code: z.string().nullable(),
  promo_bonus: amount.nullable(),
  created_at: z.string(),
  /**
   * What the provider's callbacks left: the store keeps the one that settled the order (its status
   * and time) and what its credit wrote; refused or repeated callbacks change nothing and are only
   * in the server's log.
   */
  settled_at: z.string().nullable(),
  credits: z.array(z.object({ currency: z.string(), amount, reason: z.string() })),
});
export type OperatorPayment = z.infer<typeof operatorPayment>;
export const operatorPaymentsResponse = pageOf(operatorPayment);

/**
 * GET /api/v1/admin/market-balances: the store's balance at each marketplace withdrawals buy from
 * (whole roubles), as last read, and whether it is under the operators' threshold: a withdrawal a
 * market cannot pay waits in the queue until the balance is topped up.
 */
export const marketBalancesResponse = z.object({
  warn_below: z.number(),
  markets: z.array(z.object({ market: z.string(), balance: z.number().nullable(), checked_at: z.string().nullable(), low: z.boolean() })),
  /** Withdrawals waiting for a market's balance. */
  waiting: z.number().int(),
});
export type MarketBalancesResponse = z.infer<typeof marketBalancesResponse>;
