import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNTRY_CONFIGS } from '@store/shared/payments/countries';
import { buildSandboxCallback, type PaymentProvider } from '@store/shared/payments/signature';
import { offeredConfig } from '../src/modules/payments/countries.ts';
import { paymentRouting, type PaymentRouting } from '../src/modules/payments/provider.ts';
import { StartRefused, prepareDeployment } from '../src/config/deployment.ts';
import { parseEnv } from '../src/config/env.ts';
import { FreeKassaPaymentProvider } from '../src/modules/payments/freekassa/freekassa-provider.ts';
import { FREEKASSA_PUBLISHED_IPS, formAmount, parseAmount } from '../src/modules/payments/freekassa/protocol.ts';
import { api, countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { FreeKassaFake, type Delivery } from './helpers/freekassa-fake.ts';
import { CryptomusFake, type Delivery as CryptomusDelivery, type Invoice } from './helpers/cryptomus-fake.ts';
import { CryptomusPaymentProvider } from '../src/modules/payments/cryptomus/cryptomus-provider.ts';
import { CRYPTOMUS_PUBLISHED_IPS, invoiceAmount, parseCryptomusAmount } from '../src/modules/payments/cryptomus/protocol.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';
import { runAdminCommand } from '../src/admin/commands.ts';
import { debitWallet } from '../src/modules/wallet/wallet.ts';

/** A proxy in front of the store that fails the first two deliveries, as a network or a restart would. */
async function failingTwice(target: URL): Promise<{ url: string; close(): Promise<void> }> {
  let seen = 0;
  const proxy = createServer((req, res) => {
    if (++seen <= 2) return void res.writeHead(502).end('Bad Gateway');
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/**
 * One contract for every payment provider (decisions 070, 071): the same scenarios run against the
 * sandbox, FreeKassa and Cryptomus, each real one through its local fake. A provider's callback is whatever that
 * provider sends (the sandbox's signed JSON, FreeKassa's signed form); what the store does with
 * it must not differ: paid credits once, replays credit nothing, forgeries and wrong sums change
 * nothing and are refused with the catalogue's error, a late callback still credits.
 */
interface Order {
  orderId: string;
  checkoutUrl: string;
  amountMinor: number;
  currency: string;
}

interface Callback {
  body: string;
  headers: Record<string, string>;
}

interface Driver {
  readonly name: 'sandbox' | 'freekassa' | 'cryptomus';
  store: TestStore;
  setup(): Promise<void>;
  close(): Promise<void>;
  /** The player pays the order on the provider's checkout, and the provider tells the store. */
  pay(order: Order): Promise<void>;
  /** The callback the provider sent (or would send) for the paid order, for replays. */
  genuine(order: Order): Callback;
  /** Signed as the provider signs, for another amount or another order: only the order can tell. */
  signed(order: Order, over: { amountMinor?: number; orderId?: string }): Callback;
  /** A callback the provider did not sign: a bad signature, or a signed one with its amount changed. */
  forged(order: Order, kind: 'signature' | 'amount'): Callback;
  /** What the store answers a callback it settled, in the provider's terms. */
  expectSettled(res: { status: number; body: string }, order: Order, credited: boolean): void;
  /** The player pays and the provider's callback never reaches the store: only its status lookup can tell. */
  payWithoutCallback(order: Order): Promise<void>;
  /**
   * The provider takes a paid order's money back and tells the store; the notice, for replays.
   * Absent for a provider that sends no such notice (FreeKassa, decision 072).
   */
  refund?(order: Order): Promise<Callback>;
}

const SBP = { country: 'RU', method_id: 101, amount: 1000 };

function sandboxDriver(): Driver {
  const d: Driver = {
    name: 'sandbox',
    store: undefined as unknown as TestStore,
    async setup() {
      d.store = await createTestStore();
    },
    close: () => d.store.close(),
    async pay(order) {
      const res = await d.store.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${order.orderId}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=pay&lang=ru',
      });
      expect(res.statusCode).toBe(303);
    },
    genuine: (order) => d.signed(order, {}),
    signed(order, over) {
      const cb = buildSandboxCallback(
        {
          orderId: over.orderId ?? order.orderId,
          providerReference: `ref_${order.orderId}`,
          amountMinor: over.amountMinor ?? order.amountMinor,
          currency: order.currency,
          status: 'success',
          timestamp: Math.floor(Date.now() / 1000),
        },
        d.store.env.PAYMENT_SANDBOX_SECRET!,
      );
      return { body: cb.rawBody, headers: cb.headers };
    },
    forged(order, kind) {
      const cb = d.signed(order, {});
      if (kind === 'signature') return { ...cb, headers: { ...cb.headers, 'x-sandbox-signature': 'ab'.repeat(32) } };
      return { ...cb, body: cb.body.replace(`"amount_minor":${order.amountMinor}`, `"amount_minor":${order.amountMinor * 10}`) };
    },
    expectSettled(res, order, credited) {
      expect([res.status, JSON.parse(res.body)]).toEqual([200, { status: true, data: { order_id: order.orderId, status: 'success', credited } }]);
    },
    async payWithoutCallback(order) {
      const res = await d.store.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${order.orderId}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=pay_silently&lang=ru',
      });
      expect(res.statusCode).toBe(303);
    },
    async refund(order) {
      const res = await d.store.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${order.orderId}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=refund&lang=ru',
      });
      expect(res.statusCode).toBe(303);
      const { rows } = (await d.store.database.db.execute(sql`select provider_reference from payment_orders where id = ${order.orderId}`)) as unknown as { rows: { provider_reference: string }[] };
      const cb = buildSandboxCallback(
        { orderId: order.orderId, providerReference: rows[0]!.provider_reference, amountMinor: order.amountMinor, currency: order.currency, status: 'refund', timestamp: Math.floor(Date.now() / 1000) },
        d.store.env.PAYMENT_SANDBOX_SECRET!,
      );
      return { body: cb.rawBody, headers: cb.headers };
    },
  };
  return d;
}

