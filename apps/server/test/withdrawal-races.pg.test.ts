import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_ACTIVE_WITHDRAWALS } from '@store/shared/withdrawals';
import { api, countRows, giveItems, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Withdrawal requests racing for the limit of withdrawals under way. Only PostgreSQL runs the
 * requests really in parallel on separate connections, so this file runs there.
 */
describe('withdrawal races (PostgreSQL)', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
    // The withdrawals stay queued, so every one counts against the limit for the whole test.
    await store.app.deps.withdrawalWorker.close();
  });
  afterAll(() => store?.close());
  const db = () => store.database.db;

  it('parallel senditem calls never start more withdrawals than the limit; refused items stay in the inventory', async () => {
    const perRequest = 5;
    const requests = 8;
    const key = store.app.deps.catalogue.byPrice()[20]!.key;
    const players = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const p = await registerPlayer(store.app);
        const link = `https://steamcommunity.com/tradeoffer/new/?partner=4242&token=ok${i}race`;
        expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link } })).status).toBe(200);
        const items = await giveItems(db(), p.userId, Array.from({ length: perRequest * requests }, () => ({ key })));
        return { p, batches: Array.from({ length: requests }, (_, b) => items.slice(b * perRequest, (b + 1) * perRequest).map((x) => x.id)) };
      }),
    );
    const results = await Promise.all(
      players.flatMap(({ p, batches }) =>
        batches.map(async (ids) => ({ userId: p.userId, ids, res: await api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids, method: 'trade' } }) })),
      ),
    );
    for (const { p } of players) {
      const mine = results.filter((r) => r.userId === p.userId);
      const accepted = mine.filter((r) => r.res.status === 200);
      const refused = mine.filter((r) => r.res.status !== 200);
      expect(accepted).toHaveLength(MAX_ACTIVE_WITHDRAWALS / perRequest);
      for (const r of refused) expect([r.res.status, r.res.body.code]).toEqual([429, 'tooManyWithdrawals']);
      expect(await countRows(db(), sql`select count(*) as n from withdrawals where user_id = ${p.userId} and state = 'queued'`)).toBe(MAX_ACTIVE_WITHDRAWALS);
      const refusedIds = refused.flatMap((r) => r.ids);
      expect(
        await countRows(db(), sql`select count(*) as n from inventory_items where id in ${sql.raw(`(${refusedIds.join(',')})`)} and status = 'progress' and timer_ends_at is null`),
      ).toBe(refusedIds.length);
      const acceptedIds = accepted.flatMap((r) => r.ids);
      expect(
        await countRows(db(), sql`select count(*) as n from inventory_items where id in ${sql.raw(`(${acceptedIds.join(',')})`)} and status = 'PREPARING'`),
      ).toBe(acceptedIds.length);
    }
  });
});
