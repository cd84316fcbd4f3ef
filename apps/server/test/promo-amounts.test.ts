import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toMinor } from '@store/shared/money';
import { insertPromoCode } from '../src/modules/payments/promo-store.ts';
import { api, cheapestCase, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/*
 * Money shown must be money credited: for every seeded promo code (and every kind of code), the
 * figures the refill form shows (the preview) are what the receipt lists and the ledger credits.
 */
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
  // The seed has common, instant and blogger codes; a case code completes the kinds.
  const { slug } = await cheapestCase(store.app);
  await insertPromoCode(store.database.db, {
    code: 'FREECASE',
    terms: { kind: 'case', caseSlug: slug, days: 1 },
    startsAt: null,
    expiresAt: null,
    totalLimit: 0,
    perUserLimit: 1,
    createdBy: 'test',
  });
});
afterAll(() => store.close());
const db = () => store.database.db;

async function seededCodes(): Promise<{ code: string; kind: string }[]> {
  const res = (await db().execute(sql`select code, kind from promo_codes order by code`)) as unknown as { rows: { code: string; kind: string }[] };
  return res.rows;
}

async function wallet(userId: number): Promise<{ gold: number; coins: number }> {
  const res = (await db().execute(sql`select currency, amount from wallets where user_id = ${userId}`)) as unknown as {
    rows: { currency: string; amount: number | string }[];
  };
  const of = (c: string) => Number(res.rows.find((r) => r.currency === c)?.amount ?? 0);
  return { gold: of('GOLD'), coins: of('TASTY_COIN') };
}

