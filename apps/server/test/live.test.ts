import { sql } from 'drizzle-orm';
import { LIVE_DROPS_CHANNEL, PUBLIC_CHANNELS } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForSockets, subscriber, waitFor } from './helpers/ws.ts';
import { api, cheapestCase, countRows, fundedPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
let cheap: Awaited<ReturnType<typeof cheapestCase>>;
let base: string;
beforeAll(async () => {
  store = await createTestStore();
  cheap = await cheapestCase(store.app);
  base = await listenForSockets(store.app);
});
afterAll(() => store.close());

describe('live drops', () => {
  it('pushes every drop to websocket subscribers and lists recent drops', async () => {
    const sub = await subscriber(base, [{ channel: LIVE_DROPS_CHANNEL }]);
    try {
      const p = await fundedPlayer(store.app, store.database.db, cheap.price * 2);
      const res = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } });
      await waitFor(() => sub.messages.filter((m) => m.event === 'drop').length >= 2);
      const drops = sub.messages.filter((m) => m.event === 'drop');
      expect(drops.map((d) => d.data.id).sort()).toEqual(res.body.data.opens.map((o: any) => o.id).sort());
      expect(drops[0]).toMatchObject({ channel: LIVE_DROPS_CHANNEL, data: { user: { id: p.userId }, case: { slug: cheap.slug } } });
      expect(drops[0].data.item.names.en).toBeTruthy();

      const list = await api(store.app, 'POST', '/api/v1/live_drop', { body: {} });
      expect(list.body.data.slice(0, 2).map((d: any) => d.id).sort()).toEqual(drops.map((d) => d.data.id).sort());
    } finally {
      sub.ws.close();
    }
  });

  it('lists only the top drops when asked for is_top (spec §3 Live drop), and every drop otherwise', async () => {
    const p = await fundedPlayer(store.app, store.database.db, cheap.price * 3);
    const opened = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 3 } });
    const ids: number[] = opened.body.data.opens.map((o: any) => o.id);
    // Which roll is top is chance; the drop made top here is known, the other two are not top.
    await store.database.db.execute(sql`update case_opens set is_top = (id = ${ids[1]!}) where id in (${sql.join(ids, sql`, `)})`);
    const list = async (body: object) => (await api(store.app, 'POST', '/api/v1/live_drop', { body })).body.data as { id: number; is_top: boolean }[];
    const top = await list({ is_top: true });
    expect(top.map((d) => d.id)).toContain(ids[1]);
    expect(top.map((d) => d.id)).not.toContain(ids[0]);
    expect(top.map((d) => d.id)).not.toContain(ids[2]);
    expect(top.every((d) => d.is_top)).toBe(true);
    for (const body of [{}, { is_top: false }]) {
      const all = await list(body);
      expect(all.filter((d) => ids.includes(d.id)).map((d) => [d.id, d.is_top]).sort()).toEqual([[ids[0], false], [ids[1], true], [ids[2], false]].sort());
    }
  });

  it('keeps a player private channel closed without the realtime token', async () => {
    const p = await fundedPlayer(store.app, store.database.db, 0);
    const token = (await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: p.token })).body.data.centryfugo_key;
    const denied = await subscriber(base, [{ channel: `user#${p.userId}` }, { channel: `user#${p.userId}`, token: 'forged' }]);
    expect(denied.messages.filter((m) => m.error === 'forbidden')).toHaveLength(2);
    denied.ws.close();
    const allowed = await subscriber(base, [{ channel: `user#${p.userId}`, token }]);
    expect(allowed.messages[0]).toEqual({ op: 'subscribed', channel: `user#${p.userId}` });
    allowed.ws.close();
  });

  it("gives a guest the store's public feeds and none of a player's own events (decision 081)", async () => {
    // The ribbon, the upgrade and contract feeds and the battles list are the store's shop window:
    // a guest sees them as a player does, with no token.
    const guest = await subscriber(base, PUBLIC_CHANNELS.map((channel) => ({ channel })));
    expect(guest.messages.filter((m) => m.op === 'subscribed').map((m) => m.channel).sort()).toEqual([...PUBLIC_CHANNELS].sort());
    guest.ws.close();
    // A player's own events (balance, withdrawals, prizes, coins) need the token only a signed-in player gets.
    expect((await api(store.app, 'GET', '/api/v1/users/centrifugo/token')).status).toBe(401);
    const p = await fundedPlayer(store.app, store.database.db, 0);
    const nosy = await subscriber(base, [{ channel: `user#${p.userId}` }]);
    expect(nosy.messages).toEqual([expect.objectContaining({ error: 'forbidden', channel: `user#${p.userId}` })]);
    nosy.ws.close();
  });

  it('reports store-wide numbers in the footer', async () => {
    const before = (await api(store.app, 'GET', '/api/v1/footer-stats')).body.data;
    const p = await fundedPlayer(store.app, store.database.db, cheap.price);
    await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    const after = (await api(store.app, 'GET', '/api/v1/footer-stats')).body.data;
    expect(after.opened).toBe(before.opened + 1);
    expect(after.users).toBe(before.users + 1);
    expect(Object.keys(after).sort()).toEqual(['arcanes', 'battles', 'online', 'opened', 'upgrades', 'users']);
  });

  it('counts the rare drops (the statistics key arcanes): every top drop of an opening, and nothing else', async () => {
    const before = (await api(store.app, 'GET', '/api/v1/footer-stats')).body.data;
    const p = await fundedPlayer(store.app, store.database.db, cheap.price * 50);
    const tops = () => countRows(store.database.db, sql`select count(*) as n from case_opens where user_id = ${p.userId} and is_top`);
    // A top drop is worth five cases: a few dozen openings of the cheapest case usually give one.
    for (let i = 0; i < 10 && (await tops()) === 0; i++) {
      expect((await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 5 } })).status).toBe(200);
    }
    const after = (await api(store.app, 'GET', '/api/v1/footer-stats')).body.data;
    expect(after.arcanes - before.arcanes).toBe(await tops());
  });
});
