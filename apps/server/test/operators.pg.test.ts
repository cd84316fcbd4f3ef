import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Operators' balance adjustments racing (decision 029). Only PostgreSQL runs the requests really
 * in parallel on separate connections, so this file runs there.
 */
describe('operator balance races (PostgreSQL)', () => {
  let store: TestStore;
  let admin: Player;
  beforeAll(async () => {
    store = await createTestStore();
    admin = await registerPlayer(store.app);
    await runAdminCommand(store.database.db, { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  });
  afterAll(() => store?.close());
  const db = () => store.database.db;
  const gold = (userId: number) => countRows(db(), sql`select amount as n from wallets where user_id = ${userId} and currency = 'GOLD'`);
  const adjust = (userId: number, amount: number, key?: string) =>
    api(store.app, 'POST', `/api/v1/admin/players/${userId}/balance`, {
      token: admin.token,
      body: { amount, reason: 'race test' },
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('20 concurrent adjustments with one Idempotency-Key pay once and all answer the same', async () => {
    const p = await fundedPlayer(store.app, db(), 0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => adjust(p.userId, 25, `same-${p.userId}`)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(await gold(p.userId)).toBe(2500);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`)).toBe(1);
    expect(
      await countRows(
        db(),
        sql`select count(*) as n from operator_actions where target_id = ${String(p.userId)} and action = 'players.balance'`,
      ),
    ).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('20 different concurrent debits never take the balance below zero', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => adjust(p.userId, -30, `debit-${p.userId}-${i}`)));
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(paid).toHaveLength(3);
    for (const a of refused) expect([a.status, a.body.code]).toEqual([402, 'balance_error']);
    expect(await gold(p.userId)).toBe(1000);
    // The grant, then the three debits; each debit with its audit row.
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`)).toBe(4);
    expect(
      await countRows(
        db(),
        sql`select count(*) as n from operator_actions where target_id = ${String(p.userId)} and action = 'players.balance'`,
      ),
    ).toBe(4);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
