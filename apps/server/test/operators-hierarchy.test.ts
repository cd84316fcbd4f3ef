import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand, type AdminCommand } from '../src/admin/commands.ts';
import { api, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The operators' ranks (decision 059): an operator acts only on accounts of a lower role (never
 * their own, never an operator of their role or above) in every per-player change of the console;
 * the command line acts on anyone but never leaves the store without an acting admin, and unblocks.
 */
let store: TestStore;
let admin: Player;
let otherAdmin: Player;
let support: Player;
let otherSupport: Player;
let player: Player;
const db = () => store.database.db;
const ctx = () => ({ accountChanged: (id: number) => store.app.deps.sessions.forgetUser(id) });
const operate = (cmd: AdminCommand) => runAdminCommand(db(), cmd, ctx());

beforeAll(async () => {
  store = await createTestStore();
  [admin, otherAdmin, support, otherSupport] = [await registerPlayer(store.app), await registerPlayer(store.app), await registerPlayer(store.app), await registerPlayer(store.app)];
  player = await fundedPlayer(store.app, db(), 10);
  for (const [p, role] of [
    [admin, 'admin'],
    [otherAdmin, 'admin'],
    [support, 'support'],
    [otherSupport, 'support'],
  ] as const)
    await operate({ command: 'role', login: p.login, role, operator: 'test' });
});
afterAll(() => store.close());

