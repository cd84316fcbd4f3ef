import { timingSafeEqual } from 'node:crypto';
import type {
  OrderForLookup,
  ParsedCallback,
  PaymentEvent,
  PaymentProvider,
  RawCallback,
  StartTransactionInput,
  StartTransactionResult,
} from '@store/shared/payments/signature';
import { plainAddress } from '../freekassa/protocol.ts';
import { cryptomusSign, invoiceAmount, invoiceAnswer, invoiceInfo, parseCryptomusAmount, phpJson, webhookFields } from './protocol.ts';

export interface CryptomusSettings {
  merchantId: string;
  /** The payment API key (Cryptomus gives payouts another). */
  apiKey: string;
  apiUrl: string;
  /** The addresses a webhook must come from; null when the check is off. */
  allowedIps: readonly string[] | null;
  /** How long the store waits for Cryptomus to make an invoice. */
  timeoutMs?: number;
}

/**
 * The Cryptomus adapter (decision 071): the checkout is an invoice made over Cryptomus's API and
 * the player goes to its `url`; the webhook is checked (source, `sign` in constant time) and read:
 * `paid` and `paid_over` credit the order's sum, `wrong_amount` is refused as a mismatch and held
 * for an operator, every other status changes nothing. Cryptomus's invoice uuid is the payment id.
 */
export class CryptomusPaymentProvider implements PaymentProvider {
  readonly name = 'cryptomus';
  private readonly allowed: ReadonlySet<string> | null;

  constructor(private readonly settings: CryptomusSettings) {
    this.allowed = settings.allowedIps ? new Set(settings.allowedIps) : null;
  }

