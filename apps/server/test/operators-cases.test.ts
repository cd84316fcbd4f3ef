import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { summarizeOdds, type TicketRange } from '@store/shared/odds';
import { runAdminCommand } from '../src/admin/commands.ts';
import { applyCatalogue, readCatalogueFile } from '../src/modules/catalogue/seed-catalogue.ts';
import { api, cheapestCase, countRows, fundedPlayer, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { TEST_PROJECT } from './helpers/project-fixtures.ts';

/**
 * The console's cases and odds (decision 029, "Cases and odds"): support reads, admins change; a
 * field edit and a new odds version are audited in their own transaction; an unsound table or an
 * unconfirmed return to player outside the guard changes nothing; an odds change leaves earlier
 * openings verifiable against the table they used; a simulation agrees with its table.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
let caseId: number;
let slug: string;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore();
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  player = await fundedPlayer(store.app, db(), 1_000);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
  slug = (await cheapestCase(store.app)).slug;
  caseId = Number(await countRows(db(), sql`select id as n from cases where slug = ${slug}`));
});
afterAll(() => store.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, who?: Player, body?: unknown) => api(store.app, method, url, { token: who?.token, body });
const asAdmin = (method: Method, url: string, body?: unknown) => call(method, url, admin, body);
const detail = async () => (await asAdmin('GET', `/api/v1/admin/cases/${caseId}`)).body.data;
const auditRows = () => countRows(db(), sql`select count(*) as n from operator_actions`);
const oddsRows = () => countRows(db(), sql`select count(*) as n from case_odds where case_id = ${caseId}`);
const lastAudit = async () => (await asAdmin('GET', '/api/v1/admin/audit?per_page=1')).body.data.items[0];

/** The table with `by` tickets moved from its largest range to a neighbour: a real but small change. */
function nudged(ranges: TicketRange[], by: number): TicketRange[] {
  const out = ranges.map((r) => ({ ...r }));
  const i = out.reduce((best, r, k) => (r.to - r.from > out[best]!.to - out[best]!.from ? k : best), 0);
  if (i + 1 < out.length) {
    out[i]!.to -= by;
    out[i + 1]!.from -= by;
  } else {
    out[i]!.from += by;
    out[i - 1]!.to += by;
  }
  return out;
}

describe('who may use the cases calls', () => {
  const routes = (): { method: Method; url: string; body?: unknown; write: boolean }[] => [
    { method: 'GET', url: '/api/v1/admin/cases', write: false },
    { method: 'GET', url: `/api/v1/admin/cases/${caseId}`, write: false },
    { method: 'PATCH', url: `/api/v1/admin/cases/${caseId}`, body: { sort: 1 }, write: true },
    { method: 'POST', url: `/api/v1/admin/cases/${caseId}/odds`, body: { ranges: [{ item: 'x', from: 1, to: 100_000 }] }, write: true },
    { method: 'POST', url: `/api/v1/admin/cases/${caseId}/simulate`, body: { n: 10 }, write: true },
  ];

  it('refuses a guest (401) and a player (403 operator_only), support on changes (403 admin_only), and lets support read', async () => {
    const before = await auditRows();
    for (const r of routes()) {
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
  });
});

describe('reading cases', () => {
  it('lists every case with its price, availability, section, current RTP and openings', async () => {
    await call('POST', `/api/v1/cases/${slug}/open`, player, { multi_open: 2 });
    const list = (await asAdmin('GET', '/api/v1/admin/cases')).body.data;
    expect(list.rtp_guard).toEqual({ min: 0.8, max: 0.98 });
    const row = list.items.find((c: any) => c.id === caseId);
    expect(row).toMatchObject({ slug, currency: 'GOLD', available: true, openable: true, opens: 2 });
    expect(row.section.slug).toMatch(/\w/);
    // The same figure as the operator's command-line report.
    const report = (await runAdminCommand(db(), { command: 'cases' })) as { slug: string; rtp_percent: number }[];
    expect(row.rtp * 100).toBeCloseTo(report.find((c) => c.slug === slug)!.rtp_percent, 1);
    expect(list.items.length).toBeGreaterThan(10);
  });

  it('shows every editable field, the current table with chances, EV and RTP, and the versions', async () => {
    const d = await detail();
    expect(d).toMatchObject({ id: caseId, slug, rtp_guarded: true, opens: expect.any(Number) });
    for (const field of ['name_ru', 'name_en', 'price', 'old_price', 'image_url', 'label', 'shown_label', 'opens_limit', 'every_n_open_free', 'multifix', 'multicast_range', 'volatility', 'level', 'available', 'locked', 'max_multi_open', 'battle_allowed', 'tasty_coins'])
      expect(d, field).toHaveProperty(field);
    const prices = new Map<string, number>(d.odds.items.map((l: any) => [l.item, l.price]));
    const s = summarizeOdds<string>({ ranges: d.odds.ranges, priceOf: (k) => prices.get(k)!, casePrice: d.price });
    expect(d.odds.rtp).toBeCloseTo(s.rtp, 4);
    expect(d.odds.expected_value).toBeCloseTo(s.expected_value, 2);
    expect(d.odds.items.reduce((sum: number, l: any) => sum + l.chance, 0)).toBeCloseTo(100, 2);
    expect(d.odds_history[0]).toMatchObject({ id: d.odds.id, current: true });
    const unknown = await asAdmin('GET', '/api/v1/admin/cases/999999');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'caseNotFound']);
  });
});

