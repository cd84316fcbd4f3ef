import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FLAG_NAMES, type FlagName } from '@store/shared/api/platform';
import { buildApp } from '../src/app.ts';
import { FEATURE_ROUTES } from '../src/modules/platform/feature-gates.ts';
import { api, cheapestCase, countRows, fundedPlayer, giveItems, catalogueByPrice, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { operate, switchFlag } from './helpers/switches.ts';
import { waitFor } from './helpers/ws.ts';

/**
 * The feature flags of spec §1 as an operator switches them while the store runs (decision 023):
 * a switched-off feature refuses its calls with a catalogue code and changes nothing, the public
 * configuration says so at once, and switching back restores it.
 */
let store: TestStore;
let player: Player;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore({ FLAGS: 'techies:on' });
  player = await fundedPlayer(store.app, db(), 5000);
});
afterAll(() => store.close());

const config = async () => (await api(store.app, 'GET', '/api/v1/config')).body.data.flags as Record<FlagName, boolean>;
const holdings = async (p: Player) => ({
  gold: await countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId}`),
  ledger: await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`),
  items: await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and status = 'progress'`),
});

/** A real call of each gated route, with a body the route would accept when on. */
async function callOf(route: string, p: Player) {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  const cheap = await cheapestCase(store.app);
  const bodies: Record<string, unknown> = {
    'POST /api/battles/battles': { mode: '1v1', cases: [{ slug: cheap.slug, count: 1 }] },
    'POST /api/battles/join': { battle_ulid: '01HZZZZZZZZZZZZZZZZZZZZZZZ', seat: 1 },
    'POST /api/battles/start': { battle_ulid: '01HZZZZZZZZZZZZZZZZZZZZZZZ' },
    'POST /api/v1/techies/start': { stake: 10, mines: 3 },
  };
  const url = path.replace(':id', '1').replace(':x', String(p.userId)).replace(':kind', 'case').replace(':caseId', '1');
  return api(store.app, method, url, { token: p.token, body: bodies[route] ?? (method === 'POST' ? {} : undefined) });
}

describe('feature flags switched by an operator', () => {
  it('the table names only real flags and every flag of the spec that closes calls', () => {
    expect(Object.keys(FEATURE_ROUTES).every((f) => (FLAG_NAMES as string[]).includes(f))).toBe(true);
    expect(Object.keys(FEATURE_ROUTES).sort()).toEqual(['battles', 'contract', 'free_cases', 'leaderboard', 'pf', 'secret_shop', 'techies', 'upgrades']);
  });

  for (const [flag, routes] of Object.entries(FEATURE_ROUTES) as [FlagName, string[]][]) {
    it(`${flag} off refuses ${routes.length} calls with a catalogue code, changes nothing, and on again serves them`, async () => {
      const p = await fundedPlayer(store.app, db(), 500);
      await switchFlag(store.app, flag, 'off');
      expect((await config())[flag]).toBe(false);
      const before = await holdings(p);
      for (const route of routes) {
        const res = await callOf(route, p);
        expect(res.status, route).toBe(404);
        expect(res.body.code, route).toBe(flag === 'techies' ? 'techies_disabled' : 'feature_disabled');
        expect(res.body.message, route).toMatch(/выключен/);
      }
      // In English for a player who asks in English.
      const en = await api(store.app, routes[0]!.split(' ')[0] as 'GET', routes[0]!.split(' ')[1]!.replace(/:\w+/g, '1'), { token: p.token, headers: { 'x-client-language': 'en' } });
      expect(en.body.message).toMatch(/switched off/);
      expect(await holdings(p)).toEqual(before);

      await switchFlag(store.app, flag, 'reset');
      expect((await config())[flag]).toBe(true);
      for (const route of routes) {
        const res = await callOf(route, p);
        expect(['feature_disabled', 'techies_disabled'], `${route} answered ${res.body.code}`).not.toContain(res.body.code);
      }
    });
  }

  it('a contract switched off refuses a signing that would have gone through, and the items stay', async () => {
    const p = await fundedPlayer(store.app, db(), 0);
    const cheap = (await catalogueByPrice(db())).filter((i) => i.price >= 100).slice(0, 3);
    const items = await giveItems(db(), p.userId, cheap);
    await switchFlag(store.app, 'contract', 'off');
    const refused = await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: items.map((i) => i.id) } });
    expect(refused.body.code).toBe('feature_disabled');
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and status = 'progress'`)).toBe(3);
    await switchFlag(store.app, 'contract', 'reset');
    const signed = await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: items.map((i) => i.id) } });
    expect(signed.status).toBe(200);
  });

  it('a techies game in play can still be finished after the game is switched off, but no new one starts', async () => {
    const started = await api(store.app, 'POST', '/api/v1/techies/start', { token: player.token, body: { stake: 10, mines: 3 } });
    expect(started.status).toBe(200);
    await switchFlag(store.app, 'techies', 'off');
    try {
      const game = await api(store.app, 'GET', '/api/v1/techies/game', { token: player.token });
      expect(game.body.data.game).not.toBeNull();
      // One cell: a safe one is cashed out, a mine ends the game; either way it is played out.
      const opened = await api(store.app, 'POST', '/api/v1/techies/open', { token: player.token, body: { game_id: game.body.data.game.id, cell: 0 } });
      expect(opened.status).toBe(200);
      if (opened.body.data.state === 'playing') {
        const cashed = await api(store.app, 'POST', '/api/v1/techies/cashout', { token: player.token, body: { game_id: game.body.data.game.id } });
        expect([cashed.status, cashed.body.data.state]).toEqual([200, 'cashed']);
      } else expect(opened.body.data.state).toBe('lost');
      expect((await api(store.app, 'GET', '/api/v1/techies/game', { token: player.token })).body.data.game).toBeNull();
      const again = await api(store.app, 'POST', '/api/v1/techies/start', { token: player.token, body: { stake: 10, mines: 3 } });
      expect(again.body.code).toBe('techies_disabled');
    } finally {
      await switchFlag(store.app, 'techies', 'reset');
    }
  });

  it('lists each flag with its source, and two operators switching two flags at once both land', async () => {
    await Promise.all([
      operate(store.app, { command: 'flags-set', name: 'upgrades', value: 'off', operator: 'a' }),
      operate(store.app, { command: 'flags-set', name: 'leaderboard', value: 'off', operator: 'b' }),
    ]);
    await waitFor(() => !store.app.deps.switches.flag('upgrades') && !store.app.deps.switches.flag('leaderboard'));
    const listed = (await operate(store.app, { command: 'flags-list' })) as { flag: string; on: boolean; source: string }[];
    expect(listed.find((f) => f.flag === 'upgrades')).toMatchObject({ on: false, source: 'operator' });
    expect(listed.find((f) => f.flag === 'leaderboard')).toMatchObject({ on: false, source: 'operator' });
    expect(listed.find((f) => f.flag === 'battles')).toMatchObject({ on: true, source: 'configuration' });
    await switchFlag(store.app, 'upgrades', 'reset');
    await switchFlag(store.app, 'leaderboard', 'reset');
    expect((await config()).upgrades && (await config()).leaderboard).toBe(true);
  });

  it('an operator switch outlives a restart: a new process reads it from the database', async () => {
    await switchFlag(store.app, 'battles', 'off');
    const restarted: FastifyInstance = await buildApp({ env: store.env, database: store.database });
    try {
      await restarted.ready();
      expect(restarted.deps.switches.flag('battles')).toBe(false);
      expect((await api(restarted, 'GET', '/api/battles')).body.code).toBe('feature_disabled');
    } finally {
      await restarted.close();
      await switchFlag(store.app, 'battles', 'reset');
    }
  });
});

