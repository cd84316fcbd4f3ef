import { LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { api, cheapestCase, fundedPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually, subscriber, waitFor } from './helpers/ws.ts';

/** Runs only with REDIS_URL (see vitest.config.ts): two server processes share one Redis bus. */
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

describe('live drops across server processes (Redis)', () => {
  it('delivers a drop opened on one server to a subscriber of another', async () => {
    const cheap = await cheapestCase(store.app);
    const a = await buildApp({ env: store.env, database: store.database });
    const b = await buildApp({ env: store.env, database: store.database });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    try {
      const portB = (b.server.address() as { port: number }).port;
      const sub = await subscriber(`ws://127.0.0.1:${portB}/ws`, [{ channel: LIVE_DROPS_CHANNEL }]);
      const p = await fundedPlayer(a, store.database.db, cheap.price);
      const res = await api(a, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      expect(res.status).toBe(200);
      await waitFor(() => sub.messages.some((m) => m.event === 'drop' && m.data.id === res.body.data.opens[0].id));
      sub.ws.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('players online across server processes (Redis)', () => {
  it("counts every process's open sockets in the footer, whichever process answers, and forgets closed ones", async () => {
    const a = await buildApp({ env: store.env, database: store.database });
    const b = await buildApp({ env: store.env, database: store.database });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const online = (app: typeof a) => async () => (await api(app, 'GET', '/api/v1/footer-stats')).body.data.online as number;
    try {
      const before = await online(a)();
      const url = (app: typeof a) => `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws`;
      // One socket on each process, one of them subscribed to nothing at all: both are online.
      const onA = await subscriber(url(a), [{ channel: LIVE_DROPS_CHANNEL }]);
      const onB = await subscriber(url(b), []);
      for (const app of [a, b]) expect(await eventually(online(app), (n) => n === before + 2)).toBe(before + 2);
      onB.ws.close();
      expect(await eventually(online(a), (n) => n === before + 1)).toBe(before + 1);
      onA.ws.close();
      expect(await eventually(online(b), (n) => n === before)).toBe(before);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