describe('editing a case', () => {
  it('changes the fields asked, audits them before and after, and the store shows the change', async () => {
    const before = await detail();
    const res = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, {
      name_ru: 'Бюджетный кейс',
      name_en: 'Budget case',
      old_price: 19.99,
      label: { type: 'custom', name: { ru: 'Хит', en: 'Hit' }, color: '#ff0000' },
      volatility: 3,
      every_n_open_free: 10,
      reason: 'console test',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name_en: 'Budget case', old_price: 19.99, volatility: 3, every_n_open_free: 10, price: before.price });
    // Precedence: every-N-free comes before a custom label.
    expect(res.body.data.shown_label).toEqual({ kind: 'free_every', n: 10 });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'cases.edit', target: { kind: 'case', id: String(caseId) }, reason: 'console test' });
    expect(audit.before).toMatchObject({ name_en: before.name_en, volatility: before.volatility, old_price: before.old_price });
    expect(audit.after).toMatchObject({ name_en: 'Budget case', volatility: 3, old_price: 19.99 });
    expect(Object.keys(audit.after).sort()).toEqual(['every_n_open_free', 'label', 'name_en', 'name_ru', 'old_price', 'volatility']);
    const shown = (await api(store.app, 'GET', '/api/v2/case/sections/with-cases', { lang: 'en' })).body.data.flatMap((s: any) => s.cases).find((c: any) => c.slug === slug);
    expect(shown).toMatchObject({ name: 'Budget case', every_n_opens_free: 10 });
    // Back as it was for the tests that follow.
    await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { every_n_open_free: null, label: before.label, volatility: before.volatility });
  });

  it('refuses a bad value of each kind and changes nothing', async () => {
    const before = await detail();
    const audits = await auditRows();
    const bad: [unknown, number, string][] = [
      [{ price: 0 }, 400, 'validation'],
      [{ price: -5 }, 400, 'validation'],
      [{ price: 1.234 }, 400, 'validation'],
      [{ name_ru: '  ' }, 400, 'validation'],
      [{ volatility: 9 }, 400, 'validation'],
      [{ color: 'red' }, 400, 'validation'],
      [{ multicast_range: [5, 2] }, 400, 'validation'],
      [{ label: { type: 'custom' } }, 400, 'validation'],
      [{ slug: 'renamed' }, 400, 'validation'],
      [{}, 400, 'validation'],
      [{ reason: 'only a reason' }, 400, 'validation'],
      [{ section_id: 999_999 }, 404, 'section_not_found'],
    ];
    for (const [body, status, code] of bad) {
      const res = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await detail()).toEqual(before);
    expect(await auditRows()).toBe(audits);
  });

  it('never sets an opens limit below the openings already made', async () => {
    await db().execute(sql`update cases set opens_limit = 100, opens_count = 5 where id = ${caseId}`);
    const res = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { opens_limit: 4 });
    expect([res.status, res.body.code, res.body.params?.opened]).toEqual([409, 'case_opens_limit_below_count', 5]);
    expect((await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { opens_limit: 5 })).status).toBe(200);
    expect((await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { opens_limit: null })).body.data.opens_limit).toBeNull();
  });

  it('sells a case within the window the operator sets: its card carries the window, and past it the case cannot be opened (spec §4 time counter)', async () => {
    const shownCard = async () => (await api(store.app, 'GET', '/api/v2/case/sections/with-cases')).body.data.flatMap((s: any) => s.cases).find((c: any) => c.slug === slug);
    const open = () => api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token: player.token, body: { multi_open: 1 } });
    const hour = 3_600_000;
    const running = { from: new Date(Date.now() - hour).toISOString(), until: new Date(Date.now() + 9 * hour).toISOString() };
    const set = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { sale_window: running, reason: 'weekend sale' });
    expect([set.status, set.body.data.sale_window]).toEqual([200, running]);
    expect((await lastAudit()).after).toEqual({ sale_window: running });
    expect(await shownCard()).toMatchObject({ available: true, timer_data: { starts_at: running.from, ends_at: running.until } });
    expect((await open()).status).toBe(200);

    for (const closed of [
      { from: new Date(Date.now() - 2 * hour).toISOString(), until: new Date(Date.now() - hour).toISOString() },
      { from: new Date(Date.now() + hour).toISOString(), until: new Date(Date.now() + 2 * hour).toISOString() },
    ]) {
      expect((await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { sale_window: closed })).status).toBe(200);
      expect(await shownCard()).toMatchObject({ available: false, timer_data: { starts_at: closed.from, ends_at: closed.until } });
      const refused = await open();
      expect([refused.status, refused.body.code]).toEqual([409, 'case_not_available']);
    }
    const backwards = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { sale_window: { from: running.until, until: running.from } });
    expect([backwards.status, backwards.body.code]).toEqual([400, 'validation']);

    expect((await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { sale_window: null })).body.data.sale_window).toBeNull();
    expect(await shownCard()).toMatchObject({ available: true, timer_data: null });
  });

  it('asks to confirm a price that takes the return to player outside the guard', async () => {
    const before = await detail();
    const audits = await auditRows();
    const cheap = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { price: before.price / 2 });
    expect([cheap.status, cheap.body.code]).toEqual([409, 'rtp_needs_confirmation']);
    expect(cheap.body.params).toMatchObject({ min: 80, max: 98 });
    expect(await detail()).toEqual(before);
    expect(await auditRows()).toBe(audits);
    const confirmed = await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { price: before.price / 2, confirm_rtp: true });
    expect(confirmed.body.data.price).toBe(before.price / 2);
    expect(confirmed.body.data.odds.rtp).toBeCloseTo(before.odds.rtp * 2, 3);
    expect((await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { price: before.price, confirm_rtp: true })).status).toBe(200);
  });
});

