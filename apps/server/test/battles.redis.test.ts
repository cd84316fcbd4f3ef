import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { api, countRows, fundedPlayer, ledgerMismatches } from './helpers/factories.ts';
import { verifyBattle } from './helpers/battles.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { subscriber, waitFor } from './helpers/ws.ts';

/**
 * Runs only with REDIS_URL (see vitest.config.ts): three server processes on one database and one
 * Redis bus, each with its own round runner. Battles played on one are watched on another, every
 * round is revealed once by whichever runner claims it, and every watcher hears it once.
 */
let store: TestStore;
let apps: FastifyInstance[];
beforeAll(async () => {
  store = await createTestStore({ BATTLE_ROUND_MS: '25' });
  apps = await Promise.all([0, 1].map(() => buildApp({ env: store.env, database: store.database })));
  for (const a of apps) await a.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await store.close();
});

describe('battles across server processes (Redis)', () => {
  it('reveals each round once and delivers it once to watchers of another process', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cases = (await api(a, 'GET', '/api/battles/cases')).body.data;
    const slug = cases.sections.flatMap((s: any) => s.cases).sort((x: any, y: any) => x.price_data.price - y.price_data.price)[0].slug;
    const players = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(a, store.database.db, 200)));
    const ulids: string[] = [];
    for (const p of players) ulids.push((await api(a, 'POST', '/api/battles/battles', { token: p.token, body: { mode: '1v1', cases: [{ slug, count: 8 }] } })).body.data.battle_ulid);

    const portB = (b.server.address() as { port: number }).port;
    const watchers = await Promise.all(ulids.map((u) => subscriber(`ws://127.0.0.1:${portB}/ws`, [{ channel: `battle#${u}` }])));
    for (const [i, u] of ulids.entries()) expect((await api(a, 'POST', '/api/battles/start', { token: players[i]!.token, body: { battle_ulid: u } })).status).toBe(200);

    for (const [i, w] of watchers.entries()) {
      await waitFor(() => w.messages.some((m) => m.event === 'battles_battle_updated' && m.data.status === 'finished'), 20_000);
      expect(w.messages.filter((m) => m.event === 'statechange').map((m) => m.data.round.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      w.ws.close();
      const battle = (await api(b, 'GET', `/api/battles/battle?battle_ulid=${ulids[i]}`)).body.data;
      await verifyBattle(battle, async (url) => (await api(b, 'GET', url)).body);
    }
    expect(await countRows(store.database.db, sql`select count(*) as n from battle_drops d join battles b on b.id = d.battle_id where b.ulid in ${sql.raw(`('${ulids.join("','")}')`)}`)).toBe(6 * 8 * 2);
    expect(await ledgerMismatches(store.database.db)).toEqual([]);
  });
});