  async startTransaction(input: StartTransactionInput): Promise<StartTransactionResult> {
    // Cryptomus posts to url_callback from outside: a relative address (no PUBLIC_URL) reaches nothing.
    if (!/^https?:\/\//.test(input.callbackUrl)) throw new Error('cryptomus needs PUBLIC_URL for url_callback');
    const amount = invoiceAmount(input.amountMinor);
    // Slashes written `\/`: the same text whether Cryptomus checks the bytes or re-encodes them in PHP.
    const body = phpJson({
      amount,
      currency: input.currency,
      order_id: input.orderId,
      url_callback: input.callbackUrl,
      url_return: input.returnUrl,
      url_success: input.returnUrl,
    });
    const { merchantId, apiKey } = this.settings;
    let answer: unknown;
    try {
      const res = await fetch(`${this.settings.apiUrl.replace(/\/$/, '')}/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', merchant: merchantId, sign: cryptomusSign(body, apiKey) },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      answer = await res.json();
    } catch (err) {
      throw new Error('cryptomus unreachable', { cause: err });
    }
    const parsed = invoiceAnswer.safeParse(answer);
    // An answer for another order, sum or currency is not this invoice: the player is not sent there.
    if (
      !parsed.success ||
      parsed.data.result.order_id !== input.orderId ||
      parsed.data.result.currency !== input.currency ||
      parseCryptomusAmount(parsed.data.result.amount) !== input.amountMinor
    ) {
      throw new Error('cryptomus unreachable: an unexpected answer to POST /payment', { cause: parsed.success ? parsed.data : parsed.error });
    }
    return { checkoutUrl: parsed.data.result.url, providerReference: parsed.data.result.uuid };
  }

  async parseCallback(raw: RawCallback): Promise<ParsedCallback> {
    if (this.allowed && !this.allowed.has(plainAddress(raw.remoteAddress ?? ''))) return { ok: false, reason: 'source_not_allowed' };
    let json: unknown;
    try {
      json = JSON.parse(raw.rawBody);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) return { ok: false, reason: 'malformed' };
    const parsed = webhookFields.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    // The signature is over the body without `sign`, as PHP's json_encode writes it.
    const { sign: _sign, ...unsigned } = json as Record<string, unknown>;
    const expected = Buffer.from(cryptomusSign(phpJson(unsigned), this.settings.apiKey), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(parsed.data.sign, 'hex'))) return { ok: false, reason: 'bad_signature' };

    const w = parsed.data;
    const invoiceMinor = parseCryptomusAmount(w.amount);
    if (invoiceMinor === null) return { ok: false, reason: 'malformed' };
    const event = (fields: Pick<PaymentEvent, 'amountMinor' | 'currency' | 'status'>): ParsedCallback => ({
      ok: true,
      event: { orderId: w.order_id, providerReference: w.uuid, occurredAt: Math.floor(Date.now() / 1000), ...fields },
    });
    switch (w.status) {
      case 'refund_paid':
        // The invoice's money went back to the payer: the order's sum is debited once (decision 072).
        return { ok: true, event: { orderId: w.order_id, providerReference: w.uuid, occurredAt: Math.floor(Date.now() / 1000), amountMinor: invoiceMinor, currency: w.currency, status: 'success', reversal: 'refund' } };
      case 'paid':
      case 'paid_over':
        // The invoice's sum: what the order's bonuses were counted on; an overpayment stays with the merchant's balance.
        return event({ amountMinor: invoiceMinor, currency: w.currency, status: 'success' });
      case 'wrong_amount': {
        // What was paid, in what it was paid: never the order's sum, so the store refuses it as a mismatch and an operator decides.
        const paid = w.payment_amount ? parseCryptomusAmount(w.payment_amount) : null;
        const currency = w.payer_currency && w.payer_currency !== w.currency ? w.payer_currency : w.currency;
        if (paid === null || (paid === invoiceMinor && currency === w.currency)) return { ok: false, reason: 'malformed' };
        return event({ amountMinor: paid, currency, status: 'success' });
      }
      default:
        // cancel, fail, system_fail, the checks, refund_process and refund_fail: nothing paid or taken back, the order stays as it is
        // (a cancelled invoice Cryptomus later marks paid still credits).
        return event({ amountMinor: invoiceMinor, currency: w.currency, status: 'pending' });
    }
  }

  /**
   * POST <api>/payment/info by the invoice's uuid (or the order id when the uuid is not kept),
   * signed like the invoice: the invoice's status read as its webhook would be (decision 072).
   */
  async lookup(order: OrderForLookup): Promise<PaymentEvent | null> {
    const body = phpJson(order.providerReference ? { uuid: order.providerReference } : { order_id: order.orderId });
    let answer: unknown;
    try {
      const res = await fetch(`${this.settings.apiUrl.replace(/\/$/, '')}/payment/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', merchant: this.settings.merchantId, sign: cryptomusSign(body, this.settings.apiKey) },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      // An invoice Cryptomus does not know (404, or a validation error): nothing to settle.
      if (res.status === 404 || res.status === 422) return null;
      answer = await res.json();
    } catch (err) {
      throw new Error('cryptomus unreachable', { cause: err });
    }
    const parsed = invoiceInfo.safeParse(answer);
    if (!parsed.success) throw new Error('cryptomus unreachable: an unexpected answer to POST /payment/info', { cause: parsed.error });
    const info = parsed.data.result;
    const amountMinor = parseCryptomusAmount(info.amount);
    // Another order's invoice is not this one's answer.
    if (info.order_id !== order.orderId || amountMinor === null) return null;
    const base = { orderId: info.order_id, providerReference: info.uuid, amountMinor, currency: info.currency, occurredAt: Math.floor(Date.now() / 1000) };
    const status = info.payment_status ?? info.status;
    if (status === 'paid' || status === 'paid_over') return { ...base, status: 'success' };
    if (status === 'refund_paid') return { ...base, status: 'success', reversal: 'refund' };
    // Not paid yet, cancelled (a late payment still comes by webhook or the next pass), or wrong_amount held for an operator.
    return { ...base, status: 'pending' };
  }
}
