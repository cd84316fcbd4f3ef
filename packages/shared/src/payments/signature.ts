/**
 * The sandbox provider's signed callback, and the port every payment provider implements
 * (DESIGN: ports with sandbox adapters). The sandbox checkout signs with signCallback and the
 * server's sandbox adapter checks with parseSandboxCallback; a real provider's adapter brings
 * its own scheme behind the same PaymentProvider interface.
 *
 * Signature: hex(HMAC-SHA256(secret, canonical)), where canonical is
 * `v1\n<order id>\n<amount in minor units>\n<currency>\n<status>\n<unix seconds>`.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { z } from 'zod';
import { PAYMENT_STATUSES, type PaymentStatus } from './status.ts';

/**
 * What a sandbox callback can report: an order's outcome, or the payment taken back afterwards
 * (a refund the merchant made, a chargeback the payer's bank made).
 */
export const SANDBOX_CALLBACK_STATUSES = [...PAYMENT_STATUSES, 'refund', 'chargeback'] as const;
export type SandboxCallbackStatus = (typeof SANDBOX_CALLBACK_STATUSES)[number];

/** How a paid order's money goes back to the payer; the store debits it once (decision 072). */
export const PAYMENT_REVERSALS = ['refund', 'chargeback'] as const;
export type PaymentReversal = (typeof PAYMENT_REVERSALS)[number];

export interface CallbackFields {
  orderId: string;
  /** Minor units of `currency`. */
  amountMinor: number;
  currency: string;
  status: SandboxCallbackStatus;
  /** Unix seconds when the provider signed the callback. */
  timestamp: number;
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** How far a callback's timestamp may be from the server's clock; each retry is signed afresh. */
export const CALLBACK_TOLERANCE_SECONDS = 600;

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CURRENCY = /^[A-Z][A-Z_]{2,11}$/;

/** Null when the fields cannot be signed unambiguously (a newline in an id would forge another). */
function canonicalOrNull(f: CallbackFields): string | null {
  if (!ORDER_ID.test(f.orderId)) return null;
  if (!Number.isSafeInteger(f.amountMinor) || f.amountMinor < 0) return null;
  if (!CURRENCY.test(f.currency)) return null;
  if (!(SANDBOX_CALLBACK_STATUSES as readonly string[]).includes(f.status)) return null;
  if (!Number.isSafeInteger(f.timestamp) || f.timestamp <= 0) return null;
  return ['v1', f.orderId, String(f.amountMinor), f.currency, f.status, String(f.timestamp)].join('\n');
}

export function canonicalCallbackString(fields: CallbackFields): string {
  const text = canonicalOrNull(fields);
  if (text === null) throw new RangeError('callback fields cannot be signed');
  return text;
}

function keyBytes(secret: string): Uint8Array {
  if (secret.length < 16) throw new RangeError('the callback secret must be at least 16 characters');
  return utf8ToBytes(secret);
}

export function signCallback(fields: CallbackFields, secret: string): string {
  return bytesToHex(hmac(sha256, keyBytes(secret), utf8ToBytes(canonicalCallbackString(fields))));
}

/** Compares two byte strings in time that depends only on their length. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export type SignatureRefusal = 'malformed' | 'bad_signature' | 'stale';

export function verifyCallback(input: {
  fields: CallbackFields;
  signature: string | null | undefined;
  secret: string;
  /** Unix seconds; when given, a timestamp further than the tolerance from it is refused. */
  nowSeconds?: number;
  toleranceSeconds?: number;
}): { ok: true } | { ok: false; reason: SignatureRefusal } {
  const key = keyBytes(input.secret);
  const canonical = canonicalOrNull(input.fields);
  if (canonical === null) return { ok: false, reason: 'malformed' };
  const given = (input.signature ?? '').trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'bad_signature' };
  const expected = hmac(sha256, key, utf8ToBytes(canonical));
  if (!constantTimeEqual(expected, hexToBytes(given))) return { ok: false, reason: 'bad_signature' };
  if (input.nowSeconds !== undefined) {
    const tolerance = input.toleranceSeconds ?? CALLBACK_TOLERANCE_SECONDS;
    if (Math.abs(input.nowSeconds - input.fields.timestamp) > tolerance) return { ok: false, reason: 'stale' };
  }
  return { ok: true };
}

/** The sandbox callback body, snake_case like the rest of the wire. */
export const sandboxCallbackBody = z
  .object({
    order_id: z.string(),
    provider_reference: z.string().max(128),
    amount_minor: z.number().int().nonnegative(),
    currency: z.string(),
    status: z.enum(SANDBOX_CALLBACK_STATUSES),
    timestamp: z.number().int().positive(),
  })
  .strict();
export type SandboxCallbackBody = z.infer<typeof sandboxCallbackBody>;

/** Builds the body and signature header the sandbox checkout posts (the shape parseCallback reads). */
export function buildSandboxCallback(
  event: Omit<PaymentEvent, 'occurredAt' | 'currency' | 'status' | 'reversal'> & { currency: string; status: SandboxCallbackStatus; timestamp: number },
  secret: string,
): { rawBody: string; headers: Record<string, string> } {
  const body: SandboxCallbackBody = {
    order_id: event.orderId,
    provider_reference: event.providerReference,
    amount_minor: event.amountMinor,
    currency: event.currency,
    status: event.status,
    timestamp: event.timestamp,
  };
  const signature = signCallback(
    { orderId: event.orderId, amountMinor: event.amountMinor, currency: event.currency, status: event.status, timestamp: event.timestamp },
    secret,
  );
  return { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } };
}

