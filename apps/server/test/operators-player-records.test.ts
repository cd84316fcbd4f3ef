import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, cheapestCase, countRows, fundedPlayer, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * What the console shows of one player beyond the profile and the ledger: every item
 * with where it came from and its withdrawals, the openings and games, the open sessions (support
 * ends one of a stolen account, audited) and the promo codes used.
 */
let store: TestStore;
let admin: Player;
let support: Player;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore();
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(() => store.close());

const get = (url: string, token = support.token) => api(store.app, 'GET', url, { token });

describe("a player's records in the console", () => {
  it('lists every item whatever its status, newest first, with its source and withdrawals', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const kase = await cheapestCase(store.app);
    const opened = await api(store.app, 'POST', `/api/v1/cases/${kase.slug}/open`, { token: p.token, body: { multi_open: 2 } });
    expect(opened.status).toBe(200);
    const [first, second] = (opened.body.data.opens as { item: { id: number } }[]).map((o) => o.item.id).sort((a, b) => a - b);
    // One item sold (it leaves the player's own inventory view), one sent to Steam that failed.
    expect((await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: first } })).status).toBe(200);
    await db().execute(sql`
      insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, reason, attempts, deadline)
      select id, user_id, item_key, 'x', price, 'trade', 'records-' || id, 'failed', 'no_seller', 2, now() from inventory_items where id = ${second}`);

    const res = await get(`/api/v1/admin/players/${p.userId}/items`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    const [newest, oldest] = res.body.data.items;
    expect([newest.id, oldest.id]).toEqual([second, first]);
    // The spec's own word for a sold item.
    expect(oldest).toMatchObject({ status: 'selled', source: 'Case', withdrawals: [] });
    expect(oldest.source_ref).not.toBe('');
    expect(newest.withdrawals).toEqual([expect.objectContaining({ state: 'failed', reason: 'no_seller', attempts: 2 })]);
    expect(newest.name).not.toBe(newest.key);
    // A page at a time.
    const paged = await get(`/api/v1/admin/players/${p.userId}/items?per_page=1&page=2`);
    expect(paged.body.data.items.map((i: { id: number }) => i.id)).toEqual([first]);
  });

  it('lists the openings and games from the activity stream with what was put in and got back', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const kase = await cheapestCase(store.app);
    const opened = await api(store.app, 'POST', `/api/v1/cases/${kase.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    const res = await get(`/api/v1/admin/players/${p.userId}/games`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const won = (opened.body.data.opens as { item: { price: number } }[]).reduce((s, o) => s + o.item.price, 0);
    expect(res.body.data.items[0]).toMatchObject({ kind: 'case_open', amount: kase.price, count: 1 });
    expect(res.body.data.items[0].won).toBeCloseTo(won, 2);
    // Another player's page shows none of it.
    const other = await registerPlayer(store.app);
    expect((await get(`/api/v1/admin/players/${other.userId}/games`)).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('support ends one session of a player: that browser is signed out at once, the other stays, and the audit says who and why', async () => {
    const p = await registerPlayer(store.app);
    const login = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } });
    const laptop = login.body.data.access_token as string;
    // Both sessions are open and answer (and so sit in the session cache).
    for (const token of [p.token, laptop]) expect((await api(store.app, 'GET', '/api/v1/users/me', { token })).status).toBe(200);
    const sessions = (await get(`/api/v1/admin/players/${p.userId}/sessions`)).body.data.sessions as { id: string }[];
    expect(sessions).toHaveLength(2);
    const [newest] = sessions;

    const audits = () => countRows(db(), sql`select count(*) as n from operator_actions where action = 'players.sessions' and target_id = ${String(p.userId)}`);
    const revoke = (reason: string) =>
      api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/sessions/${newest!.id}/revoke`, { token: support.token, body: { reason } });
    const first = await revoke('player says the laptop was stolen');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ revoked: true, audit_id: expect.any(Number) });
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: laptop })).status).toBe(401);
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(200);
    expect((await get(`/api/v1/admin/players/${p.userId}/sessions`)).body.data.sessions).toHaveLength(1);
    const row = (await api(store.app, 'GET', `/api/v1/admin/audit?target_kind=player&target_id=${p.userId}`, { token: admin.token })).body.data.items[0];
    expect(row).toMatchObject({
      operator: { id: support.userId, name: support.login },
      action: 'players.sessions',
      before: { session: newest!.id, open: true },
      after: { session: newest!.id, open: false },
      reason: 'player says the laptop was stolen',
    });
    // Ending it again changes nothing and writes no second row.
    expect((await revoke('again')).body.data).toEqual({ revoked: false, audit_id: null });
    expect(await audits()).toBe(1);
  });

  it('refuses a revoke without a reason, of an unknown player, or of another player’s session', async () => {
    const p = await registerPlayer(store.app);
    const other = await registerPlayer(store.app);
    const [session] = (await get(`/api/v1/admin/players/${p.userId}/sessions`)).body.data.sessions as { id: string }[];
    const noReason = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/sessions/${session!.id}/revoke`, { token: support.token, body: {} });
    expect(noReason.status).toBe(400);
    const unknown = await api(store.app, 'POST', `/api/v1/admin/players/99999999/sessions/${session!.id}/revoke`, { token: support.token, body: { reason: 'test call' } });
    expect(unknown.status).toBe(404);
    const mismatched = await api(store.app, 'POST', `/api/v1/admin/players/${other.userId}/sessions/${session!.id}/revoke`, {
      token: support.token,
      body: { reason: 'wrong player' },
    });
    expect(mismatched.body.data).toEqual({ revoked: false, audit_id: null });
    expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(200);
    expect((await get(`/api/v1/admin/players/99999999/items`)).status).toBe(404);
  });

  it('lists the promo codes a player used and the one waiting for a deposit', async () => {
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'GIFT50' } })).status).toBe(200);
    expect((await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'WELCOME10' } })).status).toBe(200);
    const res = await get(`/api/v1/admin/players/${p.userId}/promo-uses`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([expect.objectContaining({ code: 'GIFT50', order_id: null, credited: 50 })]);
    expect(res.body.data.pending).toMatchObject({ code: 'WELCOME10' });
  });
});
