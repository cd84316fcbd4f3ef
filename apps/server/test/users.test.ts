import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expForLevel } from '@store/shared/levels';
import { sql } from 'drizzle-orm';
import { LIVE_SALE_EVENT, SELL_DONE_EVENT } from '@store/shared/channels';
import { api, cheapestCase, fundedPlayer, giveItems, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { listenForSockets, subscriber, waitFor } from './helpers/ws.ts';

let store: TestStore;
let wsUrl: string;
beforeAll(async () => {
  store = await createTestStore();
  wsUrl = await listenForSockets(store.app);
});
afterAll(() => store.close());
const cheapest = () => store.app.deps.catalogue.byPrice()[10]!.key;

describe('players', () => {
  it('shows the signed-in player their wallet, stats and level', async () => {
    const p = await fundedPlayer(store.app, store.database.db, 250.5);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.finance).toEqual({ balance: 250.5, currency: 'GOLD', coin_balance: 0, total_amount_items: 0 });
    expect(me.body.data.statistic).toEqual({ cases: { opened: 0 }, finance: { spent: 0, profit: 0 } });
    expect(me.body.data.promo).toBeNull();
    // The address the account was registered from, for its owner (spec §3 personal.ip).
    expect(me.body.data.personal.ip).toBe('127.0.0.1');
    // Everyone starts at level 1, where the LEVEL 1 daily case is unlocked and ready.
    expect(me.body.data.levels).toMatchObject({
      user_level: 1,
      current_exp: 0,
      exp_to_next_level: expForLevel(2),
      was_generated_lvl: false,
      nearest_case_time: 0,
      next_level_case_data: { case_name: '15', link: '/open/level-15', id: 15 },
      available_cases: [{ case_name: '1', link: '/open/level-1', id: 1 }],
    });
  });

  it("shows the player their attached promo code and their profit: what play gave back against what it cost", async () => {
    const p = await fundedPlayer(store.app, store.database.db, 1000);
    expect((await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'WELCOME10' } })).status).toBe(200);
    const cheap = await cheapestCase(store.app);
    const opened = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } });
    expect(opened.status).toBe(200);
    const [kept, sold] = opened.body.data.opens.map((o: any) => o.item);
    expect((await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: sold.id } })).status).toBe(200);
    const me = (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
    expect(me.promo).toBe('WELCOME10');
    expect(me.statistic.finance.spent).toBeCloseTo(cheap.price * 2, 2);
    // One item held, one sold: both came back to the player; the two openings cost the spend.
    expect(me.statistic.finance.profit).toBeCloseTo(kept.price + sold.price - cheap.price * 2, 2);
    // Another player never sees it.
    const other = await registerPlayer(store.app);
    const seen = (await api(store.app, 'GET', `/api/v1/users/${p.userId}`, { token: other.token })).body.data;
    expect(seen.statistic.finance).toEqual({ spent: me.statistic.finance.spent });
    expect(seen.promo).toBeUndefined();
    expect(seen.personal).toBeUndefined();
  });

  it('needs a token for /me', async () => {
    const res = await api(store.app, 'GET', '/api/v1/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: false, code: 'authentication', message: 'Требуется вход в аккаунт' });
    const bad = await api(store.app, 'GET', '/api/v1/users/me', { token: 'not-a-real-token', lang: 'en' });
    expect(bad.body).toMatchObject({ code: 'authentication', message: 'Please sign in' });
  });

  it('shows another player only their public profile', async () => {
    const a = await fundedPlayer(store.app, store.database.db, 100);
    const b = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', `/api/v1/users/${a.userId}`, { token: b.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['avatar', 'created_at', 'level', 'nickname', 'statistic', 'user_id']);
  });

  it('answers unknown and malformed player ids with the catalogue codes', async () => {
    expect((await api(store.app, 'GET', '/api/v1/users/99999999')).body.code).toBe('userNotFound');
    const bad = await api(store.app, 'GET', '/api/v1/users/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
  });

  it('reports levels for a list of players, 0 for unknown ones', async () => {
    const a = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', `/api/v1/users/levels?userIds=${a.userId},987654321`);
    expect(res.body.data).toEqual([
      { user_id: a.userId, level: 1 },
      { user_id: 987654321, level: 0 },
    ]);
  });

  it('issues a realtime token that opens the player own channel only', async () => {
    const a = await registerPlayer(store.app);
    const b = await registerPlayer(store.app);
    const res = await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: a.token });
    expect(res.body.data.channel).toBe(`user#${a.userId}`);
    const key = res.body.data.centryfugo_key as string;
    // Over a real socket: the key subscribes its owner's channel and is refused on another's.
    const own = await subscriber(wsUrl, [{ channel: `user#${a.userId}`, token: key }]);
    const foreign = await subscriber(wsUrl, [{ channel: `user#${b.userId}`, token: key }]);
    expect(own.messages).toEqual([{ op: 'subscribed', channel: `user#${a.userId}` }]);
    expect(foreign.messages).toEqual([expect.objectContaining({ op: 'error', error: 'forbidden', channel: `user#${b.userId}` })]);
    own.ws.close();
    foreign.ws.close();
  });
});