describe('tech-work', () => {
  it('the monitoring status says offline while an operator has tech-work on, and online after', async () => {
    const status = async () => (await api(store.app, 'GET', '/api/v1/monitoring/status')).body.data.is_offline as boolean;
    expect(await status()).toBe(false);
    const on = (await operate(store.app, { command: 'techwork', action: 'on', operator: 'ops' })) as { on: boolean; operator: string };
    expect(on).toMatchObject({ on: true, operator: 'ops' });
    await waitFor(() => store.app.deps.switches.techWork().on);
    expect(await status()).toBe(true);
    expect((await operate(store.app, { command: 'techwork', action: 'status', operator: 'ops' })) as { on: boolean }).toMatchObject({ on: true });
    await operate(store.app, { command: 'techwork', action: 'off', operator: 'ops' });
    await waitFor(() => !store.app.deps.switches.techWork().on);
    expect(await status()).toBe(false);
  });

  it('the operator command reaches the running store through /internal/admin', async () => {
    const adminToken = randomBytes(16).toString('hex');
    const operated = await buildApp({ env: store.env, database: store.database, adminToken });
    try {
      await operated.ready();
      const command = (payload: object) =>
        operated.inject({
          method: 'POST',
          url: '/internal/admin',
          remoteAddress: '127.0.0.1',
          headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
          payload: JSON.stringify(payload),
        });
      const res = await command({ command: 'flags-set', name: 'secret_shop', value: 'off', operator: 'ops' });
      expect(res.statusCode).toBe(200);
      await waitFor(() => !operated.deps.switches.flag('secret_shop'));
      expect((await api(operated, 'GET', '/api/v1/offers')).body.code).toBe('feature_disabled');
      const bad = await command({ command: 'flags-set', name: 'everything', value: 'off', operator: 'ops' });
      expect(bad.statusCode).toBe(400);
    } finally {
      await operated.close();
      await switchFlag(store.app, 'secret_shop', 'reset');
    }
  });
});