const FK = { merchantId: '31337', secret1: randomBytes(12).toString('hex'), secret2: randomBytes(12).toString('hex'), apiKey: randomBytes(16).toString('hex') };
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function freeKassaDriver(): Driver & { fake: FreeKassaFake; delivered: Map<string, Delivery> } {
  const delivered = new Map<string, Delivery>();
  const fkForm = (orderId: string, amount: string, secret2 = FK.secret2) =>
    new URLSearchParams({
      MERCHANT_ID: FK.merchantId,
      AMOUNT: amount,
      intid: '99000001',
      MERCHANT_ORDER_ID: orderId,
      P_EMAIL: '',
      P_PHONE: '',
      CUR_ID: '42',
      SIGN: md5(`${FK.merchantId}:${amount}:${secret2}:${orderId}`),
    });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const d: Driver & { fake: FreeKassaFake; delivered: Map<string, Delivery> } = {
    name: 'freekassa',
    store: undefined as unknown as TestStore,
    fake: new FreeKassaFake(FK),
    delivered,
    async setup() {
      await d.fake.start();
      d.store = await createTestStore({
        PAYMENT_PROVIDER: 'freekassa,sandbox',
        PAYMENT_METHODS_FREEKASSA: 'sbp,card_ru,card_kz',
        FREEKASSA_MERCHANT_ID: FK.merchantId,
        FREEKASSA_SECRET_1: FK.secret1,
        FREEKASSA_SECRET_2: FK.secret2,
        FREEKASSA_FORM_URL: d.fake.formUrl,
        FREEKASSA_API_KEY: FK.apiKey,
        FREEKASSA_API_URL: d.fake.apiUrl,
        // The fake notifies from this machine; the published list is tested below.
        FREEKASSA_IPS: '127.0.0.1',
      });
      await d.store.app.listen({ port: 0, host: '127.0.0.1' });
      d.fake.notifyUrl = `http://127.0.0.1:${(d.store.app.server.address() as AddressInfo).port}/api/v1/payments/callback/freekassa`;
    },
    async close() {
      await d.fake.close();
      await d.store.close();
    },
    async pay(order) {
      const delivery = await d.fake.pay(order.checkoutUrl);
      delivered.set(order.orderId, delivery);
      // Answered YES at the first attempt: FreeKassa had no reason to send it again.
      expect(delivery.attempts).toEqual([{ status: 200, body: 'YES' }]);
    },
    genuine: (order) => ({ body: delivered.get(order.orderId)!.body, headers: form }),
    signed: (order, over) => ({
      body: fkForm(over.orderId ?? order.orderId, formAmount(over.amountMinor ?? order.amountMinor)).toString(),
      headers: form,
    }),
    forged(order, kind) {
      if (kind === 'signature') return { body: fkForm(order.orderId, formAmount(order.amountMinor), 'not-the-secret-word').toString(), headers: form };
      const f = fkForm(order.orderId, formAmount(order.amountMinor));
      f.set('AMOUNT', formAmount(order.amountMinor * 10));
      return { body: f.toString(), headers: form };
    },
    expectSettled(res) {
      expect([res.status, res.body]).toEqual([200, 'YES']);
    },
    async payWithoutCallback(order) {
      await d.fake.paySilently(order.checkoutUrl);
    },
  };
  return d;
}

const CM = { merchantId: '8b03432e-385b-4670-8d06-064591096795', apiKey: randomBytes(24).toString('hex') };
/** The store's PUBLIC_URL in these tests; the fake resolves it to the port the store listens on. */
const STORE_URL = 'http://store.test';

function cryptomusDriver(): Driver & { fake: CryptomusFake; delivered: Map<string, CryptomusDelivery>; invoice(orderId: string): Invoice } {
  const delivered = new Map<string, CryptomusDelivery>();
  const json = { 'content-type': 'application/json' };
  const d: Driver & { fake: CryptomusFake; delivered: Map<string, CryptomusDelivery>; invoice(orderId: string): Invoice } = {
    name: 'cryptomus',
    store: undefined as unknown as TestStore,
    fake: new CryptomusFake(CM),
    delivered,
    invoice: (orderId) => [...d.fake.invoices.values()].find((i) => i.orderId === orderId)!,
    async setup() {
      await d.fake.start();
      d.store = await createTestStore({
        PAYMENT_PROVIDER: 'cryptomus,sandbox',
        PAYMENT_METHODS_CRYPTOMUS: 'sbp,crypto',
        CRYPTOMUS_MERCHANT_ID: CM.merchantId,
        CRYPTOMUS_API_KEY: CM.apiKey,
        CRYPTOMUS_API_URL: d.fake.apiUrl,
        // The fake sends webhooks from this machine; the published address is tested below.
        CRYPTOMUS_IPS: '127.0.0.1',
        PUBLIC_URL: STORE_URL,
      });
      await d.store.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (d.store.app.server.address() as AddressInfo).port;
      d.fake.resolve = (url) => url.replace(STORE_URL, `http://127.0.0.1:${port}`);
    },
    async close() {
      await d.fake.close();
      await d.store.close();
    },
    async pay(order) {
      const delivery = await d.fake.pay(order.checkoutUrl);
      delivered.set(order.orderId, delivery);
      // Answered 200 at the first attempt: Cryptomus had no reason to send it again.
      expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
    },
    genuine: (order) => ({ body: delivered.get(order.orderId)!.body, headers: json }),
    signed: (order, over) => {
      const invoice = d.invoice(order.orderId);
      return { body: d.fake.webhook({ ...invoice, orderId: over.orderId ?? invoice.orderId, amount: invoiceAmount(over.amountMinor ?? order.amountMinor) }), headers: json };
    },
    forged(order, kind) {
      const invoice = d.invoice(order.orderId);
      if (kind === 'signature') return { body: d.fake.webhook(invoice, {}, 'not-the-payment-key'), headers: json };
      const body = d.fake.webhook(invoice).replace(`"amount":"${invoice.amount}"`, `"amount":"${invoiceAmount(order.amountMinor * 10)}"`);
      return { body, headers: json };
    },
    expectSettled(res, order, credited) {
      expect([res.status, JSON.parse(res.body)]).toEqual([200, { status: true, data: { order_id: order.orderId, status: 'success', credited } }]);
    },
    async payWithoutCallback(order) {
      d.fake.paySilently(d.invoice(order.orderId));
    },
    async refund(order) {
      const delivery = await d.fake.pay(order.checkoutUrl, { status: 'refund_paid' });
      expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
      return { body: delivery.body, headers: json };
    },
  };
  return d;
}

