import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildSandboxCallback } from '@store/shared/payments/signature';
import type { PaymentStatus } from '@store/shared/payments/status';
import { insertPromoCode } from '../src/modules/payments/promo-store.ts';
import { api, countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Payment callbacks and promo codes racing. Only PostgreSQL runs the requests really in
 * parallel on separate connections, so this file runs there (PGlite queues them on one
 * connection, which payments.test.ts covers with replays).
 */
describe('payment races (PostgreSQL)', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store?.close());
  const db = () => store.database.db;
  const q = (query: ReturnType<typeof sql>) => countRows(db(), query);

  async function startOrder(p: Player, body: Record<string, unknown> = {}) {
    const res = await api(store.app, 'POST', '/api/v1/payments/transaction/start', {
      token: p.token,
      body: { country: 'RU', method_id: 101, amount: 1000, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.order_id as string;
  }

  const callback = (orderId: string, status: PaymentStatus, timestamp = Math.floor(Date.now() / 1000)) => {
    const cb = buildSandboxCallback(
      { orderId, providerReference: 'sbx_race', amountMinor: 100_000, currency: 'RUB', status, timestamp },
      store.env.PAYMENT_SANDBOX_SECRET!,
    );
    return store.app
      .inject({ method: 'POST', url: '/api/v1/payments/callback/sandbox', headers: cb.headers, payload: cb.rawBody })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  };

  it('20 concurrent duplicate callbacks credit once', async () => {
    const p = await registerPlayer(store.app);
    const orderId = await startOrder(p);
    const now = Math.floor(Date.now() / 1000);
    // Half are the very same message, half are the provider's re-signed retries.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => callback(orderId, 'success', i % 2 ? now : now - i)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.credited)).toHaveLength(1);
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'deposit'`)).toBe(1);
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(105_000);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('success and fail racing settle the order one way only', async () => {
    const p = await registerPlayer(store.app);
    const orderId = await startOrder(p);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => callback(orderId, i % 2 ? 'success' : 'fail')));
    const final = results.map((r) => r.body.data.status);
    expect(new Set(final).size).toBe(1);
    const credited = results.filter((r) => r.body.data.credited).length;
    expect(credited).toBe(final[0] === 'success' ? 1 : 0);
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId}`)).toBe(final[0] === 'success' ? 2 : 0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('20 concurrent applies of an instant code credit one player once', async () => {
    const p = await registerPlayer(store.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'GIFT50' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'promo_user_limit')).toHaveLength(19);
    expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(5000);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('deposits racing for a code with 5 uses left give exactly 5 promo bonuses', async () => {
    await insertPromoCode(db(), {
      code: 'FIVE',
      terms: { kind: 'common', percent: 10, img: null },
      startsAt: null,
      expiresAt: null,
      totalLimit: 5,
      perUserLimit: 1,
      createdBy: 'test',
    });
    const players = await Promise.all(Array.from({ length: 12 }, () => registerPlayer(store.app)));
    const orders = await Promise.all(players.map((p) => startOrder(p, { promo_code: 'FIVE' })));
    const results = await Promise.all(orders.map((id) => callback(id, 'success')));
    expect(results.every((r) => r.body.data?.credited)).toBe(true);
    expect(
      await q(
        sql`select count(*) as n from ledger where reason = 'deposit_bonus_promo' and ref in (select 'payment:' || id from payment_orders where promo_code = 'FIVE')`,
      ),
    ).toBe(5);
    expect(await q(sql`select uses as n from promo_codes where code = 'FIVE'`)).toBe(5);
    expect(await q(sql`select count(*) as n from promo_uses where code = 'FIVE'`)).toBe(5);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('10 concurrent starts with one Idempotency-Key open one order', async () => {
    const p = await registerPlayer(store.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(store.app, 'POST', '/api/v1/payments/transaction/start', {
          token: p.token,
          body: { country: 'RU', method_id: 101, amount: 1000, promo_code: 'WELCOME10' },
          headers: { 'idempotency-key': 'same-start' },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.body.data?.order_id)).size).toBe(1);
    expect(await q(sql`select count(*) as n from payment_orders where user_id = ${p.userId}`)).toBe(1);
  });
});
