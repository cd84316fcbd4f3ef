import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { freePort, requireRedisServer, startRedis, type PrivateRedis } from './helpers/redis-server.ts';
import { eventually } from './helpers/ws.ts';

/**
 * The store on a Redis of its own, which the test kills in the middle: the money paths go on
 * without it (rate limits per process, live events dropped and counted), /api/ready says 503,
 * and everything comes back when Redis does. Runs where Redis tests run (CI installs redis-server).
 */
let redis: PrivateRedis;
let store: TestStore;
const AUTH_LIMIT = 4;

beforeAll(async () => {
  requireRedisServer();
  redis = await startRedis(await freePort());
  store = await createTestStore({ REDIS_URL: redis.url, AUTH_RATE_LIMIT: String(AUTH_LIMIT) });
});
afterAll(async () => {
  await store?.close();
  await redis?.kill();
});

const ready = async () => {
  const res = await store.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, redis: (res.json() as { checks: { redis: string } }).checks.redis };
};
const fallbacks = async (use: string) => {
  const text = (await store.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`store_redis_fallbacks_total{use="${use}"}`));
  return Number(line?.split(' ')[1] ?? 0);
};

describe('a Redis outage', () => {
  it('leaves sign-up, sign-in, opening and selling working with a true ledger, and reports not ready until Redis is back', async () => {
    const db = store.database.db;
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db, 1000);
    expect(await ready()).toEqual({ status: 200, redis: 'ok' });

    await redis.kill();
    expect(await eventually(ready, (r) => r.status === 503)).toEqual({ status: 503, redis: 'failed' });

    const reg = await api(store.app, 'POST', '/api/v1/auth/registration/quick', { body: {} });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const login = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);

    const open = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: login.body.data.access_token, body: { multi_open: 3 } });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data.balance).toBeCloseTo(1000 - cheap.price * 3, 2);
    const items = open.body.data.opens.map((o: { item: { id: number; price: number } }) => o.item);
    const ids = items.map((i: { id: number }) => i.id);
    const won = items.reduce((sum: number, i: { price: number }) => sum + i.price, 0);

    const sold = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.data.sold).toEqual(expect.arrayContaining(ids));
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect(me.body.data.finance.balance).toBeCloseTo(1000 - cheap.price * 3 + won, 2);
    // Every change of the wallet is in the ledger: the grant, the opening and the sale.
    expect(await countRows(db, sql`select count(*) as n from ledger where user_id = ${p.userId}`)).toBeGreaterThanOrEqual(3);
    expect(await ledgerMismatches(db)).toEqual([]);

    // The sign-up limit still holds, counted by this process alone: one sign-up above, three more, then 429.
    for (let i = 1; i < AUTH_LIMIT; i++) expect((await api(store.app, 'POST', '/api/v1/auth/registration/quick', { body: {} })).status).toBe(200);
    const over = await api(store.app, 'POST', '/api/v1/auth/registration/quick', { body: {} });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('too_many_requests');

    // What went without Redis is counted for the operator's dashboards.
    expect(await fallbacks('rate_limit')).toBeGreaterThan(0);
    expect(await fallbacks('bus')).toBeGreaterThan(0);

    redis = await startRedis(redis.port);
    expect(await eventually(ready, (r) => r.status === 200, 15_000)).toEqual({ status: 200, redis: 'ok' });
    const bus = await fallbacks('bus');
    // Back on Redis: an open's live events go through it again, no longer counted as dropped.
    const again = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(again.status).toBe(200);
    expect(await fallbacks('bus')).toBe(bus);
  });
});
