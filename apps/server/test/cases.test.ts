import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rollTicket } from '@store/shared/provably-fair';
import { pickByTicket } from '@store/shared/odds';
import { caseOdds, caseOpens, cases, seedPairs } from '../src/db/schema.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

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
  const ledger = await countRows(db(), sql`select count(*) as n from ledger where user_id = ${userId}`);
  const nonce = await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${userId} and active`);
  return { me, items, opens, ledger, nonce };
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
    const { opens, balance } = res.body.data;
    expect(opens).toHaveLength(3);
    expect(balance).toBeCloseTo(1000 - cheap.price * 3, 2);

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
    await db().update(cases).set({ available: false }).where(eq(cases.slug, cheap.slug));
    const off = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect([off.status, off.body.code]).toEqual([409, 'case_not_available']);
    await db().update(cases).set({ available: true, opensLimit: 2, opensCount: 0 }).where(eq(cases.slug, cheap.slug));
    try {
      const first = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } });
      expect(first.status).toBe(200);
      const before = await snapshot(p.userId);
      const soldOut = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      expect(soldOut.body.code).toBe('case_not_available');
      expect(await snapshot(p.userId)).toEqual(before);
      const card = await api(store.app, 'GET', `/api/v1/cases/${cheap.slug}`);
      expect(card.body.data).toMatchObject({ available: false, statistic_data: { opens_limit: 2, opens_remaining: 0 } });
    } finally {
      await db().update(cases).set({ available: true, opensLimit: null, opensCount: 0 }).where(eq(cases.slug, cheap.slug));
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
  });
});

describe('fast opening', () => {
  it('refuses opens past the burst limit with fastOpen', async () => {
    const limited = await createTestStore({ CASE_OPEN_BURST: '2' });
    try {
      const p = await fundedPlayer(limited.app, limited.database.db, 1000);
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await api(limited.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
        codes.push(res.body.code ?? res.status);
      }
      expect(codes).toEqual([200, 200, 'fastOpen']);
      expect(await countRows(limited.database.db, sql`select count(*) as n from ${caseOpens} where user_id = ${p.userId}`)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
