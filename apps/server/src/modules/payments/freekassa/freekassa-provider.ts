import { timingSafeEqual } from 'node:crypto';
import type {
  CallbackAnswer,
  OrderForLookup,
  ParsedCallback,
  PaymentEvent,
  PaymentProvider,
  RawCallback,
  StartTransactionInput,
  StartTransactionResult,
} from '@store/shared/payments/signature';
import {
  apiSignature,
  FREEKASSA_ANSWER,
  FREEKASSA_API_URL,
  FREEKASSA_ORDER_PAID,
  ordersAnswer,
  FREEKASSA_CURRENCIES,
  formAmount,
  formSignature,
  notificationFields,
  notificationSignature,
  parseAmount,
  plainAddress,
} from './protocol.ts';

export interface FreeKassaSettings {
  merchantId: string;
  secret1: string;
  secret2: string;
  formUrl: string;
  /** The addresses a notification must come from; null when the check is off. */
  allowedIps: readonly string[] | null;
  /** FreeKassa's payment system id (`i`) per method code; a method without one lets the player pick. */
  methodIds?: Readonly<Record<string, string>>;
  /** The API key of the shop's cabinet: set, pending orders are looked up by the API (decision 072). */
  apiKey?: string | null;
  apiUrl?: string;
  timeoutMs?: number;
}

/**
 * The FreeKassa adapter (decision 070): the checkout is a redirect to FreeKassa's form signed
 * with secret word 1; the paid order comes back as a form-encoded notification signed with secret
 * word 2, from one of FreeKassa's addresses, and is answered `YES` once the credit committed.
 * FreeKassa assigns its payment id (intid) only when the player pays, so the order gets it then.
 */
export class FreeKassaPaymentProvider implements PaymentProvider {
  readonly name = 'freekassa';
  readonly currencies = FREEKASSA_CURRENCIES;
  private readonly allowed: ReadonlySet<string> | null;

  /** Present only with an API key: the lookup of an order FreeKassa never notified. */
  readonly lookup?: (order: OrderForLookup) => Promise<PaymentEvent | null>;
  private lastNonce = 0;

  constructor(private readonly settings: FreeKassaSettings) {
    this.allowed = settings.allowedIps ? new Set(settings.allowedIps) : null;
    if (settings.apiKey) this.lookup = (order) => this.lookupOrder(order, settings.apiKey!);
  }

  /**
   * POST <api>/orders with the shop id, a nonce larger than the last and `paymentId` (the
   * store's order id), signed with the API key: a paid order (status 1) settles as its
   * notification would, with FreeKassa's order number as the payment id (its notification's intid).
   * FreeKassa reports no refunds or chargebacks here or by notification (decision 072).
   */
  private async lookupOrder(order: OrderForLookup, apiKey: string): Promise<PaymentEvent | null> {
    // FreeKassa refuses a nonce not larger than the last one it saw from the shop.
    this.lastNonce = Math.max(Date.now(), this.lastNonce + 1);
    const fields: Record<string, string | number> = { shopId: Number(this.settings.merchantId), nonce: this.lastNonce, paymentId: order.orderId };
    const body = JSON.stringify({ ...fields, signature: apiSignature(fields, apiKey) });
    let answer: unknown;
    try {
      const res = await fetch(`${(this.settings.apiUrl ?? FREEKASSA_API_URL).replace(/\/$/, '')}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      answer = await res.json();
    } catch (err) {
      throw new Error('freekassa unreachable', { cause: err });
    }
    const parsed = ordersAnswer.safeParse(answer);
    if (!parsed.success) throw new Error('freekassa unreachable: an unexpected answer to POST /orders', { cause: parsed.success ? null : parsed.error });
    const found = parsed.data.orders.find((o) => o.merchant_order_id === order.orderId);
    if (!found) return null;
    const amountMinor = parseAmount(typeof found.amount === 'number' ? found.amount.toFixed(2) : found.amount);
    if (amountMinor === null) return null;
    return {
      orderId: order.orderId,
      providerReference: String(found.fk_order_id),
      amountMinor,
      currency: found.currency,
      status: found.status === FREEKASSA_ORDER_PAID ? 'success' : 'pending',
      occurredAt: Math.floor(Date.now() / 1000),
    };
  }

  async startTransaction(input: StartTransactionInput): Promise<StartTransactionResult> {
    const { merchantId, secret1 } = this.settings;
    const amount = formAmount(input.amountMinor);
    const params = new URLSearchParams({
      m: merchantId,
      oa: amount,
      currency: input.currency,
      o: input.orderId,
      s: formSignature({ merchantId, amount, secret1, currency: input.currency, orderId: input.orderId }),
      lang: input.language,
    });
    const system = this.settings.methodIds?.[input.payMethod];
    if (system) params.set('i', system);
    if (input.fields.email) params.set('em', input.fields.email);
    if (input.fields.phone) params.set('phone', input.fields.phone);
    const url = new URL(this.settings.formUrl);
    for (const [k, v] of params) url.searchParams.set(k, v);
    return { checkoutUrl: url.toString(), providerReference: null };
  }

  async parseCallback(raw: RawCallback): Promise<ParsedCallback> {
    if (this.allowed && !this.allowed.has(plainAddress(raw.remoteAddress ?? ''))) return { ok: false, reason: 'source_not_allowed' };
    const parsed = notificationFields.safeParse(Object.fromEntries(new URLSearchParams(raw.rawBody)));
    const amountMinor = parsed.success ? parseAmount(parsed.data.AMOUNT) : null;
    if (!parsed.success || amountMinor === null) return { ok: false, reason: 'malformed' };
    const { MERCHANT_ID: merchantId, AMOUNT: amount, MERCHANT_ORDER_ID: orderId, intid, SIGN: sign } = parsed.data;
    // Another shop's notification, or one signed with another word, fails the same comparison.
    const expected = notificationSignature({ merchantId: this.settings.merchantId, amount, secret2: this.settings.secret2, orderId });
    if (merchantId !== this.settings.merchantId || !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(sign, 'hex'))) {
      return { ok: false, reason: 'bad_signature' };
    }
    return {
      ok: true,
      // FreeKassa notifies only a paid order; the currency was fixed by the signed form.
      event: { orderId, providerReference: intid, amountMinor, currency: null, status: 'success', occurredAt: Math.floor(Date.now() / 1000) },
    };
  }

  answerCallback(): CallbackAnswer {
    return { contentType: 'text/plain; charset=utf-8', body: FREEKASSA_ANSWER };
  }
}
