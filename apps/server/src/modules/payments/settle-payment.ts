import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentCallbackResponse } from '@store/shared/api/payments';
import { refillFigures, type RefillFigures } from '@store/shared/payments/bonus';
import type { PromoError, PromoTerms } from '@store/shared/payments/promo';
import { matchCallbackToOrder, type CallbackRefusal, type PaymentEvent, type PaymentProvider, type RawCallback } from '@store/shared/payments/signature';
import type { PaymentStatus } from '@store/shared/payments/status';
import type { Db, Tx } from '../../db/client.ts';
import { paymentOrders } from './schema.ts';
import { creditWallet, debitIntoDebt } from '../wallet/wallet.ts';
import { checkPromoFor, detachPromo, recordPromoUse } from './promo-store.ts';
import { recordActivity } from '../activity/record-activity.ts';
import { grantDepositPrize } from '../levels/free-openings.ts';

export type SettleResult =
  | {
      ok: true;
      response: PaymentCallbackResponse;
      userId: number;
      promoRefused: PromoError | null;
      /** The provider's id of a payment for an order another payment had already settled: money an operator must look at. */
      otherPayment: string | null;
      /** For a refund or chargeback: whether this event debited the order's sum (false for a replay, or an order not paid). */
      reversed?: Reversed;
    }
  | { ok: false; reason: CallbackRefusal; orderId: string | null };

type OrderRow = typeof paymentOrders.$inferSelect;

/**
 * A provider's callback, end to end: the adapter verifies it (signature, freshness, source),
 * the order must exist with the same amount and currency, and then the order leaves `pending`
 * exactly once, keeping the provider's payment id: a replay credits nothing. Refusals change nothing and come back with their reason for the log.
 */
export async function settlePayment(opts: { db: Db; provider: PaymentProvider; raw: RawCallback; now?: Date }): Promise<SettleResult> {
  const parsed = await opts.provider.parseCallback(opts.raw);
  if (!parsed.ok) return { ok: false, reason: parsed.reason, orderId: null };
  return settleEvent({ db: opts.db, provider: opts.provider, event: parsed.event, now: opts.now });
}

/**
 * A verified provider event, from its callback or from a status lookup (decision 072): both
 * go through here, so the conditional move out of `pending` decides between them and the
 * order is credited once whichever comes first.
 */
export async function settleEvent(opts: { db: Db; provider: PaymentProvider; event: PaymentEvent; now?: Date }): Promise<SettleResult> {
  const { db, provider, event } = opts;
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, event.orderId), eq(paymentOrders.provider, provider.name)));
  const order = rows[0];
  const refusal = matchCallbackToOrder(event, order && { orderId: order.id, amountMinor: order.amountMinor, currency: order.currency });
  if (refusal || !order) return { ok: false, reason: refusal ?? 'unknown_order', orderId: event.orderId };

  const now = opts.now ?? new Date();
  const answer = (status: PaymentStatus, credited: boolean, promoRefused: PromoError | null = null): Extract<SettleResult, { ok: true }> => ({
    ok: true,
    response: { order_id: order.id, status, credited },
    userId: order.userId,
    promoRefused,
    otherPayment: null,
  });

  if (event.reversal) {
    const reversed = await reversePayment(db, order, event, now);
    return { ...answer(order.status === 'pending' ? 'pending' : (order.status as PaymentStatus), false), reversed };
  }
  if (event.status === 'pending') return answer(order.status as PaymentStatus, false);
  if (event.status === 'fail') {
    const failed = await db
      .update(paymentOrders)
      .set({ status: 'fail', settledAt: now })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
      .returning({ id: paymentOrders.id });
    return answer(failed.length ? 'fail' : await currentStatus(db, order.id), false);
  }

  const credited = await db.transaction(async (tx) => {
    // The one statement that decides: only the callback that moves the order out of `pending` credits.
    // The provider's payment id goes on the order with it (FreeKassa's intid is known only now).
    const taken = await tx
      .update(paymentOrders)
      .set({ status: 'success', settledAt: now, providerReference: event.providerReference })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
      .returning();
    if (!taken[0]) return null;
    return creditOrder(tx, taken[0], now);
  });
  if (!credited) {
    const settled = await db.select({ status: paymentOrders.status, providerReference: paymentOrders.providerReference }).from(paymentOrders).where(eq(paymentOrders.id, order.id));
    const row = settled[0]!;
    const other = row.status === 'success' && row.providerReference !== event.providerReference ? event.providerReference : null;
    return { ...answer(row.status as PaymentStatus, false), otherPayment: other };
  }
  return answer('success', true, credited.promoRefused);
}

