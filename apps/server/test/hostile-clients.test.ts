import { LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { WS_LIMITS } from '@store/shared/api/realtime';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer } from './helpers/factories.ts';
import { createTestStore, processTestPlace, type TestStore } from './helpers/test-app.ts';
import { http, startServer, stopServer } from './helpers/server-process.ts';
import { listenForSockets, waitFor } from './helpers/ws.ts';
import { parseEnv, redisPrefix } from '../src/config/env.ts';
import { prepareDeployment, StartRefused } from '../src/config/deployment.ts';
import { InProcessBus } from '../src/realtime/bus.ts';

/**
 * What an attacker tries first: garbage on the websocket, internal channels, forged addresses,
 * bytes PostgreSQL cannot store, URLs Fastify cannot decode, keys replayed on other calls, and
 * a demo default left on in production. Each must be refused with a catalogue code and change
 * nothing.
 */
let store: TestStore;
let wsUrl: string;
beforeAll(async () => {
  store = await createTestStore();
  wsUrl = await listenForSockets(store.app);
});
afterAll(() => store.close());

/** A raw websocket that records every frame it gets and how it was closed. */
async function rawSocket(url = wsUrl) {
  const ws = new WebSocket(url);
  const frames: any[] = [];
  let closed: number | null = null;
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  ws.on('close', (code) => (closed = code));
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames, closedWith: () => closed };
}

describe('websocket frames', () => {
  it('answers each malformed frame with a validation error and closes the connection after a few', async () => {
    const s = await rawSocket();
    const garbage = ['null', '123', '[]', '"x"', '{}', '{"op":"subscribe","channel":"user#1","token":123}'];
    s.ws.send(garbage[0]!);
    await waitFor(() => s.frames.length === 1);
    expect(s.frames[0]).toMatchObject({ op: 'error', error: 'validation', message: 'Проверьте введённые данные' });
    for (const g of garbage.slice(1)) s.ws.send(g);
    await waitFor(() => s.closedWith() !== null);
    expect(s.closedWith()).toBe(1008);
    expect(s.frames.filter((f) => f.error === 'validation')).toHaveLength(WS_LIMITS.maxBadFrames);
  });

  it('speaks the language the socket asked for, and a good frame still works after a bad one', async () => {
    const s = await rawSocket(`${wsUrl}?lang=en`);
    s.ws.send(Buffer.from([0xff, 0xfe, 0x00]), { binary: true });
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: LIVE_DROPS_CHANNEL }));
    await waitFor(() => s.frames.length === 2);
    expect(s.frames[0]).toMatchObject({ op: 'error', error: 'validation', message: 'Please check the data you entered' });
    expect(s.frames[1]).toEqual({ op: 'subscribed', channel: LIVE_DROPS_CHANNEL });
    s.ws.close();
  });

  it('closes a connection that sends a frame over the size limit', async () => {
    const s = await rawSocket();
    s.ws.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(WS_LIMITS.maxFrameBytes) }));
    await waitFor(() => s.closedWith() !== null);
    expect(s.closedWith()).toBe(1009);
  });

  it('slows down and then closes a connection that floods', async () => {
    const s = await rawSocket();
    for (let i = 0; i < WS_LIMITS.framesPerWindow * 2 + 5; i++) s.ws.send('{"op":"ping"}');
    await waitFor(() => s.closedWith() !== null);
    expect(s.closedWith()).toBe(1008);
    expect(s.frames.filter((f) => f.op === 'pong')).toHaveLength(WS_LIMITS.framesPerWindow);
    expect(s.frames.some((f) => f.error === 'too_many_requests')).toBe(true);
  });

  it('never exposes internal bus channels or unknown names, and caps the channels of one connection', async () => {
    const s = await rawSocket();
    for (const channel of ['internal:sessions', 'store:events', 'battle#not-a-ulid', 'anything']) s.ws.send(JSON.stringify({ op: 'subscribe', channel }));
    await waitFor(() => s.frames.length === 4);
    expect(s.frames.map((f) => f.error)).toEqual(['channel_not_found', 'channel_not_found', 'channel_not_found', 'channel_not_found']);
    // Even a revocation published on the internal channel reaches nobody on the socket.
    store.app.deps.bus.publish('internal:sessions', 'revoked', { tokenHash: 'x' });
    s.ws.send('{"op":"ping"}');
    await waitFor(() => s.frames.length === 5);
    expect(s.frames[4]).toEqual({ op: 'pong' });

    const capped = await rawSocket();
    const ulid = (i: number) => `01${String(i).padStart(24, '0')}`;
    for (let i = 0; i <= WS_LIMITS.maxChannels; i++) capped.ws.send(JSON.stringify({ op: 'subscribe', channel: `battle#${ulid(i)}` }));
    await waitFor(() => capped.frames.length === WS_LIMITS.maxChannels + 1);
    expect(capped.frames.filter((f) => f.op === 'subscribed')).toHaveLength(WS_LIMITS.maxChannels);
    expect(capped.frames.at(-1)).toMatchObject({ error: 'too_many_channels', channel: `battle#${ulid(WS_LIMITS.maxChannels)}` });
    s.ws.close();
    capped.ws.close();
  });

  it("refuses another player's private channel and a token of the wrong type", async () => {
    const a = await registerPlayer(store.app);
    const b = await registerPlayer(store.app);
    const tokenOf = async (token: string) => (await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token })).body.data;
    const ta = await tokenOf(a.token);
    const s = await rawSocket();
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: `user#${b.userId}`, token: ta.centryfugo_key }));
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: ta.channel, token: ta.centryfugo_key }));
    await waitFor(() => s.frames.length === 2);
    expect(s.frames).toEqual([
      expect.objectContaining({ error: 'forbidden', channel: `user#${b.userId}` }),
      { op: 'subscribed', channel: `user#${a.userId}` },
    ]);
    s.ws.close();
  });
});