/** A provider's callback, verified: what happened to which order. */
export interface PaymentEvent {
  orderId: string;
  /** The provider's id of the payment (FreeKassa's intid), kept on the order when it settles. */
  providerReference: string;
  amountMinor: number;
  /**
   * Null when the provider's notification does not state it (FreeKassa's): the currency was then
   * fixed by the signed checkout request, which the provider checked before charging.
   */
  currency: string | null;
  status: PaymentStatus;
  /**
   * Set when the provider reports the paid order's money taken back (status is then `success`,
   * the state of the payment being reversed): the store debits the order's sum once.
   */
  reversal?: PaymentReversal;
  /** Unix seconds. */
  occurredAt: number;
}

/**
 * Why a callback was refused. The adapter decides the first three; the server's payment
 * service the rest, after loading the order (matchCallbackToOrder).
 */
export type CallbackRefusal = SignatureRefusal | 'source_not_allowed' | 'unknown_order' | 'amount_mismatch' | 'currency_mismatch';

export type ParsedCallback = { ok: true; event: PaymentEvent } | { ok: false; reason: CallbackRefusal };

export interface RawCallback {
  /** The body exactly as received: a provider signs bytes, not a re-serialised object. */
  rawBody: string;
  /** Header names in lower case, as Node gives them. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The client's address as the server's trustProxy setting gives it, for providers that publish theirs. */
  remoteAddress?: string;
}

const headerValue = (headers: RawCallback['headers'], name: string): string | undefined => {
  const v = headers[name];
  return typeof v === 'string' ? v : v?.[0];
};

/** The sandbox adapter's parseCallback, pure: parse, then verify the signature and freshness. */
export function parseSandboxCallback(raw: RawCallback, secret: string, nowSeconds: number): ParsedCallback {
  let json: unknown;
  try {
    json = JSON.parse(raw.rawBody);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = sandboxCallbackBody.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const b = parsed.data;
  const fields: CallbackFields = { orderId: b.order_id, amountMinor: b.amount_minor, currency: b.currency, status: b.status, timestamp: b.timestamp };
  const verdict = verifyCallback({ fields, signature: headerValue(raw.headers, SANDBOX_SIGNATURE_HEADER), secret, nowSeconds });
  if (!verdict.ok) return verdict;
  const reversal = b.status === 'refund' || b.status === 'chargeback' ? b.status : undefined;
  return {
    ok: true,
    event: {
      orderId: b.order_id,
      providerReference: b.provider_reference,
      amountMinor: b.amount_minor,
      currency: b.currency,
      status: reversal ? 'success' : (b.status as PaymentStatus),
      ...(reversal ? { reversal } : {}),
      occurredAt: b.timestamp,
    },
  };
}

/** The order as the server stored it when the transaction started. */
export interface OrderForCallback {
  orderId: string;
  amountMinor: number;
  currency: string;
}

/** Refuses an event that does not match its order: unknown, another amount or another currency. */
export function matchCallbackToOrder(event: PaymentEvent, order: OrderForCallback | null | undefined): CallbackRefusal | null {
  if (!order || order.orderId !== event.orderId) return 'unknown_order';
  if (event.currency !== null && order.currency !== event.currency) return 'currency_mismatch';
  if (order.amountMinor !== event.amountMinor) return 'amount_mismatch';
  return null;
}

export interface StartTransactionInput {
  orderId: string;
  /** Minor units of `currency`, the country currency the player pays in. */
  amountMinor: number;
  currency: string;
  /** The method's provider code (PaymentMethod.payMethod). */
  payMethod: string;
  country: string;
  userId: number;
  language: 'ru' | 'en';
  /** Validated extra fields (validateExtraFields), phones in E.164. */
  fields: Readonly<Record<string, string>>;
  /** Where the checkout sends the player back: /refill/result?orderId=… */
  returnUrl: string;
  /** Where the provider posts its callback. */
  callbackUrl: string;
}

export interface StartTransactionResult {
  /** The hosted checkout page the player is sent to. */
  checkoutUrl: string;
  /** The provider's id for the payment, stored on the order; null when it is known only once paid (FreeKassa). */
  providerReference: string | null;
}

/** What the store answers a callback it accepted, when the provider expects its own body. */
export interface CallbackAnswer {
  contentType: string;
  body: string;
}

/**
 * The port of a payment provider. The sandbox adapter (default) and a real one implement it on
 * the server; the payment service never knows which it talks to.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The currencies it can charge; absent, any. */
  readonly currencies?: readonly string[];
  startTransaction(input: StartTransactionInput): Promise<StartTransactionResult>;
  /** Verifies and reads a callback; never throws on bad input, it refuses with a reason. */
  parseCallback(raw: RawCallback): Promise<ParsedCallback>;
  /**
   * The body the provider waits for once the callback is settled (FreeKassa: `YES`), sent only
   * after the credit committed; absent, the store's JSON envelope.
   */
  answerCallback?(settled: { orderId: string; status: PaymentStatus; credited: boolean }): CallbackAnswer;
  /**
   * Asks the provider what became of an order whose callback has not come (decision 072): the
   * same event a callback would carry, or null when the provider does not know the order yet.
   * Absent when the provider offers no status lookup. Throws when the provider cannot be reached.
   */
  lookup?(order: OrderForLookup): Promise<PaymentEvent | null>;
}

/** What a status lookup is asked about: the order as the store keeps it. */
export interface OrderForLookup {
  orderId: string;
  /** The provider's payment id when it gave one at the start (Cryptomus's uuid, the sandbox's). */
  providerReference: string | null;
  amountMinor: number;
  currency: string;
}