async function ledgerSum(userId: number, currency: string): Promise<number> {
  const res = (await db().execute(sql`select coalesce(sum(delta), 0)::bigint as n from ledger where user_id = ${userId} and currency = ${currency}`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(res.rows[0]!.n);
}

interface Deposit {
  country: string;
  method_id: number;
  amount: number;
  fields?: Record<string, string>;
}

const preview = (p: Player, d: Deposit, code: string | null) =>
  api(
    store.app,
    'GET',
    `/api/v1/payments/transaction/preview?country=${d.country}&method_id=${d.method_id}&amount=${d.amount}${code ? `&promo_code=${encodeURIComponent(code)}` : ''}`,
    { token: p.token },
  );

/** Start, pay on the sandbox checkout, and read the receipt. */
async function payWith(p: Player, d: Deposit, code: string | null) {
  const started = await api(store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { ...d, promo_code: code } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const orderId: string = started.body.data.order_id;
  const paid = await store.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${orderId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay&lang=en',
  });
  expect(paid.statusCode).toBe(303);
  const receipt = await api(store.app, 'GET', `/api/v1/payments/transaction/status?orderId=${orderId}`, { token: p.token });
  expect(receipt.body.data.status).toBe('success');
  return receipt.body.data as { value: number; bonus: { coins: number; sum_promo: number; sum_bonus: number; prize: unknown } };
}

/** The preview, the receipt and the ledger for one deposit by a new player, side by side. */
async function threeWays(d: Deposit, code: string | null, before?: (p: Player) => Promise<void>) {
  const p = await registerPlayer(store.app);
  await before?.(p);
  const start = await wallet(p.userId);
  const shown = await preview(p, d, code);
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  const receipt = await payWith(p, d, code);
  const end = await wallet(p.userId);
  return { p, shown: shown.body.data, receipt, gold: end.gold - start.gold, coins: end.coins - start.coins };
}

const SBP = { country: 'RU', method_id: 101 };
const SKINS = { country: 'RU', method_id: 106 };
const EURO = { country: 'EU', method_id: 601, fields: { email: 'player@example.com' } };

describe('the refill form, the receipt and the ledger tell the same figures', () => {
  it('for every seeded code and every kind, at several sums and methods', async () => {
    const codes = await seededCodes();
    expect(new Set(codes.map((c) => c.kind))).toEqual(new Set(['common', 'instant', 'blogger', 'case']));
    const deposits: Deposit[] = [
      { ...SBP, amount: 100 },
      { ...SBP, amount: 500 },
      { ...SBP, amount: 999.99 },
      { ...SBP, amount: 1000 },
      { ...SKINS, amount: 3000 },
      { ...EURO, amount: 12.34 },
    ];
    for (const code of [null, ...codes.map((c) => c.code)]) {
      for (const d of deposits) {
        const { p, shown, receipt, gold, coins } = await threeWays(d, code);
        const where = `${code ?? 'no code'} at ${d.amount} ${d.country}/${d.method_id}`;
        // What the form says the player gets is what the wallet gained, and what the receipt totals.
        expect(toMinor(shown.total), where).toBe(gold);
        expect(toMinor(receipt.value) + toMinor(receipt.bonus.sum_bonus), where).toBe(gold);
        expect(receipt.value, where).toBe(shown.site_amount);
        expect(receipt.bonus.sum_promo, where).toBe(shown.sum_promo);
        expect(receipt.bonus.sum_bonus, where).toBe(shown.sum_bonus);
        expect(receipt.bonus.coins, where).toBe(shown.coins);
        expect(receipt.bonus.prize, where).toEqual(shown.prize);
        expect(shown.coins * 100, where).toBe(coins);
        expect(await ledgerSum(p.userId, 'GOLD'), where).toBe(gold);
        expect(await ledgerSum(p.userId, 'TASTY_COIN'), where).toBe(coins);
      }
    }
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('GIFT50 at 100: the form says 150 and the code gives 50, the receipt lists the 50, the balance gains 150', async () => {
    const { shown, receipt, gold } = await threeWays({ ...SBP, amount: 100 }, 'GIFT50');
    expect(shown).toMatchObject({ site_amount: 100, total: 150, sum_promo: 50, sum_bonus: 50, coins: 10, promo: { code: 'GIFT50', type: 'instant', sum: 50, percent: 0 } });
    expect(receipt).toMatchObject({ value: 100, bonus: { sum_promo: 50, sum_bonus: 50, coins: 10 } });
    expect(gold).toBe(15_000);
  });

  it('BLOGGER at 500 is the 10 % offer (20 % from 1 000), and 10 % is what is credited', async () => {
    const { shown, receipt, gold } = await threeWays({ ...SBP, amount: 500 }, 'BLOGGER');
    // 500 + 3 % level + 10 % blogger; the offer's own 15 coins per 100.
    expect(shown).toMatchObject({ total: 565, sum_promo: 50, level_percent: 3, coins: 75, promo: { type: 'blogger', percent: 10, next: { price_from: 1000, percent: 20 } } });
    expect(receipt.bonus).toMatchObject({ sum_promo: 50, sum_bonus: 65, coins: 75 });
    expect(gold).toBe(56_500);
  });

  it('a code applied earlier is counted by the form as the deposit will count it', async () => {
    const { shown, gold } = await threeWays({ ...SBP, amount: 1000 }, null, async (p) => {
      expect((await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'WELCOME10' } })).status).toBe(200);
    });
    expect(shown).toMatchObject({ total: 1150, sum_promo: 100, promo: { code: 'WELCOME10', percent: 10 } });
    expect(gold).toBe(115_000);
  });

  it('refuses a code the player cannot use with its catalogue error, as the start would', async () => {
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'GIFT50' } })).status).toBe(200);
    const again = await preview(p, { ...SBP, amount: 500 }, 'GIFT50');
    expect([again.status, again.body.code]).toEqual([409, 'promo_user_limit']);
    const unknown = await preview(p, { ...SBP, amount: 500 }, 'NOPE');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'promo_not_found']);
    const low = await preview(p, { ...SBP, amount: 1 }, null);
    expect(low.body.code).toBe('amount_too_low');
  });
});
