import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { api, catalogueByPrice, cheapestCase, fundedPlayer, giveItems, nearestItem, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';
import { applyCatalogue, readCatalogueFile } from '../src/modules/catalogue/seed-catalogue.ts';
import { TEST_PROJECT } from './helpers/project-fixtures.ts';

let store: TestStore;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore({ FLAGS: 'techies:on', BATTLE_ROUND_MS: '30' });
});
afterAll(() => store.close());

const get = async (url: string, p?: Player, lang: 'ru' | 'en' = 'ru') => api(store.app, 'GET', url, { token: p?.token, lang });
const post = async (url: string, p: Player, body: unknown = {}) => api(store.app, 'POST', url, { token: p.token, body });
const outcome = async (kind: string, id: string | number) => (await get(`/api/v1/provably-fair/outcomes/${kind}/${id}`)).body.data;

/**
 * A player's own check, written from the formula of DESIGN alone with node:crypto: nothing of the
 * store's code takes part in what follows.
 */
const ticketOf = (serverSeed: string, clientSeed: string, nonce: number, cursor: number) => {
  const d = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
  return Math.floor((d.readUInt32BE(0) / 2 ** 32) * 100_000) + 1;
};
const inRange = (ranges: any[], ticket: number) => ranges.find((r) => r.from <= ticket && ticket <= r.to);

