import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, ledgerMismatches } from './helpers/factories.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { grantThroughServer, http, startServer, stopServer, type RunningServer } from './helpers/server-process.ts';

/**
 * A techies game through a kill -9 of the real server in the middle of cash-outs: after the
 * restart the game is either still in play (and resumes) or cashed once, and the money matches.
 */
let place: Awaited<ReturnType<typeof processTestPlace>>;

beforeAll(async () => {
  place = await processTestPlace('store-techies-restart-', { FLAGS: 'techies:on' });
});
afterAll(() => place.cleanup());

async function grant(server: RunningServer, login: string, amount: number) {
  expect((await grantThroughServer(server, place.dataDir, login, amount)).status).toBe(200);
}

describe('techies through a kill -9', () => {
  it('keeps the game in play or cashed once, never both, and resumes it after the restart', async () => {
    let server = await startServer(place.env);
    const reg = (await http(server.url, 'POST', '/api/v1/auth/registration/quick', { body: {} })).body.data;
    const token = reg.access_token as string;
    await grant(server, reg.login, 100);
    const call = (s: RunningServer, url: string, body?: unknown) => http(s.url, body === undefined ? 'GET' : 'POST', `/api/v1/techies/${url}`, { token, body });

    // One mine: a first cell is safe 24 times in 25; a lost game just starts another.
    let game: any;
    let stakes = 0;
    for (let cell = 0; !game; cell++) {
      const started = (await call(server, 'start', { stake: 10, mines: 1 })).body.data;
      stakes += 10;
      const opened = (await call(server, 'open', { game_id: started.id, cell: cell % 25 })).body.data;
      if (opened.state === 'playing') game = opened;
    }
    // Cash-outs in flight when the process dies.
    const inFlight = Array.from({ length: 5 }, () => call(server, 'cashout', { game_id: game.id }).catch(() => null));
    await stopServer(server, 'SIGKILL');
    await Promise.all(inFlight);

    server = await startServer(place.env);
    let payout: number;
    try {
      const resumed = (await call(server, 'game')).body.data.game;
      if (resumed) {
        // Still in play: it resumes where it was, and its cash-out pays now.
        expect(resumed).toMatchObject({ id: game.id, opened: game.opened, state: 'playing', mines: null });
        const cashed = (await call(server, 'cashout', { game_id: game.id })).body.data;
        expect(cashed.state).toBe('cashed');
        payout = cashed.payout;
      } else {
        const last = (await call(server, 'history')).body.data.items[0];
        expect(last).toMatchObject({ id: game.id, state: 'cashed' });
        payout = last.payout;
      }
      expect(payout).toBe(Math.floor(10 * game.multiplier * 100) / 100);
      const me = (await http(server.url, 'GET', '/api/v1/users/me', { token })).body.data;
      expect(me.finance.balance).toBeCloseTo(100 - stakes + payout, 2);
    } finally {
      await stopServer(server);
    }

    const database = await place.openDirect();
    try {
      expect(await ledgerMismatches(database.db)).toEqual([]);
      expect(await countRows(database.db, sql`select count(*) as n from ledger where ref = ${`techies:${game.id}`} and reason = 'techies_payout'`)).toBe(1);
    } finally {
      await database.close();
    }
    // Two starts of the real server on PGlite take most of this; a busy machine takes longer.
  }, 180_000);
});