const auditRows = () => countRows(db(), sql`select count(*) as n from operator_actions`);
const gold = (userId: number) => countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'GOLD'`);
const me = (p: Player) => api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
const standing = async (p: Player) => (await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}`, { token: admin.token })).body.data;
const sessionOf = async (p: Player): Promise<string> =>
  (await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}/sessions`, { token: admin.token })).body.data.sessions[0].id;

/** A withdrawal of `p`'s handed to the operators, with its item. */
async function handedOver(p: Player): Promise<number> {
  const res = (await db().execute(sql`
    with item as (
      insert into inventory_items (user_id, item_key, price, status, source, source_ref)
      select ${p.userId}, key, price, 'support', 'Case', 'rank test' from catalogue_items where type = 0 order by price limit 1
      returning id, item_key)
    insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, deadline, next_at)
    select id, ${p.userId}, item_key, 'x', 1, 'trade', 'w-rank-' || id, 'support', now(), now() from item returning id`)) as unknown as { rows: { id: number | string }[] };
  return Number(res.rows[0]!.id);
}
const withdrawalState = async (id: number) =>
  ((await db().execute(sql`select state from withdrawals where id = ${id}`)) as unknown as { rows: { state: string }[] }).rows[0]!.state;

/** Every per-player change of the console, by `actor` on `target`. */
async function everyChange(actor: Player, target: Player) {
  const withdrawal = await handedOver(target);
  const session = await sessionOf(target);
  const calls = {
    block: await api(store.app, 'POST', `/api/v1/admin/players/${target.userId}/block`, { token: actor.token, body: { reason: 'rank test' } }),
    unblock: await api(store.app, 'POST', `/api/v1/admin/players/${target.userId}/unblock`, { token: actor.token, body: {} }),
    balance: await api(store.app, 'POST', `/api/v1/admin/players/${target.userId}/balance`, { token: actor.token, body: { amount: 5, reason: 'rank test' } }),
    session: await api(store.app, 'POST', `/api/v1/admin/players/${target.userId}/sessions/${session}/revoke`, { token: actor.token, body: { reason: 'rank test' } }),
    delivered: await api(store.app, 'POST', `/api/v1/admin/withdrawals/${withdrawal}/delivered`, { token: actor.token, body: { reason: 'rank test' } }),
  };
  return { calls, withdrawal };
}

describe('operator ranks in the console', () => {
  it('refuses support blocking an admin (the probe): 403 operator_rank, and the admin keeps the store and the console', async () => {
    const before = await auditRows();
    const res = await api(store.app, 'POST', `/api/v1/admin/players/${admin.userId}/block`, { token: support.token, body: { reason: 'take over' } });
    expect([res.status, res.body.code]).toEqual([403, 'operator_rank']);
    expect(res.body.message).toBe('Нельзя действовать против своего аккаунта или оператора с такими же или большими правами');
    expect((await me(admin)).status).toBe(200);
    expect((await api(store.app, 'GET', '/api/v1/admin/audit', { token: admin.token })).status).toBe(200);
    expect(await auditRows()).toBe(before);
  });

  for (const [who, actor, target] of [
    ['support on an admin', () => support, () => admin],
    ['support on another support', () => support, () => otherSupport],
    ['an admin on another admin', () => admin, () => otherAdmin],
    ['an admin on themselves', () => admin, () => admin],
    ['support on themselves', () => support, () => support],
  ] as const) {
    it(`refuses every per-player change of ${who}, changing nothing`, async () => {
      const [auditBefore, goldBefore] = [await auditRows(), await gold(target().userId)];
      const { calls, withdrawal } = await everyChange(actor(), target());
      for (const [name, res] of Object.entries(calls)) {
        // Support moves no money at all: the guard refuses it before the ranks are asked.
        const code = name === 'balance' && actor() === support ? 'admin_only' : 'operator_rank';
        expect([name, res.status, res.body.code]).toEqual([name, 403, code]);
      }
      expect(await auditRows()).toBe(auditBefore);
      expect(await gold(target().userId)).toBe(goldBefore);
      expect(await withdrawalState(withdrawal)).toBe('support');
      expect(await standing(target())).toMatchObject({ blocked: false });
      // The session an operator tried to end still signs its owner in.
      expect((await me(target())).status).toBe(200);
    });
  }

  it('lets support act on a player, and an admin on support and on a player', async () => {
    for (const [actor, target] of [
      [support, player],
      [admin, otherSupport],
      [admin, player],
    ] as const) {
      const { calls, withdrawal } = await everyChange(actor, target);
      // Support moves no money whoever the player is (the permission table, not the ranks).
      expect([calls.block.status, calls.unblock.status, calls.session.status, calls.delivered.status]).toEqual([200, 200, 200, 200]);
      expect(calls.session.body.data.revoked).toBe(true);
      expect(calls.balance.status).toBe(actor === support ? 403 : 200);
      if (actor === support) expect(calls.balance.body.code).toBe('admin_only');
      expect(await withdrawalState(withdrawal)).toBe('accepted');
      // The ended session signs nobody in; the next test signs the target in again.
      expect((await me(target)).status).toBe(401);
      const again = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: target.login, password: target.password } });
      target.token = again.body.data.access_token;
    }
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe('the last acting admin and the command line', () => {
  const actingAdmins = () => countRows(db(), sql`select count(*) as n from users where role = 'admin' and blocked_at is null`);

  it('blocks and unblocks any account from the command line, an admin too, each with its audit row', async () => {
    const blocked = await operate({ command: 'block', login: otherAdmin.login, reason: 'left the team', operator: 'root' });
    expect(blocked).toMatchObject({ login: otherAdmin.login, user_id: otherAdmin.userId, blocked: true, blocked_reason: 'left the team' });
    expect((await me(otherAdmin)).body.code).toBe('account_blocked');
    const unblocked = await operate({ command: 'unblock', login: otherAdmin.login, operator: 'root' });
    expect(unblocked).toMatchObject({ blocked: false });
    expect((await me(otherAdmin)).status).toBe(200);
    const audit = await api(store.app, 'GET', `/api/v1/admin/audit?target_kind=player&target_id=${otherAdmin.userId}&per_page=2`, { token: admin.token });
    expect(audit.body.data.items.map((a: any) => [a.action, a.operator, a.before.blocked, a.after.blocked])).toEqual([
      ['players.unblock', { id: null, name: 'root' }, true, false],
      ['players.block', { id: null, name: 'root' }, false, true],
    ]);
  });

  it('never blocks or demotes the last acting admin, from the command line or the console', async () => {
    await operate({ command: 'block', login: otherAdmin.login, reason: 'on holiday', operator: 'root' });
    expect(await actingAdmins()).toBe(1);
    const before = await auditRows();
    await expect(operate({ command: 'block', login: admin.login, reason: 'oops', operator: 'root' })).rejects.toThrow(/last acting administrator/);
    for (const role of ['none', 'support'] as const)
      await expect(operate({ command: 'role', login: admin.login, role, operator: 'root' })).rejects.toThrow(/last acting administrator/);
    const self = await api(store.app, 'POST', `/api/v1/admin/players/${admin.userId}/block`, { token: admin.token, body: { reason: 'self' } });
    expect([self.status, self.body.code]).toEqual([403, 'operator_rank']);
    expect(await auditRows()).toBe(before);
    expect(await actingAdmins()).toBe(1);
    expect((await api(store.app, 'GET', '/api/v1/admin/audit', { token: admin.token })).status).toBe(200);

    // A blocked admin may lose its role: the acting admins stay as they are.
    await operate({ command: 'role', login: otherAdmin.login, role: 'support', operator: 'root' });
    await operate({ command: 'unblock', login: otherAdmin.login, operator: 'root' });
    await operate({ command: 'make-admin', login: otherAdmin.login, operator: 'root' });
    expect(await actingAdmins()).toBe(2);
    // With another acting admin, the first may go.
    await operate({ command: 'role', login: admin.login, role: 'support', operator: 'root' });
    await operate({ command: 'make-admin', login: admin.login, operator: 'root' });
    expect(await actingAdmins()).toBe(2);
  });

  it('make-admin on a blocked account says it is blocked and changes nothing; unblock lets the admin back in', async () => {
    const p = await registerPlayer(store.app);
    await operate({ command: 'role', login: p.login, role: 'admin', operator: 'root' });
    await operate({ command: 'block', login: p.login, reason: 'blocked by mistake', operator: 'root' });
    const before = await auditRows();
    await expect(operate({ command: 'make-admin', login: p.login, operator: 'root' })).rejects.toThrow(
      `${p.login} is blocked (blocked by mistake), so a role would not let it in: unblock it first with \`npm run admin -- unblock --login ${p.login}\``,
    );
    const q = await registerPlayer(store.app);
    await operate({ command: 'block', login: q.login, reason: 'fraud', operator: 'root' });
    const blockedPlayer = await auditRows();
    await expect(operate({ command: 'role', login: q.login, role: 'support', operator: 'root' })).rejects.toThrow(/is blocked/);
    expect(await auditRows()).toBe(blockedPlayer);
    expect(blockedPlayer).toBe(before + 1);
    expect((await me(p)).body.code).toBe('account_blocked');
    await operate({ command: 'unblock', login: p.login, operator: 'root' });
    expect((await api(store.app, 'GET', '/api/v1/admin/audit', { token: p.token })).status).toBe(200);
    await expect(operate({ command: 'unblock', login: 'nobody-here', operator: 'root' })).rejects.toThrow(/no player/);
  });
});
