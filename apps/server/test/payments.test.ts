import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildSandboxCallback, SANDBOX_SIGNATURE_HEADER } from '@store/shared/payments/signature';
import type { PaymentStatus } from '@store/shared/payments/status';
import { COUNTRY_CONFIGS } from '@store/shared/payments/countries';
import { defaultPaymentSettings } from '@store/shared/payments/settings-document';
import { runAdminCommand } from '../src/admin/commands.ts';
import { parseEnv } from '../src/config/env.ts';
import { startTransaction } from '../src/modules/payments/start-transaction.ts';
import { insertPromoCode } from '../src/modules/payments/promo-store.ts';
import { api, countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);

const SBP = { country: 'RU', method_id: 101 };
const start = (p: Player, body: Record<string, unknown>, opts: { lang?: 'ru' | 'en'; headers?: Record<string, string> } = {}) =>
  api(store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { ...SBP, amount: 1000, ...body }, ...opts });
const status = (p: Player, orderId: string) =>
  api(store.app, 'GET', `/api/v1/payments/transaction/status?orderId=${orderId}`, { token: p.token });

/** Presses a button of the sandbox checkout page the way the browser's form does. */
const checkout = (orderId: string, outcome: 'pay' | 'fail' | 'pending', lang: 'ru' | 'en' = 'ru') =>
  store.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${orderId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}&lang=${lang}`,
  });

interface Order {
  order_id: string;
  amount_minor: number;
  currency: string;
}

async function orderRow(orderId: string): Promise<Order & { status: string; provider_reference: string }> {
  const res = (await db().execute(
    sql`select id as order_id, amount_minor, currency, status, provider_reference from payment_orders where id = ${orderId}`,
  )) as unknown as {
    rows: (Order & { status: string; provider_reference: string })[];
  };
  const row = res.rows[0]!;
  return { ...row, amount_minor: Number(row.amount_minor) };
}

/** A sandbox callback as the provider would send it, with any field overridden to forge one. */
function callbackFor(
  order: Order,
  over: { status?: PaymentStatus; amountMinor?: number; currency?: string; orderId?: string; timestamp?: number; secret?: string } = {},
) {
  return buildSandboxCallback(
    {
      orderId: over.orderId ?? order.order_id,
      providerReference: 'sbx_test',
      amountMinor: over.amountMinor ?? order.amount_minor,
      currency: over.currency ?? order.currency,
      status: over.status ?? 'success',
      timestamp: over.timestamp ?? Math.floor(Date.now() / 1000),
    },
    over.secret ?? store.env.PAYMENT_SANDBOX_SECRET!,
  );
}

const deliver = async (cb: { rawBody: string; headers: Record<string, string> }) => {
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/v1/payments/callback/sandbox',
    headers: cb.headers,
    payload: cb.rawBody,
  });
  return { status: res.statusCode, body: res.json() };
};

/** Everything a refused callback must leave alone. */
async function snapshot(userId: number) {
  return {
    gold: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'GOLD'`),
    coins: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'TASTY_COIN'`),
    ledger: await q(sql`select count(*) as n from ledger where user_id = ${userId}`),
    pending: await q(sql`select count(*) as n from payment_orders where user_id = ${userId} and status = 'pending'`),
    promoUses: await q(sql`select count(*) as n from promo_uses where user_id = ${userId}`),
  };
}

async function startedOrder(p: Player, body: Record<string, unknown> = {}) {
  const res = await start(p, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderRow(res.body.data.order_id);
}

describe('countries and bonus levels', () => {
  it('serves every country table without the welcome-redirect methods', async () => {
    const res = await api(store.app, 'GET', '/api/v1/payments/countries');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: any) => c.country).sort()).toEqual(['AZ', 'BR', 'EU', 'IN', 'KZ', 'RU', 'US']);
    const methods = res.body.data.flatMap((c: any) => c.methods);
    expect(methods.some((m: any) => m.name.toLowerCase().includes('.biz'))).toBe(false);
    const ru = res.body.data.find((c: any) => c.country === 'RU');
    expect(ru.currency).toEqual({ code: 'RUB', default_amount: 500, rate: 1, symbol: '₽' });
    expect(ru.methods.find((m: any) => m.id === 105).extra_fields[0]).toMatchObject({ field: 'phone', validator: 'phone', required: true });
  });

  it('looks the default country up by country header, then language', async () => {
    const get = (iso: string, headers: Record<string, string> = {}) =>
      api(store.app, 'GET', `/api/v1/payments/countries/${iso}`, { headers });
    expect((await get('default', { 'cf-ipcountry': 'KZ' })).body.data.country).toBe('KZ');
    expect((await get('default', { 'x-country-code': 'de' })).body.data.country).toBe('EU');
    expect((await get('default', { 'cf-ipcountry': 'XX', 'accept-language': 'pt-BR,pt;q=0.9' })).body.data.country).toBe('BR');
    expect((await get('default', { 'x-client-language': 'ru' })).body.data.country).toBe('RU');
    expect((await get('default', { 'x-client-language': 'en' })).body.data.country).toBe('US');
    expect((await get('kz')).body.data.currency.code).toBe('KZT');
    expect((await get('FR')).body.data.country).toBe('EU');
    const bad = await get('XX');
    expect([bad.status, bad.body.code]).toEqual([400, 'payment_country_invalid']);
    const malformed = await get('russia');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation']);
  });

  it('serves the bonus levels ascending with their percent', async () => {
    const res = await api(store.app, 'GET', '/api/v1/payments/bonus/levels');
    expect(res.body.data).toEqual([
      { limit: 500, bonus_multiplier: 0.03, bonus_percent: 3 },
      { limit: 1000, bonus_multiplier: 0.05, bonus_percent: 5 },
      { limit: 3000, bonus_multiplier: 0.07, bonus_percent: 7 },
      { limit: 10000, bonus_multiplier: 0.1, bonus_percent: 10 },
    ]);
  });
});

describe('a top-up through the sandbox', () => {
  it('start → checkout page → pay → signed callback → success, credited with every bonus through the ledger', async () => {
    const p = await registerPlayer(store.app);
    const started = await start(p, { promo_code: '  welcome10 ' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { order_id: orderId, checkout_url: checkoutUrl } = started.body.data;
    expect(started.body.data).toEqual({
      order_id: orderId,
      checkout_url: `/sandbox/checkout/${orderId}`,
      status: 'pending',
      amount: 1000,
      currency: 'RUB',
      site_amount: 1000,
    });
    expect((await status(p, orderId)).body.data).toMatchObject({
      status: 'pending',
      value: 1000,
      bonus: { coins: 0, sum_bonus: 0, sum_promo: 0, prize: null },
    });

    const page = await store.app.inject({ method: 'GET', url: checkoutUrl, headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('1000 ₽');
    expect(page.body).toContain('Оплатить');
    expect(page.body).toMatch(/name="outcome" value="pending"/);
    const english = await store.app.inject({ method: 'GET', url: `${checkoutUrl}?lang=en` });
    expect(english.body).toContain('Leave pending');
    expect(english.body).toContain('lang="en"');

    const paid = await checkout(orderId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/refill/result?orderId=${orderId}`);

    const result = await status(p, orderId);
    // 1000 GOLD, +5 % level (from 1000), +10 % WELCOME10, coins floor(1000 × 10 / 100) = 100.
    expect(result.body.data).toEqual({
      order_id: orderId,
      status: 'success',
      value: 1000,
      bonus: { coins: 100, prize: null, sum_promo: 100, sum_bonus: 150 },
    });
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(115_000);
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'TASTY_COIN'`)).toBe(10_000);
    const rows = (await db().execute(
      sql`select reason, currency, delta from ledger where user_id = ${p.userId} and ref = ${`payment:${orderId}`} order by id`,
    )) as unknown as {
      rows: { reason: string; currency: string; delta: number | string }[];
    };
    expect(rows.rows.map((r) => [r.reason, r.currency, Number(r.delta)])).toEqual([
      ['deposit', 'GOLD', 100_000],
      ['deposit_bonus_level', 'GOLD', 5_000],
      ['deposit_bonus_promo', 'GOLD', 10_000],
      ['deposit_coins', 'TASTY_COIN', 10_000],
    ]);
    expect(
      await q(sql`select count(*) as n from promo_uses where user_id = ${p.userId} and code = 'WELCOME10' and order_id = ${orderId}`),
    ).toBe(1);
    expect(await q(sql`select count(*) as n from user_promos where user_id = ${p.userId}`)).toBe(0);
    // The deposit in the activity stream: what was paid in, and the bonuses on top.
    const activity = (await db().execute(sql`select kind, amount, won, ref from activities where user_id = ${p.userId}`)) as unknown as {
      rows: { kind: string; amount: number | string; won: number | string; ref: string }[];
    };
    expect(activity.rows.map((r) => [r.kind, Number(r.amount), Number(r.won), r.ref])).toEqual([['deposit', 100_000, 15_000, `payment:${orderId}`]]);
    // What the player sees on their profile: the deposit with both bonuses, and the coins.
    const me = (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
    expect(me.finance).toEqual({ balance: 1150, currency: 'GOLD', coin_balance: 100, total_amount_items: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);

    // The page of a settled order says so instead of offering the buttons again.
    const after = await store.app.inject({ method: 'GET', url: checkoutUrl });
    expect(after.body).not.toContain('name="outcome"');
    // WELCOME10 is once per player.
    const again = await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'WELCOME10' } });
    expect([again.status, again.body.code]).toEqual([409, 'promo_user_limit']);
  });

  it('a method bonus and a foreign currency convert at the rate, rounding down', async () => {
    const p = await registerPlayer(store.app);
    // KZ Kaspi: 2 633 KZT at 0.19 = 500.27 GOLD, the 500 level (+3 %), no method bonus.
    const res = await start(p, { country: 'KZ', method_id: 201, amount: 2633, fields: { phone: '+7 701 123 45 67' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'KZT', amount: 2633, site_amount: 500.27 });
    expect((await checkout(res.body.data.order_id, 'pay', 'en')).headers.location).toBe(
      `/en/refill/result?orderId=${res.body.data.order_id}`,
    );
    expect((await status(p, res.body.data.order_id)).body.data.bonus).toEqual({ coins: 50, prize: null, sum_promo: 0, sum_bonus: 15 });
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(50_027 + 1_500);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('fail marks the order failed once and credits nothing, even if a success arrives later', async () => {
    const p = await registerPlayer(store.app);
    const order = await startedOrder(p);
    const failed = await checkout(order.order_id, 'fail');
    expect(failed.statusCode).toBe(303);
    expect((await status(p, order.order_id)).body.data.status).toBe('fail');
    const late = await deliver(callbackFor(order, { status: 'success' }));
    expect(late).toEqual({ status: 200, body: { status: true, data: { order_id: order.order_id, status: 'fail', credited: false } } });
    expect(await snapshot(p.userId)).toEqual({ gold: 0, coins: 0, ledger: 0, pending: 0, promoUses: 0 });
  });

  it('leave pending sends the player back without a callback', async () => {
    const p = await registerPlayer(store.app);
    const order = await startedOrder(p);
    const res = await checkout(order.order_id, 'pending');
    expect([res.statusCode, res.headers.location]).toEqual([303, `/refill/result?orderId=${order.order_id}`]);
    expect((await status(p, order.order_id)).body.data.status).toBe('pending');
    expect(await snapshot(p.userId)).toEqual({ gold: 0, coins: 0, ledger: 0, pending: 1, promoUses: 0 });
  });

  it('an unknown order has no checkout', async () => {
    // The checkout is a page, so the refusal is the page saying so, in the player's language.
    const page = await store.app.inject({ method: 'GET', url: '/sandbox/checkout/ord_nope' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(page.body).toContain('<h1>Платёж не найден</h1>');
    expect(page.body).not.toContain('name="outcome"');
    const pressed = await checkout('ord_nope', 'pay', 'en');
    expect([pressed.statusCode, pressed.headers.location]).toEqual([404, undefined]);
    expect(pressed.body).toContain('<h1>Payment not found</h1>');
    expect(await q(sql`select count(*) as n from payment_orders where id = 'ord_nope'`)).toBe(0);
  });

  it('status is the owner’s only', async () => {
    const p = await registerPlayer(store.app);
    const other = await registerPlayer(store.app);
    const order = await startedOrder(p);
    const res = await status(other, order.order_id);
    expect([res.status, res.body.code]).toEqual([404, 'payment_order_not_found']);
    const guest = await api(store.app, 'GET', `/api/v1/payments/transaction/status?orderId=${order.order_id}`);
    expect([guest.status, guest.body.code]).toEqual([401, 'authentication']);
  });

  it('a retried start with the same Idempotency-Key opens one order', async () => {
    const p = await registerPlayer(store.app);
    const headers = { 'idempotency-key': 'start-1' };
    const a = await start(p, {}, { headers });
    const b = await start(p, {}, { headers });
    expect(b.body.data).toEqual(a.body.data);
    expect(await q(sql`select count(*) as n from payment_orders where user_id = ${p.userId}`)).toBe(1);
  });
});

describe('callbacks', () => {
  it('refuses a forged, stale, mismatched, unknown or malformed callback, logs why and changes nothing', async () => {
    const p = await registerPlayer(store.app);
    const order = await startedOrder(p);
    const before = await snapshot(p.userId);
    const warn = vi.spyOn(store.app.log, 'warn');
    const cases: [string, { rawBody: string; headers: Record<string, string> }][] = [
      ['bad_signature', callbackFor(order, { secret: 'someone-elses-secret-key' })],
      ['bad_signature', { ...callbackFor(order), headers: { 'content-type': 'application/json' } }],
      ['stale', callbackFor(order, { timestamp: Math.floor(Date.now() / 1000) - 3600 })],
      ['amount_mismatch', callbackFor(order, { amountMinor: order.amount_minor + 1 })],
      ['currency_mismatch', callbackFor(order, { currency: 'USD' })],
      ['unknown_order', callbackFor(order, { orderId: 'ord_unknown' })],
      ['malformed', { rawBody: '{not json', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'aa' } }],
    ];
    // A body re-serialised differently from what was signed is not what the provider sent.
    const tampered = callbackFor(order);
    tampered.rawBody = tampered.rawBody.replace(`"amount_minor":${order.amount_minor}`, `"amount_minor":${order.amount_minor * 10}`);
    cases.push(['bad_signature', tampered]);
    for (const [reason, cb] of cases) {
      const res = await deliver(cb);
      expect([res.status, res.body.code, res.body.params?.reason], reason).toEqual([400, 'payment_callback_refused', reason]);
      expect(warn).toHaveBeenLastCalledWith(expect.objectContaining({ reason }), 'payment callback refused');
    }
    warn.mockRestore();
    expect(await snapshot(p.userId)).toEqual(before);
    expect((await orderRow(order.order_id)).status).toBe('pending');

    // The genuine callback still credits afterwards.
    expect((await deliver(callbackFor(order))).body.data).toEqual({ order_id: order.order_id, status: 'success', credited: true });
  });

  it('a replayed callback answers 200 and credits once', async () => {
    const p = await registerPlayer(store.app);
    const order = await startedOrder(p);
    const cb = callbackFor(order);
    const first = await deliver(cb);
    const replay = await deliver(cb);
    const resigned = await deliver(callbackFor(order, { timestamp: Math.floor(Date.now() / 1000) + 1 }));
    expect(first.body.data.credited).toBe(true);
    expect([replay.status, replay.body.data]).toEqual([200, { order_id: order.order_id, status: 'success', credited: false }]);
    expect(resigned.body.data.credited).toBe(false);
    const fail = await deliver(callbackFor(order, { status: 'fail' }));
    expect(fail.body.data).toEqual({ order_id: order.order_id, status: 'success', credited: false });
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'deposit'`)).toBe(1);
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(105_000);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('a pending callback changes nothing', async () => {
    const p = await registerPlayer(store.app);
    const order = await startedOrder(p);
    const res = await deliver(callbackFor(order, { status: 'pending' }));
    expect(res.body.data).toEqual({ order_id: order.order_id, status: 'pending', credited: false });
    expect((await snapshot(p.userId)).ledger).toBe(0);
  });
});

