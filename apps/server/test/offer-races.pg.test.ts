import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hunterOfferName } from '../src/modules/offers/seed-offers.ts';
import { TEST_PROJECT } from './helpers/project-fixtures.ts';
import { api, countRows, fundedPlayer, ledgerMismatches, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Offer purchases racing. Only PostgreSQL runs the requests really in parallel on separate
 * connections, so this file runs there (offers.test.ts covers the queued case on PGlite).
 */
describe('offer races (PostgreSQL)', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store?.close());
  const db = () => store.database.db;
  const q = (query: ReturnType<typeof sql>) => countRows(db(), query);
  const offerId = (name: string) => q(sql`select id as n from offers where name = ${name}`);
  const buy = (p: Player, id: number) => api(store.app, 'POST', `/api/v1/offers/${id}/buy`, { token: p.token });

  it('sells a one-off offer once to one player sending 20 buys at once', async () => {
    const p = await fundedPlayer(store.app, db(), 2000);
    const id = await offerId('starter-pack');
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(p, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'offer_already_bought')).toHaveLength(19);
    expect(await q(sql`select count(*) as n from offer_purchases where user_id = ${p.userId}`)).toBe(1);
    expect(await q(sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'offer_buy'`)).toBe(1);
    expect(await q(sql`select count(*) as n from case_opens where user_id = ${p.userId}`)).toBe(3);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('sells exactly the 3 left of a limited offer to 10 players buying at once', async () => {
    const id = await offerId(hunterOfferName(TEST_PROJECT));
    await db().execute(sql`update offers set sold = total_limit - 3 where id = ${id}`);
    const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(store.app, db(), 5000)));
    const results = await Promise.all(players.map((p) => buy(p, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 'offer_sold_out')).toHaveLength(7);
    expect(await q(sql`select total_limit - sold as n from offers where id = ${id}`)).toBe(0);
    expect(await q(sql`select count(*) as n from offer_purchases where offer_id = ${id}`)).toBe(3);
    const ids = players.map((p) => p.userId);
    const debited = await q(sql`select count(*) as n from ledger where reason = 'offer_buy' and user_id in (${sql.join(ids, sql`, `)})`);
    expect(debited).toBe(3);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
