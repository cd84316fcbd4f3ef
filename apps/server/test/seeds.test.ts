import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { api, cheapestCase, fundedPlayer, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const seeds = (p: Player) => api(store.app, 'GET', '/api/v1/provably-fair/seeds', { token: p.token });
const rotate = (p: Player) => api(store.app, 'POST', '/api/v1/provably-fair/rotate', { token: p.token, body: {} });
const setSeed = (p: Player, client_seed: string) => api(store.app, 'POST', '/api/v1/provably-fair/client-seed', { token: p.token, body: { client_seed } });
const open = async (p: Player, slug: string) => (await api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token: p.token, body: { multi_open: 1 } })).body.data.opens[0];

/** The formula of DESIGN written out with node:crypto alone: the player's own recomputation. */
const ticketOf = (serverSeed: string, clientSeed: string, nonce: number, cursor: number) => {
  const d = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
  return Math.floor((d.readUInt32BE(0) / 2 ** 32) * 100_000) + 1;
};

describe('a player\'s seeds', () => {
  it('show the pair before any play, the next opening rolls with it, and rotation reveals a seed that recomputes it', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const before = (await seeds(p)).body.data.current;
    expect(before).toMatchObject({ next_nonce: 1 });
    expect(before.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const cheap = await cheapestCase(store.app);
    const opening = await open(p, cheap.slug);
    expect(opening).toMatchObject({ server_seed_hash: before.server_seed_hash, client_seed: before.client_seed, nonce: 1 });
    expect((await seeds(p)).body.data.current).toMatchObject({ server_seed_hash: before.server_seed_hash, next_nonce: 2 });

    const rotated = await rotate(p);
    expect(rotated.status).toBe(200);
    const { revealed, current } = rotated.body.data;
    expect(revealed).toMatchObject({ server_seed_hash: before.server_seed_hash, client_seed: before.client_seed, last_nonce: 1 });
    expect(createHash('sha256').update(revealed.server_seed).digest('hex')).toBe(before.server_seed_hash);
    expect(ticketOf(revealed.server_seed, opening.client_seed, opening.nonce, opening.cursor)).toBe(opening.ticket);
    expect(current).toMatchObject({ client_seed: before.client_seed, next_nonce: 1 });
    expect(current.server_seed_hash).not.toBe(before.server_seed_hash);
    // The next opening rolls with the new pair.
    expect(await open(p, cheap.slug)).toMatchObject({ server_seed_hash: current.server_seed_hash, nonce: 1 });
    const history = (await api(store.app, 'GET', '/api/v1/provably-fair/seeds/revealed', { token: p.token })).body.data;
    expect(history).toMatchObject({ total: 1, items: [{ server_seed: revealed.server_seed }] });
  });

  it('take a new client seed from the next roll only; a roll already made keeps the one it used', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const cheap = await cheapestCase(store.app);
    const first = await open(p, cheap.slug);
    const changed = await setSeed(p, 'my-own_Seed42');
    expect(changed.status).toBe(200);
    expect(changed.body.data.current).toMatchObject({ client_seed: 'my-own_Seed42', next_nonce: 2, server_seed_hash: first.server_seed_hash });
    const second = await open(p, cheap.slug);
    expect(second).toMatchObject({ client_seed: 'my-own_Seed42', nonce: 2 });
    const { revealed } = (await rotate(p)).body.data;
    expect(ticketOf(revealed.server_seed, first.client_seed, first.nonce, first.cursor)).toBe(first.ticket);
    expect(ticketOf(revealed.server_seed, 'my-own_Seed42', second.nonce, second.cursor)).toBe(second.ticket);
    expect(first.client_seed).not.toBe('my-own_Seed42');
  });

  it('refuse a client seed outside 1 to 64 Latin letters, digits, _ or -, in the player\'s language, changing nothing', async () => {
    const p = await registerPlayer(store.app);
    const before = (await seeds(p)).body.data.current;
    for (const bad of ['', 'a:b', 'пароль', 'x'.repeat(65), 'with space']) {
      const r = await setSeed(p, bad);
      expect(r.status, bad).toBe(422);
      expect(r.body.code).toBe('clientSeedInvalid');
    }
    const say = async (lang: 'ru' | 'en') => (await api(store.app, 'POST', '/api/v1/provably-fair/client-seed', { token: p.token, body: { client_seed: 'a:b' }, lang })).body.message;
    expect(await say('en')).toMatch(/client seed/i);
    expect(await say('ru')).toMatch(/Клиентский сид/);
    expect((await seeds(p)).body.data.current).toEqual(before);
  });

  it('refuse rotation while the player sits in a battle that is waiting or playing, and allow it after', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const cheap = await cheapestCase(store.app);
    const created = await api(store.app, 'POST', '/api/battles/battles', { token: p.token, body: { mode: '1v1', cases: [{ slug: cheap.slug, count: 1 }] } });
    expect(created.status).toBe(200);
    const before = (await seeds(p)).body.data.current;
    const refused = await rotate(p);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('seedRotationInGame');
    expect((await seeds(p)).body.data.current).toEqual(before);
    expect((await api(store.app, 'POST', '/api/battles/cancel_start', { token: p.token, body: { battle_ulid: created.body.data.battle_ulid } })).status).toBe(200);
    expect((await rotate(p)).status).toBe(200);
  });

  it('rotate once under simultaneous rotations, and a roll racing them never uses a revealed seed', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const cheap = await cheapestCase(store.app);
    const results = await Promise.all([...Array.from({ length: 5 }, () => rotate(p)), open(p, cheap.slug)]);
    const rotations = results.slice(0, 5) as Awaited<ReturnType<typeof rotate>>[];
    const opening = results[5] as Awaited<ReturnType<typeof open>>;
    const revealed = rotations.filter((r) => r.status === 200).map((r) => r.body.data.revealed);
    expect(revealed.length).toBeGreaterThanOrEqual(1);
    const history = (await api(store.app, 'GET', '/api/v1/provably-fair/seeds/revealed?per_page=100', { token: p.token })).body.data.items as { server_seed_hash: string; server_seed: string; last_nonce: number }[];
    expect(history).toHaveLength(revealed.length);
    // The opening used either a pair revealed later (and recomputes with it) or the current one.
    const used = history.find((h) => h.server_seed_hash === opening.server_seed_hash);
    if (used) expect(ticketOf(used.server_seed, opening.client_seed, opening.nonce, opening.cursor)).toBe(opening.ticket);
    else expect((await seeds(p)).body.data.current.server_seed_hash).toBe(opening.server_seed_hash);
  });

  it('belong to signed-in players only', async () => {
    expect((await api(store.app, 'GET', '/api/v1/provably-fair/seeds')).status).toBe(401);
    expect((await api(store.app, 'POST', '/api/v1/provably-fair/rotate', { body: {} })).status).toBe(401);
  });
});
