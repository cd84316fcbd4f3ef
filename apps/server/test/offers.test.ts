import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pickByTicket } from '@store/shared/odds';
import { rollTicket } from '@store/shared/provably-fair';
import { grantBalance } from '../src/admin/grant-balance.ts';
import { caseOdds } from '../src/modules/catalogue/schema.ts';
import { seedPairs } from '../src/modules/provably-fair/schema.ts';
import { fireTriggers } from '../src/modules/offers/fire-triggers.ts';
import { hunterOfferName } from '../src/modules/offers/seed-offers.ts';
import { TEST_PROJECT } from './helpers/project-fixtures.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);
/** The demo offer of the game's most wanted cases (knife-hunter in CS, arcana-hunter in Dota 2). */
const HUNTER = hunterOfferName(TEST_PROJECT);

const offerId = async (name: string) => q(sql`select id as n from offers where name = ${name}`);
const buy = (p: Player | null, id: number, headers: Record<string, string> = {}) =>
  api(store.app, 'POST', `/api/v1/offers/${id}/buy`, { token: p?.token, headers });
const pay = (p: Player, caseId: number, headers: Record<string, string> = {}) =>
  api(store.app, 'POST', '/api/v1/triggers/dailycasepay', { token: p.token, body: { case_id: caseId }, headers });

