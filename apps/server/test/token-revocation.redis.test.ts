import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { hashToken } from '../src/modules/auth/sessions.ts';
import { api, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * Runs only with REDIS_URL: two processes of one store behind a load balancer. Each remembers
 * the sessions it has just read for 15 seconds; a token revoked on one must be refused by the
 * other at once, not when its memory runs out, because the revocation travels on the bus.
 */
let store: TestStore;
let second: FastifyInstance;

beforeAll(async () => {
  store = await createTestStore();
  second = await buildApp({ env: store.env, database: store.database });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await store.close();
});

const me = (app: FastifyInstance, token: string) => api(app, 'GET', '/api/v1/users/me', { token });
const revokedAt = (token: string, value: 'now' | 'null') =>
  store.database.db.execute(sql`update sessions set revoked_at = ${value === 'now' ? sql`now()` : sql`null`} where token_hash = ${hashToken(token)}`);

describe('a revoked token across processes', () => {
  it('is refused by the other process as soon as the revocation answers, although that process had it cached', async () => {
    const p = await registerPlayer(store.app);
    expect((await me(second, p.token)).status).toBe(200);
    // The second process now serves the token from memory: ended behind its back (no bus
    // message), the session still works there. That is the cache the revocation has to reach.
    await revokedAt(p.token, 'now');
    try {
      expect((await me(second, p.token)).status).toBe(200);
    } finally {
      await revokedAt(p.token, 'null');
    }

    const revoked = await api(store.app, 'POST', '/api/v1/auth/revoke', { token: p.token });
    expect(revoked.body.data).toEqual({ revoked: true });
    expect((await me(store.app, p.token)).status).toBe(401);
    // The bus takes a few milliseconds; the deadline is far inside the 15 s the cached session would live.
    const after = await eventually(() => me(second, p.token), (r) => r.status !== 200, 2000);
    expect([after.status, after.body.code]).toEqual([401, 'authentication']);
  });

  it('leaves the other sessions of the player and of other players working everywhere', async () => {
    const p = await registerPlayer(store.app);
    const other = await registerPlayer(store.app);
    const again = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const otherDevice = again.body.data.access_token as string;
    for (const token of [p.token, otherDevice, other.token]) expect((await me(second, token)).status).toBe(200);

    expect((await api(store.app, 'POST', '/api/v1/auth/revoke', { token: p.token })).body.data).toEqual({ revoked: true });
    expect((await eventually(() => me(second, p.token), (r) => r.status !== 200, 2000)).status).toBe(401);
    // Once the revocation has arrived, it has ended that token only.
    expect((await me(second, otherDevice)).status).toBe(200);
    expect((await me(second, other.token)).status).toBe(200);
  });
});