describe('websocket limits', () => {
  // Three sockets per address and two per session; one trusted proxy forwards the client's address.
  let limited: TestStore;
  let url: string;
  const lines: string[] = [];
  beforeAll(async () => {
    limited = await createTestStore({ WS_MAX_PER_ADDRESS: '3', WS_MAX_PER_SESSION: '2', TRUST_PROXY: '1', LOG_LEVEL: 'warn' }, { logStream: { write: (l) => void lines.push(l) } });
    url = await listenForSockets(limited.app);
  });
  afterAll(() => limited?.close());

  /** Opens a socket as a client at `address` (forwarded by the proxy): the socket, or the HTTP answer that refused it. */
  const connect = (address: string, token?: string) =>
    new Promise<{ ws: WebSocket; status?: undefined } | { status: number; body: any }>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      ws.once('open', () => resolve({ ws }));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
      });
      ws.once('error', reject);
    });
  const opened = (r: Awaited<ReturnType<typeof connect>>) => {
    if (r.status !== undefined) throw new Error(`refused with ${r.status}`);
    return r.ws;
  };
  const refusedCount = async (reason: string) => {
    const res = await limited.app.inject({ method: 'GET', url: '/metrics' });
    return Number(new RegExp(`store_websocket_refused_total\\{reason="${reason}"\\} (\\d+)`).exec(res.body)?.[1] ?? 0);
  };

  it('refuses sockets past the cap of one address with 429, still lets other addresses in, and frees a slot on close', async () => {
    const hub = limited.app.deps.hub;
    const first = [opened(await connect('203.0.113.1')), opened(await connect('203.0.113.1')), opened(await connect('203.0.113.1'))];
    const extra = await Promise.all(Array.from({ length: 5 }, () => connect('203.0.113.1')));
    for (const r of extra) expect(r).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    const other = opened(await connect('203.0.113.2'));
    expect(hub.localSockets).toBe(4);
    // A closed socket gives its slot back: the address may open one more, and only one.
    first[0]!.close();
    await waitFor(() => hub.localSockets === 3);
    const again = opened(await connect('203.0.113.1'));
    expect(await connect('203.0.113.1')).toMatchObject({ status: 429 });
    expect(await refusedCount('address_limit')).toBe(6);
    for (const ws of [...first, other, again]) ws.close();
    await waitFor(() => hub.localSockets === 0);
  });

  it('refuses a third socket of one session from another address, while a guest there still connects', async () => {
    const p = await registerPlayer(limited.app);
    const mine = [opened(await connect('198.51.100.1', p.token)), opened(await connect('198.51.100.2', p.token))];
    expect(await connect('198.51.100.3', p.token)).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    const guest = opened(await connect('198.51.100.3'));
    expect(await refusedCount('session_limit')).toBe(1);
    for (const ws of [...mine, guest]) ws.close();
    await waitFor(() => limited.app.deps.hub.localSockets === 0);
  });

  it('logs a thousand malformed frames and a run of oversized ones in one line per address a minute, and counts each', async () => {
    const before = lines.length;
    const address = '192.0.2.77';
    // Each connection is closed after WS_LIMITS.maxBadFrames malformed frames: 200 of them send 1,000.
    const connections = 1000 / WS_LIMITS.maxBadFrames;
    for (let i = 0; i < connections; i += 2) {
      await Promise.all(
        [0, 1].map(async () => {
          const ws = opened(await connect(address));
          const closed = new Promise((resolve) => ws.once('close', resolve));
          for (let k = 0; k < WS_LIMITS.maxBadFrames; k++) ws.send('{"op":"nope"}');
          await closed;
        }),
      );
    }
    for (let i = 0; i < 20; i++) {
      const ws = opened(await connect(address));
      const closed = new Promise((resolve) => ws.once('close', resolve));
      ws.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(WS_LIMITS.maxFrameBytes) }));
      await closed;
    }
    await waitFor(() => limited.app.deps.hub.localSockets === 0);
    const written = lines.slice(before).map((l) => JSON.parse(l));
    expect(written.map((l) => [l.level, l.address, l.reason])).toEqual([[40, address, 'invalid_frame']]);
    expect(await refusedCount('invalid_frame')).toBe(1000);
    expect(await refusedCount('oversized_frame')).toBe(20);
  });
});