describe.each([sandboxDriver(), freeKassaDriver(), cryptomusDriver()])('the payment contract: $name', (driver) => {
  beforeAll(() => driver.setup());
  afterAll(() => driver.close());
  const db = () => driver.store.database.db;
  const q = (query: ReturnType<typeof sql>) => countRows(db(), query);

  const send = async (cb: Callback) => {
    const res = await driver.store.app.inject({ method: 'POST', url: `/api/v1/payments/callback/${driver.name}`, headers: cb.headers, payload: cb.body });
    return { status: res.statusCode, body: res.body };
  };

  async function started(p: Player): Promise<Order> {
    const res = await api(driver.store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: SBP });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { orderId: res.body.data.order_id, checkoutUrl: res.body.data.checkout_url, amountMinor: 100_000, currency: 'RUB' };
  }

  /** Everything a callback that credits nothing must leave as it was. */
  const snapshot = async (p: Player, orderId: string) => ({
    gold: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`),
    ledger: await q(sql`select count(*) as n from ledger where user_id = ${p.userId}`),
    success: await q(sql`select count(*) as n from payment_orders where id = ${orderId} and status = 'success'`),
  });

  const expectRefused = (res: { status: number; body: string }, reason: string) =>
    expect([res.status, JSON.parse(res.body).code, JSON.parse(res.body).params?.reason]).toEqual([400, 'payment_callback_refused', reason]);

  it('paid: credited once, with its deposit row in the ledger and the provider’s payment id on the order', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    if (driver.name === 'freekassa') expect(order.checkoutUrl.startsWith((driver as ReturnType<typeof freeKassaDriver>).fake.formUrl)).toBe(true);
    if (driver.name === 'cryptomus') expect(order.checkoutUrl.startsWith((driver as ReturnType<typeof cryptomusDriver>).fake.apiUrl.replace(/\/v1$/, '/pay/'))).toBe(true);
    await driver.pay(order);
    // 1000 GOLD and the +5 % level from 1000; the coins go to their own wallet.
    expect(await snapshot(p, order.orderId)).toEqual({ gold: 105_000, ledger: 3, success: 1 });
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'deposit' and delta = 100000 and ref = ${`payment:${order.orderId}`}`)).toBe(1);
    const { rows } = (await db().execute(sql`select provider, provider_reference from payment_orders where id = ${order.orderId}`)) as unknown as {
      rows: { provider: string; provider_reference: string }[];
    };
    const ref = rows[0];
    expect(ref!.provider).toBe(driver.name);
    if (driver.name === 'freekassa') expect(ref!.provider_reference).toBe((driver as ReturnType<typeof freeKassaDriver>).delivered.get(order.orderId)!.intid);
    if (driver.name === 'cryptomus') expect(ref!.provider_reference).toBe((driver as ReturnType<typeof cryptomusDriver>).delivered.get(order.orderId)!.uuid);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('replayed a hundred times: answered as settled each time, credited once', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    await driver.pay(order);
    const before = await snapshot(p, order.orderId);
    const cb = driver.genuine(order);
    for (let i = 0; i < 100; i++) driver.expectSettled(await send(cb), order, false);
    expect(await snapshot(p, order.orderId)).toEqual(before);
    expect(await q(sql`select count(*) as n from ledger where ref = ${`payment:${order.orderId}`} and reason = 'deposit'`)).toBe(1);
  });

  it('forged a hundred times (bad signature, changed amount, an order it never made): refused, nothing changes; the genuine one still credits', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    const warn = vi.spyOn(driver.store.app.log, 'warn');
    const before = await snapshot(p, order.orderId);
    const forgeries: [string, Callback][] = [
      ['bad_signature', driver.forged(order, 'signature')],
      ['bad_signature', driver.forged(order, 'amount')],
      ['unknown_order', driver.signed(order, { orderId: 'ord_never_made' })],
    ];
    for (let i = 0; i < 100; i++) {
      const [reason, cb] = forgeries[i % forgeries.length]!;
      expectRefused(await send(cb), reason);
    }
    for (const reason of ['bad_signature', 'unknown_order']) {
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ provider: driver.name, reason }), 'payment callback refused');
    }
    warn.mockRestore();
    expect(await snapshot(p, order.orderId)).toEqual(before);
    await driver.pay(order);
    expect((await snapshot(p, order.orderId)).success).toBe(1);
  });

  it('a signed callback for another amount: refused as a mismatch, the order stays pending', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    const before = await snapshot(p, order.orderId);
    for (const amountMinor of [order.amountMinor - 100, order.amountMinor + 100, order.amountMinor * 2]) {
      expectRefused(await send(driver.signed(order, { amountMinor })), 'amount_mismatch');
    }
    expect(await snapshot(p, order.orderId)).toEqual(before);
    expect(await q(sql`select count(*) as n from payment_orders where id = ${order.orderId} and status = 'pending'`)).toBe(1);
  });

  it('a callback days after the order was opened is still credited: orders do not expire', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    await db().execute(sql`update payment_orders set created_at = now() - interval '3 days' where id = ${order.orderId}`);
    await driver.pay(order);
    expect(await snapshot(p, order.orderId)).toEqual({ gold: 105_000, ledger: 3, success: 1 });
  });

  const reconciler = () => driver.store.app.modules.payments.reconciler;

  it('a hundred replays and a hundred forgeries at once: the replays answered as settled, the forgeries refused, nothing more credited', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    await driver.pay(order);
    const before = await snapshot(p, order.orderId);
    const genuine = driver.genuine(order);
    const forgeries = [driver.forged(order, 'signature'), driver.forged(order, 'amount')];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? send(forgeries[i % 4 === 1 ? 0 : 1]!) : send(genuine)).then((res) => ({ i, res }))),
    );
    for (const { i, res } of answers) {
      if (i % 2) expectRefused(res, 'bad_signature');
      else driver.expectSettled(res, order, false);
    }
    expect(await snapshot(p, order.orderId)).toEqual(before);
    expect(await q(sql`select count(*) as n from ledger where ref = ${`payment:${order.orderId}`} and reason = 'deposit'`)).toBe(1);
  });

  it('an order whose callback never came is credited once by the status lookup; the late callback then credits nothing', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    await driver.payWithoutCallback(order);
    // Younger than the wait (ten minutes): a slow callback is not raced by a lookup.
    await reconciler().runOnce();
    expect((await snapshot(p, order.orderId)).success).toBe(0);
    await db().execute(sql`update payment_orders set created_at = now() - interval '15 minutes' where id = ${order.orderId}`);
    const first = await reconciler().runOnce();
    expect(first.credited).toBeGreaterThanOrEqual(1);
    expect(await snapshot(p, order.orderId)).toEqual({ gold: 105_000, ledger: 3, success: 1 });
    // Settled orders are not asked about again, and a second pass credits nothing.
    await reconciler().runOnce();
    expect(await snapshot(p, order.orderId)).toEqual({ gold: 105_000, ledger: 3, success: 1 });
    driver.expectSettled(await send(driver.signed(order, {})), order, false);
    expect(await snapshot(p, order.orderId)).toEqual({ gold: 105_000, ledger: 3, success: 1 });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('the background job, once started, looks the order up by itself and credits it', async () => {
    const p = await registerPlayer(driver.store.app);
    const order = await started(p);
    await driver.payWithoutCallback(order);
    await db().execute(sql`update payment_orders set created_at = now() - interval '15 minutes' where id = ${order.orderId}`);
    // A start runs a pass at once, as when the store starts; then one every five minutes.
    await reconciler().close();
    reconciler().start();
    await eventually(() => snapshot(p, order.orderId), (s) => s.success === 1, 20_000);
    expect(await snapshot(p, order.orderId)).toEqual({ gold: 105_000, ledger: 3, success: 1 });
  });

  it('a callback racing its own status lookup, twenty orders over: each credited exactly once', async () => {
    const p = await registerPlayer(driver.store.app);
    const orders: Order[] = [];
    for (let i = 0; i < 20; i++) orders.push(await started(p));
    for (const order of orders) await driver.payWithoutCallback(order);
    await db().execute(sql`update payment_orders set created_at = now() - interval '15 minutes' where user_id = ${p.userId}`);
    // Every callback and the lookup pass that reads all twenty, all at once.
    const results = await Promise.all([reconciler().runOnce(), ...orders.map((order) => send(driver.signed(order, {}))), reconciler().runOnce()]);
    for (const res of results.slice(1, -1) as { status: number; body: string }[]) expect(res.status).toBe(200);
    for (const order of orders) {
      expect(await q(sql`select count(*) as n from ledger where ref = ${`payment:${order.orderId}`} and reason = 'deposit'`)).toBe(1);
    }
    expect(await q(sql`select count(*) as n from payment_orders where user_id = ${p.userId} and status = 'success'`)).toBe(20);
    expect(await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(20 * 105_000);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  if (driver.refund) {
    const refund = driver.refund.bind(driver);
    it('refunded: the deposit and its bonus debited once, even below zero; a replayed refund debits nothing; operators see the debt', async () => {
      const p = await registerPlayer(driver.store.app);
      const order = await started(p);
      await driver.pay(order);
      // The player spends most of the deposit before the money goes back.
      await driver.store.database.db.transaction((tx) => debitWallet({ tx, userId: p.userId, amount: 100_000, reason: 'case_open', ref: 'test:spent' }));
      const notice = await refund(order);
      const gold = () => q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`);
      // 105 000 credited (the deposit and its 5% level bonus), 100 000 spent, all 105 000 taken back: 100 000 owed.
      expect(await gold()).toBe(-100_000);
      expect(await q(sql`select count(*) as n from ledger where ref = ${`payment:${order.orderId}`} and reason = 'payment_refund' and delta = -105000 and balance_after = -100000`)).toBe(1);
      expect(await q(sql`select count(*) as n from payment_orders where id = ${order.orderId} and status = 'success' and reversal = 'refund' and reversed_at is not null`)).toBe(1);
      for (let i = 0; i < 10; i++) expect((await send(notice)).status).toBe(200);
      expect(await gold()).toBe(-100_000);
      expect(await q(sql`select count(*) as n from ledger where ref = ${`payment:${order.orderId}`} and reason = 'payment_refund'`)).toBe(1);
      expect(await ledgerMismatches(db())).toEqual([]);

      const operator = await registerPlayer(driver.store.app);
      await runAdminCommand(db(), { command: 'role', login: operator.login, role: 'support', operator: 'test' });
      const debtors = await api(driver.store.app, 'GET', '/api/v1/admin/players/in-debt', { token: operator.token });
      expect(debtors.status).toBe(200);
      expect(debtors.body.data.items).toContainEqual(expect.objectContaining({ id: p.userId, balance: -1000 }));
      const record = await api(driver.store.app, 'GET', `/api/v1/admin/players/${p.userId}`, { token: operator.token });
      expect(record.body.data.wallets).toContainEqual({ currency: 'GOLD', balance: -1000 });
      // The player cannot spend what they owe.
      const me = await api(driver.store.app, 'GET', '/api/v1/users/me', { token: p.token });
      expect(me.body.data.finance.balance).toBe(-1000);
    });

    if (driver.name === 'sandbox') {
      it('a chargeback debits the sum once with its own ledger reason; a refund of the same payment afterwards debits nothing', async () => {
        const p = await registerPlayer(driver.store.app);
        const order = await started(p);
        await driver.pay(order);
        const complete = (outcome: string) =>
          driver.store.app.inject({ method: 'POST', url: `/sandbox/checkout/${order.orderId}/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}&lang=ru` });
        expect((await complete('chargeback')).statusCode).toBe(303);
        expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(0);
        expect(await q(sql`select count(*) as n from ledger where ref = ${`payment:${order.orderId}`} and reason = 'payment_chargeback' and delta = -105000`)).toBe(1);
        expect((await complete('refund')).statusCode).toBe(303);
        expect(await q(sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(0);
        expect(await q(sql`select count(*) as n from payment_orders where id = ${order.orderId} and reversal = 'chargeback'`)).toBe(1);
        expect(await ledgerMismatches(db())).toEqual([]);
      });
    }

    it('a refund of an order never paid debits nothing', async () => {
      const p = await registerPlayer(driver.store.app);
      const order = await started(p);
      if (driver.name === 'cryptomus') {
        await (driver as ReturnType<typeof cryptomusDriver>).fake.pay(order.checkoutUrl, { status: 'refund_paid' });
      } else {
        await refund(order);
      }
      expect(await snapshot(p, order.orderId)).toEqual({ gold: 0, ledger: 0, success: 0 });
    });
  }
});

describe('FreeKassa beyond the contract', () => {
  const driver = freeKassaDriver();
  beforeAll(() => driver.setup());
  afterAll(() => driver.close());
  const app = () => driver.store.app;

  it('the methods follow the configuration: FreeKassa takes SBP and cards, the sandbox the rest, and each order remembers its provider', async () => {
    // Both providers configured, every method of the table is offered.
    const ru = (await api(app(), 'GET', '/api/v1/payments/countries/RU')).body.data;
    expect(ru.methods.map((m: { id: number }) => m.id)).toEqual(offeredConfig(COUNTRY_CONFIGS.RU!, false).methods.map((m) => m.id));
    const p = await registerPlayer(app());
    const sbp = await api(app(), 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: SBP });
    expect(sbp.body.data.checkout_url.startsWith(driver.fake.formUrl)).toBe(true);
    const yoomoney = await api(app(), 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { ...SBP, method_id: 104 } });
    expect(yoomoney.body.data.checkout_url).toBe(`/sandbox/checkout/${yoomoney.body.data.order_id}`);
  });

  it('the checkout is FreeKassa’s form, signed with secret word 1; the fake refuses it tampered', async () => {
    const p = await registerPlayer(app());
    const res = await api(app(), 'POST', '/api/v1/payments/transaction/start', {
      token: p.token,
      body: { country: 'RU', method_id: 102, amount: 1234.5, fields: { email: 'payer@example.com' } },
      lang: 'en',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.data.checkout_url);
    const orderId = res.body.data.order_id;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      m: FK.merchantId,
      oa: '1234.5',
      currency: 'RUB',
      o: orderId,
      s: md5(`${FK.merchantId}:1234.5:${FK.secret1}:RUB:${orderId}`),
      lang: 'en',
      em: 'payer@example.com',
    });
    expect((await fetch(url)).status).toBe(200);
    url.searchParams.set('oa', '1');
    expect((await fetch(url)).status).toBe(400);
  });

  it('FreeKassa sends the notification again until the store answers YES; the store credits once', async () => {
    const target = new URL(driver.fake.notifyUrl);
    const proxy = await failingTwice(target);
    const direct = driver.fake.notifyUrl;
    driver.fake.notifyUrl = `${proxy.url}${target.pathname}`;
    try {
      const p = await registerPlayer(app());
      const res = await api(app(), 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: SBP });
      const delivery = await driver.fake.pay(res.body.data.checkout_url);
      expect(delivery.attempts).toEqual([
        { status: 502, body: 'Bad Gateway' },
        { status: 502, body: 'Bad Gateway' },
        { status: 200, body: 'YES' },
      ]);
      expect(await countRows(driver.store.database.db, sql`select count(*) as n from ledger where ref = ${`payment:${res.body.data.order_id}`} and reason = 'deposit'`)).toBe(1);
    } finally {
      driver.fake.notifyUrl = direct;
      await proxy.close();
    }
  });

  it('a second payment id for a paid order credits nothing, is answered YES and logged for an operator', async () => {
    const p = await registerPlayer(app());
    const res = await api(app(), 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: SBP });
    const orderId = res.body.data.order_id;
    await driver.fake.pay(res.body.data.checkout_url);
    const warn = vi.spyOn(app().log, 'warn');
    const again = new URLSearchParams({ MERCHANT_ID: FK.merchantId, AMOUNT: '1000', intid: '555', MERCHANT_ORDER_ID: orderId, SIGN: md5(`${FK.merchantId}:1000:${FK.secret2}:${orderId}`) });
    const answer = await app().inject({ method: 'POST', url: '/api/v1/payments/callback/freekassa', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: again.toString() });
    expect([answer.statusCode, answer.body]).toEqual([200, 'YES']);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ orderId, providerReference: '555' }), expect.stringContaining('second payment'));
    warn.mockRestore();
    expect(await countRows(driver.store.database.db, sql`select count(*) as n from ledger where ref = ${`payment:${orderId}`} and reason = 'deposit'`)).toBe(1);
  });
});

describe('FreeKassa’s source addresses', () => {
  const provider = (allowedIps: readonly string[] | null) =>
    new FreeKassaPaymentProvider({ merchantId: FK.merchantId, secret1: FK.secret1, secret2: FK.secret2, formUrl: 'https://pay.freekassa.com/', allowedIps });
  const body = new URLSearchParams({ MERCHANT_ID: FK.merchantId, AMOUNT: '10.5', intid: '1', MERCHANT_ORDER_ID: 'ord_a', SIGN: md5(`${FK.merchantId}:10.5:${FK.secret2}:ord_a`) }).toString();

  it('accepts a notification from a published address only, an IPv4-mapped one included; off, from anywhere', async () => {
    const checked = provider(FREEKASSA_PUBLISHED_IPS);
    for (const address of ['168.119.157.136', '::ffff:51.250.54.238']) {
      expect(await checked.parseCallback({ rawBody: body, headers: {}, remoteAddress: address })).toMatchObject({ ok: true, event: { orderId: 'ord_a', amountMinor: 1050, providerReference: '1' } });
    }
    for (const address of ['127.0.0.1', '168.119.157.137', undefined]) {
      expect(await checked.parseCallback({ rawBody: body, headers: {}, remoteAddress: address })).toEqual({ ok: false, reason: 'source_not_allowed' });
    }
    expect((await provider(null).parseCallback({ rawBody: body, headers: {}, remoteAddress: '10.1.2.3' })).ok).toBe(true);
  });

  it('behind a trusted proxy the address is the one the proxy forwards, and only then', async () => {
    const store = await createTestStore({
      PAYMENT_PROVIDER: 'freekassa',
      FREEKASSA_MERCHANT_ID: FK.merchantId,
      FREEKASSA_SECRET_1: FK.secret1,
      FREEKASSA_SECRET_2: FK.secret2,
      TRUST_PROXY: 'loopback',
    });
    try {
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      const post = (extra: Record<string, string>, remoteAddress = '127.0.0.1') =>
        store.app.inject({ method: 'POST', url: '/api/v1/payments/callback/freekassa', headers: { ...headers, ...extra }, payload: body, remoteAddress });
      // Past the address check, the notification names an order this store never made.
      expect((await post({ 'x-forwarded-for': '168.119.60.227' })).json().params.reason).toBe('unknown_order');
      expect((await post({})).json().params.reason).toBe('source_not_allowed');
      // From an untrusted peer, a forwarded header is the peer's word and not believed.
      expect((await post({ 'x-forwarded-for': '168.119.60.227' }, '203.0.113.9')).json().params.reason).toBe('source_not_allowed');
    } finally {
      await store.close();
    }
  });

  it('reads the sums FreeKassa writes and refuses the rest', () => {
    expect([formAmount(100_000), formAmount(123_450), formAmount(123_405), formAmount(1)]).toEqual(['1000', '1234.5', '1234.05', '0.01']);
    expect(['1000', '1000.00', '1234.5', '0.01'].map(parseAmount)).toEqual([100_000, 100_000, 123_450, 1]);
    expect(['', '1e3', '-1', '1.234', '1,5', ' 1'].map(parseAmount)).toEqual([null, null, null, null, null, null]);
  });
});

describe('Cryptomus beyond the contract', () => {
  const driver = cryptomusDriver();
  beforeAll(() => driver.setup());
  afterAll(() => driver.close());
  const app = () => driver.store.app;
  const db = () => driver.store.database.db;
  const deposits = (orderId: string) => countRows(db(), sql`select count(*) as n from ledger where ref = ${`payment:${orderId}`} and reason = 'deposit'`);
  const orderStatus = async (orderId: string) =>
    ((await db().execute(sql`select status from payment_orders where id = ${orderId}`)) as unknown as { rows: { status: string }[] }).rows[0]!.status;
  const start = async () => {
    const p = await registerPlayer(app());
    const res = await api(app(), 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: SBP });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { p, orderId: res.body.data.order_id as string, checkoutUrl: res.body.data.checkout_url as string };
  };
  const gold = (userId: number) => countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'GOLD'`);

  it('the invoice is made over the API, signed with the payment key, with url_callback from PUBLIC_URL; the player goes to its url', async () => {
    const { orderId, checkoutUrl } = await start();
    const request = driver.fake.requests.at(-1)!;
    expect(request.status).toBe(200);
    expect(request.headers.merchant).toBe(CM.merchantId);
    expect(request.headers.sign).toBe(md5(Buffer.from(request.body).toString('base64') + CM.apiKey));
    const sent = JSON.parse(request.body);
    expect(sent).toMatchObject({ amount: '1000.00', currency: 'RUB', order_id: orderId, url_callback: `${STORE_URL}/api/v1/payments/callback/cryptomus` });
    expect(sent.url_return.startsWith(`${STORE_URL}/`)).toBe(true);
    expect(checkoutUrl).toBe(`${driver.fake.apiUrl.replace(/\/v1$/, '')}/pay/${driver.invoice(orderId).uuid}`);
    expect((await fetch(checkoutUrl)).status).toBe(200);
  });

  it('an invoice the API refuses, or an answer the adapter does not expect, is "unreachable": no checkout address is guessed', async () => {
    const callback = { orderId: 'ord_x', amountMinor: 100_000, currency: 'RUB', payMethod: 'crypto', country: 'RU', userId: 1, language: 'en' as const, fields: {}, returnUrl: `${STORE_URL}/r`, callbackUrl: `${STORE_URL}/cb` };
    const wrongKey = new CryptomusPaymentProvider({ merchantId: CM.merchantId, apiKey: 'another-key', apiUrl: driver.fake.apiUrl, allowedIps: null });
    await expect(wrongKey.startTransaction(callback)).rejects.toThrow(/unreachable/);
    expect(driver.fake.requests.at(-1)!.status).toBe(401);
    const odd = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ state: 0, result: { uuid: 'x', url: 'javascript:alert(1)' } })));
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const provider = new CryptomusPaymentProvider({ merchantId: CM.merchantId, apiKey: CM.apiKey, apiUrl: `http://127.0.0.1:${(odd.address() as AddressInfo).port}/v1`, allowedIps: null });
      await expect(provider.startTransaction(callback)).rejects.toThrow(/unreachable/);
    } finally {
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
    // Without PUBLIC_URL there is no address Cryptomus could post to.
    const good = new CryptomusPaymentProvider({ merchantId: CM.merchantId, apiKey: CM.apiKey, apiUrl: driver.fake.apiUrl, allowedIps: null });
    await expect(good.startTransaction({ ...callback, callbackUrl: '/api/v1/payments/callback/cryptomus' })).rejects.toThrow(/PUBLIC_URL/);
  });

  it('paid_over credits the order’s sum once; the overpayment stays with the merchant', async () => {
    const { p, orderId, checkoutUrl } = await start();
    const delivery = await driver.fake.pay(checkoutUrl, { status: 'paid_over', paymentAmount: '1500.00' });
    expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
    expect([await gold(p.userId), await deposits(orderId)]).toEqual([105_000, 1]);
    expect(await countRows(db(), sql`select count(*) as n from ledger where ref = ${`payment:${orderId}`} and reason = 'deposit' and delta = 100000`)).toBe(1);
  });

  it('wrong_amount is held: refused as a mismatch and logged with its order for an operator, nothing credited, the order pending', async () => {
    const { p, orderId, checkoutUrl } = await start();
    const warn = vi.spyOn(app().log, 'warn');
    const delivery = await driver.fake.pay(checkoutUrl, { status: 'wrong_amount', paymentAmount: '600.00' });
    expect(delivery.answered).toBe(false);
    expect(JSON.parse(delivery.attempts[0]!.body)).toMatchObject({ code: 'payment_callback_refused', params: { reason: 'amount_mismatch' } });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'cryptomus', reason: 'amount_mismatch', orderId }), 'payment callback refused');
    warn.mockRestore();
    expect([await gold(p.userId), await deposits(orderId), await orderStatus(orderId)]).toEqual([0, 0, 'pending']);
  });

  it('cancel and fail mark nothing paid and are answered 200; a payment Cryptomus confirms afterwards still credits', async () => {
    const { p, orderId, checkoutUrl } = await start();
    for (const status of ['cancel', 'fail', 'refund_paid'] as const) {
      const delivery = await driver.fake.pay(checkoutUrl, { status });
      expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
      expect(JSON.parse(delivery.attempts[0]!.body)).toEqual({ status: true, data: { order_id: orderId, status: 'pending', credited: false } });
    }
    expect([await gold(p.userId), await deposits(orderId), await orderStatus(orderId)]).toEqual([0, 0, 'pending']);
    await driver.fake.pay(checkoutUrl);
    expect([await gold(p.userId), await deposits(orderId), await orderStatus(orderId)]).toEqual([105_000, 1, 'success']);
  });

  it('the webhook’s sign is over PHP’s json_encode, slashes escaped; one made over JSON.stringify’s text is refused', async () => {
    const { orderId, checkoutUrl } = await start();
    const invoice = driver.invoice(orderId);
    const php = driver.fake.webhook(invoice, { additionalData: 'refill/ord' });
    expect(php).toContain('"additional_data":"refill\\/ord"');
    const { sign: _sign, ...unsigned } = JSON.parse(php) as Record<string, unknown>;
    const plain = JSON.stringify({ ...unsigned, sign: md5(Buffer.from(JSON.stringify(unsigned)).toString('base64') + CM.apiKey) });
    const post = (payload: string) => app().inject({ method: 'POST', url: '/api/v1/payments/callback/cryptomus', headers: { 'content-type': 'application/json' }, payload, remoteAddress: '127.0.0.1' });
    expect((await post(plain)).json().params.reason).toBe('bad_signature');
    expect((await post(php)).json()).toEqual({ status: true, data: { order_id: orderId, status: 'success', credited: true } });
    expect(checkoutUrl).toContain(invoice.uuid);
  });

  it('Cryptomus sends the webhook again until the store answers 200; the store credits once', async () => {
    const resolveStore = driver.fake.resolve;
    const proxy = await failingTwice(new URL(resolveStore(`${STORE_URL}/api/v1/payments/callback/cryptomus`)));
    driver.fake.resolve = (url) => url.replace(STORE_URL, proxy.url);
    try {
      const { orderId, checkoutUrl } = await start();
      const delivery = await driver.fake.pay(checkoutUrl);
      expect(delivery.attempts.map((a) => a.status)).toEqual([502, 502, 200]);
      expect(await deposits(orderId)).toBe(1);
    } finally {
      driver.fake.resolve = resolveStore;
      await proxy.close();
    }
  });

  it('a webhook from anywhere but the published address is refused; off, from anywhere', async () => {
    const provider = (allowedIps: readonly string[] | null) => new CryptomusPaymentProvider({ merchantId: CM.merchantId, apiKey: CM.apiKey, apiUrl: 'https://api.cryptomus.com/v1', allowedIps });
    const invoice: Invoice = { uuid: '70b8db5c-b952-406d-af26-4e1c34c27f15', orderId: 'ord_a', amount: '10.50', currency: 'USD', urlCallback: '', urlReturn: null };
    const rawBody = driver.fake.webhook(invoice);
    const checked = provider(CRYPTOMUS_PUBLISHED_IPS);
    for (const address of ['91.227.144.54', '::ffff:91.227.144.54']) {
      expect(await checked.parseCallback({ rawBody, headers: {}, remoteAddress: address })).toMatchObject({ ok: true, event: { orderId: 'ord_a', amountMinor: 1050, currency: 'USD', providerReference: invoice.uuid, status: 'success' } });
    }
    for (const address of ['127.0.0.1', '91.227.144.55', undefined]) {
      expect(await checked.parseCallback({ rawBody, headers: {}, remoteAddress: address })).toEqual({ ok: false, reason: 'source_not_allowed' });
    }
    expect((await provider(null).parseCallback({ rawBody, headers: {}, remoteAddress: '10.1.2.3' })).ok).toBe(true);
    expect(await provider(null).parseCallback({ rawBody: '[1]', headers: {} })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads the sums Cryptomus writes and refuses the rest', () => {
    expect([invoiceAmount(100_000), invoiceAmount(123_405), invoiceAmount(1)]).toEqual(['1000.00', '1234.05', '0.01']);
    expect(['1000', '1000.00', '15.43500000', '15.40000000'].map(parseCryptomusAmount)).toEqual([100_000, 100_000, null, 1540]);
    expect(['', '1e3', '-1', '1,5', ' 1'].map(parseCryptomusAmount)).toEqual([null, null, null, null, null]);
  });
});