describe('bad input to start', () => {
  it('answers each with its code and status, in the player’s language', async () => {
    const p = await registerPlayer(store.app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ country: 'XX' }, 400, 'payment_country_invalid'],
      [{ country: 'ZZZ' }, 400, 'payment_country_invalid'],
      [{ method_id: 999 }, 404, 'payment_method_not_found'],
      [{ method_id: 201 }, 404, 'payment_method_not_found'],
      [{ method_id: 103 }, 404, 'payment_method_not_found'],
      [{ amount: 50 }, 422, 'amount_too_low'],
      [{ amount: 300_001 }, 422, 'amount_too_high'],
      [{ amount: 100.001 }, 422, 'amount_invalid'],
      [{ amount: -5 }, 400, 'validation'],
      [{ method_id: 105, fields: { phone: '123' } }, 422, 'payment_fields_invalid'],
      [{ method_id: 105 }, 422, 'payment_fields_invalid'],
      [{ method_id: 102, fields: { email: 'not-an-email' } }, 422, 'payment_fields_invalid'],
      [{ promo_code: 'NO_SUCH_CODE' }, 404, 'promo_not_found'],
    ];
    for (const [body, code, error] of cases) {
      const res = await start(p, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([code, error]);
    }
    const low = await start(p, { amount: 50 }, { lang: 'en' });
    expect(low.body.message).toBe('The minimum amount is 100');
    expect(low.body.params).toMatchObject({ min: 100, currency: 'RUB' });
    const phone = await start(p, { method_id: 105, fields: { phone: '123' } });
    expect(phone.body.params?.fields).toEqual({ phone: 'phoneInvalid' });
    expect((await start(p, { method_id: 105 })).body.params?.fields).toEqual({ phone: 'fieldRequired' });
    expect(await q(sql`select count(*) as n from payment_orders where user_id = ${p.userId}`)).toBe(0);

    const good = await start(p, { method_id: 105, amount: 500, fields: { phone: '8 916 123-45-67' } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);

    const guest = await api(store.app, 'POST', '/api/v1/payments/transaction/start', { body: { ...SBP, amount: 1000 } });
    expect([guest.status, guest.body.code]).toEqual([401, 'authentication']);
  });
});

