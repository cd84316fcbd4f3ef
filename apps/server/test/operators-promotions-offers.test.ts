import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The console's offers (decision 033): support reads, admins change; each change audited in its
 * own transaction; an offer made in the console is sold in the shop, one taken off sale is
 * neither shown nor sold, an edit never changes what was paid, and the sales figures are exact.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
let slug: string;
let casePrice: number;
const db = () => store.database.db;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);

beforeAll(async () => {
  store = await createTestStore();
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  player = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
  ({ slug, price: casePrice } = await cheapestCase(store.app));
});
afterAll(() => store.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, who?: Player, body?: unknown) => api(store.app, method, url, { token: who?.token, body });
const asAdmin = (method: Method, url: string, body?: unknown) => call(method, url, admin, body);
const offerBody = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  title_ru: 'Набор',
  title_en: 'Bundle',
  price: casePrice,
  old_price: casePrice * 2,
  cases: [{ slug, count: 2 }],
  ...over,
});
const shop = async (p: Player) => (await call('GET', '/api/v1/offers', p)).body.data as { id: number }[];
const buy = (p: Player, id: number) => call('POST', `/api/v1/offers/${id}/buy`, p);
const auditOf = async (id: number) => (await asAdmin('GET', `/api/v1/admin/audit?target_kind=offer&target_id=${id}`)).body.data.items as any[];

describe('who may use the offers calls', () => {
  it('refuses a guest, a player, support on changes, and lets support read', async () => {
    const made = (await asAdmin('POST', '/api/v1/admin/offers', offerBody('guarded'))).body.data;
    const routes: { method: Method; url: string; body?: unknown; write: boolean }[] = [
      { method: 'GET', url: '/api/v1/admin/offers', write: false },
      { method: 'GET', url: `/api/v1/admin/offers/${made.id}`, write: false },
      { method: 'POST', url: '/api/v1/admin/offers', body: offerBody('sneaky'), write: true },
      { method: 'PATCH', url: `/api/v1/admin/offers/${made.id}`, body: { sort: 5 }, write: true },
      { method: 'POST', url: `/api/v1/admin/offers/${made.id}/disable`, body: {}, write: true },
      { method: 'POST', url: `/api/v1/admin/offers/${made.id}/enable`, body: {}, write: true },
    ];
    const before = await q(sql`select count(*) as n from operator_actions`);
    for (const r of routes) {
      const what = `${r.method} ${r.url}`;
      expect((await call(r.method, r.url, undefined, r.body)).body.code, what).toBe('authentication');
      expect((await call(r.method, r.url, player, r.body)).body.code, what).toBe('operator_only');
      const bySupport = await call(r.method, r.url, support, r.body);
      if (r.write) expect([bySupport.status, bySupport.body.code], what).toEqual([403, 'admin_only']);
      else expect(bySupport.status, what).toBe(200);
    }
    expect(await q(sql`select count(*) as n from operator_actions`)).toBe(before);
    expect(await q(sql`select count(*) as n from offers where name = 'sneaky'`)).toBe(0);
  });
});

describe('an offer from the console', () => {
  it('is sold in the shop, counted exactly, taken off sale and put back, each change audited', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/offers', offerBody('console-pack', { total_limit: 10, reason: 'weekend sale' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    expect(res.body.data).toMatchObject({ name: 'console-pack', price: casePrice, state: 'on_sale', usage: { purchases: 0, revenue: 0, players: 0 } });
    expect((await auditOf(id))[0]).toMatchObject({ action: 'offers.create', operator: { id: admin.userId }, reason: 'weekend sale' });

    const a = await fundedPlayer(store.app, db(), 1_000);
    const b = await fundedPlayer(store.app, db(), 1_000);
    expect((await shop(a)).map((o) => o.id)).toContain(id);
    expect((await buy(a, id)).status).toBe(200);
    // The price changes for the next buyer; the first paid the old one.
    const edit = await asAdmin('PATCH', `/api/v1/admin/offers/${id}`, { price: casePrice + 1, reason: 'dearer' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await buy(b, id)).status).toBe(200);
    const listed = (await asAdmin('GET', '/api/v1/admin/offers')).body.data.items.find((o: any) => o.id === id);
    expect(listed.usage).toMatchObject({ purchases: 2, revenue: casePrice * 2 + 1, players: 2 });
    expect(await q(sql`select price as n from offer_purchases where user_id = ${a.userId} and offer_id = ${id}`)).toBe(casePrice * 100);
    expect((await auditOf(id))[0]).toMatchObject({ action: 'offers.edit', before: { price: casePrice }, after: { price: casePrice + 1 } });

    const off = await asAdmin('POST', `/api/v1/admin/offers/${id}/disable`, { reason: 'stock problem' });
    expect(off.body.data).toMatchObject({ disabled: true, state: 'disabled' });
    const c = await fundedPlayer(store.app, db(), 1_000);
    expect((await shop(c)).map((o) => o.id)).not.toContain(id);
    const refused = await buy(c, id);
    expect([refused.status, refused.body.code]).toEqual([404, 'offer_not_found']);
    expect(await q(sql`select count(*) as n from ledger where user_id = ${c.userId} and reason = 'offer_buy'`)).toBe(0);
    const on = await asAdmin('POST', `/api/v1/admin/offers/${id}/enable`);
    expect(on.body.data.state).toBe('on_sale');
    expect((await buy(c, id)).status).toBe(200);
    expect((await auditOf(id)).map((r) => r.action).slice(0, 2)).toEqual(['offers.enable', 'offers.disable']);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a taken name, unknown cases, prices and dates out of order, and a limit below the sales', async () => {
    const before = await q(sql`select count(*) as n from operator_actions`);
    const create = async (body: unknown) => {
      const r = await asAdmin('POST', '/api/v1/admin/offers', body);
      return [r.status, r.body.code];
    };
    expect(await create(offerBody('console-pack'))).toEqual([409, 'offer_name_taken']);
    expect(await create(offerBody('bad-case', { cases: [{ slug: 'no-such-case', count: 1 }] }))).toEqual([404, 'caseNotFound']);
    expect(await create(offerBody('bad-price', { price: 10, old_price: 5 }))).toEqual([400, 'validation']);
    expect(await create(offerBody('bad-price', { price: 0 }))).toEqual([400, 'validation']);
    expect(await create(offerBody('bad-dates', { starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }))).toEqual([400, 'validation']);
    expect(await create(offerBody('Bad Name'))).toEqual([400, 'validation']);
    const id = Number(await q(sql`select id as n from offers where name = 'console-pack'`));
    const edit = async (body: unknown) => {
      const r = await asAdmin('PATCH', `/api/v1/admin/offers/${id}`, body);
      return [r.status, r.body.code];
    };
    expect(await edit({ old_price: 1 })).toEqual([409, 'offer_price_above_old']);
    expect(await edit({ total_limit: 2 })).toEqual([409, 'offer_limit_below_sold']);
    expect(await edit({ ends_at: '2000-01-01T00:00:00Z', starts_at: '2001-01-01T00:00:00Z' })).toEqual([400, 'validation']);
    expect((await asAdmin('PATCH', '/api/v1/admin/offers/999999', { sort: 1 })).body.code).toBe('offer_not_found');
    expect(await q(sql`select count(*) as n from operator_actions`)).toBe(before);
  });
});
