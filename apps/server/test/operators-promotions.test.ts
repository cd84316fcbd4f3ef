import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The console's promo codes (decision 033): support reads, admins change; each change is audited
 * in its own transaction; a code made in the console pays a player's deposit its bonus, a
 * switched-off code is refused to players as expired, an edit changes what comes and never what
 * was credited, and the usage figures are exact on known uses.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
const db = () => store.database.db;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  store = await createTestStore();
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  player = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(() => store.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, who?: Player, body?: unknown) => api(store.app, method, url, { token: who?.token, body });
const asAdmin = (method: Method, url: string, body?: unknown) => call(method, url, admin, body);
const listed = async (code: string) => (await asAdmin('GET', '/api/v1/admin/promo-codes')).body.data.items.find((c: any) => c.code === code);
const auditOf = async (code: string) =>
  (await asAdmin('GET', `/api/v1/admin/audit?target_kind=promo_code&target_id=${code}`)).body.data.items as any[];
const auditRows = () => q(sql`select count(*) as n from operator_actions`);
const gold = (p: Player) => q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`);
const apply = (p: Player, code: string) => call('POST', '/api/v1/payments/promo/apply', p, { code });

/** A 1000 RUB top-up through the sandbox, paid; the order's result as the player sees it. */
async function deposit(p: Player, promoCode?: string) {
  const started = await call('POST', '/api/v1/payments/transaction/start', p, { country: 'RU', method_id: 101, amount: 1000, ...(promoCode ? { promo_code: promoCode } : {}) });
  if (started.status !== 200) return started;
  const orderId = started.body.data.order_id;
  await store.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${orderId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay&lang=ru',
  });
  return call('GET', `/api/v1/payments/transaction/status?orderId=${orderId}`, p);
}

describe('who may use the promo code calls', () => {
  it('refuses a guest (401) and a player (403 operator_only), support on changes (403 admin_only), and lets support read', async () => {
    await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'GUARDED', terms: { kind: 'common', percent: 5 } });
    const routes: { method: Method; url: string; body?: unknown; write: boolean }[] = [
      { method: 'GET', url: '/api/v1/admin/promo-codes', write: false },
      { method: 'GET', url: '/api/v1/admin/promo-codes/GUARDED', write: false },
      { method: 'POST', url: '/api/v1/admin/promo-codes', body: { code: 'SNEAKY', terms: { kind: 'instant', sum: 1000 } }, write: true },
      { method: 'PATCH', url: '/api/v1/admin/promo-codes/GUARDED', body: { total_limit: 1 }, write: true },
      { method: 'POST', url: '/api/v1/admin/promo-codes/GUARDED/disable', body: {}, write: true },
      { method: 'POST', url: '/api/v1/admin/promo-codes/GUARDED/enable', body: {}, write: true },
    ];
    const before = await auditRows();
    for (const r of routes) {
      const what = `${r.method} ${r.url}`;
      const guest = await call(r.method, r.url, undefined, r.body);
      expect([guest.status, guest.body.code], what).toEqual([401, 'authentication']);
      const asPlayer = await call(r.method, r.url, player, r.body);
      expect([asPlayer.status, asPlayer.body.code], what).toEqual([403, 'operator_only']);
      const asSupport = await call(r.method, r.url, support, r.body);
      if (r.write) expect([asSupport.status, asSupport.body.code], what).toEqual([403, 'admin_only']);
      else expect(asSupport.status, what).toBe(200);
    }
    expect(await auditRows()).toBe(before);
    expect(await q(sql`select count(*) as n from promo_codes where code = 'SNEAKY'`)).toBe(0);
    expect((await listed('GUARDED')).total_limit).toBe(0);
  });
});

describe('creating a code', () => {
  it('makes a code a player deposits with and gets its bonus, audited with the operator', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/promo-codes', {
      code: ' autumn25 ',
      terms: { kind: 'common', percent: 25 },
      per_player_limit: 1,
      expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
      reason: 'autumn campaign',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'AUTUMN25',
      kind: 'common',
      terms: { kind: 'common', percent: 25 },
      total_limit: 0,
      per_player_limit: 1,
      disabled: false,
      state: 'active',
      created_by: admin.login,
      usage: { uses: 0, credited: 0, players: 0, attached: 0, last_used_at: null },
    });
    const [row] = await auditOf('AUTUMN25');
    expect(row).toMatchObject({ action: 'promo_codes.create', operator: { id: admin.userId, name: admin.login }, before: null, reason: 'autumn campaign' });
    expect(row.after).toMatchObject({ terms: { kind: 'common', percent: 25 }, per_player_limit: 1, total_limit: 0 });

    const p = await registerPlayer(store.app);
    const result = await deposit(p, 'autumn25');
    // 1000 GOLD, +5 % level (from 1000), +25 % AUTUMN25.
    expect(result.body.data).toMatchObject({ status: 'success', value: 1000, bonus: { sum_promo: 250 } });
    expect(await gold(p)).toBe(130_000);
    expect((await listed('AUTUMN25')).usage).toMatchObject({ uses: 1, credited: 250, players: 1, attached: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a code that exists in any case of letters, and changes nothing of the first', async () => {
    const again = await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'Autumn25', terms: { kind: 'instant', sum: 500 } });
    expect([again.status, again.body.code]).toEqual([409, 'promo_code_taken']);
    expect((await listed('AUTUMN25')).terms).toEqual({ kind: 'common', percent: 25 });
    const seeded = await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'welcome10', terms: { kind: 'common', percent: 90 } });
    expect([seeded.status, seeded.body.code]).toEqual([409, 'promo_code_taken']);
  });

  it('refuses terms, limits and dates out of range with the field named', async () => {
    const before = await auditRows();
    const bad = async (body: Record<string, unknown>) => {
      const res = await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'BADONE', terms: { kind: 'common', percent: 10 }, ...body });
      return [res.status, res.body.code];
    };
    expect(await bad({ terms: { kind: 'common', percent: 0 } })).toEqual([400, 'validation']);
    expect(await bad({ terms: { kind: 'common', percent: 1001 } })).toEqual([400, 'validation']);
    expect(await bad({ terms: { kind: 'instant', sum: -5 } })).toEqual([400, 'validation']);
    expect(await bad({ terms: { kind: 'instant', sum: 1.005 } })).toEqual([400, 'validation']);
    expect(await bad({ terms: { kind: 'case', case_slug: 'x', days: 0 } })).toEqual([400, 'validation']);
    expect(await bad({ terms: { kind: 'case', case_slug: 'no-such-case', days: 3 } })).toEqual([404, 'caseNotFound']);
    expect(await bad({ terms: { kind: 'blogger', flex_offers: [] } })).toEqual([400, 'validation']);
    expect(await bad({ code: 'BAD CODE!' })).toEqual([400, 'validation']);
    expect(await bad({ code: 'AB' })).toEqual([400, 'validation']);
    expect(await bad({ total_limit: -1 })).toEqual([400, 'validation']);
    expect(await bad({ per_player_limit: 1.5 })).toEqual([400, 'validation']);
    expect(await bad({ starts_at: '2030-01-02T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' })).toEqual([400, 'validation']);
    expect(await bad({ expires_at: 'tomorrow' })).toEqual([400, 'validation']);
    expect(await q(sql`select count(*) as n from promo_codes where code = 'BADONE'`)).toBe(0);
    expect(await auditRows()).toBe(before);
  });
});

describe('usage statistics', () => {
  it('counts uses, the sum credited and unique players exactly, and the players holding the code', async () => {
    await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'GIFT30', terms: { kind: 'instant', sum: 30 }, per_player_limit: 1 });
    await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'HOLD7', terms: { kind: 'common', percent: 7 } });
    const a = await registerPlayer(store.app);
    const b = await registerPlayer(store.app);
    expect((await apply(a, 'GIFT30')).status).toBe(200);
    expect((await apply(b, 'gift30')).status).toBe(200);
    expect((await apply(a, 'GIFT30')).body.code).toBe('promo_user_limit');
    expect((await apply(a, 'HOLD7')).status).toBe(200);
    expect((await apply(b, 'HOLD7')).status).toBe(200);
    const gift = await listed('GIFT30');
    expect(gift.usage).toMatchObject({ uses: 2, credited: 60, players: 2, attached: 0 });
    expect(Date.parse(gift.usage.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await listed('HOLD7')).usage).toMatchObject({ uses: 0, credited: 0, players: 0, attached: 2 });
    // Support sees the same figures.
    const bySupport = (await call('GET', '/api/v1/admin/promo-codes/GIFT30', support)).body.data;
    expect(bySupport.usage).toEqual(gift.usage);
  });
});

describe('editing a code', () => {
  it('changes what the next player gets and never what earlier players were credited', async () => {
    await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'BONUS40', terms: { kind: 'instant', sum: 40 }, total_limit: 5 });
    const first = await registerPlayer(store.app);
    expect((await apply(first, 'BONUS40')).body.data.credited).toBe(40);
    const edit = await asAdmin('PATCH', '/api/v1/admin/promo-codes/bonus40', { terms: { kind: 'instant', sum: 15 }, total_limit: 3, reason: 'too generous' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ terms: { kind: 'instant', sum: 15 }, total_limit: 3, usage: { uses: 1, credited: 40 } });
    expect(await gold(first)).toBe(4_000);
    const second = await registerPlayer(store.app);
    expect((await apply(second, 'BONUS40')).body.data.credited).toBe(15);
    expect((await listed('BONUS40')).usage).toMatchObject({ uses: 2, credited: 55, players: 2 });
    const [row] = await auditOf('BONUS40');
    expect(row).toMatchObject({
      action: 'promo_codes.edit',
      before: { terms: { kind: 'instant', sum: 40 }, total_limit: 5 },
      after: { terms: { kind: 'instant', sum: 15 }, total_limit: 3 },
      reason: 'too generous',
    });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('keeps the kind, the dates in order and the total limit above the uses made', async () => {
    const before = await auditRows();
    const edit = (body: unknown) => asAdmin('PATCH', '/api/v1/admin/promo-codes/BONUS40', body);
    const kind = await edit({ terms: { kind: 'common', percent: 10 } });
    expect([kind.status, kind.body.code]).toEqual([409, 'promo_kind_fixed']);
    const limit = await edit({ total_limit: 1 });
    expect([limit.status, limit.body.code, limit.body.params]).toEqual([409, 'promo_limit_below_uses', { uses: 2 }]);
    expect((await edit({ starts_at: '2030-01-01T00:00:00Z' })).status).toBe(200);
    const dates = await edit({ expires_at: '2029-12-31T00:00:00Z' });
    expect([dates.status, dates.body.code]).toEqual([400, 'promotion_dates_order']);
    const nothing = await edit({ reason: 'just a reason' });
    expect([nothing.status, nothing.body.code]).toEqual([400, 'validation']);
    const unknown = await asAdmin('PATCH', '/api/v1/admin/promo-codes/NO-SUCH-CODE', { total_limit: 3 });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'promo_not_found']);
    // Only the start was changed; the code now waits for it, and players are told it is unknown.
    expect(await auditRows()).toBe(before + 1);
    expect((await listed('BONUS40')).state).toBe('scheduled');
    expect((await apply(await registerPlayer(store.app), 'BONUS40')).body.code).toBe('promo_not_found');
  });
});

describe('switching a code off and on', () => {
  it('refuses a switched-off code to players as expired, on lookup, apply, deposit and to a player holding it', async () => {
    await asAdmin('POST', '/api/v1/admin/promo-codes', { code: 'STOPME', terms: { kind: 'common', percent: 20 } });
    const holder = await registerPlayer(store.app);
    expect((await apply(holder, 'STOPME')).status).toBe(200);

    const off = await asAdmin('POST', '/api/v1/admin/promo-codes/stopme/disable', { reason: 'leaked on a forum' });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ disabled: true, state: 'disabled', disabled_at: expect.any(String), usage: { attached: 1 } });
    const [row] = await auditOf('STOPME');
    expect(row).toMatchObject({ action: 'promo_codes.disable', before: { disabled: false }, after: { disabled: true }, reason: 'leaked on a forum' });

    const p = await registerPlayer(store.app);
    const refused = await apply(p, 'STOPME');
    expect([refused.status, refused.body.code]).toEqual([410, 'promo_expired']);
    expect((await call('GET', '/api/v1/payments/promo/info/STOPME', p)).body.code).toBe('promo_expired');
    expect((await deposit(p, 'STOPME')).body.code).toBe('promo_expired');
    // The holder's deposit goes through without the code's bonus.
    const held = await deposit(holder);
    expect(held.body.data).toMatchObject({ status: 'success', bonus: { sum_promo: 0 } });
    expect((await listed('STOPME')).usage).toMatchObject({ uses: 0, credited: 0, attached: 0 });

    // Switching off again changes nothing and writes no row; on again, it serves.
    const rows = await auditRows();
    expect((await asAdmin('POST', '/api/v1/admin/promo-codes/STOPME/disable', {})).body.data.disabled).toBe(true);
    expect(await auditRows()).toBe(rows);
    const on = await asAdmin('POST', '/api/v1/admin/promo-codes/STOPME/enable');
    expect(on.body.data).toMatchObject({ disabled: false, disabled_at: null, state: 'active' });
    expect((await auditOf('STOPME'))[0]).toMatchObject({ action: 'promo_codes.enable' });
    const result = await deposit(p, 'STOPME');
    expect(result.body.data).toMatchObject({ status: 'success', bonus: { sum_promo: 200 } });
    const missing = await asAdmin('POST', '/api/v1/admin/promo-codes/NOPE-NOPE/disable', {});
    expect([missing.status, missing.body.code]).toEqual([404, 'promo_not_found']);
  });
});

describe('the command line shares the operation', () => {
  it('`promo create` makes the same code with the same audit row, naming its operator', async () => {
    await runAdminCommand(db(), { command: 'promo-create', code: 'cli-made', kind: 'instant', sum: 12.5, total: 10, perPlayer: 1, operator: 'ops-bot' });
    expect(await listed('CLI-MADE')).toMatchObject({ terms: { kind: 'instant', sum: 12.5 }, total_limit: 10, per_player_limit: 1, created_by: 'ops-bot' });
    expect((await auditOf('CLI-MADE'))[0]).toMatchObject({ action: 'promo_codes.create', operator: { id: null, name: 'ops-bot' } });
    await expect(
      runAdminCommand(db(), { command: 'promo-create', code: 'CLI-MADE', kind: 'common', percent: 5, total: 0, perPlayer: 0, operator: 'ops-bot' }),
    ).rejects.toThrow(/already exists/);
  });
});
