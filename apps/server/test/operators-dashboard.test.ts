import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@store/shared/dashboard';
import { runAdminCommand } from '../src/admin/commands.ts';
import { rows } from '../src/db/rows.ts';
import {
  api,
  catalogueByPrice,
  cheapestCase,
  fundedPlayer,
  giveItems,
  nearestItem,
  registerPlayer,
  type Player,
} from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * The console's dashboard (decision 031): admins only; per day and in total, deposits, each game's
 * gross revenue (stakes minus payouts), openings, active and new players, and each game's and
 * case's observed return to player beside the configured one, over a period whose other plays
 * are left out. Expected figures are worked out here from each play's own rows, one by one.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let bystander: Player;
let cheap: { slug: string; price: number };
const db = () => store.database.db;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  store = await createTestStore({ FLAGS: 'techies:on', BATTLE_ROUND_MS: '30' });
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  bystander = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
  cheap = await cheapestCase(store.app);
});
afterAll(() => store.close());

const dashboard = async (query = '', who: Player = admin) => api(store.app, 'GET', `/api/v1/admin/dashboard${query}`, { token: who.token });
const figures = async (query = '') => {
  const res = await dashboard(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const minorSum = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string | number | null }>(db(), query))[0]?.n ?? 0);
const units = (minor: number) => Math.round(minor) / 100;
const rtp = (paid: number, staked: number) => (staked > 0 ? Math.round((paid / staked) * 100_000) / 100_000 : null);
const game = (d: any, name: string) => d.games.find((g: any) => g.game === name);

describe('who may read the dashboard', () => {
  it('refuses a guest (401), a player (403 operator_only) and support (403 admin_only): money figures are for admins', async () => {
    const guest = await api(store.app, 'GET', '/api/v1/admin/dashboard');
    expect([guest.status, guest.body.code]).toEqual([401, 'authentication']);
    const player = await dashboard('', bystander);
    expect([player.status, player.body.code]).toEqual([403, 'operator_only']);
    const asSupport = await dashboard('', support);
    expect([asSupport.status, asSupport.body.code]).toEqual([403, 'admin_only']);
    expect((await dashboard()).status).toBe(200);
  });
});

describe('the period', () => {
  it('defaults to the 30 days that end today, one entry per day', async () => {
    const d = await figures();
    expect([d.from, d.to]).toEqual([addDays(today(), -29), today()]);
    expect(d.days).toHaveLength(30);
    expect(d.days[0].day).toBe(d.from);
    expect(d.days.at(-1).day).toBe(today());
  });

  it('takes a chosen period of up to 366 days and refuses a reversed, too long or malformed one', async () => {
    const d = await figures('?from=2025-01-01&to=2025-12-31');
    expect(d.days).toHaveLength(365);
    expect((await figures('?from=2024-01-01&to=2024-12-31')).days).toHaveLength(366);
    for (const q of ['?from=2025-03-02&to=2025-03-01', '?from=2024-01-01&to=2025-01-01']) {
      const res = await dashboard(q);
      expect([res.status, res.body.code], q).toEqual([400, 'dashboard_period_invalid']);
    }
    for (const q of ['?from=2025-02-30', '?to=yesterday', '?from=2025-1-1']) {
      const res = await dashboard(q);
      expect([res.status, res.body.code], q).toEqual([400, 'validation']);
    }
  });
});

