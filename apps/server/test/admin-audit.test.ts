import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand, type AdminCommand } from '../src/admin/commands.ts';
import { announceSwitches } from '../src/modules/platform/switches.ts';
import { api, catalogueByPrice, cheapestCase, countRows, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * `npm run admin` is audited like the console (decision 059): every command that changes players'
 * money, items or rights, or the store's promotions and switches, writes its audit row in the
 * change's own transaction, naming the command line (no account, the operator's name), and the
 * console's audit page lists it.
 */
let store: TestStore;
let admin: Player;
let player: Player;
const db = () => store.database.db;
const OPERATOR = 'cli-alice';

beforeAll(async () => {
  store = await createTestStore();
  admin = await registerPlayer(store.app);
  player = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'make-admin', login: admin.login, operator: 'test' });
});
afterAll(() => store.close());

const run = (cmd: AdminCommand) => {
  const { configuredFlags, bus, sessions } = store.app.deps;
  return runAdminCommand(db(), cmd, {
    switches: { configured: configuredFlags, announce: () => announceSwitches(bus) },
    accountChanged: (id) => sessions.forgetUser(id),
  });
};
/** The audit as the console's audit page reads it, newest first. */
const audit = async (query = '') => (await api(store.app, 'GET', `/api/v1/admin/audit?per_page=50${query}`, { token: admin.token })).body.data.items;
const auditCount = () => countRows(db(), sql`select count(*) as n from operator_actions`);

/** Runs a command and returns the one audit row it wrote (failing if it wrote none, or more). */
async function auditedRun(cmd: AdminCommand) {
  const before = await auditCount();
  const result = await run(cmd);
  expect(await auditCount(), `${cmd.command} writes one audit row`).toBe(before + 1);
  const [row] = await audit();
  expect(row.operator, cmd.command).toEqual({ id: null, name: OPERATOR });
  return { result: result as any, row };
}