describe('changing the odds', () => {
  it('refuses an unsound table with odds_invalid and changes nothing', async () => {
    const before = await detail();
    const [audits, versions] = [await auditRows(), await oddsRows()];
    const ranges: TicketRange[] = before.odds.ranges;
    const tables: [string, TicketRange[]][] = [
      ['gap', [{ ...ranges[0]!, to: ranges[0]!.to - 1 }, ...ranges.slice(1)]],
      ['overlap', [{ ...ranges[0]!, to: ranges[0]!.to + 1 }, ...ranges.slice(1)]],
      ['beyond 100000', [...ranges.slice(0, -1), { ...ranges.at(-1)!, to: 100_001 }]],
      ['short of 100000', [...ranges.slice(0, -1), { ...ranges.at(-1)!, to: 99_999 }]],
      ['unknown item', [{ ...ranges[0]!, item: 'no-such-item' }, ...ranges.slice(1)]],
      ['fractional ticket', [{ ...ranges[0]!, to: ranges[0]!.to + 0.5 }, ...ranges.slice(1)]],
    ];
    for (const [what, table] of tables) {
      const res = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, { ranges: table, confirm_rtp: true });
      expect([res.status, res.body.code], what).toEqual([400, 'odds_invalid']);
      expect((res.body.params?.problems as unknown[]).length, what).toBeGreaterThan(0);
    }
    expect((await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, { ranges: [] })).body.code).toBe('validation');
    expect(await detail()).toEqual(before);
    expect([await auditRows(), await oddsRows()]).toEqual([audits, versions]);
  });

  it('asks to confirm a table whose return to player is outside the guard', async () => {
    const before = await detail();
    const versions = await oddsRows();
    const cheapest = [...before.odds.items].sort((a: any, b: any) => a.price - b.price)[0].item;
    const mean = { ranges: [{ item: cheapest, from: 1, to: 100_000 }] };
    const refused = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, mean);
    expect([refused.status, refused.body.code]).toEqual([409, 'rtp_needs_confirmation']);
    expect(refused.body.params?.rtp).toBeLessThan(80);
    expect(await oddsRows()).toBe(versions);
    const confirmed = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, { ...mean, confirm_rtp: true, reason: 'a test' });
    expect(confirmed.status).toBe(200);
    expect((await lastAudit()).after).toMatchObject({ odds_id: confirmed.body.data.odds_id, confirmed: true });
    // Back to the table it had, as a new version.
    const back = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, { ranges: before.odds.ranges });
    expect(back.status).toBe(200);
    expect((await detail()).odds.ranges).toEqual(before.odds.ranges);
  });

  it('sells with the new table at once and keeps every earlier opening verifiable with its own', async () => {
    const p = await fundedPlayer(store.app, db(), 1_000);
    const before = await detail();
    const first = (await call('POST', `/api/v1/cases/${slug}/open`, p, { multi_open: 1 })).body.data.opens[0];
    expect(first.odds_id).toBe(before.odds.id);
    const oldTable = (await call('GET', `/api/v1/provably-fair/odds/${first.odds_id}`)).body.data;

    const changed = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, { ranges: nudged(before.odds.ranges, 500), reason: 'move tickets' });
    expect(changed.status).toBe(200);
    const { odds_id: newId, previous_odds_id: oldId, audit_id: auditId } = changed.body.data;
    expect(oldId).toBe(first.odds_id);
    const audit = (await asAdmin('GET', `/api/v1/admin/audit?target_kind=case&target_id=${caseId}&per_page=1`)).body.data.items[0];
    expect(audit).toMatchObject({ id: auditId, action: 'cases.odds', before: { odds_id: oldId }, after: { odds_id: newId }, reason: 'move tickets' });
    expect(audit.before.rtp).toBeCloseTo(before.odds.rtp, 5);

    const second = (await call('POST', `/api/v1/cases/${slug}/open`, p, { multi_open: 1 })).body.data.opens[0];
    expect(second.odds_id).toBe(newId);
    const after = await detail();
    expect(after.odds.id).toBe(newId);
    expect(after.odds_history.map((v: any) => v.id).slice(0, 2)).toEqual([newId, oldId]);
    expect(after.odds_history[1]).toMatchObject({ current: false, opens: expect.any(Number) });
    expect(after.odds_history[0].opens).toBe(1);

    // The player reveals the seed and checks the first opening with the formula alone.
    const { revealed } = (await call('POST', '/api/v1/provably-fair/rotate', p, {})).body.data;
    const shown = (await call('GET', `/api/v1/provably-fair/outcomes/case/${first.id}`)).body.data;
    expect(shown.odds_id).toBe(oldId);
    expect(shown.ranges).toEqual(oldTable.ranges);
    expect((await call('GET', `/api/v1/provably-fair/odds/${oldId}`)).body.data).toEqual(oldTable);
    const d = createHmac('sha256', revealed.server_seed).update(`${shown.seed.client_seed}:${shown.rolls[0].nonce}:${shown.rolls[0].cursor}`).digest();
    const ticket = Math.floor((d.readUInt32BE(0) / 2 ** 32) * 100_000) + 1;
    expect(ticket).toBe(first.ticket);
    expect(oldTable.ranges.find((r: any) => r.from <= ticket && ticket <= r.to).item.id).toBe(first.item.item_id);
    const newTable = (await call('GET', `/api/v1/provably-fair/odds/${newId}`)).body.data;
    expect(newTable.ranges).not.toEqual(oldTable.ranges);
  });
});