describe('the figures', () => {
  let gambler: Player;
  let trader: Player;
  let before: any;
  let after: any;
  /** What each game's plays of this test staked and paid, in minor units, from their own rows. */
  const played: Record<string, { plays: number; staked: number; paid: number }> = {};

  beforeAll(async () => {
    before = await figures();
    gambler = await fundedPlayer(store.app, db(), 5_000);
    trader = await registerPlayer(store.app);

    // A deposit through the sandbox checkout: 1000 RUB buys 1000 GOLD.
    const started = await api(store.app, 'POST', '/api/v1/payments/transaction/start', {
      token: gambler.token,
      body: { country: 'RU', method_id: 101, amount: 1000 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paid = await store.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${started.body.data.order_id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay&lang=ru',
    });
    expect(paid.statusCode).toBeLessThan(400);
    // A started but unpaid order is no deposit.
    await api(store.app, 'POST', '/api/v1/payments/transaction/start', {
      token: trader.token,
      body: { country: 'RU', method_id: 101, amount: 700 },
    });

    // Three openings of the cheapest case.
    const opened = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: gambler.token, body: { multi_open: 3 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    played.cases = {
      plays: 3,
      staked: await minorSum(sql`select sum(price) as n from case_opens where user_id = ${gambler.userId}`),
      paid: await minorSum(sql`select sum(item_price) as n from case_opens where user_id = ${gambler.userId}`),
    };

    // An upgrade and a contract of the trader's items.
    const catalogue = await catalogueByPrice(db());
    const near = (price: number) => nearestItem(catalogue, price);
    const [staked] = await giveItems(db(), trader.userId, [near(1000)]);
    const up = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', {
      token: trader.token,
      body: { user_item_ids: [staked!.id], target_item_id: near(1600).key, reversed: false },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [u] = await rows<{ stake: string; target_price: string; success: boolean }>(
      db(),
      sql`select stake, target_price, success from upgrades where user_id = ${trader.userId}`,
    );
    played.upgrades = { plays: 1, staked: Number(u!.stake), paid: u!.success ? Number(u!.target_price) : 0 };

    const items = await giveItems(db(), trader.userId, [near(500), near(700), near(900)]);
    const signed = await api(store.app, 'POST', '/api/v1/contracts/sign', {
      token: trader.token,
      body: { user_item_ids: items.map((i) => i.id) },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    played.contracts = {
      plays: 1,
      staked: items.reduce((s, i) => s + i.price, 0),
      paid: await minorSum(sql`select item_price as n from contracts where user_id = ${trader.userId}`),
    };

    // A techies game cashed out after one safe cell.
    const game0 = await api(store.app, 'POST', '/api/v1/techies/start', { token: gambler.token, body: { stake: 10, mines: 3 } });
    expect(game0.status, JSON.stringify(game0.body)).toBe(200);
    const [layout] = await rows<{ mines: number[] }>(db(), sql`select mines from techies_games where id = ${game0.body.data.id}`);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((c) => !layout!.mines.map(Number).includes(c))!;
    expect(
      (await api(store.app, 'POST', '/api/v1/techies/open', { token: gambler.token, body: { game_id: game0.body.data.id, cell: safe } }))
        .status,
    ).toBe(200);
    const cashed = await api(store.app, 'POST', '/api/v1/techies/cashout', { token: gambler.token, body: { game_id: game0.body.data.id } });
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    played.techies = {
      plays: 1,
      staked: 1000,
      paid: await minorSum(sql`select payout as n from techies_games where user_id = ${gambler.userId}`),
    };

    // A battle of the gambler against two bots: only the player's seat is a play.
    const created = await api(store.app, 'POST', '/api/battles/battles', {
      token: gambler.token,
      body: { mode: '1v1v1', cases: [{ slug: cheap.slug, count: 1 }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ulid = created.body.data.battle_ulid;
    expect((await api(store.app, 'POST', '/api/battles/start', { token: gambler.token, body: { battle_ulid: ulid } })).status).toBe(200);
    await eventually(
      async () => (await api(store.app, 'GET', `/api/battles/battle?battle_ulid=${ulid}`)).body.data.status,
      (s) => s === 'finished',
      20_000,
    );
    played.battles = {
      plays: 1,
      staked: await minorSum(sql`select paid - refunded as n from battle_seats where user_id = ${gambler.userId}`),
      paid: await minorSum(sql`select won as n from battle_seats where user_id = ${gambler.userId}`),
    };

    after = await figures();
  }, 60_000);

  it('adds the settled deposit to today and the total, and leaves the unpaid order out', () => {
    expect(after.totals.deposits).toEqual({ sum: before.totals.deposits.sum + 1000, count: before.totals.deposits.count + 1 });
    const day = (d: any) => d.days.find((x: any) => x.day === today());
    expect(day(after).deposits).toEqual({ sum: day(before).deposits.sum + 1000, count: day(before).deposits.count + 1 });
  });

  it('counts each game’s stakes minus payouts, plays and observed return, and the configured return beside it', () => {
    for (const name of ['cases', 'battles', 'upgrades', 'contracts', 'techies']) {
      const was = game(before, name);
      const p = played[name]!;
      expect(p.staked, name).toBeGreaterThan(0);
      const staked = Math.round(was.staked * 100) + p.staked;
      const paid = Math.round(was.paid_out * 100) + p.paid;
      expect(game(after, name), name).toMatchObject({
        plays: was.plays + p.plays,
        staked: units(staked),
        paid_out: units(paid),
        ggr: units(staked - paid),
        rtp_observed: rtp(paid, staked),
      });
      expect(after.totals.ggr[name], name).toBe(units(staked - paid));
    }
    const ggrTotal = Object.values(played).reduce((s, p) => s + p.staked - p.paid, 0);
    expect(Math.round(after.totals.ggr_total * 100)).toBe(Math.round(before.totals.ggr_total * 100) + ggrTotal);
    expect(game(after, 'upgrades').rtp_configured).toBe(0.9);
    expect(game(after, 'contracts').rtp_configured).toBe(0.9);
    expect(game(after, 'techies').rtp_configured).toBe(0.92);
    // The battle opened the cheapest case once for the player: its configured return is that case's.
    expect(game(after, 'battles').rtp_configured).not.toBeNull();
  });

  it('gives the opened case its observed return next to its odds table’s', async () => {
    const listed = (await api(store.app, 'GET', '/api/v1/admin/cases', { token: admin.token })).body.data.items.find(
      (c: any) => c.slug === cheap.slug,
    );
    const row = after.cases.find((c: any) => c.slug === cheap.slug);
    const was = before.cases.find((c: any) => c.slug === cheap.slug) ?? { plays: 0, staked: 0, paid_out: 0 };
    const staked = Math.round(was.staked * 100) + played.cases!.staked;
    const paid = Math.round(was.paid_out * 100) + played.cases!.paid;
    expect(row).toMatchObject({
      plays: was.plays + 3,
      staked: units(staked),
      paid_out: units(paid),
      rtp_observed: rtp(paid, staked),
      rtp_configured: listed.rtp,
    });
    expect(game(after, 'battles').rtp_configured).toBeCloseTo(listed.rtp, 4);
  });

  it('counts openings, the players who staked and the new accounts', () => {
    expect(after.totals.openings).toBe(before.totals.openings + 3);
    expect(after.totals.active_players).toBe(before.totals.active_players + 2);
    expect(after.totals.new_players).toBe(before.totals.new_players + 2);
    const day = after.days.find((x: any) => x.day === today());
    expect(day.ggr.contracts).toBe(
      after.totals.ggr.contracts - before.totals.ggr.contracts + before.days.find((x: any) => x.day === today()).ggr.contracts,
    );
    expect(after.days.reduce((s: number, x: any) => s + x.openings, 0)).toBe(after.totals.openings);
  });

  it('leaves out a play outside the period and counts it in a period that holds it', async () => {
    const longAgo = addDays(today(), -40);
    await db().execute(sql`update contracts set created_at = ${`${longAgo}T12:00:00Z`}::timestamptz where user_id = ${trader.userId}`);
    const now = await figures();
    const c = played.contracts!;
    expect(game(now, 'contracts').plays).toBe(game(after, 'contracts').plays - 1);
    expect(Math.round(now.totals.ggr.contracts * 100)).toBe(Math.round(after.totals.ggr.contracts * 100) - (c.staked - c.paid));

    const then = await figures(`?from=${addDays(longAgo, -2)}&to=${addDays(longAgo, 2)}`);
    expect(then.days).toHaveLength(5);
    expect(game(then, 'contracts')).toMatchObject({
      plays: 1,
      staked: units(c.staked),
      paid_out: units(c.paid),
      rtp_observed: rtp(c.paid, c.staked),
    });
    expect(then.days.find((x: any) => x.day === longAgo).ggr.contracts).toBe(units(c.staked - c.paid));
    expect(then.totals.active_players).toBe(1);
    expect(then.totals).toMatchObject({ openings: 0, new_players: 0, deposits: { sum: 0, count: 0 } });
  });
});
