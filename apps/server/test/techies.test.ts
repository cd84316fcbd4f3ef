import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { api, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore({ FLAGS: 'techies:on' });
});
afterAll(() => store.close());

const call = (p: Player, path: string, body?: unknown, lang: 'ru' | 'en' = 'ru') =>
  api(store.app, body === undefined ? 'GET' : 'POST', `/api/v1/techies/${path}`, { token: p.token, body, lang });
const balanceOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;

/** The layout the server rolled, read behind the API's back: the tests pick safe cells with it. */
async function layout(gameId: number): Promise<number[]> {
  const res = (await db().execute(sql`select mines from techies_games where id = ${gameId}`)) as unknown as { rows: { mines: number[] }[] };
  return res.rows[0]!.mines.map(Number);
}
const safeOf = (mines: number[], n: number) => Array.from({ length: 25 }, (_, i) => i).filter((c) => !mines.includes(c)).slice(0, n);

describe('techies', () => {
  it('takes the stake, hides the layout while in play, pays stake × multiplier on cash-out, each with its ledger row', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const started = await call(p, 'start', { stake: 10, mines: 3 });
    expect(started.status).toBe(200);
    const game = started.body.data;
    expect(game).toMatchObject({ state: 'playing', stake: 10, mines_count: 3, opened: [], mines: null, multiplier: 1, payout: null, balance: 90 });
    expect(game.next_multiplier).toBeCloseTo(Math.floor((25 / 22) * 0.92 * 100) / 100, 5);
    expect(await balanceOf(p)).toBe(90);
    // Resumable: the game in play is there on the next read.
    expect((await call(p, 'game')).body.data.game).toMatchObject({ id: game.id, state: 'playing', mines: null });

    const mines = await layout(game.id);
    const [a, b] = safeOf(mines, 2);
    const one = (await call(p, 'open', { game_id: game.id, cell: a })).body.data;
    expect(one).toMatchObject({ opened: [a], state: 'playing', mines: null, multiplier: game.next_multiplier });
    const two = (await call(p, 'open', { game_id: game.id, cell: b })).body.data;
    // Fair odds after two safe cells of 22: 25/22 × 24/21, times the 0.92 return, rounded down.
    const expected = Math.floor((25 / 22) * (24 / 21) * 0.92 * 100) / 100;
    expect(two.multiplier).toBe(expected);
    const again = await call(p, 'open', { game_id: game.id, cell: a });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('techies_cell_opened');

    const cashed = (await call(p, 'cashout', { game_id: game.id })).body.data;
    const payout = Math.floor(1000 * Math.round(expected * 100) / 100) / 100;
    expect(cashed).toMatchObject({ state: 'cashed', payout, mines: expect.arrayContaining(mines), multiplier: expected });
    expect(await balanceOf(p)).toBeCloseTo(90 + payout, 2);
    expect((await call(p, 'game')).body.data.game).toBeNull();
    const history = (await call(p, 'history')).body.data;
    expect(history).toMatchObject({ total: 1, items: [{ id: game.id, state: 'cashed', payout }] });
    expect(await countRows(db(), sql`select count(*) as n from ledger where ref = ${`techies:${game.id}`}`)).toBe(2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('loses the stake on a mine and shows the layout; the game is over for further clicks and cash-outs', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const game = (await call(p, 'start', { stake: 5, mines: 24 })).body.data;
    const mines = await layout(game.id);
    expect(mines).toHaveLength(24);
    const lost = (await call(p, 'open', { game_id: game.id, cell: mines[0] })).body.data;
    expect(lost).toMatchObject({ state: 'lost', hit: mines[0], payout: 0, multiplier: 0, mines, balance: 95 });
    const late = await call(p, 'open', { game_id: game.id, cell: safeOf(mines, 1)[0] }, 'en');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'techies_game_over', message: 'This game is already over' });
    expect((await call(p, 'cashout', { game_id: game.id })).body.code).toBe('techies_game_over');
    expect(await balanceOf(p)).toBe(95);
  });

  it('cashes out by itself on the last safe cell', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const game = (await call(p, 'start', { stake: 1, mines: 24 })).body.data;
    const [safe] = safeOf(await layout(game.id), 1);
    const won = (await call(p, 'open', { game_id: game.id, cell: safe })).body.data;
    // One safe cell of 25 with 24 mines: 25 × 0.92.
    expect(won).toMatchObject({ state: 'cashed', multiplier: 23, payout: 23, next_multiplier: null });
    expect(await balanceOf(p)).toBe(99 + 23);
  });

  it('refuses what breaks the rules with the catalogue codes, in the player language, changing nothing', async () => {
    const p = await fundedPlayer(store.app, db(), 3);
    const tooSmall = await call(p, 'start', { stake: 0.01, mines: 3 }, 'en');
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body).toMatchObject({ code: 'techies_stake_range', message: 'The stake is 0.1 to 1000' });
    expect((await call(p, 'start', { stake: 5, mines: 3 })).body.code).toBe('balance_error');
    for (const body of [{ stake: 1, mines: 0 }, { stake: 1, mines: 25 }, { stake: 1, mines: 2.5 }, { stake: 1 }, { stake: -1, mines: 3 }, { stake: 1, mines: 3, extra: 1 }]) {
      expect((await call(p, 'start', body)).status, JSON.stringify(body)).toBe(400);
    }
    const game = (await call(p, 'start', { stake: 1, mines: 3 })).body.data;
    expect((await call(p, 'cashout', { game_id: game.id })).body.code).toBe('techies_open_first');
    expect((await call(p, 'start', { stake: 1, mines: 3 })).body.code).toBe('techies_game_in_progress');
    for (const body of [{ game_id: game.id, cell: 25 }, { game_id: game.id, cell: -1 }, { game_id: game.id }, { game_id: 'x', cell: 1 }]) {
      expect((await call(p, 'open', body)).status, JSON.stringify(body)).toBe(400);
    }
    // Another player's game is not found.
    const other = await fundedPlayer(store.app, db(), 1);
    expect((await call(other, 'open', { game_id: game.id, cell: 0 })).body.code).toBe('not_found');
    expect(await balanceOf(p)).toBe(2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('moves money once under races: simultaneous starts, cash-outs, and clicks with a cash-out', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const starts = await Promise.all(Array.from({ length: 8 }, () => call(p, 'start', { stake: 10, mines: 5 })));
    expect(starts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.status !== 200).every((r) => r.body.code === 'techies_game_in_progress')).toBe(true);
    expect(await balanceOf(p)).toBe(90);
    const game = starts.find((r) => r.status === 200)!.body.data;
    const safe = safeOf(await layout(game.id), 4);

    // Clicks on different cells at once are taken one after another: none is lost.
    const clicks = await Promise.all(safe.slice(0, 3).map((cell) => call(p, 'open', { game_id: game.id, cell })));
    expect(clicks.every((r) => r.status === 200)).toBe(true);
    expect((await call(p, 'game')).body.data.game.opened.sort()).toEqual(safe.slice(0, 3).sort());

    // Cash-outs and a click at once: one cash-out pays, the rest find the game over.
    const race = await Promise.all([
      ...Array.from({ length: 6 }, () => call(p, 'cashout', { game_id: game.id })),
      call(p, 'open', { game_id: game.id, cell: safe[3] }),
    ]);
    const paid = race.filter((r) => r.status === 200 && r.body.data.state === 'cashed');
    expect(paid).toHaveLength(1);
    const payout = paid[0]!.body.data.payout as number;
    expect(await countRows(db(), sql`select count(*) as n from ledger where ref = ${`techies:${game.id}`} and reason = 'techies_payout'`)).toBe(1);
    expect(await balanceOf(p)).toBeCloseTo(90 + payout, 2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a seed rotation while a game is in play, which would give its layout away, even when both come at once', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const rotate = () => api(store.app, 'POST', '/api/v1/provably-fair/rotate', { token: p.token, body: {} });
    const game = (await call(p, 'start', { stake: 1, mines: 3 })).body.data;
    const refused = await rotate();
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('seedRotationInGame');
    await call(p, 'open', { game_id: game.id, cell: (await layout(game.id))[0] });
    expect((await rotate()).status).toBe(200);

    // A start and rotations at the same moment: a game never plays on with a revealed seed.
    for (let round = 0; round < 5; round++) {
      const [started, ...rotations] = await Promise.all([call(p, 'start', { stake: 1, mines: 3 }), rotate(), rotate()]);
      const revealed = rotations.filter((r) => r.status === 200).map((r) => r.body.data.revealed.server_seed_hash);
      if (started.status === 200) {
        expect(revealed).not.toContain(started.body.data.roll.server_seed_hash);
        await call(p, 'open', { game_id: started.body.data.id, cell: (await layout(started.body.data.id))[0] });
      }
    }
  });

  it('rolls the layout from the seed pair: after rotation the revealed seed recomputes it with the formula alone', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const game = (await call(p, 'start', { stake: 1, mines: 7 })).body.data;
    const mine = (await layout(game.id))[0]!;
    const over = (await call(p, 'open', { game_id: game.id, cell: mine })).body.data;
    const { revealed } = (await api(store.app, 'POST', '/api/v1/provably-fair/rotate', { token: p.token, body: {} })).body.data;
    expect(revealed.server_seed_hash).toBe(game.roll.server_seed_hash);
    // Decision 021: mine j (cursor j) takes the free cell at ⌊(ticket − 1) × (25 − j) / 100000⌋.
    const free = Array.from({ length: 25 }, (_, i) => i);
    const placed: number[] = [];
    for (let cursor = 0; cursor < 7; cursor++) {
      const d = createHmac('sha256', revealed.server_seed).update(`${game.roll.client_seed}:${game.roll.nonce}:${cursor}`).digest();
      const ticket = Math.floor((d.readUInt32BE(0) / 2 ** 32) * 100_000) + 1;
      placed.push(free.splice(Math.floor(((ticket - 1) * free.length) / 100_000), 1)[0]!);
    }
    expect(placed.sort((x, y) => x - y)).toEqual(over.mines);
  });
});

describe('techies with its flag off (the spec default)', () => {
  let off: TestStore;
  beforeAll(async () => {
    off = await createTestStore();
  });
  afterAll(() => off.close());

  it('refuses the config and new games with techies_disabled, changing nothing, and says so in the public config', async () => {
    const p = await registerPlayer(off.app);
    expect((await api(off.app, 'GET', '/api/v1/config')).body.data.flags).toMatchObject({ techies: false, pf: true });
    for (const [method, path, body] of [
      ['GET', 'config'],
      ['POST', 'start', { stake: 1, mines: 3 }],
    ] as const) {
      const res = await api(off.app, method, `/api/v1/techies/${path}`, { token: p.token, body });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('techies_disabled');
    }
    // Nothing was started: the player has no game in play (a game started while on could be finished, feature-flags.test.ts).
    expect((await api(off.app, 'GET', '/api/v1/techies/game', { token: p.token })).body.data.game).toBeNull();
  });
});
