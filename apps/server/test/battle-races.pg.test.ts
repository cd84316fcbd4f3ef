import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, countRows, fundedPlayer, ledgerMismatches, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * Battles under concurrent requests on a PostgreSQL server, where they really run in parallel on
 * separate connections (the PGlite run leaves this file out: it runs one statement at a time).
 */
let store: TestStore;
let slug: string;
let price: number;
beforeAll(async () => {
  store = await createTestStore({ BATTLE_ROUND_MS: '40' });
  const res = await api(store.app, 'GET', '/api/battles/cases');
  const c = res.body.data.sections.flatMap((s: any) => s.cases).sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
  slug = c.slug;
  price = c.price_data.price;
});
afterAll(() => store.close());
const db = () => store.database.db;
const players = (n: number, gold: number) => Promise.all(Array.from({ length: n }, () => fundedPlayer(store.app, db(), gold)));
const balance = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;
const create = async (p: Player, mode: string, count: number) => {
  const res = await api(store.app, 'POST', '/api/battles/battles', { token: p.token, body: { mode, cases: [{ slug, count }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.battle_ulid as string;
};
const join = (p: Player, ulid: string, seat?: number) => api(store.app, 'POST', '/api/battles/join', { token: p.token, body: { battle_ulid: ulid, ...(seat ? { seat } : {}) } });
const stakeOf = (ulid: string) => countRows(db(), sql`select coalesce(-sum(delta), 0) as n from ledger where ref = ${`battle:${ulid}`}`);

describe('battle races (PostgreSQL)', () => {
  it('10 players racing for the last seat: one sits, the others are refused and keep their money', async () => {
    const [creator, second] = await players(2, 100);
    const racers = await players(10, 100);
    const ulid = await create(creator!, '1v1v1', 5);
    expect((await join(second!, ulid)).status).toBe(200);
    const results = await Promise.all(racers.map((p) => join(p, ulid)));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(['battle_started', 'battle_full']).toContain(r.body.code);
    const seated = racers[results.findIndex((r) => r.status === 200)]!;
    for (const p of racers) expect(await balance(p)).toBeCloseTo(p === seated ? 100 - price * 5 : 100, 2);
    expect(await countRows(db(), sql`select count(*) as n from battle_seats s join battles b on b.id = s.battle_id where b.ulid = ${ulid}`)).toBe(3);
    expect(await stakeOf(ulid)).toBe(Math.round(price * 100) * 5 * 3);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('10 players racing for one named seat: one gets it; one player joining 10 times at once pays once', async () => {
    const [creator] = await players(1, 100);
    const racers = await players(10, 100);
    const ulid = await create(creator!, '1v1v1v1', 1);
    const results = await Promise.all(racers.map((p) => join(p, ulid, 3)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'battle_seat_taken')).toHaveLength(9);

    const [eager] = await players(1, 100);
    const repeats = await Promise.all(Array.from({ length: 10 }, () => join(eager!, ulid)));
    expect(repeats.filter((r) => r.status === 200)).toHaveLength(1);
    expect(repeats.filter((r) => r.body.code === 'battle_already_joined')).toHaveLength(9);
    expect(await balance(eager!)).toBeCloseTo(100 - price, 2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('joins, leaves and a cancel racing each other refund every coin exactly once', async () => {
    const [creator] = await players(1, 100);
    const others = await players(8, 100);
    const ulid = await create(creator!, '1v1v1v1', 3);
    await Promise.all([
      ...others.map((p) => join(p, ulid)),
      ...others.map((p) => api(store.app, 'POST', '/api/battles/leave', { token: p.token, body: { battle_ulid: ulid } })),
      api(store.app, 'POST', '/api/battles/cancel_start', { token: creator!.token, body: { battle_ulid: ulid } }),
    ]);
    const status = ((await db().execute(sql`select status from battles where ulid = ${ulid}`)) as any).rows[0].status;
    if (status === 'cancelled') {
      // Called off before it filled: everyone has all their money back.
      for (const p of [creator!, ...others]) expect(await balance(p)).toBe(100);
      expect(await stakeOf(ulid)).toBe(0);
    } else {
      // It filled before the cancel: exactly the four seated players paid, once each.
      expect(['started', 'finished']).toContain(status);
      const seated = await countRows(db(), sql`select count(*) as n from battle_seats s join battles b on b.id = s.battle_id where b.ulid = ${ulid}`);
      expect(seated).toBe(4);
      expect(await stakeOf(ulid)).toBe(Math.round(price * 100) * 3 * 4);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('20 parallel sells of a battle’s winnings credit them once', async () => {
    // Against bots until the player wins one; funded for every attempt, since each lost battle
    // keeps its stake and a short run of losses must not leave the player unable to create.
    const attempts = 20;
    const [p] = await players(1, Math.ceil(price * 2 * attempts) + 10);
    for (let attempt = 0; attempt < attempts; attempt++) {
      const ulid = await create(p!, '1v1', 2);
      expect((await api(store.app, 'POST', '/api/battles/start', { token: p!.token, body: { battle_ulid: ulid } })).status).toBe(200);
      const b = await eventually(async () => (await api(store.app, 'GET', `/api/battles/battle?battle_ulid=${ulid}`)).body.data, (x) => x.status === 'finished', 20_000);
      if (b.winner_team !== 1) continue;
      const before = await balance(p!);
      const sells = await Promise.all(Array.from({ length: 20 }, () => api(store.app, 'POST', '/api/battles/sell', { token: p!.token, body: { battle_ulid: ulid } })));
      expect(sells.every((s) => s.status === 200)).toBe(true);
      expect(sells.filter((s) => s.body.data.amount > 0)).toHaveLength(1);
      expect(await balance(p!)).toBeCloseTo(before + b.members[0].won, 2);
      expect(await ledgerMismatches(db())).toEqual([]);
      return;
    }
    throw new Error('the player lost 20 battles in a row against a bot');
  });
});
