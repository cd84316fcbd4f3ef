import { createHash, createHmac } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { z } from 'zod';
import { MINOR_PER_UNIT } from '@store/shared/constants';

/**
 * FreeKassa's SCI protocol as its documentation describes it (decision 070): the checkout form
 * at `FREEKASSA_FORM_URL` with m, oa, currency, o and s; the notification with MERCHANT_ID,
 * AMOUNT, intid, MERCHANT_ORDER_ID and SIGN, answered with `YES`.
 */

/** The addresses FreeKassa sends notifications from, as its documentation publishes them. */
export const FREEKASSA_PUBLISHED_IPS: readonly string[] = ['168.119.157.136', '168.119.60.227', '178.154.197.79', '51.250.54.238'];

/** The currencies the form's `currency` takes. */
export const FREEKASSA_CURRENCIES: readonly string[] = ['RUB', 'USD', 'EUR', 'UAH', 'KZT'];

/** The body FreeKassa waits for; anything else and it sends the notification again. */
export const FREEKASSA_ANSWER = 'YES';

// MD5 is what the protocol mandates for both signatures; the secret words keep them unforgeable.
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The form's `s`: MD5 of `merchant id:amount:secret word 1:currency:order id`. */
export const formSignature = (f: { merchantId: string; amount: string; secret1: string; currency: string; orderId: string }) =>
  md5([f.merchantId, f.amount, f.secret1, f.currency, f.orderId].join(':'));

/** The notification's SIGN: MD5 of `merchant id:amount:secret word 2:order id`, over AMOUNT exactly as sent. */
export const notificationSignature = (f: { merchantId: string; amount: string; secret2: string; orderId: string }) =>
  md5([f.merchantId, f.amount, f.secret2, f.orderId].join(':'));

/** The form's `oa`: the sum in units with no trailing zeros (1000, 1000.5), the form the signature is made over. */
export function formAmount(amountMinor: number): string {
  const units = Math.trunc(amountMinor / MINOR_PER_UNIT);
  const cents = amountMinor % MINOR_PER_UNIT;
  if (cents === 0) return String(units);
  return `${units}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** A notification's AMOUNT (`1000`, `1000.5`, `1000.50`) in minor units; null when it is not a plain decimal sum. */
export function parseAmount(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * MINOR_PER_UNIT + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The IPv4 behind an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`), as a dual-stack socket reports it. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped && isIPv4(mapped[1]!) ? mapped[1]! : address;
}

/**
 * The notification's fields the store reads (it also carries P_EMAIL, P_PHONE, CUR_ID and the
 * form's us_ fields, which it ignores). The order id is one the store made (`ord_…`).
 */
export const notificationFields = z.object({
  MERCHANT_ID: z.string().regex(/^\d{1,20}$/),
  AMOUNT: z.string().max(20),
  intid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  MERCHANT_ORDER_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  SIGN: z.string().regex(/^[0-9a-fA-F]{32}$/),
});

/** FreeKassa's API (`<api>/orders` and the rest) as documented; FREEKASSA_API_URL replaces it (the tests' fake). */
export const FREEKASSA_API_URL = 'https://api.fk.life/v1';

/**
 * An API request's `signature`: HMAC-SHA256, keyed with the API key, of the request's values
 * sorted by their keys and joined with `|` (the signature itself left out).
 */
export function apiSignature(fields: Readonly<Record<string, string | number>>, apiKey: string): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => String(fields[k]))
    .join('|');
  return createHmac('sha256', apiKey).update(text, 'utf8').digest('hex');
}

/** A FreeKassa order's `status` in the API: 1 is paid; 0 new, 8 an error, 9 cancelled. */
export const FREEKASSA_ORDER_PAID = 1;

/** The answer to POST <api>/orders the lookup reads. */
export const ordersAnswer = z.object({
  type: z.literal('success'),
  orders: z.array(
    z.object({
      merchant_order_id: z.string(),
      fk_order_id: z.union([z.number().int(), z.string()]),
      amount: z.union([z.number(), z.string()]),
      currency: z.string(),
      status: z.coerce.number().int(),
    }),
  ),
});
