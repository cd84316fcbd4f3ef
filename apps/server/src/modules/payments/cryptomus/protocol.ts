import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MINOR_PER_UNIT } from '@store/shared/constants';

/**
 * Cryptomus's merchant API as its documentation describes it (decision 071): invoices by
 * POST `<api>/payment` with the headers `merchant` and `sign`; the webhook to `url_callback`,
 * a JSON body with its `sign` inside, answered with HTTP 200.
 */

/** The API's base as documented; CRYPTOMUS_API_URL replaces it (the tests' fake). */
export const CRYPTOMUS_API_URL = 'https://api.cryptomus.com/v1';

/** The address Cryptomus sends webhooks from, as it publishes it. */
export const CRYPTOMUS_PUBLISHED_IPS: readonly string[] = ['91.227.144.54'];

// MD5 is what the protocol mandates; the payment key keeps it unforgeable.
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** `sign`: MD5 of the base64 of the JSON text, followed by the payment API key. */
export const cryptomusSign = (json: string, apiKey: string) => md5(Buffer.from(json, 'utf8').toString('base64') + apiKey);

/**
 * The JSON text PHP's `json_encode($data, JSON_UNESCAPED_UNICODE)` makes of what JSON.parse read:
 * the same keys in the same order, with `/` written `\/` (PHP escapes it by default).
 */
export const phpJson = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/');

/** An invoice's `amount`: the sum in units with two decimals (`1000.00`). */
export function invoiceAmount(amountMinor: number): string {
  const units = Math.trunc(amountMinor / MINOR_PER_UNIT);
  return `${units}.${String(amountMinor % MINOR_PER_UNIT).padStart(2, '0')}`;
}

/** A sum Cryptomus writes (`1000`, `1000.00`, `15.43500000`) in minor units; null when it is not a plain decimal or has a fraction of a minor unit. */
export function parseCryptomusAmount(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(text);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return null;
  return Number(m[1]) * MINOR_PER_UNIT + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The answer to POST /payment the adapter relies on; anything else means Cryptomus did not make the invoice. */
export const invoiceAnswer = z.object({
  state: z.literal(0),
  result: z.object({
    uuid: z.string().uuid(),
    order_id: z.string(),
    amount: z.string(),
    currency: z.string(),
    url: z.string().url().refine((u) => /^https?:\/\//.test(u), 'an http(s) address'),
  }),
});

/** The webhook's fields the store reads (it also carries payment_amount_usd, merchant_amount, commission, network, txid…). */
export const webhookFields = z.object({
  type: z.string(),
  uuid: z.string().uuid(),
  order_id: z.string().regex(ID),
  amount: z.string().max(40),
  payment_amount: z.string().max(40).nullish(),
  currency: z.string().regex(/^[A-Z0-9_]{2,12}$/),
  payer_currency: z.string().nullish(),
  status: z.string().max(40),
  sign: z.string().regex(/^[0-9a-fA-F]{32}$/),
});

/** The answer to POST /payment/info the lookup reads: the invoice with its status. */
export const invoiceInfo = z.object({
  state: z.literal(0),
  result: z.object({
    uuid: z.string().uuid(),
    order_id: z.string(),
    amount: z.string(),
    currency: z.string(),
    status: z.string(),
    payment_status: z.string().nullish(),
    is_final: z.boolean().optional(),
  }),
});
