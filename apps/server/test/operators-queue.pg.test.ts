import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, countRows, giveItems, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { listenForSockets } from './helpers/ws.ts';

/**
 * Operators acting on one withdrawal at once (decision 032). Only PostgreSQL runs the requests
 * really in parallel on separate connections, so this file runs there.
 */
describe('withdrawal queue races (PostgreSQL)', () => {
  let store: TestStore;
  let admin: Player;
  let support: Player;
  beforeAll(async () => {
    store = await createTestStore();
    // A refund asks the sandbox marketplace, which this store serves, about the order first.
    await listenForSockets(store.app);
    admin = await registerPlayer(store.app);
    support = await registerPlayer(store.app);
    await runAdminCommand(store.database.db, { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
    await runAdminCommand(store.database.db, { command: 'role', login: support.login, role: 'support', operator: 'test' });
  });
  afterAll(() => store?.close());
  const db = () => store.database.db;

  /** A player's item in a withdrawal the worker handed to the operators. */
  async function handedOver(): Promise<{ id: number; itemId: number }> {
    const p = await registerPlayer(store.app);
    const [item] = await giveItems(db(), p.userId, [{ key: store.app.deps.catalogue.byPrice()[20]!.key }]);
    await db().execute(sql`update inventory_items set status = 'support' where id = ${item!.id}`);
    const res = (await db().execute(
      sql`insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, reason, deadline, next_at)
          values (${item!.id}, ${p.userId}, ${item!.key}, 'x', 1000, 'trade', ${`w-race-${item!.id}`}, 'support', 'not_settled', now(), now()) returning id`,
    )) as unknown as { rows: { id: number | string }[] };
    return { id: Number(res.rows[0]!.id), itemId: item!.id };
  }
  const act = (id: number, action: string, token: string, key?: string) =>
    api(store.app, 'POST', `/api/v1/admin/withdrawals/${id}/${action}`, {
      token,
      body: { reason: 'race test' },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const audits = (id: number) => countRows(db(), sql`select count(*) as n from operator_actions where target_kind = 'withdrawal' and target_id = ${String(id)}`);

  it('30 operators refunding one withdrawal at once: one refund, the item back once', async () => {
    const w = await handedOver();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => act(w.id, 'refund', i % 2 ? admin.token : support.token)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.code, a.body.params]).toEqual([409, 'withdrawal_state_conflict', { state: 'failed' }]);
    expect(await audits(w.id)).toBe(1);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where id = ${w.itemId} and status = 'progress'`)).toBe(1);
  });

  it('refunds, retries and marks delivered racing on one withdrawal: exactly one outcome, item and withdrawal agree', async () => {
    for (let round = 0; round < 5; round++) {
      const w = await handedOver();
      const actions = ['refund', 'retry', 'delivered'] as const;
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => act(w.id, actions[i % 3]!, i % 2 ? admin.token : support.token)));
      const won = answers.map((a, i) => [a.status, actions[i % 3]!] as const).filter(([s]) => s === 200);
      expect(won, JSON.stringify(answers.map((a) => a.body.code))).toHaveLength(1);
      // The others are told it left the state they could act on, or (after a retry) that the worker has it.
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(['withdrawal_state_conflict', 'withdrawal_busy']).toContain(a.body.code);
      }
      expect(await audits(w.id)).toBe(1);
      const [row] = (
        (await db().execute(
          sql`select w.state, i.status from withdrawals w join inventory_items i on i.id = w.item_id where w.id = ${w.id}`,
        )) as unknown as { rows: { state: string; status: string }[] }
      ).rows;
      const expected = { refund: ['failed', 'progress'], retry: ['unconfirmed', 'PREPARING'], delivered: ['accepted', 'STEAM_WITHDRAWN'] }[won[0]![1]];
      // A retried one may already have been taken up by the worker (the marketplace does not know its order): still being withdrawn, never back.
      if (won[0]![1] === 'retry') expect(['PREPARING', 'vendor waiting', 'send', 'STEAM_WITHDRAWN', 'support']).toContain(row!.status);
      else expect([row!.state, row!.status]).toEqual(expected);
    }
  });

  it('30 refunds at once of a withdrawal whose order the marketplace delivered: none, the item stays withdrawn', async () => {
    const w = await handedOver();
    const placed = await store.app.deps.vendor.buyFor({ customId: `w-race-${w.itemId}`, hashName: 'x', maxPrice: 1000, partner: '4242', token: `okrace${w.itemId}` });
    expect(placed.kind).toBe('placed');
    // Placed an hour ago: the seller sent and the player accepted long since.
    await db().execute(sql`update sandbox_market_orders set created_at = created_at - interval '1 hour' where custom_id = ${`w-race-${w.itemId}`}`);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => act(w.id, 'refund', i % 2 ? admin.token : support.token)));
    for (const a of answers) expect([a.status, a.body.code]).toEqual([409, 'withdrawal_delivered_at_market']);
    expect(await audits(w.id)).toBe(0);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where id = ${w.itemId} and status = 'support'`)).toBe(1);
  });

  it('20 concurrent refunds with one Idempotency-Key: one refund, every answer the same', async () => {
    const w = await handedOver();
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(w.id, 'refund', admin.token, `same-${w.id}`)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(await audits(w.id)).toBe(1);
  });
});
