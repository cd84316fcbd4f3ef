import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Every answer, API or error, tells the browser what the page may load and run: a policy whose
 * scripts need a nonce fresh for each response, no sniffing, no framing, a modest referrer, and
 * HSTS only where the store is served over https.
 */
let store: TestStore;
let secure: TestStore;
beforeAll(async () => {
  [store, secure] = await Promise.all([createTestStore(), createTestStore({ PUBLIC_URL: 'https://store.example', IMAGE_SOURCE: 'remote' })]);
});
afterAll(() => Promise.all([store.close(), secure.close()]));

/** The policy as a map of directive → sources. */
function policy(res: LightMyRequestResponse, what: string): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, `no CSP on ${what}`).toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const nonceOf = (res: LightMyRequestResponse, what = res.statusCode.toString()) => {
  const script = policy(res, what).get('script-src') ?? [];
  const nonces = script.filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
};

function expectHeaders(res: LightMyRequestResponse, what: string, { remoteArt = false } = {}) {
  const csp = policy(res, what);
  const nonce = nonceOf(res, what);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(Object.fromEntries(csp), what).toEqual({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(remoteArt ? ['https:'] : [])],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  });
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('the API, its errors and a page the server writes itself all carry them', async () => {
    const player = await registerPlayer(store.app);
    const answers = {
      config: await get(store.app, '/api/v1/config'),
      me: await get(store.app, '/api/v1/users/me', { authorization: `Bearer ${player.token}` }),
      unauthorized: await get(store.app, '/api/v1/users/me'),
      unknownPath: await get(store.app, '/api/v1/no-such-thing'),
      badBody: await store.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"login":' }),
      badUrl: await get(store.app, '/api/v1/cases/%zz'),
      checkoutPage: await get(store.app, '/sandbox/checkout/ord_nope'),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]))).toEqual({
      config: 200,
      me: 200,
      unauthorized: 401,
      unknownPath: 404,
      badBody: 400,
      badUrl: 400,
      checkoutPage: 404,
    });
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
      expectHeaders(res, name);
    }
  });

  it('gives every response its own nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf(await get(store.app, '/api/v1/config')));
    nonces.add(nonceOf(await get(store.app, '/api/v1/no-such-thing')));
    expect(nonces.size).toBe(6);
  });

  it('asks for HTTPS only where the store is served over https, and lets remote art in only when it uses it', async () => {
    for (const url of ['/api/v1/config', '/api/v1/no-such-thing']) {
      const res = await get(secure.app, url);
      expectHeaders(res, url, { remoteArt: true });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
