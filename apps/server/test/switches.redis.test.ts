import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { runAdminCommand } from '../src/admin/commands.ts';
import { buildApp } from '../src/app.ts';
import { redisPrefix } from '../src/config/env.ts';
import { SWITCHES_CHANNEL } from '../src/modules/platform/switches.ts';
import { publishToRedisBus } from '../src/realtime/bus.ts';
import { api, cheapestCase, fundedPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { operate } from './helpers/switches.ts';
import { eventually } from './helpers/ws.ts';

/**
 * Runs only with REDIS_URL: two server processes of one store on one database and one Redis.
 * A switch turned on one process (or by the operator command working on the database directly)
 * is served by the other as soon as the announcement arrives, not after its periodic re-read.
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

const offline = (app: FastifyInstance) => async () => (await api(app, 'GET', '/api/v1/monitoring/status')).body.data.is_offline as boolean;

describe('switches across processes', () => {
  it('tech-work switched on one process takes the other offline and stops its case openings, and back online', async () => {
    const p = await fundedPlayer(store.app, store.database.db, 500);
    const cheap = await cheapestCase(store.app);
    const open = async () => (await api(second, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } })).body.code as string | undefined;
    expect(await offline(second)()).toBe(false);
    await operate(store.app, { command: 'techwork', action: 'on', operator: 'ops' });
    // Well inside the ten-second periodic re-read: only the announcement can bring it this soon.
    expect(await eventually(offline(second), (v) => v, 2000)).toBe(true);
    expect(await open()).toBe('tech_work');
    await operate(store.app, { command: 'techwork', action: 'off', operator: 'ops' });
    expect(await eventually(offline(second), (v) => !v, 2000)).toBe(false);
    expect(await open()).toBeUndefined();
  });

  it('a flag switched by the operator command on the database directly reaches both processes through Redis', async () => {
    const { env } = store;
    await runAdminCommand(store.database.db, { command: 'flags-set', name: 'battles', value: 'off', operator: 'ops' }, {
      switches: { configured: store.app.deps.configuredFlags, announce: () => publishToRedisBus(env.REDIS_URL!, redisPrefix(env), SWITCHES_CHANNEL, 'changed', {}) },
    });
    for (const app of [store.app, second]) {
      expect(await eventually(async () => (await api(app, 'GET', '/api/battles')).body.code as string | undefined, (c) => c === 'feature_disabled', 2000)).toBe('feature_disabled');
    }
    await operate(second, { command: 'flags-reset', name: 'battles', operator: 'ops' });
    for (const app of [store.app, second]) {
      expect(await eventually(async () => (await api(app, 'GET', '/api/v1/config')).body.data.flags.battles as boolean, (v) => v, 2000)).toBe(true);
    }
  });
});
