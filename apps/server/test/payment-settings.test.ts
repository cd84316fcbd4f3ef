import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_BONUS_LEVELS } from '@store/shared/payments/bonus';
import { COUNTRY_CONFIGS } from '@store/shared/payments/countries';
import { countryConfigToWire } from '@store/shared/payments/wire';
import { defaultPaymentSettings, type PaymentSettingsDocument } from '@store/shared/payments/settings-document';
import { PaymentSettings } from '../src/modules/payments/payment-settings.ts';
import { InProcessBus } from '../src/realtime/bus.ts';
import { api, countRows, registerPlayer, type Player } from './helpers/factories.ts';
import { consoleOperators } from './helpers/operators.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The payment settings as data (decision 076): seeded with the values that lived in code; an
 * admin's new version changes what the refill page is served and what a deposit starts with, at
 * once in this process and within seconds in another, while an order started before keeps its
 * figures; support reads but cannot write; an invalid or stale document saves nothing; every save
 * is audited.
 */
let store: TestStore;
let admin: Player;
let support: Player;
const db = () => store.database.db;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);

beforeAll(async () => {
  store = await createTestStore();
  ({ admin, support } = await consoleOperators(store));
});
afterAll(() => store.close());

const SETTINGS = '/api/v1/admin/payment-settings';
const versions = () => q(sql`select count(*) as n from payment_settings_versions`);
const audits = () => q(sql`select count(*) as n from operator_actions where action = 'payments.settings'`);
const start = (p: Player, body: Record<string, unknown>) =>
  api(store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { country: 'RU', method_id: 101, amount: 1000, ...body } });
