import { eq } from 'drizzle-orm';
import type { LocalePrefix } from '@store/shared/locale-path';
import type { Lang } from '@store/shared/errors';
import type { CountryTables } from '@store/shared/payments/countries';
import type { RawCallback } from '@store/shared/payments/signature';
import type { Db } from '../../../db/client.ts';
import { paymentOrders } from '../schema.ts';
import { resultPath } from '../start-transaction.ts';
import type { CheckoutOrder } from './checkout-page.ts';
import type { SandboxPaymentProvider } from './sandbox-provider.ts';

/** The checkout's buttons; `refund` and `chargeback` take a paid order's money back, as a provider's cabinet or a bank would. */
export const CHECKOUT_OUTCOMES = ['pay', 'fail', 'pending', 'refund', 'chargeback', 'pay_silently'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/**
 * What the sandbox checkout shows of an order: what the provider was asked to charge, with the
 * currency's symbol from the payment settings in force (the code itself when none are given).
 */
export async function loadCheckoutOrder(db: Db, orderId: string, countries?: CountryTables): Promise<(CheckoutOrder & { providerReference: string }) | null> {
  const rows = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  const o = rows[0];
  if (!o || o.provider !== 'sandbox') return null;
  const symbol = Object.values(countries ?? {}).find((c) => c.currency.code === o.currency)?.currency.symbol ?? o.currency;
  return {
    orderId: o.id,
    status: o.status,
    amountMinor: o.amountMinor,
    currency: o.currency,
    symbol,
    siteAmountMinor: o.siteAmountMinor,
    providerReference: o.providerReference ?? o.id,
  };
}

/**
 * The player's choice on the sandbox checkout. Pay and fail do what a provider does: send the
 * store a signed callback with the amount and currency it charged, then send the player back
 * to the result page. Leave pending only sends the player back. A refused or failed delivery
 * is the store's business (it is logged there); the player still goes back and sees the status.
 */
export async function completeCheckout(opts: {
  db: Db;
  provider: SandboxPaymentProvider;
  orderId: string;
  outcome: CheckoutOutcome;
  lang: Lang;
  localePrefix: LocalePrefix;
  deliver: (callback: RawCallback & { headers: Record<string, string> }) => Promise<number>;
}): Promise<{ redirect: string; delivered: number | null } | null> {
  const order = await loadCheckoutOrder(opts.db, opts.orderId);
  if (!order) return null;
  let delivered: number | null = null;
  const paid = { orderId: order.orderId, providerReference: order.providerReference, amountMinor: order.amountMinor, currency: order.currency };
  const outcome = opts.outcome;
  if (outcome === 'refund' || outcome === 'chargeback') {
    opts.provider.record(paid, 'success', outcome);
    delivered = await opts.deliver(opts.provider.signedCallback(paid, outcome));
  } else if (outcome === 'pay_silently') {
    // Paid, but the callback is lost on the way: only the status lookup will learn of it.
    opts.provider.record(paid, 'success');
  } else if (outcome !== 'pending') {
    const status = outcome === 'pay' ? 'success' : 'fail';
    opts.provider.record(paid, status);
    delivered = await opts.deliver(opts.provider.signedCallback(paid, status));
  }
  return { redirect: resultPath(order.orderId, opts.lang, opts.localePrefix), delivered };
}
