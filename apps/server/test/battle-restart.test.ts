import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, ledgerMismatches } from './helpers/factories.ts';
import { verifyBattle } from './helpers/battles.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { grantThroughServer, http, startServer, stopServer, type RunningServer } from './helpers/server-process.ts';
import { eventually } from './helpers/ws.ts';

/**
 * The real server process killed (SIGKILL) in the middle of battles and started again: every
 * battle resumes from its database schedule and ends with exactly the rounds its committed seeds
 * give, the rounds shown before the kill unchanged, and every coin and item accounted for.
 */
let place: Awaited<ReturnType<typeof processTestPlace>>;
let env: Record<string, string>;

beforeAll(async () => {
  place = await processTestPlace('store-battle-restart-', { BATTLE_ROUND_MS: '300' });
  env = place.env;
});
afterAll(() => place.cleanup());

async function grant(server: RunningServer, login: string, amount: number) {
  expect((await grantThroughServer(server, place.dataDir, login, amount)).status).toBe(200);
}

describe('battles through a kill -9', () => {
  it('resume after a restart and end with the result their committed rolls give', async () => {
    let server = await startServer(env);
    const players = [];
    for (let i = 0; i < 4; i++) {
      const reg = (await http(server.url, 'POST', '/api/v1/auth/registration/quick', { body: {} })).body.data;
      await grant(server, reg.login, 500);
      players.push({ token: reg.access_token as string, id: reg.user_id as number });
    }
    const cases = (await http(server.url, 'GET', '/api/battles/cases')).body.data;
    const slug = cases.sections.flatMap((s: any) => s.cases).sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0].slug;

    // Two 1v1 battles of players and one 1v1v1v1 against bots, 10 rounds each.
    const ulids: string[] = [];
    for (const [creator, mode] of [[0, '1v1'], [2, '1v1'], [3, '1v1v1v1']] as const) {
      const res = await http(server.url, 'POST', '/api/battles/battles', { token: players[creator]!.token, body: { mode, cases: [{ slug, count: 10 }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ulids.push(res.body.data.battle_ulid);
    }
    expect((await http(server.url, 'POST', '/api/battles/join', { token: players[1]!.token, body: { battle_ulid: ulids[0] } })).status).toBe(200);
    expect((await http(server.url, 'POST', '/api/battles/join', { token: players[0]!.token, body: { battle_ulid: ulids[1] } })).status).toBe(200);
    expect((await http(server.url, 'POST', '/api/battles/start', { token: players[3]!.token, body: { battle_ulid: ulids[2] } })).status).toBe(200);

    // Kill it a few rounds in, remembering what had been shown.
    const read = async (u: string) => (await http(server.url, 'GET', `/api/battles/battle?battle_ulid=${u}`)).body.data;
    const readAll = () => Promise.all(ulids.map(read));
    const shown = await eventually(readAll, (all) => all.every((b) => b.current_round >= 3), 30_000);
    await stopServer(server, 'SIGKILL');
    expect(shown.map((b) => b.status)).toEqual(['started', 'started', 'started']);
    expect(shown.every((b) => b.current_round < 10)).toBe(true);

    server = await startServer(env);
    try {
      const done = await eventually(readAll, (all) => all.every((b) => b.status === 'finished'), 60_000);
      for (const [i, b] of done.entries()) {
        await verifyBattle(b, async (url) => (await http(server.url, 'GET', url)).body);
        // The rounds seen before the kill are the rounds of the result (only where drops went is new).
        const plain = (r: any) => ({ ...r, drops: r.drops.map((d: any) => ({ seat: d.seat, ticket: d.ticket, item: d.item })) });
        for (const round of shown[i].rounds) expect(plain(b.rounds[round.round - 1])).toEqual(plain(round));
      }
    } finally {
      await stopServer(server);
    }

    const database = await place.openDirect();
    try {
      const db = database.db;
      expect(await ledgerMismatches(db)).toEqual([]);
      for (const u of ulids) {
        const ref = `battle:${u}`;
        const price = await countRows(db, sql`select price as n from battles where ulid = ${u}`);
        const humans = await countRows(db, sql`select count(*) as n from battle_seats s join battles b on b.id = s.battle_id where b.ulid = ${u} and not s.is_bot`);
        expect(await countRows(db, sql`select -sum(delta) as n from ledger where ref = ${ref}`)).toBe(price * humans);
        expect(await countRows(db, sql`select count(*) as n from battle_drops d join battles b on b.id = d.battle_id where b.ulid = ${u}`)).toBe(10 * (u === ulids[2] ? 4 : 2));
        // Items: exactly the drops awarded to players, each once.
        const awardedToPlayers = await countRows(
          db,
          sql`select count(*) as n from battle_drops d join battles b on b.id = d.battle_id join battle_seats s on s.battle_id = b.id and s.seat = d.to_seat where b.ulid = ${u} and not s.is_bot`,
        );
        expect(await countRows(db, sql`select count(*) as n from inventory_items where source = 'Battle' and source_ref = ${ref}`)).toBe(awardedToPlayers);
        expect(await countRows(db, sql`select count(*) as n from battle_drops d join battles b on b.id = d.battle_id where b.ulid = ${u} and d.inventory_item_id is not null`)).toBe(awardedToPlayers);
      }
    } finally {
      await database.close();
    }
    // Two starts of the real server on PGlite take most of this; a busy machine takes longer.
  }, 180_000);
});