const pay = (orderId: string) =>
  store.app.inject({ method: 'POST', url: `/sandbox/checkout/${orderId}/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=pay&lang=en' });
async function credits(p: Player, orderId: string) {
  const rows = (await db().execute(sql`select reason, delta from ledger where user_id = ${p.userId} and ref = ${`payment:${orderId}`} order by id`)) as unknown as {
    rows: { reason: string; delta: number | string }[];
  };
  return Object.fromEntries(rows.rows.map((r) => [r.reason, Number(r.delta)]));
}

/** The seed with RU's SBP raised to a 200 minimum, the 1000 level at +20 %, 20 coins per 100 and a new RUB symbol. */
function raised(): PaymentSettingsDocument {
  const d = defaultPaymentSettings();
  const ru = d.countries.find((c) => c.country === 'RU')!;
  ru.methods.find((m) => m.id === 101)!.min = 200;
  ru.methods.find((m) => m.id === 105)!.enabled = false;
  ru.currency.symbol = 'руб.';
  d.bonusLevels.find((l) => l.limit === 1000)!.bonusMultiplier = 0.2;
  d.coinsFactor = 20;
  return d;
}

describe('payment settings', () => {
  it('the store seeds version 1 at start, and several processes starting at once on an empty table write it once', async () => {
    expect(await versions()).toBe(1);
    await db().execute(sql`delete from payment_settings_versions`);
    const processes = Array.from({ length: 4 }, () => new PaymentSettings(db(), new InProcessBus()));
    const read = await Promise.all(processes.map((p) => p.current()));
    expect(read.map((r) => r.version)).toEqual([1, 1, 1, 1]);
    expect(await versions()).toBe(1);
    for (const p of processes) p.close();
  });

  it('start as version 1, seeded with the values that lived in code, and the store serves exactly them', async () => {
    const res = await api(store.app, 'GET', SETTINGS, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.current).toMatchObject({ version: 1, operator: { id: null, name: 'seed' }, note: null });
    expect(res.body.data.current.document).toEqual(defaultPaymentSettings());
    expect(res.body.data.current.document.coinsFactor).toBe(10);
    expect(res.body.data.current.document.bonusLevels).toEqual(DEFAULT_BONUS_LEVELS);
    expect(res.body.data.versions.map((v: { version: number }) => v.version)).toEqual([1]);
    const ru = await api(store.app, 'GET', '/api/v1/payments/countries/RU');
    expect(ru.body.data).toEqual(countryConfigToWire({ ...COUNTRY_CONFIGS.RU!, methods: COUNTRY_CONFIGS.RU!.methods.filter((m) => !m.name.includes('.biz')) }));
    // A second read does not seed twice.
    await api(store.app, 'GET', SETTINGS, { token: support.token });
    expect(await versions()).toBe(1);
  });

  it('support reads them but cannot save a version; nothing is written', async () => {
    expect((await api(store.app, 'GET', `${SETTINGS}/versions/1`, { token: support.token })).body.data.document).toEqual(defaultPaymentSettings());
    const refused = await api(store.app, 'POST', SETTINGS, { token: support.token, body: { based_on: 1, document: raised(), note: 'raise SBP minimum' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('admin_only');
    const player = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', SETTINGS, { token: player.token, body: { based_on: 1, document: raised(), note: 'raise it' } })).body.code).toBe('operator_only');
    expect(await versions()).toBe(1);
    expect(await audits()).toBe(0);
  });

  it('an invalid document is refused with each problem named by its field, and nothing is saved', async () => {
    const bad = raised();
    bad.countries[0]!.methods[0]!.min = 500_000;
    bad.bonusLevels[2]!.limit = 10;
    const res = await api(store.app, 'POST', SETTINGS, { token: admin.token, body: { based_on: 1, document: bad, note: 'a broken one' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('payment_settings_invalid');
    expect(res.body.params?.problems).toEqual([
      { path: 'countries.0.methods.0.min', message: 'The minimum must not be above the maximum' },
      { path: 'bonusLevels.2.limit', message: 'Levels go up: each starts above the one before' },
    ]);
    expect(await versions()).toBe(1);
    expect(await audits()).toBe(0);
    expect((await api(store.app, 'GET', '/api/v1/payments/countries/RU')).body.data.methods.find((m: { id: number }) => m.id === 101).min).toBe(100);
  });

  it("an admin's version is served at once and used by new deposits, while an order started before keeps its figures", async () => {
    const player = await registerPlayer(store.app);
    const before = await start(player, {});
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    // Another process's copy of the settings, with its own (unconnected) bus and a clock the test moves.
    let otherNow = Date.now();
    const other = new PaymentSettings(db(), new InProcessBus(), () => otherNow);
    expect((await other.current()).version).toBe(1);

    const saved = await api(store.app, 'POST', SETTINGS, { token: admin.token, body: { based_on: 1, document: raised(), note: 'raise SBP minimum, richer 1000 level' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 2, previous_version: 1, operator: { id: admin.userId }, note: 'raise SBP minimum, richer 1000 level' });

    // Served at once in this process: the raised minimum, the switched-off method, the new levels.
    const ru = (await api(store.app, 'GET', '/api/v1/payments/countries/RU')).body.data;
    expect(ru.methods.find((m: { id: number }) => m.id === 101).min).toBe(200);
    expect(ru.methods.map((m: { id: number }) => m.id)).not.toContain(105);
    const levels = (await api(store.app, 'GET', '/api/v1/payments/bonus/levels')).body.data;
    expect(levels.find((l: { limit: number }) => l.limit === 1000)).toEqual({ limit: 1000, bonus_multiplier: 0.2, bonus_percent: 20 });
    const tooLow = await start(player, { amount: 150 });
    expect(tooLow.status).toBe(422);
    expect(tooLow.body).toMatchObject({ code: 'amount_too_low', params: { min: 200 } });
    expect((await start(player, { method_id: 105, amount: 1000, fields: { phone: '+79991234567' } })).body.code).toBe('payment_method_not_found');

    // The other process sees it once its copy is older than a few seconds.
    expect((await other.current()).version).toBe(1);
    otherNow += 5_000;
    expect((await other.current()).version).toBe(2);
    other.close();

    const after = await start(player, {});
    expect(after.status).toBe(200);
    const page = await store.app.inject({ method: 'GET', url: `/sandbox/checkout/${after.body.data.order_id}?lang=en` });
    expect(page.body).toContain('1000 руб.');
    expect((await pay(after.body.data.order_id)).statusCode).toBe(303);
    expect((await pay(before.body.data.order_id)).statusCode).toBe(303);
    // 1000 GOLD: the new version's +20 % level and 20 coins per 100; the earlier order its +5 % and 10.
    expect(await credits(player, after.body.data.order_id)).toEqual({ deposit: 100_000, deposit_bonus_level: 20_000, deposit_coins: 20_000 });
    expect(await credits(player, before.body.data.order_id)).toEqual({ deposit: 100_000, deposit_bonus_level: 5_000, deposit_coins: 10_000 });

    const audit = (await api(store.app, 'GET', '/api/v1/admin/audit?per_page=1', { token: admin.token })).body.data.items[0];
    expect(audit).toMatchObject({
      operator: { id: admin.userId },
      action: 'payments.settings',
      target: { kind: 'payment_settings', id: '2' },
      before: { version: 1 },
      after: { version: 2, document: { coinsFactor: 20 } },
      reason: 'raise SBP minimum, richer 1000 level',
    });
    expect(audit.before.document.coinsFactor).toBe(10);
  });

  it('a save on top of an older version than the one in force is refused, so nobody undoes a colleague unseen', async () => {
    const res = await api(store.app, 'POST', SETTINGS, { token: admin.token, body: { based_on: 1, document: defaultPaymentSettings(), note: 'back to the old ones' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'payment_settings_stale', params: { current: 2 } });
    expect(await versions()).toBe(2);
    expect(await audits()).toBe(1);
    const list = (await api(store.app, 'GET', SETTINGS, { token: support.token })).body.data;
    expect(list.current.version).toBe(2);
    expect(list.versions.map((v: { version: number; note: string | null }) => [v.version, v.note])).toEqual([
      [2, 'raise SBP minimum, richer 1000 level'],
      [1, null],
    ]);
    expect((await api(store.app, 'GET', `${SETTINGS}/versions/9`, { token: support.token })).body.code).toBe('payment_settings_not_found');
  });

  it('two admins saving on top of the same version at once: one version is saved, the other is told to reload', async () => {
    const both = await Promise.all(
      ['first', 'second'].map((who) => api(store.app, 'POST', SETTINGS, { token: admin.token, body: { based_on: 2, document: raised(), note: `the ${who} edit` } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body).toMatchObject({ code: 'payment_settings_stale', params: { current: 3 } });
    expect(await versions()).toBe(3);
    expect(await audits()).toBe(2);
  });

  it("another process hears of a saved version on the bus and serves it on its next read, before its copy is old", async () => {
    const bus = new InProcessBus();
    const frozen = () => 0;
    const saver = new PaymentSettings(db(), bus, frozen);
    const listener = new PaymentSettings(db(), bus, frozen);
    const held = await listener.current();
    // A version written by some process, announced by the saver as a save does.
    const newer = { ...held, version: held.version + 1 };
    await db().execute(sql`insert into payment_settings_versions (version, document, operator_name, note) values (${newer.version}, ${JSON.stringify(held.document)}::jsonb, 'test', 'bus test')`);
    expect((await listener.current()).version).toBe(held.version);
    saver.saved(newer);
    await vi.waitFor(async () => expect((await listener.current()).version).toBe(newer.version));
    saver.close();
    listener.close();
  });

  it('the FAQ quotes the coins factor in force', async () => {
    const faq = JSON.stringify((await api(store.app, 'GET', '/api/v1/page/faq', { headers: { 'x-client-language': 'en' } })).body.data);
    expect(faq).toContain('20 coins per 100 GOLD');
    expect(faq).not.toContain('10 coins per 100 GOLD');
  });
});