describe('the bus', () => {
  it('keeps delivering to every listener when one of them throws', async () => {
    const failures: unknown[] = [];
    const bus = new InProcessBus((err) => failures.push(err));
    const heard: string[] = [];
    bus.listen(() => {
      throw new Error('a broken listener');
    });
    bus.listen((m) => heard.push(m.event));
    bus.publish('c', 'one', {});
    bus.publish('c', 'two', {});
    await waitFor(() => heard.length === 2);
    expect(heard).toEqual(['one', 'two']);
    expect(failures).toHaveLength(2);
  });
});

describe('input PostgreSQL cannot store', () => {
  it('refuses NUL and lone surrogates in paths, queries and bodies with 400 validation, changing nothing', async () => {
    const p = await registerPlayer(store.app);
    const users = await countRows(store.database.db, sql`select count(*) as n from users`);
    const attempts = [
      await api(store.app, 'GET', '/api/v1/cases/a%00b'),
      await api(store.app, 'GET', '/api/v1/cases/a%ED%A0%80b'),
      await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: 'a\u0000b', password: 'x' } }),
      await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: '\ud800', password: 'x' } }),
      await api(store.app, 'GET', '/api/v1/unique-items?search=%00', { token: p.token }),
      await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'AB\u0000CD' } }),
    ];
    for (const res of attempts) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ status: false, code: 'validation', message: 'Проверьте введённые данные' });
    }
    expect(await countRows(store.database.db, sql`select count(*) as n from users`)).toBe(users);
  });

  it('answers a URL Fastify cannot decode with the envelope, not its own body', async () => {
    for (const url of ['/api/v1/cases/%zz', '/api/v1/cases/%E0%A4%A']) {
      const res = await store.app.inject({ url, headers: { 'x-client-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, code: 'validation', message: 'Please check the data you entered', params: { fields: ['url'] } });
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the same call, and refuses the key on another route or another case, changing nothing', async () => {
    const cheap = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, store.database.db, cheap.price * 5);
    const headers = { 'idempotency-key': 'one-action-of-the-player' };
    const first = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 }, headers });
    expect(first.status).toBe(200);
    const again = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 }, headers });
    expect(again.body.data).toEqual(first.body.data);

    const sections = (await api(store.app, 'GET', '/api/v2/case/sections/with-cases')).body.data;
    const other = sections.flatMap((s: any) => s.cases).find((c: any) => c.slug !== cheap.slug && c.price_data.price <= cheap.price * 4);
    const reused = [
      await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 }, headers }),
      await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: {}, headers }),
      ...(other ? [await api(store.app, 'POST', `/api/v1/cases/${other.slug}/open`, { token: p.token, body: { multi_open: 1 }, headers })] : []),
    ];
    for (const res of reused) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe('idempotency_key_reused');
    }
    const me = (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
    expect(me.finance.balance).toBe(first.body.data.balance);
    expect(await countRows(store.database.db, sql`select count(*) as n from case_opens where user_id = ${p.userId}`)).toBe(1);
    expect(await ledgerMismatches(store.database.db)).toEqual([]);
  });
});