describe('the command line’s audit', () => {
  it('give-item: the items given, in the audit row of the same transaction', async () => {
    const item = (await catalogueByPrice(db()))[0]!;
    const { result, row } = await auditedRun({ command: 'give-item', login: player.login, item: item.key, count: 2, reason: 'lost drop', operator: OPERATOR });
    expect(row).toMatchObject({
      action: 'players.items',
      target: { kind: 'player', id: String(player.userId) },
      before: null,
      after: { item: item.key, count: 2, price: item.price / 100, inventory_ids: result.inventory_ids },
      reason: 'lost drop',
    });
    const owned = await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${player.userId} and source = 'Operator' and source_ref = ${`operator:${OPERATOR}`}`);
    expect(owned).toBe(2);
  });

  it('free-case: the free opening given, in the audit row of the same transaction', async () => {
    const kase = await cheapestCase(store.app);
    const { result, row } = await auditedRun({ command: 'free-case', login: player.login, case: kase.slug, days: 3, operator: OPERATOR });
    expect(result).toMatchObject({ user_id: player.userId, case: kase.slug, granted: true });
    expect(row).toMatchObject({ action: 'players.free_case', target: { kind: 'player', id: String(player.userId) }, after: { case: kase.slug, days: 3, expires_at: result.expires_at } });
    const free = await api(store.app, 'GET', '/api/v1/cases/free', { token: player.token });
    expect(free.body.data.openings).toHaveLength(1);
    // An unknown case gives nothing and writes nothing.
    const before = await auditCount();
    await expect(run({ command: 'free-case', login: player.login, case: 'no-such-case', days: 3, operator: OPERATOR })).rejects.toThrow(/no case/);
    expect(await auditCount()).toBe(before);
  });

  it('grant, role, make-admin, block and unblock: each its audit row with what changed', async () => {
    const p = await registerPlayer(store.app);
    expect((await auditedRun({ command: 'grant', login: p.login, amount: 4, reason: 'goodwill', operator: OPERATOR })).row).toMatchObject({
      action: 'players.balance',
      after: { currency: 'GOLD', balance: 4 },
      reason: 'goodwill',
    });
    expect((await auditedRun({ command: 'role', login: p.login, role: 'support', operator: OPERATOR })).row).toMatchObject({ action: 'roles.set', before: { role: null }, after: { role: 'support' } });
    expect((await auditedRun({ command: 'make-admin', login: p.login, operator: OPERATOR })).row).toMatchObject({ action: 'roles.set', before: { role: 'support' }, after: { role: 'admin' } });
    expect((await auditedRun({ command: 'block', login: p.login, reason: 'left the team', operator: OPERATOR })).row).toMatchObject({
      action: 'players.block',
      target: { kind: 'player', id: String(p.userId) },
      after: { blocked: true, reason: 'left the team' },
    });
    expect((await auditedRun({ command: 'unblock', login: p.login, operator: OPERATOR })).row).toMatchObject({ action: 'players.unblock', after: { blocked: false } });
  });

  it('withdrawal settle, promo create, flags, tech-work, leaderboards and events: each its audit row', async () => {
    const created = (await db().execute(sql`
      with item as (
        insert into inventory_items (user_id, item_key, price, status, source, source_ref)
        select ${player.userId}, key, price, 'support', 'Case', 'audit test' from catalogue_items where type = 0 order by price limit 1
        returning id, item_key)
      insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, deadline, next_at)
      select id, ${player.userId}, item_key, 'x', 1, 'trade', 'w-audit-' || id, 'support', now(), now() from item returning id`)) as unknown as { rows: { id: number | string }[] };
    const withdrawal = Number(created.rows[0]!.id);
    expect((await auditedRun({ command: 'withdrawal-settle', id: withdrawal, outcome: 'delivered', operator: OPERATOR })).row).toMatchObject({
      action: 'withdrawals.delivered',
      target: { kind: 'withdrawal', id: String(withdrawal) },
      before: { state: 'support' },
      after: { state: 'accepted' },
    });
    expect((await auditedRun({ command: 'promo-create', code: 'CLI-AUDIT', kind: 'common', percent: 5, total: 0, perPlayer: 0, operator: OPERATOR })).row).toMatchObject({
      target: { kind: 'promo_code', id: 'CLI-AUDIT' },
    });
    expect((await auditedRun({ command: 'flags-set', name: 'techies', value: 'on', operator: OPERATOR })).row).toMatchObject({ action: 'flags.write', target: { kind: 'flag', id: 'techies' } });
    expect((await auditedRun({ command: 'flags-reset', name: 'techies', operator: OPERATOR })).row).toMatchObject({ action: 'flags.write', after: { source: 'configuration' } });
    expect((await auditedRun({ command: 'techwork', action: 'on', operator: OPERATOR })).row).toMatchObject({ action: 'techwork.write', after: { on: true } });
    expect((await auditedRun({ command: 'techwork', action: 'off', operator: OPERATOR })).row).toMatchObject({ action: 'techwork.write', after: { on: false } });
    const board = await auditedRun({ command: 'top-create', type: 'won', hours: 24, prizes: 0, order: 0, operator: OPERATOR });
    expect(board.row).toMatchObject({ target: { kind: 'leaderboard', id: String(board.result.id) } });
    expect((await auditedRun({ command: 'top-end', id: board.result.id, operator: OPERATOR })).row).toMatchObject({ target: { kind: 'leaderboard', id: String(board.result.id) } });
    const definition = {
      slug: 'cli-audit',
      title: { ru: 'Аудит', en: 'Audit' },
      subtitle: { ru: 'Аудит', en: 'Audit' },
      full_name: { ru: 'Аудит', en: 'Audit' },
      starts_at: '2031-01-01T00:00:00Z',
      ends_at: '2031-02-01T00:00:00Z',
      levels: [{ threshold: 10, coins: 1 }],
    };
    const event = await auditedRun({ command: 'event-create', definition: JSON.stringify(definition), operator: OPERATOR });
    expect(event.row).toMatchObject({ action: 'events.create', target: { kind: 'event', id: String(event.result.id) } });
    // The seeded season is running: the command ends it now.
    const season = (await api(store.app, 'GET', '/api/v1/admin/events/1', { token: admin.token })).body.data;
    expect((await auditedRun({ command: 'event-end', slug: season.slug, operator: OPERATOR })).row).toMatchObject({ target: { kind: 'event', id: '1' } });
  });

  it('the console’s audit filters the command line’s rows by target like any other', async () => {
    const rows = await audit(`&target_kind=player&target_id=${player.userId}`);
    expect(rows.map((r: any) => [r.action, r.operator])).toEqual([
      ['players.free_case', { id: null, name: OPERATOR }],
      ['players.items', { id: null, name: OPERATOR }],
    ]);
  });
});