/** Everything a refused purchase must leave alone. */
async function snapshot(userId: number) {
  return {
    wallets: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId}`),
    ledger: await q(sql`select count(*) as n from ledger where user_id = ${userId}`),
    items: await q(sql`select count(*) as n from inventory_items where user_id = ${userId}`),
    opens: await q(sql`select count(*) as n from case_opens where user_id = ${userId}`),
    purchases: await q(sql`select count(*) as n from offer_purchases where user_id = ${userId}`),
    sold: await q(sql`select coalesce(sum(sold), 0) as n from offers`),
    nonce: await q(sql`select coalesce(max(nonce), 0) as n from seed_pairs where user_id = ${userId}`),
    triggersOpen: await q(sql`select count(*) as n from user_triggers where user_id = ${userId} and closed_at is null`),
  };
}

describe('offers shop', () => {
  it('lists the shop and the secret shop with prices below the cases, never the trigger offers', async () => {
    const shop = await api(store.app, 'GET', '/api/v1/offers', { lang: 'en' });
    expect(shop.status).toBe(200);
    expect(shop.body.data.map((o: any) => o.name)).toEqual(['starter-pack', HUNTER]);
    for (const o of shop.body.data) {
      const casesTotal = o.cases.reduce((s: number, c: any) => s + c.price * c.count, 0);
      expect(o.old_price).toBeCloseTo(casesTotal, 2);
      expect(o.price).toBeLessThan(o.old_price);
      expect(o.sale).toBe(Math.round(((o.old_price - o.price) * 100) / o.old_price));
      expect(o.bought).toBe(false);
    }
    const [starter, hunter] = shop.body.data;
    expect(starter.title).toBe('Starter pack');
    expect(starter.cases).toHaveLength(3);
    expect(starter.left).toBeNull();
    expect(starter.bonus_coins).toBe(50);
    // A limited offer shows what is left of its stock, whatever other players bought before.
    const stock = (await db().execute(sql`select total_limit, sold from offers where name = ${HUNTER}`)) as unknown as { rows: { total_limit: number; sold: number }[] };
    expect(Number(stock.rows[0]!.total_limit)).toBe(100);
    expect(hunter.left).toBe(Number(stock.rows[0]!.total_limit) - Number(stock.rows[0]!.sold));
    expect(hunter.label).toBe('bestseller');

    const secret = await api(store.app, 'GET', '/api/v1/offers?secret=1', { lang: 'ru' });
    expect(secret.body.data.map((o: any) => o.name)).toEqual(['secret-stash']);
    expect(secret.body.data[0].title).toBe('Тайный запас');
  });

  it('bundles only cases sold for GOLD to everyone: no free level (daily) case, no coin case, no level-locked case', async () => {
    const bundled = (await db().execute(
      sql`select o.name, c.slug, c.daily, c.currency, c.level from offers o cross join lateral jsonb_array_elements(o.cases) e join cases c on c.slug = e->>'slug'`,
    )) as unknown as { rows: { name: string; slug: string; daily: boolean; currency: string; level: number }[] };
    expect(new Set(bundled.rows.map((r) => r.name))).toEqual(new Set(['starter-pack', HUNTER, 'secret-stash', 'daily-case']));
    for (const r of bundled.rows) expect([r.name, r.slug, r.daily, r.currency, r.level]).toEqual([r.name, r.slug, false, 'GOLD', 0]);
    // The daily cases are among the cheapest in the catalogue: the starter pack would take them first.
    const cheapestDaily = await q(sql`select min(price) as n from cases where daily`);
    const starterMax = await q(sql`select max(c.price) as n from offers o cross join lateral jsonb_array_elements(o.cases) e join cases c on c.slug = e->>'slug' where o.name = 'starter-pack'`);
    expect(cheapestDaily).toBeLessThan(starterMax);
  });

  it('serves one offer by id or name to a signed-in player', async () => {
    const p = await registerPlayer(store.app);
    const id = await offerId(HUNTER);
    const byName = await api(store.app, 'GET', `/api/v1/offers/user/${HUNTER}`, { token: p.token });
    const byId = await api(store.app, 'GET', `/api/v1/offers/user/${id}`, { token: p.token });
    expect(byName.status).toBe(200);
    expect(byId.body.data).toEqual(byName.body.data);
    expect((await api(store.app, 'GET', '/api/v1/offers/user/nope', { token: p.token })).body.code).toBe('offer_not_found');
    const trigger = await api(store.app, 'GET', '/api/v1/offers/user/daily-case', { token: p.token });
    expect([trigger.status, trigger.body.code]).toEqual([404, 'offer_not_found']);
    expect((await api(store.app, 'GET', `/api/v1/offers/user/${HUNTER}`)).body.code).toBe('authentication');
  });

  it('buys an offer in one go: debit, verifiable openings, items, bonuses, ledger', async () => {
    const p = await fundedPlayer(store.app, db(), 200);
    const id = await offerId('starter-pack');
    const offer = (await api(store.app, 'GET', `/api/v1/offers/user/${id}`, { token: p.token })).body.data;
    const res = await buy(p, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.offer_id).toBe(id);
    expect(data.balance).toBeCloseTo(200 - offer.price, 2);
    expect(data.coin_balance).toBe(50);
    expect(data.cases).toEqual(offer.cases.map((c: any) => ({ slug: c.slug, count: c.count })));
    expect(data.items).toHaveLength(3);

    const inv = await api(store.app, 'GET', '/api/v1/inventory/get?group=active', { token: p.token });
    expect(inv.body.data.items.map((i: any) => i.id).sort()).toEqual(data.items.map((i: any) => i.id).sort());
    expect(inv.body.data.items.every((i: any) => i.status === 'progress' && i.source === 'Case')).toBe(true);

    // Each opening recomputes from its stored fields with the shared roll and odds table.
    const [pair] = await db().select().from(seedPairs).where(eq(seedPairs.userId, p.userId));
    const opens = (await db().execute(sql`select * from case_opens where user_id = ${p.userId} order by id`)) as unknown as { rows: any[] };
    expect(opens.rows).toHaveLength(3);
    expect(new Set(opens.rows.map((o) => o.nonce)).size).toBe(3);
    for (const o of opens.rows) {
      expect(Number(o.price)).toBe(0);
      expect(o.server_seed_hash).toBe(pair!.serverSeedHash);
      const ticket = rollTicket({ serverSeed: pair!.serverSeed, clientSeed: o.client_seed, nonce: o.nonce, cursor: o.cursor });
      expect(ticket).toBe(o.ticket);
      const [odds] = await db().select().from(caseOdds).where(eq(caseOdds.id, o.odds_id));
      expect(pickByTicket(odds!.ranges, ticket).item).toBe(o.item_key);
    }
    expect(opens.rows.map((o) => Number(o.inventory_item_id)).sort()).toEqual(data.items.map((i: any) => i.id).sort());
    // Each item names the case that gave it, in the bundle's order (the page plays that case's roulette).
    const fromCase = (await db().execute(sql`select o.inventory_item_id as id, c.slug from case_opens o join cases c on c.id = o.case_id where o.user_id = ${p.userId}`)) as unknown as { rows: { id: number; slug: string }[] };
    const slugOf = new Map(fromCase.rows.map((r) => [Number(r.id), r.slug]));
    expect(data.items.map((i: any) => i.case_slug)).toEqual(data.items.map((i: any) => slugOf.get(i.id)));
    expect(data.items.map((i: any) => i.case_slug)).toEqual(offer.cases.flatMap((c: any) => Array<string>(c.count).fill(c.slug)));

    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'offer_buy'`)).toBe(1);
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'offer_bonus_coins'`)).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.statistic.cases.opened).toBe(3);

    const listed = await api(store.app, 'GET', '/api/v1/offers', { token: p.token });
    expect(listed.body.data.find((o: any) => o.id === id).bought).toBe(true);
    const other = await api(store.app, 'GET', '/api/v1/offers');
    expect(other.body.data.find((o: any) => o.id === id).bought).toBe(false);
  });

  it('credits the GOLD bonus and counts a limited offer down', async () => {
    const p = await fundedPlayer(store.app, db(), 5000);
    const id = await offerId(HUNTER);
    const before = (await api(store.app, 'GET', `/api/v1/offers/user/${id}`, { token: p.token })).body.data;
    const res = await buy(p, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.balance).toBeCloseTo(5000 - before.price + before.bonus_money, 2);
    const after = (await api(store.app, 'GET', `/api/v1/offers/user/${id}`, { token: p.token })).body.data;
    expect(after.left).toBe(before.left - 1);
    expect(after.bought).toBe(true);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses without changing anything: no funds, unknown, no token, already bought, sold out', async () => {
    const poor = await fundedPlayer(store.app, db(), 10);
    const starter = await offerId('starter-pack');
    let before = await snapshot(poor.userId);
    let res = await buy(poor, starter);
    expect([res.status, res.body.code]).toEqual([402, 'balance_error']);
    res = await buy(poor, 999_999);
    expect([res.status, res.body.code]).toEqual([404, 'offer_not_found']);
    res = await buy(poor, await offerId('daily-case'));
    expect([res.status, res.body.code]).toEqual([404, 'offer_not_found']);
    res = await buy(null, starter);
    expect([res.status, res.body.code]).toEqual([401, 'authentication']);
    expect(await snapshot(poor.userId)).toEqual(before);

    const rich = await fundedPlayer(store.app, db(), 1000);
    expect((await buy(rich, starter)).status).toBe(200);
    before = await snapshot(rich.userId);
    res = await buy(rich, starter);
    expect([res.status, res.body.code]).toEqual([409, 'offer_already_bought']);
    expect(await snapshot(rich.userId)).toEqual(before);

    // The secret stash is sold out for this check only: its stock is put back whatever happens.
    const secret = await offerId('secret-stash');
    const soldBefore = await q(sql`select sold as n from offers where id = ${secret}`);
    await db().execute(sql`update offers set sold = total_limit where id = ${secret}`);
    try {
      before = await snapshot(rich.userId);
      res = await buy(rich, secret);
      expect([res.status, res.body.code]).toEqual([409, 'offer_sold_out']);
      expect(await snapshot(rich.userId)).toEqual(before);
      const listed = await api(store.app, 'GET', '/api/v1/offers?secret=1');
      expect(listed.body.data[0].left).toBe(0);
    } finally {
      await db().execute(sql`update offers set sold = ${soldBefore} where id = ${secret}`);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('buys only at the price the player confirmed: a price changed since is refused in their language, nothing taken', async () => {
    const p = await fundedPlayer(store.app, db(), 1000);
    const starter = (await api(store.app, 'GET', '/api/v1/offers')).body.data.find((o: any) => o.name === 'starter-pack');
    const before = await snapshot(p.userId);
    // The player looked at the old price; the shop now asks more (an operator's change in between).
    let res = await api(store.app, 'POST', `/api/v1/offers/${starter.id}/buy`, { token: p.token, body: { expected_price: starter.price - 1 } });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'offer_price_changed', 'Цена предложения изменилась — проверьте её и купите снова']);
    res = await api(store.app, 'POST', `/api/v1/offers/${starter.id}/buy`, { token: p.token, lang: 'en', body: { expected_price: starter.price + 0.01 } });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'offer_price_changed', 'The offer’s price has changed — check it and buy again']);
    expect(await snapshot(p.userId)).toEqual(before);
    // A price that is not a number is a validation error, not a purchase.
    res = await api(store.app, 'POST', `/api/v1/offers/${starter.id}/buy`, { token: p.token, body: { expected_price: 'cheap' } });
    expect([res.status, res.body.code]).toEqual([400, 'validation']);
    expect(await snapshot(p.userId)).toEqual(before);

    res = await api(store.app, 'POST', `/api/v1/offers/${starter.id}/buy`, { token: p.token, body: { expected_price: starter.price } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await q(sql`select -sum(delta) as n from ledger where user_id = ${p.userId} and reason = 'offer_buy'`)).toBe(Math.round(starter.price * 100));
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first result, buying once', async () => {
    const p = await fundedPlayer(store.app, db(), 1000);
    const id = await offerId('secret-stash');
    const headers = { 'idempotency-key': 'offer-retry-1' };
    const first = await buy(p, id, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await buy(p, id, headers);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await q(sql`select count(*) as n from offer_purchases where user_id = ${p.userId}`)).toBe(1);
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'offer_buy'`)).toBe(1);
    expect((await buy(p, id, { 'idempotency-key': 'offer-retry-2' })).body.code).toBe('offer_already_bought');
  });

  it('sells an offer once to a player who sends buys at the same time', async () => {
    const p = await fundedPlayer(store.app, db(), 1000);
    const id = await offerId('starter-pack');
    const results = await Promise.all(Array.from({ length: 5 }, () => buy(p, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'offer_already_bought')).toHaveLength(4);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe('triggers', () => {
  it('fires a daily case trigger when a case open leaves the balance below the case, once a day', async () => {
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), cheap.price + 1);
    const rich = await fundedPlayer(store.app, db(), 1000);
    expect((await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: rich.token, body: { multi_open: 1 } })).status).toBe(200);
    expect((await api(store.app, 'GET', '/api/v1/triggers', { token: rich.token })).body.data).toEqual([]);

    const open = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(open.status).toBe(200);
    const triggers = await api(store.app, 'GET', '/api/v1/triggers', { token: p.token, lang: 'en' });
    expect(triggers.status).toBe(200);
    expect(triggers.body.data).toHaveLength(1);
    const t = triggers.body.data[0];
    expect(t.trigger_type).toBe('daily_case');
    expect(t.offer_name).toBe('daily-case');
    expect(t.cases).toEqual([expect.objectContaining({ slug: cheap.slug, count: 1, price: cheap.price })]);
    expect(t.old_price).toBeCloseTo(cheap.price, 2);
    expect(t.price).toBeLessThan(t.old_price);
    expect(await fireTriggers({ db: db(), userId: p.userId, balance: 0 })).toBe(0);
    expect((await api(store.app, 'GET', '/api/v1/triggers')).body.code).toBe('authentication');
  });

  it('sells the daily case at the trigger price once, with a verifiable opening', async () => {
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), cheap.price + 0.5);
    await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    const [t] = (await api(store.app, 'GET', '/api/v1/triggers', { token: p.token })).body.data;
    const caseId = t.cases[0].id;

    // Short of the trigger price: refused, nothing changes, the trigger stays open.
    let before = await snapshot(p.userId);
    let res = await pay(p, caseId);
    expect([res.status, res.body.code]).toEqual([402, 'balance_error']);
    expect((await pay(p, 999_999)).body.code).toBe('caseNotFound');
    const other = await q(sql`select id as n from cases where id <> ${caseId} order by id limit 1`);
    expect((await pay(p, other)).body.code).toBe('offer_not_found');
    expect(await snapshot(p.userId)).toEqual(before);

    await grantBalance({ db: db(), login: p.login, amount: 10, operator: 'test' });
    const balance = (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance;
    res = await pay(p, caseId, { 'idempotency-key': 'daily-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.success).toBe(true);
    expect(res.body.data.trigger_id).toBe(t.trigger_id);
    expect(res.body.data.balance).toBeCloseTo(balance - t.price, 2);
    expect(res.body.data.items).toHaveLength(1);
    expect((await pay(p, caseId, { 'idempotency-key': 'daily-1' })).body.data).toEqual(res.body.data);

    const [pair] = await db().select().from(seedPairs).where(eq(seedPairs.userId, p.userId));
    const opens = (await db().execute(sql`select * from case_opens where batch = ${`trigger:${t.trigger_id}`}`)) as unknown as { rows: any[] };
    expect(opens.rows).toHaveLength(1);
    const o = opens.rows[0];
    expect(rollTicket({ serverSeed: pair!.serverSeed, clientSeed: o.client_seed, nonce: o.nonce, cursor: 0 })).toBe(o.ticket);
    expect(Number(o.inventory_item_id)).toBe(res.body.data.items[0].id);

    expect((await api(store.app, 'GET', '/api/v1/triggers', { token: p.token })).body.data).toEqual([]);
    before = await snapshot(p.userId);
    expect((await pay(p, caseId)).body.code).toBe('offer_not_found');
    expect(await snapshot(p.userId)).toEqual(before);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('dismisses a trigger once, only for its player', async () => {
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), cheap.price);
    await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    const [t] = (await api(store.app, 'GET', '/api/v1/triggers', { token: p.token })).body.data;
    const stranger = await registerPlayer(store.app);
    const foreign = await api(store.app, 'POST', `/api/v1/triggers/${t.trigger_id}/close`, { token: stranger.token });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'offer_not_found']);
    expect((await api(store.app, 'POST', `/api/v1/triggers/${t.trigger_id}/close`, { token: p.token })).body.data).toEqual({ closed: true });
    expect((await api(store.app, 'POST', `/api/v1/triggers/${t.trigger_id}/close`, { token: p.token })).body.data).toEqual({ closed: false });
    expect((await api(store.app, 'GET', '/api/v1/triggers', { token: p.token })).body.data).toEqual([]);
    expect((await pay(p, t.cases[0].id)).body.code).toBe('offer_not_found');
  });
});