describe('simulating openings', () => {
  it('plays n openings of the current table without writing, observed RTP within 6 standard errors', async () => {
    const d = await detail();
    const [opens, audits, versions] = [await countRows(db(), sql`select count(*) as n from case_opens`), await auditRows(), await oddsRows()];
    const res = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/simulate`, { n: 50_000, seed: 11 });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ odds_id: d.odds.id, n: 50_000 });
    expect(s.expected_rtp).toBeCloseTo(d.odds.rtp, 4);
    expect(s.standard_error).toBeGreaterThan(0);
    expect(Math.abs(s.observed_rtp - s.expected_rtp)).toBeLessThan(6 * s.standard_error);
    expect(s.counts.reduce((sum: number, c: any) => sum + c.count, 0)).toBe(50_000);
    expect(s.counts.map((c: any) => c.item).sort()).toEqual(d.odds.items.map((l: any) => l.item).sort());
    // Fixed seed, same result.
    expect((await asAdmin('POST', `/api/v1/admin/cases/${caseId}/simulate`, { n: 50_000, seed: 11 })).body.data).toEqual(s);
    expect([await countRows(db(), sql`select count(*) as n from case_opens`), await auditRows(), await oddsRows()]).toEqual([opens, audits, versions]);
  });

  it('simulates a draft table before it is saved, and refuses an unsound draft or too many openings', async () => {
    const d = await detail();
    const draft = nudged(d.odds.ranges, 1_000);
    const prices = new Map<string, number>(d.odds.items.map((l: any) => [l.item, l.price]));
    const expected = summarizeOdds({ ranges: draft, priceOf: (k) => prices.get(k)!, casePrice: d.price }).rtp;
    const sim = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/simulate`, { n: 20_000, odds: draft });
    expect(sim.status, JSON.stringify(sim.body)).toBe(200);
    const s = sim.body.data;
    expect(s.odds_id).toBeNull();
    expect(s.expected_rtp).toBeCloseTo(expected, 3);
    expect(Math.abs(s.observed_rtp - s.expected_rtp)).toBeLessThan(6 * s.standard_error);
    const bad = await asAdmin('POST', `/api/v1/admin/cases/${caseId}/simulate`, { n: 10, odds: [{ item: d.odds.items[0].item, from: 1, to: 10 }] });
    expect([bad.status, bad.body.code]).toEqual([400, 'odds_invalid']);
    for (const n of [0, 1.5, 1_000_001]) expect((await asAdmin('POST', `/api/v1/admin/cases/${caseId}/simulate`, { n })).body.code).toBe('validation');
    expect((await detail()).odds.id).toBe(d.odds.id);
  });
});