describe('the provider port', () => {
  it('a provider that cannot start the payment leaves no order behind', async () => {
    const p = await registerPlayer(store.app);
    const broken = {
      name: 'broken',
      startTransaction: () => Promise.reject(new Error('provider down')),
      parseCallback: () => Promise.resolve({ ok: false as const, reason: 'malformed' as const }),
    };
    await expect(
      startTransaction({
        db: db(),
        provider: broken,
        userId: p.userId,
        country: COUNTRY_CONFIGS.RU!,
        body: { ...SBP, amount: 1000, promo_code: 'WELCOME10' },
        bonus: defaultPaymentSettings(),
        lang: 'ru',
      }),
    ).rejects.toMatchObject({ code: 'payment_start_failed' });
    expect(await q(sql`select count(*) as n from payment_orders where user_id = ${p.userId}`)).toBe(0);
    expect(await q(sql`select count(*) as n from user_promos where user_id = ${p.userId}`)).toBe(0);
  });

  it('the sandbox secret has no default in code and refuses a short one', () => {
    expect(parseEnv({}).PAYMENT_SANDBOX_SECRET).toBeUndefined();
    expect(parseEnv({}).PAYMENT_PROVIDER).toEqual(['sandbox']);
    expect(() => parseEnv({ PAYMENT_SANDBOX_SECRET: 'short' })).toThrow(/PAYMENT_SANDBOX_SECRET/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe('promo codes', () => {
  const info = (code: string, p?: Player) =>
    api(store.app, 'GET', `/api/v1/payments/promo/info/${p ? '' : 'guest/'}${code}`, { token: p?.token });
  const apply = (p: Player, code: string, headers: Record<string, string> = {}) =>
    api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code }, headers });
  const DAY = 86_400_000;
  const create = (code: string, over: Partial<Parameters<typeof insertPromoCode>[1]> = {}) =>
    insertPromoCode(db(), {
      code,
      terms: { kind: 'common', percent: 20, img: null },
      startsAt: null,
      expiresAt: null,
      totalLimit: 0,
      perUserLimit: 0,
      createdBy: 'test',
      ...over,
    });

  it('shows a player the terms and a guest only type, percent and money factors', async () => {
    const p = await registerPlayer(store.app);
    expect((await info(' welcome10', p)).body.data).toEqual({
      code: 'WELCOME10',
      type: 'common',
      percent: 10,
      sum: 0,
      img: null,
      flex_offers: [],
    });
    expect((await info('gift50', p)).body.data).toMatchObject({ type: 'instant', percent: 0, sum: 50 });
    expect((await info('blogger')).body.data).toEqual({
      type: 'blogger',
      percent: 20,
      flex_offers: [{ money_factor: 110 }, { money_factor: 120 }],
    });
    const none = await info('NOPE', p);
    expect([none.status, none.body.code]).toEqual([404, 'promo_not_found']);
    const noToken = await api(store.app, 'GET', '/api/v1/payments/promo/info/WELCOME10');
    expect([noToken.status, noToken.body.code]).toEqual([401, 'authentication']);
  });

  it('refuses an expired or not yet started code', async () => {
    const p = await registerPlayer(store.app);
    await create('OLDCODE', { expiresAt: Date.now() - DAY });
    await create('LATERCODE', { startsAt: Date.now() + DAY });
    const expired = await apply(p, 'oldcode');
    expect([expired.status, expired.body.code]).toEqual([410, 'promo_expired']);
    expect((await info('OLDCODE')).body.code).toBe('promo_expired');
    expect((await start(p, { promo_code: 'OLDCODE' })).body.code).toBe('promo_expired');
    expect((await apply(p, 'LATERCODE')).body.code).toBe('promo_not_found');
    expect(await q(sql`select count(*) as n from payment_orders where user_id = ${p.userId}`)).toBe(0);
  });

  it('an instant code credits at once through the ledger, once per player', async () => {
    const p = await registerPlayer(store.app);
    const first = await apply(p, 'gift50', { 'idempotency-key': 'gift-1' });
    expect(first.body.data).toMatchObject({ credited: 50, balance: 50, promo: { code: 'GIFT50', type: 'instant' } });
    const retried = await apply(p, 'gift50', { 'idempotency-key': 'gift-1' });
    expect(retried.body.data).toEqual(first.body.data);
    const again = await apply(p, 'GIFT50');
    expect([again.status, again.body.code]).toEqual([409, 'promo_user_limit']);
    expect((await info('GIFT50', p)).body.code).toBe('promo_user_limit');
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'promo_instant'`)).toBe(1);
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(5000);
    // An instant code is not attached: the next deposit carries no promo.
    expect(await q(sql`select count(*) as n from user_promos where user_id = ${p.userId}`)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a code whose total is used up, at apply and again when a deposit would use it', async () => {
    await create('ONLYONE', { totalLimit: 1 });
    const [a, b, c] = [await registerPlayer(store.app), await registerPlayer(store.app), await registerPlayer(store.app)];
    // Applying attaches; only a credited deposit uses the code.
    const orderA = await startedOrder(a, { promo_code: 'ONLYONE' });
    const orderB = await startedOrder(b, { promo_code: 'ONLYONE' });
    expect((await deliver(callbackFor(orderA))).body.data.credited).toBe(true);
    expect((await status(a, orderA.order_id)).body.data.bonus.sum_promo).toBe(200);
    const late = await apply(c, 'ONLYONE');
    expect([late.status, late.body.code]).toEqual([409, 'promo_exhausted']);
    // B paid for an order that carried the code; the deposit is credited, without the exhausted promo.
    expect((await deliver(callbackFor(orderB))).body.data.credited).toBe(true);
    expect((await status(b, orderB.order_id)).body.data.bonus).toMatchObject({ sum_promo: 0, sum_bonus: 50 });
    expect(await q(sql`select uses as n from promo_codes where code = 'ONLYONE'`)).toBe(1);
    expect(await q(sql`select count(*) as n from user_promos where user_id = ${b.userId}`)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('a blogger code pays the offer the deposit reaches: percent, coins and the prize', async () => {
    const p = await registerPlayer(store.app);
    expect((await apply(p, 'blogger')).body.data).toMatchObject({ credited: 0, promo: { type: 'blogger', percent: 20 } });
    const order = await startedOrder(p, { amount: 500 });
    expect((await deliver(callbackFor(order))).body.data.credited).toBe(true);
    // 500 GOLD reaches the 100 offer: +10 %, coins floor(500 × 15 / 100) = 75, the level +3 %.
    const bonus = (await status(p, order.order_id)).body.data.bonus;
    expect(bonus).toMatchObject({ coins: 75, sum_promo: 50, sum_bonus: 65 });
    // The offer's prize is the project's cheapest case.
    expect(bonus.prize).toMatchObject({ icon: expect.stringMatching(/^\/img\/cases\/.+\.svg$/), title: expect.any(String) });
    expect((await store.app.inject({ method: 'GET', url: bonus.prize.icon })).statusCode).toBe(200);
    // The prize is the player's to open: one free opening of that case, whichever way the
    // provider's callback comes again.
    expect((await deliver(callbackFor(order))).status).toBe(200);
    const free = (await api(store.app, 'GET', '/api/v1/cases/free', { token: p.token })).body.data;
    expect(free.openings).toHaveLength(1);
    expect(free.openings[0]).toMatchObject({ source: 'promo', case: { image: bonus.prize.icon } });
  });

  it('reset detaches an unused code, so the next deposit carries none', async () => {
    const p = await registerPlayer(store.app);
    expect((await apply(p, 'WELCOME10')).status).toBe(200);
    const reset = () => api(store.app, 'POST', '/api/v1/payments/promo/user/reset', { token: p.token, body: {} });
    expect((await reset()).body.data).toEqual({ reset: true });
    expect((await reset()).body.data).toEqual({ reset: false });
    const order = await startedOrder(p);
    await deliver(callbackFor(order));
    expect((await status(p, order.order_id)).body.data.bonus.sum_promo).toBe(0);
  });

  it('the operator command creates a code the API then serves', async () => {
    const created = await runAdminCommand(db(), {
      command: 'promo-create',
      code: 'spring15',
      kind: 'common',
      percent: 15,
      total: 100,
      perPlayer: 1,
      operator: 'test',
      expires: new Date(Date.now() + DAY).toISOString(),
    });
    expect(created).toMatchObject({ code: 'SPRING15', kind: 'common', total_limit: 100, per_player_limit: 1 });
    expect((await info('spring15')).body.data).toEqual({ type: 'common', percent: 15, flex_offers: [] });
    await expect(
      runAdminCommand(db(), {
        command: 'promo-create',
        code: 'SPRING15',
        kind: 'common',
        percent: 5,
        total: 0,
        perPlayer: 0,
        operator: 'test',
      }),
    ).rejects.toThrow(/already exists/);
    await expect(
      runAdminCommand(db(), { command: 'promo-create', code: 'NOPCT', kind: 'common', total: 0, perPlayer: 0, operator: 'test' }),
    ).rejects.toThrow(/--percent/);
  });
});