describe('which provider takes a method', () => {
  const sandbox = { name: 'sandbox' } as PaymentProvider;
  const freekassa = { name: 'freekassa', currencies: ['RUB', 'KZT'] } as unknown as PaymentProvider;
  const offered = (routing: PaymentRouting, country: string) => offeredConfig(COUNTRY_CONFIGS[country]!, false, routing).methods.map((m) => m.payMethod);

  it('the first provider in the list that lists the method, or takes every method, and charges its currency; the refill page offers only those', () => {
    const all = (country: string) => offeredConfig(COUNTRY_CONFIGS[country]!, false).methods.map((m) => m.payMethod);
    expect(offered(paymentRouting([{ provider: sandbox }]), 'RU')).toEqual(all('RU'));
    const onlyFk = paymentRouting([{ provider: freekassa, methods: ['sbp', 'card_ru', 'card_kz'] }]);
    expect(offered(onlyFk, 'RU')).toEqual(['sbp', 'card_ru']);
    expect(offered(onlyFk, 'KZ')).toEqual(['card_kz']);
    expect(offered(onlyFk, 'BR')).toEqual([]);
    // FreeKassa without a list takes whatever it can charge; the sandbox after it the rest.
    const both = paymentRouting([{ provider: freekassa }, { provider: sandbox }]);
    expect(both.providerFor({ currency: 'RUB', payMethod: 'yoomoney' })).toBe(freekassa);
    expect(both.providerFor({ currency: 'BRL', payMethod: 'pix' })).toBe(sandbox);
    expect(paymentRouting([{ provider: sandbox, methods: ['pix'] }]).providerFor({ currency: 'RUB', payMethod: 'sbp' })).toBeNull();
  });
});