describe('the committed catalogue file and the console', () => {
  it("keeps an operator's changes when a new file leaves the case's entry alone, and applies the file's when it changes it", async () => {
    const d = await detail();
    const table = nudged(d.odds.ranges, 200);
    const changed = (await asAdmin('POST', `/api/v1/admin/cases/${caseId}/odds`, { ranges: table, confirm_rtp: true })).body.data;
    await asAdmin('PATCH', `/api/v1/admin/cases/${caseId}`, { name_en: 'Operator name' });
    const { file } = readCatalogueFile(TEST_PROJECT);
    // Another case changes in the file: this one keeps the console's odds and name.
    const other = structuredClone(file);
    other.cases.find((c) => c.slug !== slug)!.sort += 1;
    await applyCatalogue(db(), TEST_PROJECT, other, `other-${Date.now()}`);
    expect(await detail()).toMatchObject({ name_en: 'Operator name', odds: { id: changed.odds_id } });
    // This case's entry changes in the file: the file wins for it, as a new odds version.
    const mine = structuredClone(other);
    mine.cases.find((c) => c.slug === slug)!.sort += 1;
    await applyCatalogue(db(), TEST_PROJECT, mine, `mine-${Date.now()}`);
    const after = await detail();
    expect(after.name_en).not.toBe('Operator name');
    expect(after.odds.id).not.toBe(changed.odds_id);
    expect(after.odds_history.map((v: any) => v.id)).toContain(changed.odds_id);
  });
});