describe('Steam data', () => {
  const link = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbC-d_9';
  const set = (p: { token: string } | null, body: unknown, lang: 'ru' | 'en' = 'ru') =>
    api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p?.token, body, lang });
  const steamOf = async (p: { token: string }) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.steam;

  it('saves a trade link and a Steam login and shows them to the player', async () => {
    const p = await registerPlayer(store.app);
    const saved = await set(p, { link: `  ${link} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ steam: { link, login: null }, message: 'steam_data_saved_successfully' });
    expect((await set(p, { login: 'Gaben_1' })).body.data.steam).toEqual({ link, login: 'Gaben_1' });
    expect(await steamOf(p)).toEqual({ link, login: 'Gaben_1', id: null });
  });

  it('refuses each bad link and login with its code of spec §5, in the player language, and saves nothing', async () => {
    const p = await registerPlayer(store.app);
    await set(p, { link, login: 'keeper' });
    const cases: [unknown, string][] = [
      [{ link: '' }, 'steamUrlEmpty'],
      [{ link: '   ' }, 'steamUrlEmpty'],
      [{ link: 'https://steamcommunity.com/tradeoffer/new/?partner=abc&token=x' }, 'steamUrlValidation'],
      [{ link: 'https://evil.example/tradeoffer/new/?partner=1&token=x' }, 'steamUrlValidation'],
      [{ link: `${link}&extra=1` }, 'steamUrlValidation'],
      [{ login: '' }, 'steamLoginEmpty'],
      [{ login: 'a'.repeat(33) }, 'steamLoginLength'],
      [{ login: 'ab' }, 'steamLoginShort'],
      [{ login: 'bad-login' }, 'steamLoginValid'],
      [{ login: 'логин' }, 'steamLoginValid'],
      [{ login: '1abc' }, 'steamLoginLatinFirst'],
      // The first failing check refuses the whole call: the good login is not saved either.
      [{ link: 'nope', login: 'fine_login' }, 'steamUrlValidation'],
    ];
    for (const [body, code] of cases) {
      const res = await set(p, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 422, code]);
    }
    expect((await set(p, { login: 'ab' }, 'en')).body.message).toBe('A Steam login is at least 3 characters');
    expect((await set(p, {})).body.code).toBe('validation');
    expect((await set(p, { link, extra: 1 })).body.code).toBe('validation');
    expect((await set(null, { link })).status).toBe(401);
    expect(await steamOf(p)).toEqual({ link, login: 'keeper', id: null });
  });
});

describe('dashboard and sale events', () => {
  it('counts a player items, items held, items sent, battles and upgrades, for anyone to see', async () => {
    const p = await fundedPlayer(store.app, store.database.db, 1000);
    const empty = await api(store.app, 'GET', `/api/v1/users/${p.userId}/dashboard`);
    expect(empty.body.data).toEqual({ battles_count: 0, inventory_count: 0, inventory_active_count: 0, send_items_count: 0, upgrades_count: 0 });
    const items = await giveItems(store.database.db, p.userId, [{ key: cheapest() }, { key: cheapest() }, { key: cheapest() }]);
    await store.database.db.execute(sql`update inventory_items set status = 'send' where id = ${items[0]!.id}`);
    expect((await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: items[1]!.id } })).status).toBe(200);
    const target = store.app.deps.catalogue.byPrice().find((i) => i.price >= items[2]!.price * 3)!;
    const up = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [items[2]!.id], target_item_id: target.key, reversed: false } });
    expect(up.status).toBe(200);
    const seen = (await api(store.app, 'GET', `/api/v1/users/${p.userId}/dashboard?active=1`)).body.data;
    // An upgrade won puts its target in the inventory, held.
    const won = up.body.data.success ? 1 : 0;
    expect(seen).toEqual({ battles_count: 0, inventory_count: 3 + won, inventory_active_count: won, send_items_count: 1, upgrades_count: 1 });
    expect((await api(store.app, 'GET', '/api/v1/users/999999999/dashboard')).body.code).toBe('userNotFound');
  });

  it('tells the seller on their own channel what a sale credited, then that the sale is done', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(store.database.db, p.userId, [{ key: cheapest() }, { key: cheapest() }]);
    const { centryfugo_key: key } = (await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: p.token })).body.data;
    const sub = await subscriber(wsUrl, [{ channel: `user#${p.userId}`, token: key }]);
    try {
      const sold = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: items.map((i) => i.id) } });
      expect(sold.status).toBe(200);
      await waitFor(() => sub.messages.some((m) => m.event === SELL_DONE_EVENT));
      const events = sub.messages.filter((m) => m.event === LIVE_SALE_EVENT || m.event === SELL_DONE_EVENT);
      expect(events.map((m) => m.event)).toEqual([LIVE_SALE_EVENT, SELL_DONE_EVENT]);
      const total = items.reduce((s, i) => s + i.price, 0) / 100;
      expect(events[0].data).toEqual({ type: 'sell', user: p.userId, money: total, price: total, utastycoin: 0, items: items.map((i) => i.id).sort((a, b) => a - b) });
      expect(events[1].data).toEqual({ balance: sold.body.data.balance, total_amount_items: 0 });
      // A refused sale tells nobody anything.
      expect((await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: items[0]!.id } })).body.code).toBe('invalidItem');
      expect(sub.messages.filter((m) => m.event === SELL_DONE_EVENT)).toHaveLength(1);
    } finally {
      sub.ws.close();
    }
  });
});