/** What a refund or chargeback did: `debited` the first time, with the balance after it (possibly below zero). */
export type Reversed = { debited: true; balanceAfter: number } | { debited: false; why: 'already_reversed' | 'not_paid' | 'other_payment' };

/**
 * A paid order's money taken back (decision 072): the one conditional update that marks the
 * order reversed decides, so a replayed refund debits nothing; everything the deposit credited in
 * GOLD (its sum and the bonuses it earned: a bonus is paid for money that came in) is then debited
 * through the ledger even below zero (it may already be spent). A reversal for a payment
 * id other than the one that credited the order, or for an order never paid, debits nothing.
 */
async function reversePayment(db: Db, order: OrderRow, event: PaymentEvent, now: Date): Promise<Reversed> {
  const kind = event.reversal!;
  if (order.status !== 'success') return { debited: false, why: 'not_paid' };
  if (order.providerReference !== null && order.providerReference !== event.providerReference) return { debited: false, why: 'other_payment' };
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(paymentOrders)
      .set({ reversal: kind, reversedAt: now })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'success'), isNull(paymentOrders.reversal)))
      .returning({ id: paymentOrders.id });
    if (!taken[0]) return { debited: false, why: 'already_reversed' } as const;
    const balanceAfter = await debitIntoDebt({
      tx,
      userId: order.userId,
      amount: creditedMinor(order),
      reason: kind === 'refund' ? 'payment_refund' : 'payment_chargeback',
      ref: `payment:${order.id}`,
      meta: { providerReference: event.providerReference },
    });
    return { debited: true, balanceAfter } as const;
  });
}

/** The GOLD a paid order credited: its plan's total (deposit and bonuses), the deposit alone for an order paid before plans were kept. */
function creditedMinor(order: OrderRow): number {
  const total = (order.plan as { totalMinor?: unknown } | null)?.totalMinor;
  return typeof total === 'number' && Number.isSafeInteger(total) && total > 0 ? total : order.siteAmountMinor;
}

async function currentStatus(db: Db, orderId: string): Promise<PaymentStatus> {
  const rows = await db.select({ status: paymentOrders.status }).from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return rows[0]!.status as PaymentStatus;
}

/**
 * The credit of a paid order, inside the transaction that took it out of `pending`: the
 * order's promo code is checked again (its limits may have filled since it was applied), then
 * every row of refillFigures goes through the wallet, and the figures are kept for the result page
 * (an instant code applied with the start paid then; it is kept so the receipt lists it).
 */
async function creditOrder(tx: Tx, order: OrderRow, now: Date): Promise<{ plan: RefillFigures; promoRefused: PromoError | null }> {
  let promo: PromoTerms | null = null;
  let promoRefused: PromoError | null = null;
  if (order.promoCode) {
    const verdict = await checkPromoFor(tx, { code: order.promoCode, userId: order.userId, now, lock: true });
    // An instant code paid when it was applied; it adds nothing to a deposit.
    if (verdict.ok && verdict.record.terms.kind !== 'instant') promo = verdict.record.terms;
    else if (!verdict.ok) promoRefused = verdict.error;
    // Used or unusable, the code is no longer the player's pending one.
    await detachPromo(tx, order.userId, order.promoCode);
  }
  const inputs = order.bonusInputs;
  const plan = refillFigures({
    depositMinor: order.siteAmountMinor,
    bonusLevel: inputs.bonusLevel,
    methodBonusPercent: inputs.methodBonusPercent,
    promo,
    coinsFactor: inputs.coinsFactor,
    instantMinor: inputs.instantPromoMinor ?? 0,
  });
  if (promo && order.promoCode) {
    await recordPromoUse(tx, { code: order.promoCode, userId: order.userId, orderId: order.id, creditedMinor: plan.promoBonusMinor });
  }
  const ref = `payment:${order.id}`;
  for (const credit of plan.credits) {
    await creditWallet({ tx, userId: order.userId, amount: credit.amountMinor, currency: credit.currency, reason: credit.reason, ref });
  }
  if (plan.prize) await grantDepositPrize(tx, { userId: order.userId, prize: plan.prize, paymentRef: ref, now });
  await recordActivity(tx, { kind: 'deposit', userId: order.userId, amount: plan.totalMinor - plan.bonusMinor, won: plan.bonusMinor, ref });
  await tx
    .update(paymentOrders)
    .set({ plan: plan as unknown as Record<string, unknown>, promoCode: promo ? order.promoCode : null })
    .where(eq(paymentOrders.id, order.id));
  return { plan, promoRefused };
}