describe('creating a case', () => {
  it('makes a GOLD case with its first table, audited, sold at once and kept by the next catalogue file', async () => {
    const base = await detail();
    const body = {
      slug: 'console-made',
      section_id: base.section.id,
      name_ru: 'Кейс из консоли',
      name_en: 'Console case',
      price: base.price,
      odds: base.odds.ranges,
      label: { type: 'new', name: null, color: null },
      reason: 'new case',
    };
    const asSupport = await call('POST', '/api/v1/admin/cases', support, body);
    expect([asSupport.status, asSupport.body.code]).toEqual([403, 'admin_only']);
    const versions = await countRows(db(), sql`select count(*) as n from case_odds`);
    const bad = await asAdmin('POST', '/api/v1/admin/cases', { ...body, odds: base.odds.ranges.slice(1) });
    expect([bad.status, bad.body.code]).toEqual([400, 'odds_invalid']);
    const mean = await asAdmin('POST', '/api/v1/admin/cases', { ...body, price: base.price * 3 });
    expect([mean.status, mean.body.code]).toEqual([409, 'rtp_needs_confirmation']);
    const noSection = await asAdmin('POST', '/api/v1/admin/cases', { ...body, section_id: 999_999 });
    expect([noSection.status, noSection.body.code]).toEqual([404, 'section_not_found']);
    expect((await asAdmin('POST', '/api/v1/admin/cases', { ...body, slug: 'Not A Slug' })).body.code).toBe('validation');
    expect(await countRows(db(), sql`select count(*) as n from case_odds`)).toBe(versions);

    const made = await asAdmin('POST', '/api/v1/admin/cases', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ slug: 'console-made', name_en: 'Console case', currency: 'GOLD', openable: true, label: { type: 'new' } });
    expect(made.body.data.odds.ranges).toEqual(base.odds.ranges);
    expect(await lastAudit()).toMatchObject({ action: 'cases.create', target: { kind: 'case', id: String(made.body.data.id) }, reason: 'new case' });
    const taken = await asAdmin('POST', '/api/v1/admin/cases', body);
    expect([taken.status, taken.body.code]).toEqual([409, 'case_slug_taken']);

    const opened = (await call('POST', '/api/v1/cases/console-made/open', player, { multi_open: 1 })).body.data.opens[0];
    expect(opened.odds_id).toBe(made.body.data.odds.id);
    const { file } = readCatalogueFile(TEST_PROJECT);
    const next = structuredClone(file);
    next.cases[0]!.sort += 7;
    await applyCatalogue(db(), TEST_PROJECT, next, `next-${Date.now()}`);
    expect((await asAdmin('GET', `/api/v1/admin/cases/${made.body.data.id}`)).body.data).toMatchObject({ status: 'active', openable: true });
  });
});
