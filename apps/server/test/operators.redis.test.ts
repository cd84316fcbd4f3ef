import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * Runs only with REDIS_URL: two processes of one store. A block made on one reaches the other's
 * session cache at once over the bus, as a revocation does (decision 029).
 */
let store: TestStore;
let second: FastifyInstance;
let admin: Player;

beforeAll(async () => {
  store = await createTestStore();
  second = await buildApp({ env: store.env, database: store.database });
  await second.ready();
  admin = await registerPlayer(store.app);
  await runAdminCommand(store.database.db, { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
});
afterAll(async () => {
  await second.close();
  await store.close();
});

const me = (app: FastifyInstance, token: string) => api(app, 'GET', '/api/v1/users/me', { token });

describe('a block across processes', () => {
  it('is refused by the other process as soon as the block answers, and served again after the unblock', async () => {
    const p = await registerPlayer(store.app);
    expect((await me(second, p.token)).status).toBe(200); // cached there for 15 s
    await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/block`, { token: admin.token, body: { reason: 'across processes' } });
    const refused = await eventually(
      () => me(second, p.token),
      (r) => r.status !== 200,
      2000,
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'account_blocked']);
    await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/unblock`, { token: admin.token });
    const served = await eventually(
      () => me(second, p.token),
      (r) => r.status === 200,
      2000,
    );
    expect(served.status).toBe(200);
  });
});
