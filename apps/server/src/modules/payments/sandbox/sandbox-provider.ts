import { randomBytes } from 'node:crypto';
import {
  buildSandboxCallback,
  parseSandboxCallback,
  type OrderForLookup,
  type ParsedCallback,
  type PaymentEvent,
  type PaymentReversal,
  type PaymentProvider,
  type RawCallback,
  type SandboxCallbackStatus,
  type StartTransactionInput,
  type StartTransactionResult,
} from '@store/shared/payments/signature';
import type { PaymentStatus } from '@store/shared/payments/status';

/** The address of the sandbox's hosted checkout page for an order. */
export const sandboxCheckoutPath = (orderId: string) => `/sandbox/checkout/${encodeURIComponent(orderId)}`;

/**
 * The sandbox adapter: a hosted checkout served by this process (sandbox/checkout-routes.ts)
 * that, like a real provider, reports the outcome with an HMAC-signed callback. It keeps no
 * state of its own, so a restarted store still completes checkouts opened before.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly secret: string;
  private readonly nowMs: () => number;

  constructor(opts: { secret: string; now?: () => number }) {
    this.secret = opts.secret;
    this.nowMs = opts.now ?? (() => Date.now());
  }

  async startTransaction(input: StartTransactionInput): Promise<StartTransactionResult> {
    return { checkoutUrl: sandboxCheckoutPath(input.orderId), providerReference: `sbx_${randomBytes(10).toString('hex')}` };
  }

  async parseCallback(raw: RawCallback): Promise<ParsedCallback> {
    return parseSandboxCallback(raw, this.secret, Math.floor(this.nowMs() / 1000));
  }

  /** The callback the checkout sends when the player pays, the payment fails or is taken back, signed now. */
  signedCallback(order: { orderId: string; providerReference: string; amountMinor: number; currency: string }, status: SandboxCallbackStatus) {
    return buildSandboxCallback({ ...order, status, timestamp: Math.floor(this.nowMs() / 1000) }, this.secret);
  }

  /**
   * What the checkout decided for an order, kept in this process as a provider keeps its own
   * books: the status lookup answers from it. A restarted store forgets it, and a lookup then
   * answers "unknown" (the callback still settles the order).
   */
  private readonly outcomes = new Map<string, PaymentEvent>();

  record(order: { orderId: string; providerReference: string; amountMinor: number; currency: string }, status: PaymentStatus, reversal?: PaymentReversal) {
    this.outcomes.set(order.orderId, { ...order, status, ...(reversal ? { reversal } : {}), occurredAt: Math.floor(this.nowMs() / 1000) });
  }

  async lookup(order: OrderForLookup): Promise<PaymentEvent | null> {
    return this.outcomes.get(order.orderId) ?? null;
  }
}
