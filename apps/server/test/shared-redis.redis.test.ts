import { LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { api, cheapestCase, fundedPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually, listenForSockets, subscriber, waitFor } from './helpers/ws.ts';

/**
 * Runs only with REDIS_URL: several processes of one store on one Redis count a battle's viewers
 * together, and another store on the same Redis (another REDIS_PREFIX) hears none of it.
 */
let store: TestStore;
let second: FastifyInstance;
let wsFirst: string;
let wsSecond: string;

beforeAll(async () => {
  store = await createTestStore();
  second = await buildApp({ env: store.env, database: store.database });
  wsFirst = await listenForSockets(store.app);
  wsSecond = await listenForSockets(second);
});
afterAll(async () => {
  await second.close();
  await store.close();
});

describe('one Redis', () => {
  it('counts the distinct live viewers of a battle across processes, not calls', async () => {
    const p = await fundedPlayer(store.app, store.database.db, 1000);
    const cheap = await cheapestCase(store.app);
    const created = await api(store.app, 'POST', '/api/battles/battles', { token: p.token, body: { mode: '1v1', cases: [{ slug: cheap.slug, count: 1 }] } });
    const ulid = created.body.data.battle_ulid as string;
    const channel = `battle#${ulid}`;
    const viewersOn = (app: FastifyInstance) => async () =>
      (await api(app, 'POST', '/api/battles/open', { body: { battle_ulid: ulid } })).body.data.spectators as number;

    const onFirst = await Promise.all([0, 1, 2].map(() => subscriber(wsFirst, [{ channel }])));
    const onSecond = await Promise.all([0, 1].map(() => subscriber(wsSecond, [{ channel }])));
    expect(await eventually(viewersOn(store.app), (n) => n === 5)).toBe(5);
    expect(await eventually(viewersOn(second), (n) => n === 5)).toBe(5);
    // Every watcher, on either process, hears the total.
    await waitFor(() => onSecond[0]!.messages.some((m) => m.event === 'battles_spectators' && m.data.spectators === 5));
    for (let i = 0; i < 10; i++) await api(second, 'POST', '/api/battles/open', { body: { battle_ulid: ulid } });
    expect(await viewersOn(store.app)()).toBe(5);

    for (const s of onSecond) s.ws.close();
    expect(await eventually(viewersOn(store.app), (n) => n === 3)).toBe(3);
    await waitFor(() => onFirst[0]!.messages.some((m) => m.event === 'battles_spectators' && m.data.spectators === 3));
    for (const s of onFirst) s.ws.close();
    expect(await eventually(viewersOn(second), (n) => n === 0)).toBe(0);
  });

  it('keeps two stores with different REDIS_PREFIX apart', async () => {
    const other = await createTestStore();
    expect(other.env.REDIS_PREFIX).not.toBe(store.env.REDIS_PREFIX);
    try {
      const wsOther = await listenForSockets(other.app);
      const here = await subscriber(wsSecond, [{ channel: LIVE_DROPS_CHANNEL }]);
      const there = await subscriber(wsOther, [{ channel: LIVE_DROPS_CHANNEL }]);
      const cheap = await cheapestCase(store.app);
      const p = await fundedPlayer(store.app, store.database.db, cheap.price);
      const res = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      const dropId = res.body.data.opens[0].id;
      await waitFor(() => here.messages.some((m) => m.event === 'drop' && m.data.id === dropId));
      // The other store's subscriber hears its own store's drops only: one opened there arrives,
      // and ours never did before it.
      const q = await fundedPlayer(other.app, other.database.db, cheap.price);
      const theirs = await api(other.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: q.token, body: { multi_open: 1 } });
      await waitFor(() => there.messages.some((m) => m.event === 'drop' && m.data.id === theirs.body.data.opens[0].id));
      expect(there.messages.filter((m) => m.event === 'drop').map((m) => m.data.id)).toEqual([theirs.body.data.opens[0].id]);
      here.ws.close();
      there.ws.close();
    } finally {
      await other.close();
    }
  });
});

describe('one opening at a time per player, across processes', () => {
  it("refuses on one process the opening another process's roulette still holds, and lets it go when the opening fails", async () => {
    const held = await createTestStore({ REVEAL_TIME_SCALE: '1' });
    const other = await buildApp({ env: held.env, database: held.database });
    try {
      const p = await fundedPlayer(held.app, held.database.db, 1000);
      const cheap = await cheapestCase(held.app);
      const open = (app: FastifyInstance, slug = cheap.slug) => api(app, 'POST', `/api/v1/cases/${slug}/open`, { token: p.token, lang: 'en', body: { multi_open: 1 } });
      expect((await open(held.app)).status).toBe(200);
      const refused = await open(other);
      expect([refused.status, refused.body.code]).toEqual([429, 'fastOpen']);

      // A second player is free on both, and a refused opening (a case that does not exist) holds nothing.
      const q = await fundedPlayer(held.app, held.database.db, 1000);
      const missing = await api(other, 'POST', '/api/v1/cases/no-such-case/open', { token: q.token, body: { multi_open: 1 } });
      expect(missing.body.code).toBe('caseNotFound');
      expect((await api(held.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: q.token, body: { multi_open: 1 } })).status).toBe(200);
    } finally {
      await other.close();
      await held.close();
    }
  });
});