describe('every outcome verifies from what the API returned', () => {
  it('cases, an upgrade, a contract, a battle and a techies game recompute after a rotation, with the formula alone', async () => {
    const p = await fundedPlayer(store.app, db(), 5_000);
    const cheap = await cheapestCase(store.app);
    const opens = (await post(`/api/v1/cases/${cheap.slug}/open`, p, { multi_open: 3 })).body.data.opens as any[];
    expect(opens).toHaveLength(3);

    const byPrice = await catalogueByPrice(db());
    const [staked] = await giveItems(db(), p.userId, [{ key: byPrice[Math.floor(byPrice.length / 3)]!.key }]);
    const target = nearestItem(byPrice, staked!.price * 2);
    const upgrade = (await post('/api/v1/upgrades/upgrade-items', p, { user_item_ids: [staked!.id], target_item_id: target.key })).body.data;
    expect(upgrade.roll).toBeGreaterThan(0);

    const forContract = await giveItems(db(), p.userId, byPrice.slice(10, 13).map((i) => ({ key: i.key })));
    const contract = (await post('/api/v1/contracts/sign', p, { user_item_ids: forContract.map((i) => i.id) })).body.data;
    expect(contract.id).toBeGreaterThan(0);

    const battleCases = (await get('/api/battles/cases')).body.data.sections.flatMap((s: any) => s.cases).sort((a: any, b: any) => a.price_data.price - b.price_data.price);
    const created = (await post('/api/battles/battles', p, { mode: '1v1', cases: [{ slug: battleCases[0].slug, count: 2 }] })).body.data;
    expect((await post('/api/battles/start', p, { battle_ulid: created.battle_ulid })).status).toBe(200);
    await eventually(() => get(`/api/battles/battle?battle_ulid=${created.battle_ulid}`), (r) => r.body.data.status === 'finished', 20_000);

    const game = (await post('/api/v1/techies/start', p, { stake: 1, mines: 5 })).body.data;
    const mines = ((await db().execute(sql`select mines from techies_games where id = ${game.id}`)) as unknown as { rows: { mines: number[] }[] }).rows[0]!.mines.map(Number);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((c) => !mines.includes(c))!;
    await post('/api/v1/techies/open', p, { game_id: game.id, cell: safe });
    // While the game is played its layout stays hidden from the check too.
    expect(await outcome('techies', game.id)).toMatchObject({ state: 'playing', mines: null, rolls: [] });
    await post('/api/v1/techies/open', p, { game_id: game.id, cell: mines[2] });

    // Before rotation every outcome shows only the hash of its server seed.
    const before = await outcome('case', opens[0].id);
    expect(before.seed.server_seed).toBeNull();
    const { revealed } = (await post('/api/v1/provably-fair/rotate', p)).body.data;
    expect(createHash('sha256').update(revealed.server_seed).digest('hex')).toBe(before.seed.server_seed_hash);

    // Cases: each opening's ticket falls in the range of its item, in the table of its odds version.
    for (const o of opens) {
      const shown = await outcome('case', o.id);
      const seed = shown.seed.server_seed;
      expect(createHash('sha256').update(seed).digest('hex')).toBe(shown.seed.server_seed_hash);
      const ticket = ticketOf(seed, shown.seed.client_seed, shown.rolls[0].nonce, shown.rolls[0].cursor);
      expect(ticket).toBe(o.ticket);
      expect(shown.odds_id).toBe(o.odds_id);
      const table = (await get(`/api/v1/provably-fair/odds/${o.odds_id}`)).body.data;
      expect(table.ranges).toEqual(shown.ranges);
      expect(inRange(table.ranges, ticket)!.item.id).toBe(o.item.item_id);
    }

    // The upgrade: the ticket inside the winning range is a win, and the range is chance × 1000 tickets.
    const up = await outcome('upgrade', upgrade.id);
    const upTicket = ticketOf(up.seed.server_seed, up.seed.client_seed, up.rolls[0].nonce, up.rolls[0].cursor);
    expect(upTicket).toBe(upgrade.roll);
    expect(up.win_to - up.win_from + 1).toBe(Math.round(up.chance * 1000));
    expect(up.win_from <= upTicket && upTicket <= up.win_to).toBe(upgrade.success);

    // The contract: the ticket picks the row of the table it was signed with.
    const ct = await outcome('contract', contract.id);
    const ctTicket = ticketOf(ct.seed.server_seed, ct.seed.client_seed, ct.rolls[0].nonce, ct.rolls[0].cursor);
    expect(inRange(ct.outcomes, ctTicket)!.item.id).toBe(contract.item.item_id);

    // The battle: its own seeds, nonce = round, cursor = seat, each round's table.
    const bt = await outcome('battle', created.battle_ulid);
    expect(bt.rounds).toHaveLength(2);
    for (const round of bt.rounds) {
      for (const drop of round.drops) {
        const ticket = ticketOf(bt.seed.server_seed, bt.seed.client_seed, round.round, drop.seat);
        expect(ticket).toBe(drop.ticket);
        expect(inRange(bt.odds[String(round.odds_id)], ticket)!.item.id).toBe(drop.item.id);
      }
    }

    // Techies: mine j takes the free cell at ⌊(ticket − 1) × (25 − j) / 100000⌋ (decision 021).
    const tc = await outcome('techies', game.id);
    expect(tc).toMatchObject({ state: 'lost', hit: mines[2], opened: [safe] });
    const free = Array.from({ length: 25 }, (_, i) => i);
    const placed: number[] = [];
    for (let cursor = 0; cursor < tc.mines_count; cursor++) {
      const ticket = ticketOf(tc.seed.server_seed, tc.seed.client_seed, tc.seed.nonce, cursor);
      expect(ticket).toBe(tc.rolls[cursor].ticket);
      placed.push(free.splice(Math.floor(((ticket - 1) * free.length) / 100_000), 1)[0]!);
    }
    expect(placed.sort((a, b) => a - b)).toEqual(tc.mines);
    expect(tc.mines).toContain(tc.hit);

    // The player's list holds them all, newest first, now revealed.
    const mine = (await get('/api/v1/provably-fair/outcomes?per_page=50', p)).body.data;
    expect(mine.total).toBe(3 + 1 + 1 + 1 + 1);
    expect(new Set(mine.items.map((i: any) => i.kind))).toEqual(new Set(['case', 'upgrade', 'contract', 'battle', 'techies']));
    expect(mine.items.every((i: any) => i.revealed)).toBe(true);
    expect(mine.items[0]).toMatchObject({ kind: 'techies', id: String(game.id) });
  });

  it('keeps the table an old opening verifies against after an operator changes the odds', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const cheap = await cheapestCase(store.app);
    const first = (await post(`/api/v1/cases/${cheap.slug}/open`, p, { multi_open: 1 })).body.data.opens[0];
    const oldTable = (await get(`/api/v1/provably-fair/odds/${first.odds_id}`)).body.data;

    // The operator's change: the catalogue file with a tenth of this case's likeliest drop's tickets moved to its rarest, reloaded.
    const { file } = readCatalogueFile(TEST_PROJECT);
    const changed = structuredClone(file);
    const drops = changed.cases.find((x) => x.slug === cheap.slug)!.drops;
    const likeliest = drops.reduce((a, b) => (b.tickets > a.tickets ? b : a));
    const rarest = drops.reduce((a, b) => (b.tickets < a.tickets ? b : a));
    const moved = Math.floor(likeliest.tickets / 10);
    likeliest.tickets -= moved;
    rarest.tickets += moved;
    await applyCatalogue(db(), TEST_PROJECT, changed, `changed-${Date.now()}`);

    const second = (await post(`/api/v1/cases/${cheap.slug}/open`, p, { multi_open: 1 })).body.data.opens[0];
    expect(second.odds_id).not.toBe(first.odds_id);
    const newTable = (await get(`/api/v1/provably-fair/odds/${second.odds_id}`)).body.data;
    expect(newTable.ranges).not.toEqual(oldTable.ranges);
    // The first opening still names, and still gets, the table it was rolled with.
    expect((await get(`/api/v1/provably-fair/odds/${first.odds_id}`)).body.data).toEqual(oldTable);
    const shown = await outcome('case', first.id);
    expect(shown.odds_id).toBe(first.odds_id);
    expect(shown.ranges).toEqual(oldTable.ranges);
    // Put the catalogue back for the other tests.
    await applyCatalogue(db(), TEST_PROJECT, file, `restored-${Date.now()}`);
  });

  it("lists a player's openings of one case, paged, newest first, to them alone", async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const cheap = await cheapestCase(store.app);
    const opens = (await post(`/api/v1/cases/${cheap.slug}/open`, p, { multi_open: 3 })).body.data.opens as any[];
    const caseId = (await db().execute(sql`select id from cases where slug = ${cheap.slug}`)) as unknown as { rows: { id: number }[] };
    const id = caseId.rows[0]!.id;
    const page1 = (await get(`/api/v1/provably-fair/case-history/${id}?per_page=2`, p, 'en')).body.data;
    expect(page1).toMatchObject({ total: 3, page: 1, per_page: 2, case: { id, slug: cheap.slug } });
    expect(page1.items.map((i: any) => i.id)).toEqual([String(opens[2].id), String(opens[1].id)]);
    const page2 = (await get(`/api/v1/provably-fair/case-history/${id}?per_page=2&page=2`, p)).body.data;
    expect(page2.items.map((i: any) => i.id)).toEqual([String(opens[0].id)]);
    const other = await registerPlayer(store.app);
    expect((await get(`/api/v1/provably-fair/case-history/${id}`, other)).body.data.total).toBe(0);
    expect((await get(`/api/v1/provably-fair/case-history/${id}`)).status).toBe(401);
  });

  it('answers an unknown outcome or odds version with its code, in the player language', async () => {
    const en = await get('/api/v1/provably-fair/outcomes/case/999999999', undefined, 'en');
    expect(en.status).toBe(404);
    expect(en.body).toMatchObject({ code: 'outcome_not_found', message: 'No such outcome' });
    expect((await get('/api/v1/provably-fair/outcomes/battle/NOSUCHBATTLE')).body.code).toBe('outcome_not_found');
    expect((await get('/api/v1/provably-fair/outcomes/upgrade/abc')).body.code).toBe('outcome_not_found');
    expect((await get('/api/v1/provably-fair/outcomes/dice/1')).status).toBe(400);
    expect((await get('/api/v1/provably-fair/outcomes/case/1;drop')).status).toBe(400);
    expect((await get('/api/v1/provably-fair/odds/999999')).body.code).toBe('odds_not_found');
  });

  it('are documented in the OpenAPI document, each call with its name', async () => {
    const doc = (await get('/api/docs')).body as any;
    const named = (path: string, method: 'get' | 'post') => doc.paths[path]?.[method]?.summary as string | undefined;
    for (const [path, method] of [
      ['/api/v1/provably-fair/seeds', 'get'],
      ['/api/v1/provably-fair/client-seed', 'post'],
      ['/api/v1/provably-fair/rotate', 'post'],
      ['/api/v1/provably-fair/seeds/revealed', 'get'],
      ['/api/v1/provably-fair/outcomes/{kind}/{id}', 'get'],
      ['/api/v1/provably-fair/outcomes', 'get'],
      ['/api/v1/provably-fair/odds/{id}', 'get'],
      ['/api/v1/provably-fair/case-history/{caseId}', 'get'],
      ['/api/v1/techies/start', 'post'],
      ['/api/v1/techies/open', 'post'],
      ['/api/v1/techies/cashout', 'post'],
      ['/api/v1/techies/game', 'get'],
    ] as const) {
      expect(named(path, method), `${method} ${path}`).toMatch(/^[A-Z].{10,}/);
    }
  });
});
