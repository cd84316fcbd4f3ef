import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rollTicket } from '@store/shared/provably-fair';
import { pickByTicket } from '@store/shared/odds';
import { expForSpend } from '@store/shared/levels';
import { caseOpens } from '../src/modules/cases/schema.ts';
import { caseOdds, cases } from '../src/modules/catalogue/schema.ts';
import { seedPairs } from '../src/modules/provably-fair/schema.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer } from './helpers/factories.ts';
import { eventually } from './helpers/ws.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import type { MovableClock } from '../src/platform/clock.ts';

let store: TestStore;
let cheap: Awaited<ReturnType<typeof cheapestCase>>;
beforeAll(async () => {
  store = await createTestStore();
  cheap = await cheapestCase(store.app);
});
afterAll(() => store.close());

const db = () => store.database.db;

/** What a player owns and holds, to prove a refused call changed nothing. */
async function snapshot(userId: number) {
  const me = await countRows(db(), sql`select amount as n from wallets where user_id = ${userId} and currency = 'GOLD'`);
  const items = await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${userId}`);
  const opens = await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${userId}`);
  const ledger = await countRows(db(), sql`select count(*) as n from ledger where user_id = ${userId} and currency = 'GOLD'`);
  const nonce = await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${userId} and active`);
  // Event coins the openings gave (minor units), with their own ledger rows. A season task the
  // openings complete pays its coins a moment later, from the activity stream: not counted here.
  const coins = await countRows(
    db(),
    sql`select coalesce(sum(delta), 0) as n from ledger where user_id = ${userId} and currency = 'TASTY_COIN' and reason <> 'event_task'`,
  );
  return { me, items, opens, ledger, nonce, coins };
}

describe('catalogue', () => {
  it('lists sections with case cards', async () => {
    const res = await api(store.app, 'GET', '/api/v2/case/sections/with-cases?main=1');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    const card = res.body.data[0].cases[0];
    expect(card).toMatchObject({ price_data: { currency: 'GOLD' }, appearance_data: { image: expect.stringMatching(/\.svg$/) } });
    expect([1, 2, 3, 4]).toContain(card.volatility);
    const names = (await api(store.app, 'GET', '/api/v1/sections/', { lang: 'en' })).body.data.map((s: any) => s.name);
    expect(names.join(' ')).toMatch(/[A-Za-z]/);
  });

  it('shows a case with contents whose chances add up to 100%', async () => {
    const res = await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`);
    expect(res.status).toBe(200);
    const drops = res.body.data.drops;
    expect(drops.length).toBeGreaterThan(3);
    expect(drops.reduce((s: number, d: any) => s + d.chance, 0)).toBeCloseTo(100, 1);
    expect(drops[0].price).toBeGreaterThanOrEqual(drops.at(-1).price);
    const covered = drops.reduce((s: number, d: any) => s + d.ticket_to - d.ticket_from + 1, 0);
    expect(covered).toBe(100000);
  });

  it('draws the pictures of its items and cases, and answers an unknown one with not_found', async () => {
    const detail = (await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`)).body.data;
    const itemKey = new URL(detail.drops[0].image, 'http://x').pathname;
    for (const path of [`/img/cases/${cheap.slug}.svg`, itemKey]) {
      const res = await store.app.inject({ method: 'GET', url: path });
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 200, 'image/svg+xml']);
      expect(res.body).toContain('<svg');
    }
    for (const path of ['/img/cases/no-such-case.svg', '/img/items/no-such-item.svg']) {
      const res = await store.app.inject({ method: 'GET', url: path });
      expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
    }
  });

  it('answers an unknown case with caseNotFound', async () => {
    const res = await api(store.app, 'GET', '/api/v1/cases/no-such-case', { lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'caseNotFound', message: 'Case not found' });
  });
});

describe('opening a case', () => {
  it('debits the price, adds the item, records a verifiable roll and a ledger row', async () => {
    const p = await fundedPlayer(store.app, db(), 1000);
    const res = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 3 } });
    expect(res.status).toBe(200);
    const { opens, balance, amount_exp: exp } = res.body.data;
    expect(opens).toHaveLength(3);
    expect(balance).toBeCloseTo(1000 - cheap.price * 3, 2);
    // One experience point per whole GOLD spent, shown on the answer and on the profile.
    expect(exp).toBe(expForSpend(Math.round(cheap.price * 100) * 3));
    expect(exp).toBeGreaterThan(0);

    const inv = await api(store.app, 'GET', '/api/v1/inventory/get?group=active', { token: p.token });
    expect(inv.body.data.items.map((i: any) => i.id).sort()).toEqual(opens.map((o: any) => o.item.id).sort());
    expect(inv.body.data.items.every((i: any) => i.status === 'progress' && i.source === 'Case')).toBe(true);

    // The player can recompute every ticket once the server seed is revealed.
    const [pair] = await db().select().from(seedPairs).where(eq(seedPairs.userId, p.userId));
    const [c] = await db().select().from(cases).where(eq(cases.slug, cheap.slug));
    const [odds] = await db().select().from(caseOdds).where(eq(caseOdds.id, c!.oddsId!));
    for (const o of opens) {
      const ticket = rollTicket({ serverSeed: pair!.serverSeed, clientSeed: o.client_seed, nonce: o.nonce, cursor: o.cursor });
      expect(ticket).toBe(o.ticket);
      expect(pickByTicket(odds!.ranges, ticket).item).toBe(o.item.item_id);
      expect(o.server_seed_hash).toBe(pair!.serverSeedHash);
    }
    expect(new Set(opens.map((o: any) => o.nonce)).size).toBe(3);

    const ledger = await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'case_open'`);
    expect(ledger).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.statistic.cases.opened).toBe(3);
    // The experience consumer of the activity stream credits what the answer promised.
    const levels = await eventually(async () => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.levels, (l) => l.current_exp > 0);
    expect(levels.current_exp).toBe(exp);
  });

  it('refuses without a token, for an unknown case and for bad counts, changing nothing', async () => {
    const p = await fundedPlayer(store.app, db(), 1000);
    const before = await snapshot(p.userId);
    const noToken = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { body: { multi_open: 1 } });
    expect([noToken.status, noToken.body.code]).toEqual([401, 'authentication']);
    const revoked = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/auth/revoke', { token: revoked.token });
    expect((await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: revoked.token, body: { multi_open: 1 } })).status).toBe(401);
    const unknown = await api(store.app, 'POST', '/api/v1/cases/nope/open', { token: p.token, body: { multi_open: 1 } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'caseNotFound']);
    for (const body of [{ multi_open: 0 }, { multi_open: 1000 }, { multi_open: 'two' }, { multi_open: 1.5 }, { multi_open: cheap.max + 1 }]) {
      const res = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation');
    }
    expect(await snapshot(p.userId)).toEqual(before);
  });

  it('refuses when the balance is short, in the player language, changing nothing', async () => {
    const p = await fundedPlayer(store.app, db(), cheap.price * 2);
    const before = await snapshot(p.userId);
    const res = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 3 }, lang: 'en' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'balance_error', message: 'Not enough balance' });
    expect(await snapshot(p.userId)).toEqual(before);
  });

  it('refuses an unavailable case and sells the last boxes of a limited case once', async () => {
    const p = await fundedPlayer(store.app, db(), 100000);
    // The cheapest case is every other test's case: it is put back whatever happens here.
    try {
      await db().update(cases).set({ available: false }).where(eq(cases.slug, cheap.slug));
      const off = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      expect([off.status, off.body.code]).toEqual([409, 'case_not_available']);
      await db().update(cases).set({ available: true, opensLimit: 2, opensCount: 0 }).where(eq(cases.slug, cheap.slug));
      const first = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } });
      expect(first.status).toBe(200);
      const before = await snapshot(p.userId);
      const soldOut = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      expect([soldOut.status, soldOut.body.code]).toEqual([409, 'case_not_available']);
      expect(await snapshot(p.userId)).toEqual(before);
      const card = await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`);
      expect(card.body.data).toMatchObject({ available: false, statistic_data: { opens_limit: 2, opens_remaining: 0 } });
    } finally {
      await db().update(cases).set({ available: true, opensLimit: null, opensCount: 0 }).where(eq(cases.slug, cheap.slug));
    }
  });

  it('refuses a sold-out box before a short balance, and either refusal changes nothing', async () => {
    const poor = await registerPlayer(store.app);
    try {
      await db().update(cases).set({ opensLimit: 1, opensCount: 1 }).where(eq(cases.slug, cheap.slug));
      const before = await snapshot(poor.userId);
      const soldOut = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: poor.token, body: { multi_open: 1 } });
      expect([soldOut.status, soldOut.body.code]).toEqual([409, 'case_not_available']);
      await db().update(cases).set({ opensLimit: null, opensCount: 0 }).where(eq(cases.slug, cheap.slug));
      const short = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: poor.token, body: { multi_open: 1 } });
      expect(short.body.code).toBe('balance_error');
      expect(await snapshot(poor.userId)).toEqual(before);
    } finally {
      await db().update(cases).set({ opensLimit: null, opensCount: 0 }).where(eq(cases.slug, cheap.slug));
    }
  });

  it('returns the first result for a retried Idempotency-Key and debits once', async () => {
    const p = await fundedPlayer(store.app, db(), 1000);
    const headers = { 'idempotency-key': 'open-retry-1' };
    const a = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 }, headers });
    const b = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 }, headers });
    expect(b.body.data).toEqual(a.body.data);
    expect(await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId}`)).toBe(1);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.finance.balance).toBeCloseTo(1000 - cheap.price, 2);
  });

  it('gives every N-th open of a case for free', async () => {
    const free = await db().select().from(cases).where(sql`${cases.everyNOpenFree} is not null`).limit(1);
    if (!free[0]) throw new Error('the catalogue should have an every-N-free case');
    const c = free[0];
    const p = await fundedPlayer(store.app, db(), (c.price / 100) * c.everyNOpenFree!);
    let spent = 0;
    for (let i = 0; i < c.everyNOpenFree!; i++) {
      const res = await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      expect(res.status).toBe(200);
      spent++;
    }
    const freeOpens = await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId} and free`);
    expect(freeOpens).toBe(1);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.finance.balance).toBeCloseTo(c.price / 100, 2);
    expect(spent).toBe(c.everyNOpenFree);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

/** A case card of the catalogue the player sees, or a failure naming what the catalogue lacks. */
async function caseCard(what: string, test: (c: any) => boolean) {
  const res = await api(store.app, 'GET', '/api/v2/case/sections/with-cases');
  const found = res.body.data.flatMap((s: any) => s.cases).find((c: any) => c.available && c.statistic_data.opens_limit === null && test(c));
  if (!found) throw new Error(`the catalogue should have ${what}`);
  return { slug: found.slug as string, price: found.price_data.price as number, card: found };
}

describe('cases that fix or bound the count of one opening', () => {
  const open = (token: string, slug: string, count: number) => api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token, body: { multi_open: count } });

  it('opens a multifix case only with its fixed count', async () => {
    const c = await caseCard('a multifix case', (x) => x.multifix_number !== null);
    const n = c.card.multifix_number as number;
    expect(n).toBeGreaterThan(1);
    const p = await fundedPlayer(store.app, db(), c.price * (n + 1));
    const before = await snapshot(p.userId);
    for (const count of [1, n - 1, n + 1]) {
      const res = await open(p.token, c.slug, count);
      expect([res.status, res.body.code, res.body.params], `x${count}`).toEqual([400, 'validation', { fields: ['multi_open'] }]);
    }
    expect(await snapshot(p.userId)).toEqual(before);

    const res = await open(p.token, c.slug, n);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.opens).toHaveLength(n);
    expect(res.body.data.balance).toBeCloseTo(c.price, 2);
    expect(res.body.data.amount_exp).toBe(expForSpend(Math.round(c.price * 100) * n));
    expect(await snapshot(p.userId)).toEqual({ ...before, me: before.me - Math.round(c.price * 100) * n, items: before.items + n, opens: before.opens + n, ledger: before.ledger + 1, nonce: before.nonce + n });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('opens a multicast case with any count of its range and no other', async () => {
    const c = await caseCard('a multicast case', (x) => x.multicast_data !== null && x.multifix_number === null);
    const [from, to] = c.card.multicast_data.range as [number, number];
    expect(from).toBeGreaterThan(1);
    const counts = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const total = counts.reduce((s, n) => s + n, 0);
    const p = await fundedPlayer(store.app, db(), c.price * total);
    const before = await snapshot(p.userId);
    for (const count of [from - 1, to + 1]) {
      const res = await open(p.token, c.slug, count);
      expect([res.status, res.body.code], `x${count}`).toEqual([400, 'validation']);
    }
    expect(await snapshot(p.userId)).toEqual(before);
    let coins = 0;
    for (const count of counts) {
      const res = await open(p.token, c.slug, count);
      expect(res.status, `x${count}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.opens).toHaveLength(count);
      coins += res.body.data.opens.reduce((s: number, o: { coins: number }) => s + o.coins, 0);
    }
    // Funded for exactly the range's counts: every box was charged once, nothing more.
    expect(await snapshot(p.userId)).toEqual({
      ...before,
      me: 0,
      items: before.items + total,
      opens: before.opens + total,
      ledger: before.ledger + counts.length,
      nonce: before.nonce + total,
      coins: before.coins + coins * 100,
    });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('gives every N-th box free inside multi-opens, charging and crediting experience for the paid boxes only', async () => {
    const c = await caseCard('an every-N-free case', (x) => x.every_n_opens_free !== null && x.max_multi_open > 1);
    const every = c.card.every_n_opens_free as number;
    const max = c.card.max_multi_open as number;
    // Batches of the largest count until two free boxes are due, the last batch ending on the second.
    const batches: number[] = [];
    for (let opened = 0; opened < every * 2; ) {
      const n = Math.min(max, every * 2 - opened);
      batches.push(n);
      opened += n;
    }
    const minor = Math.round(c.price * 100);
    // Funded for exactly the paid boxes: had a free box been charged, the last batch would be refused.
    const p = await fundedPlayer(store.app, db(), c.price * (every * 2 - 2));
    let opened = 0;
    let balance = minor * (every * 2 - 2);
    for (const n of batches) {
      const free = Math.floor((opened + n) / every) - Math.floor(opened / every);
      const res = await open(p.token, c.slug, n);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      balance -= minor * (n - free);
      expect(res.body.data.balance).toBeCloseTo(balance / 100, 2);
      expect(res.body.data.amount_exp).toBe(expForSpend(minor * (n - free)));
      opened += n;
    }
    expect(balance).toBe(0);
    expect(await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId} and free and price = 0`)).toBe(2);
    expect(await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId} and not free and price = ${minor}`)).toBe(every * 2 - 2);
    // The consumer counts the openings a few times a second, maybe over more than one batch: wait
    // for at least what they earned, then check it is exactly that.
    const earned = expForSpend(minor) * (every * 2 - 2);
    const me = await eventually(async () => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data, (m) => m.levels.current_exp >= earned);
    expect(me.statistic.cases.opened).toBe(every * 2);
    expect(me.levels.current_exp).toBe(earned);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe('fast opening', () => {
  it("refuses a player's next opening with fastOpen while the last one's roulette turns, charging nothing, then opens", async () => {
    // The real reveal times on the store's movable clock: a roulette holds the next opening for
    // seconds, far longer than the calls between, and the test ends a hold by moving the clock.
    const held = await createTestStore({ TEST_CLOCK: '1', REVEAL_TIME_SCALE: '1' });
    try {
      const db = held.database.db;
      const clock = held.app.deps.clock as MovableClock;
      const holdMs = held.app.deps.reveals.delayMs('case');
      const fastMs = held.app.deps.reveals.delayMs('case', true);
      expect(holdMs).toBeGreaterThan(fastMs);
      const [p, other] = await Promise.all([fundedPlayer(held.app, db, 1000), fundedPlayer(held.app, db, 1000)]);
      const open = (who: { token: string }, opts: { fast?: boolean; key?: string } = {}) =>
        api(held.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: who.token, lang: 'en', body: { multi_open: 1, fast: opts.fast ?? false }, ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}) });
      const opens = () => countRows(db, sql`select count(*) as n from ${caseOpens} where user_id = ${p.userId}`);
      const balance = async () => (await api(held.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;

      const first = await open(p, { key: 'first-opening' });
      expect(first.status).toBe(200);
      const refused = await open(p);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([429, 'fastOpen', 'Wait for the case to open']);
      // The same opening asked again (its Idempotency-Key) is answered as before, not refused or charged twice.
      const retried = await open(p, { key: 'first-opening' });
      expect([retried.status, retried.body.data?.opens[0].id]).toEqual([200, first.body.data.opens[0].id]);
      // Nothing was charged for the refused one, and another player is not held by it.
      expect(await opens()).toBe(1);
      expect(await balance()).toBeCloseTo(1000 - cheap.price, 2);
      expect((await open(other)).status).toBe(200);

      // Half way through the roulette the hold still stands; once it has stopped the next opening goes through.
      clock.advance(holdMs / 2);
      expect((await open(p)).body.code).toBe('fastOpen');
      clock.advance(holdMs / 2 + 1);
      expect((await open(p)).status).toBe(200);

      // Two at once after the hold: one opens, the other is refused; the fast roulette holds less.
      clock.advance(holdMs + 1);
      const both = await Promise.all([open(p, { fast: true }), open(p, { fast: true })]);
      expect(both.map((r) => r.body.code ?? r.status).sort()).toEqual([200, 'fastOpen'].sort());
      clock.advance(fastMs + 1);
      expect((await open(p)).status).toBe(200);

      expect(await opens()).toBe(4);
      expect(await balance()).toBeCloseTo(1000 - cheap.price * 4, 2);
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await held.close();
    }
  });
});

