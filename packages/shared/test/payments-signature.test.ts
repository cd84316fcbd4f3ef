import { describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import {
  SANDBOX_SIGNATURE_HEADER,
  buildSandboxCallback,
  canonicalCallbackString,
  constantTimeEqual,
  matchCallbackToOrder,
  parseSandboxCallback,
  signCallback,
  verifyCallback,
  type CallbackFields,
} from '../src/payments/signature.ts';
import { orderTransition, paymentStatusView } from '../src/payments/status.ts';

const SECRET = 'sandbox-secret-0123456789';
const NOW = 1_795_000_000;
const fields: CallbackFields = { orderId: 'ord_01HX', amountMinor: 50_000, currency: 'RUB', status: 'success', timestamp: NOW };

describe('callback signature', () => {
  it('is HMAC-SHA256 over the documented canonical string', () => {
    expect(canonicalCallbackString(fields)).toBe(`v1\nord_01HX\n50000\nRUB\nsuccess\n${NOW}`);
    const expected = bytesToHex(hmac(sha256, utf8ToBytes(SECRET), utf8ToBytes(`v1\nord_01HX\n50000\nRUB\nsuccess\n${NOW}`)));
    expect(signCallback(fields, SECRET)).toBe(expected);
    expect(signCallback(fields, SECRET)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies a genuine signature, in any hex case', () => {
    const sig = signCallback(fields, SECRET);
    expect(verifyCallback({ fields, signature: sig, secret: SECRET })).toEqual({ ok: true });
    expect(verifyCallback({ fields, signature: sig.toUpperCase(), secret: SECRET, nowSeconds: NOW })).toEqual({ ok: true });
  });

  it('refuses forgeries: another secret, garbage, empty, truncated', () => {
    const sig = signCallback(fields, SECRET);
    const refused = { ok: false, reason: 'bad_signature' };
    expect(verifyCallback({ fields, signature: signCallback(fields, 'another-secret-0123456'), secret: SECRET })).toEqual(refused);
    expect(verifyCallback({ fields, signature: 'f'.repeat(64), secret: SECRET })).toEqual(refused);
    expect(verifyCallback({ fields, signature: '', secret: SECRET })).toEqual(refused);
    expect(verifyCallback({ fields, signature: undefined, secret: SECRET })).toEqual(refused);
    expect(verifyCallback({ fields, signature: sig.slice(0, 63), secret: SECRET })).toEqual(refused);
    expect(verifyCallback({ fields, signature: `${sig}00`, secret: SECRET })).toEqual(refused);
    expect(verifyCallback({ fields, signature: sig.replace(/.$/, (c) => (c === '0' ? '1' : '0')), secret: SECRET })).toEqual(refused);
  });

  it('refuses any tampered field', () => {
    const sig = signCallback(fields, SECRET);
    const tampered: CallbackFields[] = [
      { ...fields, orderId: 'ord_01HY' },
      { ...fields, amountMinor: 50_001 },
      { ...fields, amountMinor: 5_000_000 },
      { ...fields, currency: 'USD' },
      { ...fields, status: 'fail' },
      { ...fields, timestamp: NOW + 1 },
    ];
    for (const f of tampered) expect(verifyCallback({ fields: f, signature: sig, secret: SECRET }), JSON.stringify(f)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('cannot be shifted between fields: ids with separators are not signable', () => {
    expect(() => signCallback({ ...fields, orderId: 'a\n1' }, SECRET)).toThrow(RangeError);
    expect(verifyCallback({ fields: { ...fields, orderId: 'a\n1' }, signature: 'f'.repeat(64), secret: SECRET })).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyCallback({ fields: { ...fields, amountMinor: 1.5 }, signature: 'f'.repeat(64), secret: SECRET })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('checks every field before signing', () => {
    const unsignable: CallbackFields[] = [
      { ...fields, amountMinor: -1 },
      { ...fields, currency: 'rub' },
      { ...fields, currency: 'RU' },
      { ...fields, currency: '1\nRUB' },
      { ...fields, currency: 'RUB\n1' },
      { ...fields, status: 'refunded' as CallbackFields['status'] },
      { ...fields, timestamp: 0 },
      { ...fields, timestamp: -5 },
      { ...fields, timestamp: NOW + 0.5 },
    ];
    for (const f of unsignable) {
      expect(() => signCallback(f, SECRET), JSON.stringify(f)).toThrow('callback fields cannot be signed');
      expect(verifyCallback({ fields: f, signature: 'f'.repeat(64), secret: SECRET }), JSON.stringify(f)).toEqual({ ok: false, reason: 'malformed' });
    }
    // The edges that are fine: a zero amount, the longest currency code, a timestamp of 1.
    expect(canonicalCallbackString({ ...fields, amountMinor: 0, currency: 'TASTY_COIN', timestamp: 1 })).toBe('v1\nord_01HX\n0\nTASTY_COIN\nsuccess\n1');
  });

  it('reads a signature with spaces around it, but nothing else around it', () => {
    const sig = signCallback(fields, SECRET);
    expect(verifyCallback({ fields, signature: ` ${sig}\n`, secret: SECRET })).toEqual({ ok: true });
    expect(verifyCallback({ fields, signature: `g${sig}`, secret: SECRET })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyCallback({ fields, signature: `${sig}g`, secret: SECRET })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a stale or future timestamp when the clock is given', () => {
    const sig = signCallback(fields, SECRET);
    expect(verifyCallback({ fields, signature: sig, secret: SECRET, nowSeconds: NOW + 600 })).toEqual({ ok: true });
    expect(verifyCallback({ fields, signature: sig, secret: SECRET, nowSeconds: NOW + 601 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyCallback({ fields, signature: sig, secret: SECRET, nowSeconds: NOW - 601 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyCallback({ fields, signature: sig, secret: SECRET, nowSeconds: NOW + 60, toleranceSeconds: 30 })).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a short secret (a configuration mistake, so it throws)', () => {
    expect(() => signCallback(fields, 'short')).toThrow(RangeError);
    expect(() => signCallback(fields, 'x'.repeat(15))).toThrow('the callback secret must be at least 16 characters');
    expect(signCallback(fields, 'x'.repeat(16))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('compares bytes fully', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([0, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});

describe('sandbox callback round trip', () => {
  const event = { orderId: 'ord_1', providerReference: 'sbx_9', amountMinor: 19_999, currency: 'KZT', status: 'success' as const, timestamp: NOW };

  it('parses what the sandbox checkout sends', () => {
    const { rawBody: body, headers } = buildSandboxCallback(event, SECRET);
    expect(headers).toEqual({ 'content-type': 'application/json', 'x-sandbox-signature': signCallback({ ...fields, orderId: 'ord_1', amountMinor: 19_999, currency: 'KZT' }, SECRET) });
    expect(parseSandboxCallback({ rawBody: body, headers }, SECRET, NOW + 5)).toEqual({
      ok: true,
      event: { orderId: 'ord_1', providerReference: 'sbx_9', amountMinor: 19_999, currency: 'KZT', status: 'success', occurredAt: NOW },
    });
    // Node may give a header as an array
    expect(parseSandboxCallback({ rawBody: body, headers: { [SANDBOX_SIGNATURE_HEADER]: [headers[SANDBOX_SIGNATURE_HEADER]!] } }, SECRET, NOW).ok).toBe(true);
  });

  it('refuses a tampered body, a missing header, junk and extra keys', () => {
    const { rawBody: body, headers } = buildSandboxCallback(event, SECRET);
    const tampered = body.replace('19999', '1999900');
    expect(parseSandboxCallback({ rawBody: tampered, headers }, SECRET, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(parseSandboxCallback({ rawBody: body, headers: {} }, SECRET, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(parseSandboxCallback({ rawBody: 'not json', headers }, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseSandboxCallback({ rawBody: '{}', headers }, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    const extra = JSON.stringify({ ...JSON.parse(body), bonus: 1 });
    expect(parseSandboxCallback({ rawBody: extra, headers }, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseSandboxCallback({ rawBody: body, headers }, SECRET, NOW + 3600)).toEqual({ ok: false, reason: 'stale' });
  });

  it('matches the event to the stored order', () => {
    const parsed = parseSandboxCallback(buildSandboxCallback(event, SECRET), SECRET, NOW);
    if (!parsed.ok) throw new Error('expected a verified event');
    const order = { orderId: 'ord_1', amountMinor: 19_999, currency: 'KZT' };
    expect(matchCallbackToOrder(parsed.event, order)).toBeNull();
    expect(matchCallbackToOrder(parsed.event, null)).toBe('unknown_order');
    expect(matchCallbackToOrder(parsed.event, { ...order, orderId: 'ord_2' })).toBe('unknown_order');
    expect(matchCallbackToOrder(parsed.event, { ...order, amountMinor: 20_000 })).toBe('amount_mismatch');
    expect(matchCallbackToOrder(parsed.event, { ...order, currency: 'RUB' })).toBe('currency_mismatch');
    // A provider whose notification states no currency (FreeKassa's) is matched on the rest.
    const unstated = { ...parsed.event, currency: null };
    expect(matchCallbackToOrder(unstated, { ...order, currency: 'RUB' })).toBeNull();
    expect(matchCallbackToOrder(unstated, { ...order, amountMinor: 20_000 })).toBe('amount_mismatch');
  });
});

describe('payment status', () => {
  it('shows pending as wait, fail as fail, anything else as success (spec §4)', () => {
    expect(paymentStatusView('pending')).toBe('wait');
    expect(paymentStatusView('fail')).toBe('fail');
    expect(paymentStatusView('success')).toBe('success');
    expect(paymentStatusView('whatever')).toBe('success');
  });
  it('credits only a pending order, so a replay never credits twice', () => {
    expect(orderTransition('pending', 'success')).toBe('credit');
    expect(orderTransition('pending', 'fail')).toBe('fail');
    expect(orderTransition('pending', 'pending')).toBe('ignore');
    expect(orderTransition('success', 'success')).toBe('ignore');
    expect(orderTransition('success', 'fail')).toBe('ignore');
    expect(orderTransition('fail', 'success')).toBe('ignore');
  });
});

// Mutants `npm run mutate` leaves alive in payments/signature.ts, each equivalent:
// - line 62, `i < a.length` → `i <= a.length`: both arrays have that length, and one step further
//   undefined ^ undefined is 0.
// - line 79, `?? ''` → `?? 'Stryker was here!'`: a missing signature becomes another text that is
//   not 64 hex digits and is refused the same way.
// - line 83, `nowSeconds !== undefined` → `true`: without a clock the age is NaN, and NaN > tolerance
//   is false, so nothing is refused as stale.
// - line 159, the catch block emptied: the body stays undefined, which the schema refuses as
//   malformed too.