describe('client addresses', () => {
  it('does not let X-Forwarded-For reset the sign-in limit unless TRUST_PROXY names the proxy', async () => {
    const tries = async (app: TestStore['app'], forwarded: (i: number) => string) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await api(app, 'POST', '/api/v1/auth/login', { body: { login: 'nobody', password: 'wrong' }, headers: { 'x-forwarded-for': forwarded(i) } });
        codes.push(res.status);
      }
      return codes;
    };
    // The limit is 3 a minute per address: a forged header per attempt changes nothing.
    const direct = await createTestStore({ AUTH_RATE_LIMIT: '3' });
    try {
      expect(await tries(direct.app, (i) => `203.0.113.${i}`)).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await direct.close();
    }
    const proxied = await createTestStore({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    try {
      // Behind one trusted proxy the forwarded address is the client: each is a different one,
      expect(await tries(proxied.app, (i) => `203.0.113.${i}`)).toEqual([401, 401, 401, 401, 401]);
      // and one client is limited whatever the proxy's own address.
      expect(await tries(proxied.app, () => '198.51.100.7')).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY as off, a hop count or an address list, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('Redis prefix', () => {
  it('defaults to the database name, or the data folder for the embedded database', () => {
    expect(redisPrefix(parseEnv({ DATABASE_URL: 'postgres://u@db.local:5432/shop_eu' }))).toBe('store:shop_eu');
    expect(redisPrefix(parseEnv({ DATA_DIR: '/srv/store-a' }))).toBe('store:store-a');
    expect(redisPrefix(parseEnv({ REDIS_PREFIX: 'eu:prod' }))).toBe('eu:prod');
    expect(() => parseEnv({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });
});

describe('sandboxes and secrets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'store-deploy-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a missing secret once on the embedded database and keeps it in the data folder', () => {
    const first = prepareDeployment(parseEnv({ NODE_ENV: 'production' }), dir);
    expect(first.PAYMENT_SANDBOX_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toEqual({ PAYMENT_SANDBOX_SECRET: first.PAYMENT_SANDBOX_SECRET });
    expect(prepareDeployment(parseEnv({ NODE_ENV: 'production' }), dir).PAYMENT_SANDBOX_SECRET).toBe(first.PAYMENT_SANDBOX_SECRET);
    // A secret given by the environment wins and nothing is generated for it.
    expect(prepareDeployment(parseEnv({ PAYMENT_SANDBOX_SECRET: 'given-by-the-operator' }), dir).PAYMENT_SANDBOX_SECRET).toBe('given-by-the-operator');
  });

  it('refuses a sandbox on a production server database unless SANDBOX names it, and a missing secret there', () => {
    const server = { DATABASE_URL: 'postgres://u@db.local/shop', NODE_ENV: 'production' };
    expect(() => prepareDeployment(parseEnv({ ...server, PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(StartRefused);
    expect(() => prepareDeployment(parseEnv({ ...server, PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(/SANDBOX=payments/);
    // Every sandbox in use must be named: the payment one alone is not enough while notifications run on theirs.
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(/SANDBOX=notifications/);
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(/SANDBOX=vendor/);
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(/SANDBOX=signin/);
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor,signin', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(/SANDBOX=push/);
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor,signin,push' }), dir)).toThrow(/PAYMENT_SANDBOX_SECRET must be set/);
    const deliberate = prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor,signin,push', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir);
    expect(deliberate.PAYMENT_SANDBOX_SECRET).toBe('x'.repeat(32));
    expect(() => parseEnv({ SANDBOX: 'payments,bank' })).toThrow(/SANDBOX/);
    // The movable clock of browser tests never runs in production.
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor,signin,push', TEST_CLOCK: '1', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir)).toThrow(/TEST_CLOCK/);
    // The real sign-in providers cannot start without their client settings.
    const real = { SIGNIN_PROVIDER: 'real', STEAM_API_KEY: 'A'.repeat(32), GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 'secret', VK_CLIENT_ID: '5180', VK_SERVICE_TOKEN: 'v'.repeat(40) };
    expect(() => prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor,push', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32), ...real, VK_CLIENT_ID: '' }), dir)).toThrow(/SIGNIN_PROVIDER=real needs VK_CLIENT_ID/);
    expect(prepareDeployment(parseEnv({ ...server, SANDBOX: 'payments,notifications,vendor,push', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32), ...real }), dir).SIGNIN_PROVIDER).toBe('real');
    // The demo on the embedded database (the browser tests) may move it.
    expect(prepareDeployment(parseEnv({ NODE_ENV: 'production', TEST_CLOCK: '1', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }), dir).TEST_CLOCK).toBe(true);
  });

  it('tells the site it runs on sandboxes', async () => {
    expect((await api(store.app, 'GET', '/api/v1/config')).body.data.sandboxes).toEqual(['payments', 'notifications', 'vendor', 'signin', 'push']);
  });
});

describe('the server process', () => {
  it('refuses to start in production on a server database with an undeclared sandbox, naming the setting', async () => {
    const place = await processTestPlace('store-refuse-');
    try {
      const env = { ...place.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) };
      await expect(startServer(env)).rejects.toThrow(/exited 1.*SANDBOX=payments/s);
    } finally {
      await place.cleanup();
    }
  });

  it('survives hostile websocket frames and keeps serving', async () => {
    const place = await processTestPlace('store-hostile-');
    const server = await startServer(place.env);
    try {
      const url = `${server.url.replace('http', 'ws')}/ws`;
      for (const frames of [['null', '123', '[]'], ['{"op":"subscribe","channel":"user#1","token":123}', '{"op":"subscribe","channel":{}}'], ['{"op":"unsubscribe"}']]) {
        const s = await rawSocket(url);
        for (const f of frames) s.ws.send(f);
        await waitFor(() => s.frames.length === frames.length);
        s.ws.close();
      }
      const health = await http(server.url, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      const fresh = await rawSocket(url);
      fresh.ws.send(JSON.stringify({ op: 'subscribe', channel: LIVE_DROPS_CHANNEL }));
      await waitFor(() => fresh.frames.length === 1);
      expect(fresh.frames[0]).toEqual({ op: 'subscribed', channel: LIVE_DROPS_CHANNEL });
      fresh.ws.close();
    } finally {
      await stopServer(server);
      await place.cleanup();
    }
  });
});
