import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { recordActivity } from '../src/modules/activity/record-activity.ts';
import { SCORING_CONSUMER } from '../src/modules/leaderboards/scoring-consumer.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, countRows, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * The console's leaderboards (decision 033): support reads, admins make and end boards, each
 * change audited in its transaction; the list's participants and prizes paid are exact; the
 * command line makes and ends boards through the same operations.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);

beforeAll(async () => {
  store = await createTestStore({ TEST_CLOCK: '1' });
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  player = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(() => store.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, who?: Player, body?: unknown) => api(store.app, method, url, { token: who?.token, body });
const asAdmin = (method: Method, url: string, body?: unknown) => call(method, url, admin, body);
const listed = async (id: number) => (await asAdmin('GET', '/api/v1/admin/leaderboards')).body.data.items.find((b: any) => b.id === id);
const auditOf = async (id: number) => (await asAdmin('GET', `/api/v1/admin/audit?target_kind=leaderboard&target_id=${id}`)).body.data.items as any[];

/** A win recorded as the games record it, once the scoring consumer has counted it. */
async function wins(p: Player, won: number) {
  await db().transaction((tx) => recordActivity(tx, [{ userId: p.userId, kind: 'upgrade', amount: 100, won, ref: `console:${p.userId}:${won}` }]));
  const max = await q(sql`select coalesce(max(id), 0) as n from activities`);
  store.app.deps.activity.wake();
  await eventually(() => q(sql`select coalesce(max(last_id), 0) as n from activity_consumers where name = ${SCORING_CONSUMER}`), (n) => n >= max);
}

describe('who may use the leaderboard calls', () => {
  it('refuses a guest, a player, support on changes, and lets support read', async () => {
    const routes: { method: Method; url: string; body?: unknown; write: boolean }[] = [
      { method: 'GET', url: '/api/v1/admin/leaderboards', write: false },
      { method: 'POST', url: '/api/v1/admin/leaderboards', body: { type: 'won', title_ru: 'x', title_en: 'x', hours: 1, prizes: 0 }, write: true },
      { method: 'POST', url: '/api/v1/admin/leaderboards/1/end', body: {}, write: true },
    ];
    const before = await q(sql`select count(*) as n from operator_actions`);
    const boards = await q(sql`select count(*) as n from leaderboards`);
    for (const r of routes) {
      const what = `${r.method} ${r.url}`;
      expect((await call(r.method, r.url, undefined, r.body)).body.code, what).toBe('authentication');
      expect((await call(r.method, r.url, player, r.body)).body.code, what).toBe('operator_only');
      const bySupport = await call(r.method, r.url, support, r.body);
      if (r.write) expect([bySupport.status, bySupport.body.code], what).toEqual([403, 'admin_only']);
      else expect(bySupport.status, what).toBe(200);
    }
    expect(await q(sql`select count(*) as n from operator_actions`)).toBe(before);
    expect(await q(sql`select count(*) as n from leaderboards`)).toBe(boards);
  });
});

describe('a board from the console', () => {
  it('is made with its prizes, counts its players, ends early and pays its prizes, each change audited', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/leaderboards', { type: 'won', title_ru: 'Выбор команды', title_en: 'Staff pick', hours: 24, prizes: 2, reason: 'weekend' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    expect(res.body.data).toMatchObject({ type: 'won', title_en: 'Staff pick', status: 'running', usage: { participants: 0, places: 0, prizes_paid: 0, paid_value: 0 } });
    expect(await q(sql`select count(*) as n from leaderboard_prizes where leaderboard_id = ${id}`)).toBe(2);
    expect((await auditOf(id))[0]).toMatchObject({ action: 'leaderboards.create', operator: { id: admin.userId }, reason: 'weekend' });

    const other = await registerPlayer(store.app);
    await wins(player, 900);
    await wins(other, 300);
    expect((await listed(id)).usage.participants).toBe(2);

    const ended = await asAdmin('POST', `/api/v1/admin/leaderboards/${id}/end`, { reason: 'ends with the event' });
    expect(ended.body.data.status).toBe('closing');
    expect((await auditOf(id))[0]).toMatchObject({ action: 'leaderboards.end', reason: 'ends with the event' });
    const again = await asAdmin('POST', `/api/v1/admin/leaderboards/${id}/end`, {});
    expect([again.status, again.body.code]).toEqual([409, 'leaderboard_not_running']);
    const missing = await asAdmin('POST', '/api/v1/admin/leaderboards/999999/end', {});
    expect([missing.status, missing.body.code]).toEqual([404, 'leaderboard_not_found']);

    // The close job pays both places once the grace has passed; the list shows what was paid.
    clock().advance(60_000);
    const paid = await eventually(() => listed(id), (b) => b.usage.prizes_paid === 2);
    const value = await q(sql`select sum(price) as n from leaderboard_prizes where leaderboard_id = ${id}`);
    expect(paid).toMatchObject({ status: 'closed', usage: { participants: 2, places: 2, prizes_paid: 2, paid_value: value / 100 } });
  });

  it('refuses a type it does not know and durations out of range', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await asAdmin('POST', '/api/v1/admin/leaderboards', { type: 'won', title_ru: 'a', title_en: 'a', hours: 1, ...body })).body.code;
    expect(await bad({ type: 'luck' })).toBe('validation');
    expect(await bad({ hours: 0 })).toBe('validation');
    expect(await bad({ prizes: 101 })).toBe('validation');
    expect(await bad({ title_en: ' ' })).toBe('validation');
  });

  it('`top create` and `top end` are the same operations, audited under the command line’s operator', async () => {
    const made = (await runAdminCommand(db(), { command: 'top-create', type: 'spent', hours: 2, prizes: 1, order: 0, title: 'CLI board', operator: 'ops-bot' }, { clock: clock() })) as { id: number };
    expect(await listed(made.id)).toMatchObject({ title_en: 'CLI board', status: 'running' });
    expect((await auditOf(made.id))[0]).toMatchObject({ action: 'leaderboards.create', operator: { id: null, name: 'ops-bot' } });
    await runAdminCommand(db(), { command: 'top-end', id: made.id }, { clock: clock() });
    expect((await auditOf(made.id))[0]).toMatchObject({ action: 'leaderboards.end', operator: { name: 'operator' } });
    await expect(runAdminCommand(db(), { command: 'top-end', id: made.id }, { clock: clock() })).rejects.toThrow('no running leaderboard');
  });
});
