import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { LogController } from 'fastify';
import { installRequestLog } from '../src/http/request-log.ts';
import { api, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The request log (decision 038): one structured line per request with the route's pattern, its
 * status and time; never a token, a cookie, a query or a path that could carry a secret.
 */
let store: TestStore;
const lines: string[] = [];
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  store = await createTestStore({ LOG_LEVEL: 'info', REQUEST_LOG_SAMPLE: '1' }, { logStream: { write: (l) => void lines.push(l) } });
});
afterAll(() => store.close());

describe('the request log', () => {
  it('writes one line per request with its route, status and time, and no credentials or query', async () => {
    const player = await registerPlayer(store.app);
    lines.length = 0;
    const res = await store.app.inject({
      method: 'GET',
      url: '/api/v1/users/me?code=QUERY-SECRET&state=xyz',
      headers: { authorization: `Bearer ${player.token}`, cookie: `tastyToken=${player.token}` },
    });
    expect(res.statusCode).toBe(200);
    const requestLines = entries().filter((e) => e.msg === 'request');
    expect(requestLines).toEqual([expect.objectContaining({ level: 30, method: 'GET', route: '/api/v1/users/me', status: 200, ms: expect.any(Number), reqId: expect.any(String) })]);
    const all = lines.join('\n');
    expect(all).not.toContain(player.token);
    expect(all).not.toContain('QUERY-SECRET');
    expect(all).not.toContain('incoming request');
  });

  it('names a path no route matched without its query', async () => {
    lines.length = 0;
    expect((await api(store.app, 'GET', '/api/v1/no-such-thing?token=abc')).status).toBe(404);
    const [line] = entries().filter((e) => e.msg === 'request');
    expect(line).toMatchObject({ route: 'unmatched /api/v1/no-such-thing', status: 404 });
    expect(lines.join('\n')).not.toContain('token=abc');
  });
});

describe('the request id', () => {
  it("keeps a proxy's X-Request-Id in the log line and the answer, and replaces an odd one with its own", async () => {
    lines.length = 0;
    const fromProxy = await store.app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'x-request-id': 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' } });
    expect(fromProxy.headers['x-request-id']).toBe('a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6');
    expect(entries().filter((e) => e.msg === 'request')).toEqual([expect.objectContaining({ reqId: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' })]);

    for (const odd of ['x'.repeat(65), 'two words', 'id"}{"level":60', '']) {
      lines.length = 0;
      const res = await store.app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'x-request-id': odd } });
      const own = res.headers['x-request-id'];
      expect(own).toMatch(/^[0-9a-f]{16}$/);
      expect(entries().filter((e) => e.msg === 'request')).toEqual([expect.objectContaining({ reqId: own })]);
    }
    // Without one, every answer still names its request, each its own.
    const [a, b] = await Promise.all([store.app.inject({ method: 'GET', url: '/api/v1/config' }), store.app.inject({ method: 'GET', url: '/api/v1/config' })]);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('sampling', () => {
  it('keeps the sampled share of answered requests and every failure', async () => {
    const sampled: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (l: string) => void sampled.push(JSON.parse(l)) } }, logController: new LogController({ disableRequestLogging: true }) });
    let n = 0;
    // Every fourth draw falls under the 25 % rate.
    installRequestLog(app, 0.25, () => (n++ % 4 === 0 ? 0.1 : 0.9));
    app.get('/ok', async () => 'ok');
    app.get('/fail', async () => {
      throw new Error('boom');
    });
    for (let i = 0; i < 8; i++) await app.inject({ method: 'GET', url: '/ok' });
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/fail' });
    expect(sampled.filter((l) => l.msg === 'request' && l.route === '/ok')).toHaveLength(2);
    expect(sampled.filter((l) => l.msg === 'request failed' && l.route === '/fail')).toHaveLength(3);
    await app.close();
  });
});
