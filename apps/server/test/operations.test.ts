import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { ReadyResponse } from '@store/shared/api/platform';
import WebSocket from 'ws';
import { checkReadiness } from '../src/modules/platform/check-readiness.ts';
import { LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import { api, cheapestCase, fundedPlayer, registerPlayer } from './helpers/factories.ts';
import { eventually, listenForSockets, subscriber, waitFor } from './helpers/ws.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';

const TOKEN = 'scrape-token-for-the-tests-0123456789';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ METRICS_TOKEN: TOKEN });
});
afterAll(() => store.close());

/** What Prometheus reads, as it would read it. */
async function scrape(s: TestStore = store, authorization: string | null = `Bearer ${TOKEN}`) {
  const res = await s.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
}

/** One sample of the exposition text: `name{labels} value`, 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('/metrics', () => {
  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [null, 'Bearer not-the-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(store, authorization);
      expect([res.status, res.text], String(authorization)).toEqual([401, 'unauthorized\n']);
    }
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by the route pattern, method and status class, never by the raw address', async () => {
    const { slug } = await cheapestCase(store.app);
    const route = { route: '/api/v1/cases/:name', method: 'GET', status: '2xx' };
    const before = sample((await scrape()).text, 'http_request_duration_seconds_count', route);
    expect((await api(store.app, 'GET', `/api/v1/cases/${slug}`)).status).toBe(200);
    expect((await api(store.app, 'GET', '/api/v1/cases/no-such-case-here')).status).toBe(404);
    const text = (await scrape()).text;
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(before + 1);
    expect(sample(text, 'http_request_duration_seconds_count', { ...route, status: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 1);
    expect(text).not.toContain(slug);
    expect(text).not.toContain('no-such-case-here');
  });

  it('counts exactly the cases opened', async () => {
    const { slug, price } = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, store.database.db, price * 10);
    const before = sample((await scrape()).text, 'store_case_openings_total', { kind: 'paid' });
    expect((await api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token: p.token, body: { multi_open: 3 } })).status).toBe(200);
    expect((await api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
    // A refused opening (no money left for 10 more) counts nothing.
    expect((await api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token: p.token, body: { multi_open: 10 } })).status).toBe(400);
    expect(sample((await scrape()).text, 'store_case_openings_total', { kind: 'paid' })).toBe(before + 4);
  });

  it('counts a credited deposit once, however often the provider calls back', async () => {
    const p = await registerPlayer(store.app);
    const before = sample((await scrape()).text, 'store_deposits_total');
    const started = await api(store.app, 'POST', '/api/v1/payments/transaction/start', {
      token: p.token,
      body: { country: 'RU', method_id: 101, amount: 1000 },
    });
    expect(started.status).toBe(200);
    const pay = () =>
      store.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${started.body.data.order_id}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=pay&lang=ru',
      });
    await pay();
    await pay();
    expect(sample((await scrape()).text, 'store_deposits_total')).toBe(before + 1);
  });

  it('shows the activity consumers catching up, the event-loop delay and, on PostgreSQL, the pool', async () => {
    const consumers = store.app.deps.activity.consumerNames();
    expect(consumers.length).toBeGreaterThan(0);
    const caughtUp = await eventually(
      async () => (await scrape()).text,
      (text) =>
        consumers.every(
          (c) =>
            text.includes(`store_activity_consumer_lag_seconds{consumer="${c}"}`) &&
            sample(text, 'store_activity_consumer_behind_rows', { consumer: c }) === 0,
        ),
      10_000,
    );
    expect(sample(caughtUp, 'store_activity_consumer_lag_seconds', { consumer: consumers[0]! })).toBe(0);
    expect(caughtUp).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(caughtUp.includes('store_db_pool_connections ')).toBe(onPostgres());
  });

  it('reports the websocket clients connected to this process', async () => {
    const url = await listenForSockets(store.app);
    const before = sample((await scrape()).text, 'store_websocket_clients');
    const { ws } = await subscriber(url, [{ channel: LIVE_DROPS_CHANNEL }]);
    expect(sample((await scrape()).text, 'store_websocket_clients')).toBe(before + 1);
    ws.close();
    await eventually(
      async () => sample((await scrape()).text, 'store_websocket_clients'),
      (n) => n === before,
    );
  });

  it('is absent from the API document', async () => {
    const doc = (await store.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/ready');
  });
});

describe('/metrics without a token', () => {
  it('is absent in production', async () => {
    const production = await createTestStore({ NODE_ENV: 'production', BACKGROUND_JOBS: 'off' });
    try {
      expect((await scrape(production, null)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('/api/ready', () => {
  const ready = async (s: TestStore = store) => {
    const res = await s.app.inject({ method: 'GET', url: '/api/ready' });
    return { status: res.statusCode, body: res.json() };
  };

  it('answers 200 when the database, Redis and the migrations are in order', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { ready: true, checks: { database: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'off', migrations: 'ok' } },
    });
  });

  it('answers 503 naming the migrations while the newest one is not applied', async () => {
    const db = store.database.db;
    const newest = (await db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: number | string }[];
    };
    const row = newest.rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await ready();
      expect([res.status, res.body.ready, res.body.checks.migrations, res.body.checks.database]).toEqual([503, false, 'failed', 'ok']);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it('fails the Redis check when Redis does not answer, within a balancer probe\'s 5 s', async () => {
    const db = store.database.db;
    const refused = await checkReadiness({ db, redis: { ping: () => Promise.reject(new Error('connection refused')) } });
    expect(refused).toEqual({ ready: false, checks: { database: 'ok', redis: 'failed', migrations: 'ok' } });

    // The check's clock is the test's: the database's answers are awaited for real, then the
    // silent Redis is given the probe's 5 s at once, however fast or slow this machine is.
    // Drizzle's query runs each time it is awaited: the check and the test must await one run,
    // or on a pool the test waits for its own copy while the check's is still on the wire.
    const queries: Promise<unknown>[] = [];
    const watched = new Proxy(db, {
      get: (target, key) =>
        key === 'execute' ? (query: SQL) => queries[queries.push(Promise.resolve(target.execute(query))) - 1] : Reflect.get(target, key),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let silent: ReadyResponse | undefined;
      const checking = checkReadiness({ db: watched, redis: { ping: () => new Promise(() => undefined) } }).then((r) => (silent = r));
      await Promise.all(queries);
      await vi.advanceTimersByTimeAsync(0);
      // Redis has not answered, and no time has passed: the check still waits for it.
      expect(silent).toBeUndefined();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(silent).toEqual({ ready: false, checks: { database: 'ok', redis: 'failed', migrations: 'ok' } });
      await checking;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a store losing its database, then shutting down', () => {
  let lost: TestStore;
  let closed = false;
  beforeAll(async () => {
    lost = await createTestStore({ BACKGROUND_JOBS: 'off' });
  });
  afterAll(async () => {
    // Its database is already closed; the rest of the cleanup (the test database's copy) still runs.
    if (closed) lost.database.close = async () => undefined;
    await lost.close();
  });

  it('serves /metrics to anyone outside production', async () => {
    const open = await scrape(lost, null);
    expect([open.status, open.text.includes('store_case_openings_total')]).toEqual([200, true]);
  });

  it('answers 503 on /api/ready without its database', async () => {
    expect((await lost.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await lost.database.close();
    closed = true;
    const res = await lost.app.inject({ method: 'GET', url: '/api/ready' });
    expect([res.statusCode, res.json().checks.database, res.json().checks.migrations]).toEqual([503, 'failed', 'failed']);
  });

  it('tells websocket clients to reconnect elsewhere when it shuts down', async () => {
    const url = await listenForSockets(lost.app);
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    let closedWith: { code: number; reason: string } | null = null;
    ws.on('close', (code, reason) => (closedWith = { code, reason: String(reason) }));
    const closing = lost.app.close();
    // Meanwhile a balancer asking whether to send more hears no.
    expect((await lost.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    await waitFor(() => closedWith !== null);
    expect(closedWith).toEqual({ code: 1012, reason: 'restarting' });
    await closing;
  });
});
