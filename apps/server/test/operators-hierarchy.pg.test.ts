import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand, type AdminCommand } from '../src/admin/commands.ts';
import { api, countRows, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The last acting admin under races (decision 059). Only PostgreSQL runs the changes really in
 * parallel on separate connections, so this file runs there.
 */
describe('the last acting admin under races (PostgreSQL)', () => {
  let store: TestStore;
  let a: Player;
  let b: Player;
  const db = () => store.database.db;
  const operate = (cmd: AdminCommand) => runAdminCommand(db(), cmd);
  const actingAdmins = () => countRows(db(), sql`select count(*) as n from users where role = 'admin' and blocked_at is null`);
  beforeAll(async () => {
    store = await createTestStore();
    [a, b] = [await registerPlayer(store.app), await registerPlayer(store.app)];
    for (const p of [a, b]) await operate({ command: 'make-admin', login: p.login, operator: 'test' });
  });
  afterAll(() => store?.close());

  /** The outcomes of changes run at once: how many went through, and the refusals' messages. */
  const race = async (changes: (() => Promise<unknown>)[]) => {
    const settled = await Promise.allSettled(changes.map((c) => c()));
    return {
      done: settled.filter((s) => s.status === 'fulfilled').length,
      refused: settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : [])),
    };
  };
  /** Both admins acting again, whatever the round before left. */
  const restore = async () => {
    for (const p of [a, b]) {
      await operate({ command: 'unblock', login: p.login, operator: 'test' });
      await operate({ command: 'make-admin', login: p.login, operator: 'test' });
    }
    expect(await actingAdmins()).toBe(2);
  };

  it('two admins blocked at once from the command line: one block goes through, the other is refused, one admin still acts', async () => {
    for (let round = 0; round < 5; round++) {
      await restore();
      const { done, refused } = await race([
        () => operate({ command: 'block', login: a.login, reason: 'race', operator: 'one' }),
        () => operate({ command: 'block', login: b.login, reason: 'race', operator: 'two' }),
      ]);
      expect([done, refused.length]).toEqual([1, 1]);
      expect(refused[0]).toMatch(/last acting administrator/);
      expect(await actingAdmins()).toBe(1);
    }
  });

  it('an admin blocked while the other is demoted at once: one admin still acts', async () => {
    for (let round = 0; round < 5; round++) {
      await restore();
      const { done, refused } = await race([
        () => operate({ command: 'block', login: a.login, reason: 'race', operator: 'one' }),
        () => operate({ command: 'role', login: b.login, role: 'none', operator: 'two' }),
      ]);
      expect([done, refused.length]).toEqual([1, 1]);
      expect(await actingAdmins()).toBe(1);
    }
  });

  it('two admins blocking each other at once in the console: both refused, both still act', async () => {
    await restore();
    const before = await countRows(db(), sql`select count(*) as n from operator_actions`);
    const [ab, ba] = await Promise.all([
      api(store.app, 'POST', `/api/v1/admin/players/${b.userId}/block`, { token: a.token, body: { reason: 'race' } }),
      api(store.app, 'POST', `/api/v1/admin/players/${a.userId}/block`, { token: b.token, body: { reason: 'race' } }),
    ]);
    expect([ab.status, ab.body.code, ba.status, ba.body.code]).toEqual([403, 'operator_rank', 403, 'operator_rank']);
    expect(await actingAdmins()).toBe(2);
    expect(await countRows(db(), sql`select count(*) as n from operator_actions`)).toBe(before);
  });
});