describe('configuration', () => {
  const server = { NODE_ENV: 'production', DATABASE_URL: 'postgres://store@db/store', SANDBOX: 'notifications,vendor,signin,push' };
  const fk = { FREEKASSA_MERCHANT_ID: '1', FREEKASSA_SECRET_1: 'word-one', FREEKASSA_SECRET_2: 'word-two' };

  it('PAYMENT_PROVIDER is a list of known providers; sandbox alone by default', () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toEqual(['sandbox']);
    expect(parseEnv({ PAYMENT_PROVIDER: 'freekassa, sandbox' }).PAYMENT_PROVIDER).toEqual(['freekassa', 'sandbox']);
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'freekassa,stripe' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseEnv({ FREEKASSA_IPS: '168.119.157.136,nowhere' })).toThrow(/FREEKASSA_IPS/);
    expect(parseEnv({}).FREEKASSA_CHECK_IP).toBe('on');
  });

  it('a start with Cryptomus refuses without its merchant uuid, payment key or PUBLIC_URL, naming each; none has a default', () => {
    const cm = { CRYPTOMUS_MERCHANT_ID: CM.merchantId, CRYPTOMUS_API_KEY: 'payment-key', PUBLIC_URL: 'https://store.example' };
    expect(parseEnv({}).CRYPTOMUS_API_KEY).toBeUndefined();
    expect(parseEnv({}).CRYPTOMUS_API_URL).toBe('https://api.cryptomus.com/v1');
    for (const missing of Object.keys(cm)) {
      const env = parseEnv({ ...server, PAYMENT_PROVIDER: 'cryptomus', ...cm, [missing]: '' });
      expect(() => prepareDeployment(env, '/nonexistent')).toThrow(new RegExp(`PAYMENT_PROVIDER=cryptomus needs ${missing}`));
    }
    expect(() => prepareDeployment(parseEnv({ ...server, PAYMENT_PROVIDER: 'freekassa,cryptomus', ...cm, FREEKASSA_MERCHANT_ID: '1' }), '/nonexistent')).toThrow(
      /PAYMENT_PROVIDER=freekassa needs FREEKASSA_SECRET_1, FREEKASSA_SECRET_2/,
    );
    expect(prepareDeployment(parseEnv({ ...server, PAYMENT_PROVIDER: 'freekassa,cryptomus', ...fk, ...cm }), '/nonexistent').PAYMENT_PROVIDER).toEqual(['freekassa', 'cryptomus']);
  });

  it('a start with FreeKassa refuses without its shop id and secret words, naming each; with them a production store needs no payment sandbox', () => {
    for (const missing of Object.keys(fk)) {
      const env = parseEnv({ ...server, PAYMENT_PROVIDER: 'freekassa', ...fk, [missing]: '' });
      expect(() => prepareDeployment(env, '/nonexistent')).toThrow(StartRefused);
      expect(() => prepareDeployment(env, '/nonexistent')).toThrow(new RegExp(`PAYMENT_PROVIDER=freekassa needs ${missing}`));
    }
    expect(prepareDeployment(parseEnv({ ...server, PAYMENT_PROVIDER: 'freekassa', ...fk }), '/nonexistent').PAYMENT_PROVIDER).toEqual(['freekassa']);
    // With the sandbox beside it, the sandbox is still a deliberate choice.
    expect(() => prepareDeployment(parseEnv({ ...server, PAYMENT_PROVIDER: 'freekassa,sandbox', ...fk }), '/nonexistent')).toThrow(/SANDBOX=payments/);
  });
});
