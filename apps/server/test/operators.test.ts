import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPERATOR_PERMISSIONS, mayDo, type OperatorAction } from '@store/shared/operators';
import { defaultPaymentSettings } from '@store/shared/payments/settings-document';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type ApiResult, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { operate } from './helpers/switches.ts';
import { waitFor } from './helpers/ws.ts';

/**
 * The operator console's server (decision 029): roles from `npm run admin -- role`, one guard
 * reading the shared permission table for every `/api/v1/admin/*` call, the audit written with
 * each change, balance adjustments through the wallet's one operation, blocks that stop a
 * player's sessions at once, and the switches shared with the command line.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
/** A case and its current table, for the cases calls. */
let kase: { id: number; slug: string; sectionId: number; ranges: unknown };
let made = 0;
/** The payment settings version in force: each admin save builds on it. */
let paymentSettingsVersion = 1;
const db = () => store.database.db;

beforeAll(async () => {
  store = await createTestStore();
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  player = await fundedPlayer(store.app, db(), 100);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
  const found = (await db().execute(sql`select c.id, c.slug, c.section_id, o.ranges from cases c join case_odds o on o.id = c.odds_id order by c.id limit 1`)) as unknown as {
    rows: { id: number; slug: string; section_id: number; ranges: unknown }[];
  };
  kase = { id: Number(found.rows[0]!.id), slug: found.rows[0]!.slug, sectionId: Number(found.rows[0]!.section_id), ranges: found.rows[0]!.ranges };
});
afterAll(() => store.close());

/** Withdrawals handed to the operators, a fresh one for each call of a withdrawal action below (each succeeds once). */
const handedOver: number[] = [];
const nextHandedOver = () => handedOver.shift() ?? 0;
beforeAll(async () => {
  const created = (await db().execute(sql`
    with items as (
      insert into inventory_items (user_id, item_key, price, status, source, source_ref)
      select ${player.userId}, c.key, c.price, 'support', 'Case', 'access test'
        from generate_series(1, 60), (select key, price from catalogue_items where type = 0 order by price limit 1) c
      returning id, item_key)
    insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, deadline, next_at)
    select id, ${player.userId}, item_key, 'x', 1, 'trade', 'w-access-' || id, 'support', now(), now() from items returning id`)) as unknown as { rows: { id: number | string }[] };
  handedOver.push(...created.rows.map((r) => Number(r.id)));
  // Refunds: withdrawals queued an hour ago and never sent, so no order can live at the
  // marketplace and the refund needs no answer from it (a handed-over one asks first).
  const queued = (await db().execute(sql`
    with items as (
      insert into inventory_items (user_id, item_key, price, status, source, source_ref)
      select ${player.userId}, c.key, c.price, 'PREPARING', 'Case', 'access test'
        from generate_series(1, 20), (select key, price from catalogue_items where type = 0 order by price limit 1) c
      returning id, item_key)
    insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, deadline, next_at, updated_at)
    select id, ${player.userId}, item_key, 'x', 1, 'trade', 'w-refund-' || id, 'queued', now(), now() + interval '1 day', now() - interval '1 hour'
      from items returning id`)) as unknown as { rows: { id: number | string }[] };
  neverSent.push(...queued.rows.map((r) => Number(r.id)));
});
const neverSent: number[] = [];
const nextNeverSent = () => neverSent.shift() ?? 0;

const auditRows = (where = sql`true`) => countRows(db(), sql`select count(*) as n from operator_actions where ${where}`);
const lastAudit = async () => (await api(store.app, 'GET', '/api/v1/admin/audit?per_page=1', { token: admin.token })).body.data.items[0];
const gold = (userId: number) =>
  countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'GOLD'`);

/** The admin's writes, each named for what it changes (CHANGES reads it back). */
type AdminChange =
  | 'revoke'
  | 'balance'
  | 'block'
  | 'unblock'
  | 'flag'
  | 'techwork'
  | 'caseCreated'
  | 'caseEdited'
  | 'oddsChanged'
  | 'simulated'
  | 'retried'
  | 'refunded'
  | 'delivered'
  | 'promoCreated'
  | 'promoEdited'
  | 'promoDisabled'
  | 'promoEnabled'
  | 'offerCreated'
  | 'offerEdited'
  | 'offerDisabled'
  | 'offerEnabled'
  | 'boardCreated'
  | 'boardEnded'
  | 'eventCreated'
  | 'eventEdited'
  | 'eventEnded'
  | 'paymentSettingsSaved'
  | 'pricesRun'
  | 'proposalPublished'
  | 'takenOffSale';

/** Every console route with the action it performs, a body it accepts and, for a write, what it changes. */
/** `audited`: a read that leaves its own audit row (an export: who took which data). */
const ROUTES: { method: 'GET' | 'POST' | 'PATCH'; url: () => string; action: OperatorAction; body?: () => unknown; changes?: AdminChange; audited?: true }[] = [
  { method: 'GET', url: () => `/api/v1/admin/players?q=${player.login}`, action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}`, action: 'players.read' },
  { method: 'GET', url: () => '/api/v1/admin/players/in-debt', action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}/ledger`, action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}/items`, action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}/games`, action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}/sessions`, action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}/promo-uses`, action: 'players.read' },
  { method: 'GET', url: () => `/api/v1/admin/players/${player.userId}/messages`, action: 'players.read' },
  { method: 'GET', url: () => '/api/v1/admin/exports/players?from=2026-01-01&to=2026-01-31', action: 'exports.read', audited: true },
  // A session id nobody has: the call answers (nothing to end) without signing the test's player out.
  {
    method: 'POST',
    url: () => `/api/v1/admin/players/${player.userId}/sessions/0000000000000000/revoke`,
    action: 'players.sessions',
    body: () => ({ reason: 'access test' }),
    changes: 'revoke',
  },
  {
    method: 'POST',
    url: () => `/api/v1/admin/players/${player.userId}/balance`,
    action: 'players.balance',
    body: () => ({ amount: 1, reason: 'access test' }),
    changes: 'balance',
  },
  {
    method: 'POST',
    url: () => `/api/v1/admin/players/${player.userId}/block`,
    action: 'players.block',
    body: () => ({ reason: 'access test' }),
    changes: 'block',
  },
  { method: 'POST', url: () => `/api/v1/admin/players/${player.userId}/unblock`, action: 'players.block', body: () => ({}), changes: 'unblock' },
  { method: 'GET', url: () => '/api/v1/admin/audit', action: 'audit.read' },
  { method: 'GET', url: () => '/api/v1/admin/dashboard', action: 'dashboard.read' },
  { method: 'GET', url: () => '/api/v1/admin/web-vitals', action: 'dashboard.read' },
  { method: 'GET', url: () => '/api/v1/admin/flags', action: 'flags.read' },
  { method: 'POST', url: () => '/api/v1/admin/flags', action: 'flags.write', body: () => ({ name: 'techies', value: 'reset' }), changes: 'flag' },
  { method: 'POST', url: () => '/api/v1/admin/techwork', action: 'techwork.write', body: () => ({ on: false }), changes: 'techwork' },
  { method: 'GET', url: () => '/api/v1/admin/cases', action: 'cases.read' },
  {
    method: 'POST',
    url: () => '/api/v1/admin/cases',
    action: 'cases.write',
    // A new address each time, so each role's call is its own case.
    body: () => ({ slug: `made-${++made}`, section_id: kase.sectionId, name_ru: 'Кейс', name_en: 'Case', price: 1_000, odds: kase.ranges, confirm_rtp: true }),
    changes: 'caseCreated',
  },
  { method: 'GET', url: () => `/api/v1/admin/cases/${kase.id}`, action: 'cases.read' },
  { method: 'PATCH', url: () => `/api/v1/admin/cases/${kase.id}`, action: 'cases.write', body: () => ({ battle_allowed: true }), changes: 'caseEdited' },
  { method: 'POST', url: () => `/api/v1/admin/cases/${kase.id}/odds`, action: 'cases.write', body: () => ({ ranges: kase.ranges, confirm_rtp: true }), changes: 'oddsChanged' },
  { method: 'POST', url: () => `/api/v1/admin/cases/${kase.id}/simulate`, action: 'cases.write', body: () => ({ n: 100 }), changes: 'simulated' },
  { method: 'GET', url: () => '/api/v1/admin/withdrawals?state=all', action: 'withdrawals.read' },
  { method: 'POST', url: () => `/api/v1/admin/withdrawals/${nextHandedOver()}/retry`, action: 'withdrawals.write', body: () => ({ reason: 'access test' }), changes: 'retried' },
  { method: 'POST', url: () => `/api/v1/admin/withdrawals/${nextNeverSent()}/refund`, action: 'withdrawals.write', body: () => ({ reason: 'access test' }), changes: 'refunded' },
  { method: 'POST', url: () => `/api/v1/admin/withdrawals/${nextHandedOver()}/delivered`, action: 'withdrawals.write', body: () => ({ reason: 'access test' }), changes: 'delivered' },
  { method: 'GET', url: () => '/api/v1/admin/market-balances', action: 'withdrawals.read' },
  { method: 'GET', url: () => '/api/v1/admin/payments', action: 'payments.read' },
  { method: 'GET', url: () => '/api/v1/admin/payment-settings', action: 'payments.read' },
  { method: 'GET', url: () => '/api/v1/admin/payment-settings/versions/1', action: 'payments.read' },
  {
    method: 'POST',
    url: () => '/api/v1/admin/payment-settings',
    action: 'payments.settings',
    body: () => ({ based_on: paymentSettingsVersion, document: defaultPaymentSettings(), note: 'access test' }),
    changes: 'paymentSettingsSaved',
  },
  { method: 'GET', url: () => '/api/v1/admin/promo-codes', action: 'promotions.read' },
  { method: 'GET', url: () => '/api/v1/admin/promo-codes/GIFT50', action: 'promotions.read' },
  { method: 'POST', url: () => '/api/v1/admin/promo-codes', action: 'promotions.write', body: () => ({ code: `ACCESS-${++made}`, terms: { kind: 'common', percent: 5 } }), changes: 'promoCreated' },
  { method: 'PATCH', url: () => '/api/v1/admin/promo-codes/GIFT50', action: 'promotions.write', body: () => ({ per_player_limit: 1 }), changes: 'promoEdited' },
  { method: 'POST', url: () => '/api/v1/admin/promo-codes/GIFT50/disable', action: 'promotions.write', body: () => ({}), changes: 'promoDisabled' },
  { method: 'POST', url: () => '/api/v1/admin/promo-codes/GIFT50/enable', action: 'promotions.write', body: () => ({}), changes: 'promoEnabled' },
  { method: 'GET', url: () => '/api/v1/admin/offers', action: 'promotions.read' },
  { method: 'GET', url: () => '/api/v1/admin/offers/1', action: 'promotions.read' },
  {
    method: 'POST',
    url: () => '/api/v1/admin/offers',
    action: 'promotions.write',
    body: () => ({ name: `access-${++made}`, title_ru: 'Набор', title_en: 'Bundle', price: 1, old_price: 2, cases: [{ slug: kase.slug, count: 1 }] }),
    changes: 'offerCreated',
  },
  { method: 'PATCH', url: () => '/api/v1/admin/offers/1', action: 'promotions.write', body: () => ({ sort: 0 }), changes: 'offerEdited' },
  { method: 'POST', url: () => '/api/v1/admin/offers/1/disable', action: 'promotions.write', body: () => ({}), changes: 'offerDisabled' },
  { method: 'POST', url: () => '/api/v1/admin/offers/1/enable', action: 'promotions.write', body: () => ({}), changes: 'offerEnabled' },
  { method: 'GET', url: () => '/api/v1/admin/leaderboards', action: 'promotions.read' },
  { method: 'POST', url: () => '/api/v1/admin/leaderboards', action: 'promotions.write', body: () => ({ type: 'won', title_ru: 'Доступ', title_en: 'Access', hours: 1, prizes: 0 }), changes: 'boardCreated' },
  // The seeded board of the season: the admin's one call ends it early.
  { method: 'POST', url: () => '/api/v1/admin/leaderboards/1/end', action: 'promotions.write', body: () => ({}), changes: 'boardEnded' },
  { method: 'GET', url: () => '/api/v1/admin/events', action: 'promotions.read' },
  { method: 'GET', url: () => '/api/v1/admin/events/1', action: 'promotions.read' },
  {
    method: 'POST',
    url: () => '/api/v1/admin/events',
    action: 'promotions.write',
    body: () => ({
      slug: `access-${++made}`,
      title: { ru: 'Доступ', en: 'Access' },
      subtitle: { ru: 'Доступ', en: 'Access' },
      full_name: { ru: 'Доступ', en: 'Access' },
      starts_at: '2031-01-01T00:00:00Z',
      ends_at: '2031-02-01T00:00:00Z',
      levels: [{ threshold: 10, coins: 1 }],
    }),
    changes: 'eventCreated',
  },
  { method: 'PATCH', url: () => '/api/v1/admin/events/1', action: 'promotions.write', body: () => ({ subtitle: { ru: 'Сезон', en: 'Season' } }), changes: 'eventEdited' },
  // The seeded season: the admin's one call ends it early.
  { method: 'POST', url: () => '/api/v1/admin/events/1/end', action: 'promotions.write', body: () => ({}), changes: 'eventEnded' },
  { method: 'GET', url: () => '/api/v1/admin/prices', action: 'prices.read' },
  // The sandbox list's run flags the cases its prices leave out of the band: the next two calls act on two of them.
  { method: 'POST', url: () => '/api/v1/admin/prices/run', action: 'prices.write', changes: 'pricesRun' },
  {
    method: 'POST',
    url: () => `/api/v1/admin/prices/cases/${flagged.publish?.caseId ?? kase.id}/publish`,
    action: 'prices.write',
    body: () => ({ odds_id: flagged.publish?.oddsId ?? 1, reason: 'access test' }),
    changes: 'proposalPublished',
  },
  { method: 'POST', url: () => `/api/v1/admin/prices/cases/${flagged.offSale ?? kase.id}/off-sale`, action: 'prices.write', body: () => ({ reason: 'access test' }), changes: 'takenOffSale' },
];
/** The cases the price run flagged: one whose proposal the admin publishes, another taken off sale. */
const flagged: { publish?: { caseId: number; oddsId: number }; offSale?: number } = {};
const call = (r: (typeof ROUTES)[number], token?: string) => api(store.app, r.method, r.url(), { token, body: r.body?.() });

/** One admin call: `run` makes it (and checks its 200); what it was called with. */
type AdminCall = { url: string; body: any; prepared: unknown };
type Effect = {
  /** Sets up a state the call then visibly changes (its own audit rows are counted before the call). */
  prepare?: () => Promise<unknown>;
  /** Makes the call through `run` and reads the record after it. */
  check: (run: () => Promise<ApiResult>, call: AdminCall) => Promise<void>;
  /** False for a write that changes nothing (a simulation, a session that does not exist): nothing audited. */
  audited?: false;
};
const asAdmin = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const res = await api(store.app, method, url, { token: admin.token, body });
  expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const idIn = (url: string) => Number(/\/(\d+)\/[a-z]+$/.exec(url)![1]);
const withdrawalState = async (id: number) =>
  ((await db().execute(sql`select state from withdrawals where id = ${id}`)) as unknown as { rows: { state: string }[] }).rows[0]?.state;
const itemStatus = async (withdrawalId: number) =>
  ((await db().execute(sql`select i.status from inventory_items i join withdrawals w on w.item_id = i.id where w.id = ${withdrawalId}`)) as unknown as {
    rows: { status: string }[];
  }).rows[0]?.status;

/** What each of the admin's writes changed, read back from the record it names. */
const CHANGES: Record<AdminChange, Effect> = {
  revoke: {
    // No such session: nothing ends, nothing is audited, and the player stays signed in.
    audited: false,
    check: async (run) => {
      await run();
      expect((await api(store.app, 'GET', '/api/v1/users/me', { token: player.token })).status).toBe(200);
    },
  },
  balance: {
    check: async (run) => {
      const before = await gold(player.userId);
      await run();
      expect(await gold(player.userId)).toBe(before + 100);
      const [entry] = (await asAdmin('GET', `/api/v1/admin/players/${player.userId}/ledger?per_page=1`)).items;
      expect(entry).toMatchObject({ currency: 'GOLD', delta: 1 });
    },
  },
  block: {
    check: async (run) => {
      await run();
      expect(await asAdmin('GET', `/api/v1/admin/players/${player.userId}`)).toMatchObject({ blocked: true, blocked_reason: 'access test' });
      expect((await api(store.app, 'GET', '/api/v1/users/me', { token: player.token })).status).not.toBe(200);
    },
  },
  unblock: {
    check: async (run) => {
      expect((await asAdmin('GET', `/api/v1/admin/players/${player.userId}`)).blocked).toBe(true);
      await run();
      expect(await asAdmin('GET', `/api/v1/admin/players/${player.userId}`)).toMatchObject({ blocked: false, blocked_at: null });
    },
  },
  flag: {
    // The operator's switch, then the call gives the flag back to the configuration.
    prepare: () => asAdmin('POST', '/api/v1/admin/flags', { name: 'techies', value: 'off' }),
    check: async (run) => {
      const techies = async () => (await asAdmin('GET', '/api/v1/admin/flags')).flags.find((f: any) => f.flag === 'techies');
      expect(await techies()).toMatchObject({ on: false, source: 'operator' });
      await run();
      expect((await techies()).source).toBe('configuration');
    },
  },
  techwork: {
    prepare: () => asAdmin('POST', '/api/v1/admin/techwork', { on: true }),
    check: async (run) => {
      expect((await asAdmin('GET', '/api/v1/admin/flags')).techwork.on).toBe(true);
      await run();
      expect((await asAdmin('GET', '/api/v1/admin/flags')).techwork.on).toBe(false);
    },
  },
  caseCreated: {
    check: async (run, { body }) => {
      const id = (await run()).body.data.id as number;
      expect(await asAdmin('GET', `/api/v1/admin/cases/${id}`)).toMatchObject({ slug: body.slug, name_ru: 'Кейс', name_en: 'Case', price: 1_000 });
    },
  },
  caseEdited: {
    prepare: () => asAdmin('PATCH', `/api/v1/admin/cases/${kase.id}`, { battle_allowed: false }),
    check: async (run) => {
      expect((await asAdmin('GET', `/api/v1/admin/cases/${kase.id}`)).battle_allowed).toBe(false);
      await run();
      expect((await asAdmin('GET', `/api/v1/admin/cases/${kase.id}`)).battle_allowed).toBe(true);
    },
  },
  oddsChanged: {
    check: async (run) => {
      const before = await asAdmin('GET', `/api/v1/admin/cases/${kase.id}`);
      const changed = (await run()).body.data;
      const now = await asAdmin('GET', `/api/v1/admin/cases/${kase.id}`);
      expect(changed.previous_odds_id).toBe(before.odds.id);
      expect(now.odds.id).toBe(changed.odds_id);
      expect(now.odds_history.map((v: any) => v.id)).toContain(before.odds.id);
      expect(now.odds_history).toHaveLength(before.odds_history.length + 1);
    },
  },
  simulated: {
    audited: false,
    check: async (run) => {
      const before = await asAdmin('GET', `/api/v1/admin/cases/${kase.id}`);
      const result = (await run()).body.data;
      expect(result.n).toBe(100);
      expect(result.counts.reduce((sum: number, c: any) => sum + c.count, 0)).toBe(100);
      // A simulation stores nothing: the case and its table are as they were.
      expect(await asAdmin('GET', `/api/v1/admin/cases/${kase.id}`)).toEqual(before);
    },
  },
  retried: {
    check: async (run, { url }) => {
      expect(await withdrawalState(idIn(url))).toBe('support');
      await run();
      // Back to the worker, which first asks the marketplace about the order under the same id.
      expect([await withdrawalState(idIn(url)), await itemStatus(idIn(url))]).toEqual(['unconfirmed', 'PREPARING']);
    },
  },
  refunded: {
    check: async (run, { url }) => {
      expect(await withdrawalState(idIn(url))).toBe('queued');
      await run();
      // Failed, the item back in the player's inventory to withdraw again or sell.
      expect([await withdrawalState(idIn(url)), await itemStatus(idIn(url))]).toEqual(['failed', 'progress']);
    },
  },
  delivered: {
    check: async (run, { url }) => {
      expect(await withdrawalState(idIn(url))).toBe('support');
      await run();
      expect([await withdrawalState(idIn(url)), await itemStatus(idIn(url))]).toEqual(['accepted', 'STEAM_WITHDRAWN']);
    },
  },
  promoCreated: {
    check: async (run, { body }) => {
      expect((await api(store.app, 'GET', `/api/v1/admin/promo-codes/${body.code}`, { token: admin.token })).status).toBe(404);
      await run();
      expect(await asAdmin('GET', `/api/v1/admin/promo-codes/${body.code}`)).toMatchObject({ code: body.code, terms: { kind: 'common', percent: 5 }, disabled: false });
    },
  },
  promoEdited: {
    prepare: () => asAdmin('PATCH', '/api/v1/admin/promo-codes/GIFT50', { per_player_limit: 2 }),
    check: async (run) => {
      await run();
      expect((await asAdmin('GET', '/api/v1/admin/promo-codes/GIFT50')).per_player_limit).toBe(1);
    },
  },
  promoDisabled: {
    check: async (run) => {
      await run();
      expect(await asAdmin('GET', '/api/v1/admin/promo-codes/GIFT50')).toMatchObject({ disabled: true, state: 'disabled' });
    },
  },
  paymentSettingsSaved: {
    check: async (run) => {
      const saved = (await run()).body.data;
      expect(saved.version).toBe(paymentSettingsVersion + 1);
      paymentSettingsVersion = saved.version;
      expect((await asAdmin('GET', '/api/v1/admin/payment-settings')).current.version).toBe(paymentSettingsVersion);
    },
  },
  promoEnabled: {
    check: async (run) => {
      await run();
      expect(await asAdmin('GET', '/api/v1/admin/promo-codes/GIFT50')).toMatchObject({ disabled: false, disabled_at: null });
    },
  },
  offerCreated: {
    check: async (run, { body }) => {
      const id = (await run()).body.data.id as number;
      expect(await asAdmin('GET', `/api/v1/admin/offers/${id}`)).toMatchObject({ name: body.name, price: 1, old_price: 2, cases: [{ slug: kase.slug, count: 1 }] });
    },
  },
  offerEdited: {
    prepare: () => asAdmin('PATCH', '/api/v1/admin/offers/1', { sort: 7 }),
    check: async (run) => {
      await run();
      expect((await asAdmin('GET', '/api/v1/admin/offers/1')).sort).toBe(0);
    },
  },
  offerDisabled: {
    check: async (run) => {
      await run();
      expect(await asAdmin('GET', '/api/v1/admin/offers/1')).toMatchObject({ disabled: true, state: 'disabled' });
    },
  },
  offerEnabled: {
    check: async (run) => {
      await run();
      expect((await asAdmin('GET', '/api/v1/admin/offers/1')).disabled).toBe(false);
    },
  },
  boardCreated: {
    check: async (run) => {
      const id = (await run()).body.data.id as number;
      const board = (await asAdmin('GET', '/api/v1/admin/leaderboards')).items.find((b: any) => b.id === id);
      expect(board).toMatchObject({ type: 'won', title_ru: 'Доступ', title_en: 'Access', status: 'running' });
    },
  },
  boardEnded: {
    check: async (run) => {
      const board = async () => (await asAdmin('GET', '/api/v1/admin/leaderboards')).items.find((b: any) => b.id === 1);
      expect((await board()).status).toBe('running');
      await run();
      expect((await board()).status).not.toBe('running');
    },
  },
  eventCreated: {
    check: async (run, { body }) => {
      const id = (await run()).body.data.id as number;
      expect(await asAdmin('GET', `/api/v1/admin/events/${id}`)).toMatchObject({ slug: body.slug, title: body.title, starts_at: '2031-01-01T00:00:00.000Z' });
    },
  },
  eventEdited: {
    prepare: () => asAdmin('PATCH', '/api/v1/admin/events/1', { subtitle: { ru: 'До', en: 'Before' } }),
    check: async (run) => {
      await run();
      expect((await asAdmin('GET', '/api/v1/admin/events/1')).subtitle).toEqual({ ru: 'Сезон', en: 'Season' });
    },
  },
  eventEnded: {
    check: async (run) => {
      expect((await asAdmin('GET', '/api/v1/admin/events/1')).state).toBe('running');
      await run();
      expect(['ended', 'closed']).toContain((await asAdmin('GET', '/api/v1/admin/events/1')).state);
    },
  },
  pricesRun: {
    check: async (run) => {
      const before = (await asAdmin('GET', '/api/v1/admin/prices')).runs.length;
      expect((await run()).body.data).toMatchObject({ ran: true, run: { state: 'done' } });
      const page = await asAdmin('GET', '/api/v1/admin/prices');
      expect(page.runs).toHaveLength(before + 1);
      const withProposal = page.cases.filter((c: any) => c.proposal !== null);
      expect(withProposal.length).toBeGreaterThan(0);
      flagged.publish = { caseId: withProposal[0].case_id, oddsId: withProposal[0].odds_id };
      flagged.offSale = page.cases.find((c: any) => c.case_id !== flagged.publish!.caseId)?.case_id;
      expect(flagged.offSale).toBeDefined();
    },
  },
  proposalPublished: {
    check: async (run) => {
      const { caseId, oddsId } = flagged.publish!;
      const changed = (await run()).body.data;
      expect(changed.previous_odds_id).toBe(oddsId);
      expect((await asAdmin('GET', `/api/v1/admin/cases/${caseId}`)).odds.id).toBe(changed.odds_id);
      expect((await asAdmin('GET', '/api/v1/admin/prices')).cases.some((c: any) => c.case_id === caseId)).toBe(false);
    },
  },
  takenOffSale: {
    check: async (run) => {
      expect((await asAdmin('GET', `/api/v1/admin/cases/${flagged.offSale}`)).locked).toBe(false);
      await run();
      expect((await asAdmin('GET', `/api/v1/admin/cases/${flagged.offSale}`)).locked).toBe(true);
    },
  },
};

describe('access to the console', () => {
  it('documents every /api/v1/admin route, and this test covers each of them', async () => {
    const docs = (await store.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    const covered = [
      ...new Set(ROUTES.map((r) => `${r.method} ${r.url().split('?')[0]!.replace(String(player.userId), ':id').replace('/sessions/0000000000000000/', '/sessions/:sessionId/').replace(`/cases/${kase.id}`, '/cases/:id').replace('/promo-codes/GIFT50', '/promo-codes/:code').replace(/\/offers\/\d+/, '/offers/:id').replace(/\/leaderboards\/\d+/, '/leaderboards/:id').replace(/\/events\/\d+/, '/events/:id').replace(/\/withdrawals\/[^/]+\//, '/withdrawals/:id/').replace('/exports/players', '/exports/:kind').replace(/\/versions\/\d+/, '/versions/:version')}`)),
    ].sort();
    expect(documented).toEqual(covered);
    expect(new Set(ROUTES.map((r) => r.action))).toEqual(new Set(Object.keys(OPERATOR_PERMISSIONS)));
  });

  it('refuses a guest with 401 and a player with 403 operator_only, changing nothing', async () => {
    const before = await auditRows();
    for (const r of ROUTES) {
      const guest = await call(r);
      expect(guest.status, `${r.method} ${r.url()}`).toBe(401);
      expect(guest.body.code).toBe('authentication');
      const asPlayer = await call(r, player.token);
      expect(asPlayer.status, `${r.method} ${r.url()}`).toBe(403);
      expect(asPlayer.body).toMatchObject({ status: false, code: 'operator_only' });
      expect(asPlayer.body.message).toBe('Это доступно только операторам магазина');
    }
    expect(await auditRows()).toBe(before);
    expect(await gold(player.userId)).toBe(10_000);
  });

  it('refuses support on each admin-only call with 403 admin_only and lets it make the support calls', async () => {
    for (const r of ROUTES) {
      const res = await call(r, support.token);
      if (mayDo('support', r.action)) expect(res.status, `${r.method} ${r.url()} ${JSON.stringify(res.body)}`).toBe(200);
      else {
        expect(res.status, `${r.method} ${r.url()}`).toBe(403);
        expect(res.body.code).toBe('admin_only');
      }
    }
    expect(await gold(player.userId)).toBe(10_000);
  });

  it('lets an admin make every call: a read changes nothing, a write changes its record and is audited once', async () => {
    // Every write names what it changes; every name is one write's.
    expect(ROUTES.filter((r) => (r.method === 'GET') === Boolean(r.changes)).map((r) => `${r.method} ${r.action}`)).toEqual([]);
    expect(ROUTES.filter((r) => r.changes).map((r) => r.changes).sort()).toEqual(Object.keys(CHANGES).sort());
    for (const r of ROUTES) {
      const url = r.url();
      const body = r.body?.();
      const where = `${r.method} ${url}`;
      const audited = await auditRows();
      const run = async () => {
        const res = await api(store.app, r.method, url, { token: admin.token, body });
        expect(res.status, `${where} ${JSON.stringify(res.body)}`).toBe(200);
        return res;
      };
      const effect = r.changes && CHANGES[r.changes];
      if (r.audited) {
        // A file, not JSON: it comes out, and its taking is audited.
        const file = await store.app.inject({ method: r.method, url, headers: { authorization: `Bearer ${admin.token}` } });
        expect([file.statusCode, file.headers['content-type']], where).toEqual([200, expect.stringContaining('text/csv')]);
        expect(await auditRows(), where).toBe(audited + 1);
        continue;
      }
      if (!effect) {
        await run();
        expect(await auditRows(), where).toBe(audited);
        continue;
      }
      const prepared = await effect.prepare?.();
      const auditedBefore = await auditRows();
      await effect.check(run, { url, body, prepared });
      if (effect.audited !== false) {
        expect(await auditRows(), where).toBe(auditedBefore + 1);
        expect((await lastAudit()).operator, where).toEqual({ id: admin.userId, name: expect.any(String) });
      } else expect(await auditRows(), where).toBe(auditedBefore);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('the role command changes rights at once, keeps the spec’s admin flag equal to the role, and is audited', async () => {
    const p = await registerPlayer(store.app);
    const flags = () => api(store.app, 'GET', '/api/v1/admin/flags', { token: p.token });
    // The owner's own record says the role, for the web console; another player's view of the profile never does.
    const me = async () => {
      const own = (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
      expect((await api(store.app, 'GET', `/api/v1/users/${p.userId}`, { token: admin.token })).body.data).not.toHaveProperty('role');
      return { admin: own.admin, role: own.role };
    };
    expect((await flags()).status).toBe(403);
    const ctx = { accountChanged: (id: number) => store.app.deps.sessions.forgetUser(id) };
    expect(await runAdminCommand(db(), { command: 'role', login: p.login, role: 'support', operator: 'ops' }, ctx)).toMatchObject({
      role: 'support',
      admin: false,
    });
    expect((await flags()).status).toBe(200);
    expect(await me()).toEqual({ admin: false, role: 'support' });
    expect(await runAdminCommand(db(), { command: 'make-admin', login: p.login, operator: 'ops' }, ctx)).toMatchObject({ admin: true });
    expect(await me()).toEqual({ admin: true, role: 'admin' });
    await runAdminCommand(db(), { command: 'role', login: p.login, role: 'none', operator: 'ops' }, ctx);
    expect((await flags()).body.code).toBe('operator_only');
    expect(await me()).toEqual({ admin: false, role: null });
    const audit = await api(store.app, 'GET', `/api/v1/admin/audit?target_kind=player&target_id=${p.userId}`, { token: admin.token });
    expect(audit.body.data.items.map((a: any) => [a.action, a.before.role, a.after.role, a.operator])).toEqual([
      ['roles.set', 'admin', null, { id: null, name: 'ops' }],
      ['roles.set', 'support', 'admin', { id: null, name: 'ops' }],
      ['roles.set', null, 'support', { id: null, name: 'ops' }],
    ]);
    await expect(runAdminCommand(db(), { command: 'role', login: 'nobody-here', role: 'admin', operator: 'ops' })).rejects.toThrow(
      /no player/,
    );
    await expect(db().execute(sql`update users set is_admin = true where id = ${p.userId}`)).rejects.toThrow();
  });

  it('refuses a malformed call after the guard with a 400 envelope', async () => {
    const bad = [
      await api(store.app, 'GET', '/api/v1/admin/players?q=', { token: support.token }),
      await api(store.app, 'GET', '/api/v1/admin/players/abc', { token: support.token }),
      await api(store.app, 'POST', `/api/v1/admin/players/${player.userId}/balance`, {
        token: admin.token,
        body: { amount: 0, reason: 'zero' },
      }),
      await api(store.app, 'POST', `/api/v1/admin/players/${player.userId}/balance`, {
        token: admin.token,
        body: { amount: 1.001, reason: 'decimals' },
      }),
      await api(store.app, 'POST', `/api/v1/admin/players/${player.userId}/balance`, {
        token: admin.token,
        body: { amount: 5, reason: 'no' },
      }),
      await api(store.app, 'POST', `/api/v1/admin/players/${player.userId}/balance`, {
        token: admin.token,
        body: { amount: 5, reason: 'x'.repeat(501) },
      }),
      await api(store.app, 'POST', `/api/v1/admin/players/${player.userId}/block`, { token: admin.token, body: {} }),
      await api(store.app, 'POST', '/api/v1/admin/flags', { token: admin.token, body: { name: 'nope', value: 'on' } }),
      await api(store.app, 'POST', '/api/v1/admin/techwork', { token: admin.token, body: { on: 'yes' } }),
    ];
    for (const res of bad) expect([res.status, res.body.code]).toEqual([400, 'validation']);
    const missing = await api(store.app, 'GET', '/api/v1/admin/players/999999', { token: support.token });
    expect([missing.status, missing.body.code]).toEqual([404, 'userNotFound']);
  });
});

describe('players', () => {
  it('finds a player by id, login, nickname and Steam id', async () => {
    const p = await registerPlayer(store.app);
    await db().execute(
      sql`update users set nickname = ${`Nick_${p.userId}%`}, steam_login = ${`steamy${p.userId}`} where id = ${p.userId}`,
    );
    await db().execute(
      sql`insert into user_identities (provider, subject, user_id, name) values ('steam', ${`7656119${String(p.userId).padStart(10, '0')}`}, ${p.userId}, 'Steam name')`,
    );
    const find = async (q: string) =>
      (await api(store.app, 'GET', `/api/v1/admin/players?q=${encodeURIComponent(q)}`, { token: support.token })).body.data.items.map(
        (i: any) => i.id,
      );
    expect(await find(String(p.userId))).toContain(p.userId);
    expect((await find(String(p.userId)))[0]).toBe(p.userId);
    expect(await find(p.login)).toEqual([p.userId]);
    expect(await find(`nick_${p.userId}%`)).toEqual([p.userId]);
    expect(await find(`steamy${p.userId}`)).toEqual([p.userId]);
    expect(await find(`7656119${String(p.userId).padStart(10, '0')}`)).toEqual([p.userId]);
    expect(await find('%')).toEqual([p.userId]);
    expect(await find('no-such-player-anywhere')).toEqual([]);
  });

  it('shows a profile with wallets, role and blocked state', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const res = await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}`, { token: support.token });
    expect(res.body.data).toMatchObject({ id: p.userId, login: p.login, role: null, admin: false, blocked: false, blocked_reason: null });
    expect(res.body.data.wallets).toEqual([
      { currency: 'GOLD', balance: 100 },
      { currency: 'TASTY_COIN', balance: 0 },
    ]);
    const adm = await api(store.app, 'GET', `/api/v1/admin/players/${admin.userId}`, { token: support.token });
    expect(adm.body.data).toMatchObject({ role: 'admin', admin: true });
  });

  it('adjusts a balance with one ledger row naming the operator and reason, one audit row, and wallet = ledger', async () => {
    const p = await fundedPlayer(store.app, db(), 50);
    const [ledgerBefore, auditBefore] = [
      await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`),
      await auditRows(),
    ];
    const credit = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/balance`, {
      token: admin.token,
      body: { amount: 12.5, reason: 'compensation for a lost drop' },
      headers: { 'idempotency-key': `c-${p.userId}` },
    });
    expect(credit.body).toMatchObject({ status: true, data: { user_id: p.userId, currency: 'GOLD', amount: 12.5, balance: 62.5 } });
    const debit = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/balance`, {
      token: admin.token,
      body: { amount: -2.5, reason: 'over-credited' },
    });
    expect(debit.body.data).toMatchObject({ amount: -2.5, balance: 60 });
    const tooMuch = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/balance`, {
      token: admin.token,
      body: { amount: -60.01, reason: 'below zero' },
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([402, 'balance_error']);
    const coins = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/balance`, {
      token: admin.token,
      body: { amount: -1, reason: 'no coins', currency: 'TASTY_COIN' },
    });
    expect([coins.status, coins.body.code]).toEqual([402, 'coins_error']);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`)).toBe(ledgerBefore + 2);
    expect(await auditRows()).toBe(auditBefore + 2);
    expect(await gold(p.userId)).toBe(6000);
    expect(await ledgerMismatches(db())).toEqual([]);

    const ledger = await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}/ledger?per_page=2`, { token: support.token });
    expect(ledger.body.data).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(ledger.body.data.items.map((l: any) => [l.delta, l.balance_after, l.reason, l.ref])).toEqual([
      [-2.5, 60, 'operator_debit', `operator:${admin.userId}`],
      [12.5, 62.5, 'operator_grant', `operator:${admin.userId}`],
    ]);
    expect(ledger.body.data.items[1].meta).toEqual({
      operator: admin.login,
      operator_id: admin.userId,
      reason: 'compensation for a lost drop',
    });
    const page2 = await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}/ledger?per_page=2&page=2`, { token: support.token });
    expect(page2.body.data.items.map((l: any) => [l.delta, l.balance_after, l.reason])).toEqual([[50, 50, 'operator_grant']]);

    const audit = await api(store.app, 'GET', `/api/v1/admin/audit?operator_id=${admin.userId}&target_kind=player&target_id=${p.userId}`, {
      token: admin.token,
    });
    expect(audit.body.data.items.map((a: any) => [a.action, a.before, a.after, a.reason])).toEqual([
      ['players.balance', { currency: 'GOLD', balance: 62.5 }, { currency: 'GOLD', balance: 60 }, 'over-credited'],
      ['players.balance', { currency: 'GOLD', balance: 50 }, { currency: 'GOLD', balance: 62.5 }, 'compensation for a lost drop'],
    ]);
  });

  it('a retried adjustment with the same Idempotency-Key pays once; the key on another call is refused', async () => {
    const p = await fundedPlayer(store.app, db(), 0);
    const send = (body: unknown, playerId = p.userId) =>
      api(store.app, 'POST', `/api/v1/admin/players/${playerId}/balance`, {
        token: admin.token,
        body,
        headers: { 'idempotency-key': `retry-${p.userId}` },
      });
    const first = await send({ amount: 7, reason: 'retried' });
    const again = await send({ amount: 7, reason: 'retried' });
    expect(again.body).toEqual(first.body);
    expect(await gold(p.userId)).toBe(700);
    expect((await send({ amount: 8, reason: 'retried' })).body.code).toBe('idempotency_key_reused');
    expect((await send({ amount: 7, reason: 'retried' }, player.userId)).body.code).toBe('idempotency_key_reused');
    expect(await auditRows(sql`target_id = ${String(p.userId)} and action = 'players.balance'`)).toBe(1);
  });

  it('the grant command is the same operation: one ledger row and one audit row naming the operator', async () => {
    const p = await registerPlayer(store.app);
    const done = await runAdminCommand(db(), { command: 'grant', login: p.login, amount: 3, operator: 'alice' });
    expect(done).toEqual({ user_id: p.userId, login: p.login, granted: 3, balance: 3 });
    const audit = await api(store.app, 'GET', `/api/v1/admin/audit?target_kind=player&target_id=${p.userId}`, { token: admin.token });
    expect(audit.body.data.items).toMatchObject([
      { action: 'players.balance', operator: { id: null, name: 'alice' }, after: { balance: 3 } },
    ]);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and ref = 'operator:alice'`)).toBe(1);
    await expect(runAdminCommand(db(), { command: 'grant', login: p.login, amount: -3, operator: 'alice' })).rejects.toThrow(/amount/);
  });
});

describe('blocking', () => {
  it('refuses a blocked player’s next call at once, keeps their money and items, and unblocking restores the same session', async () => {
    const p = await fundedPlayer(store.app, db(), 30);
    const me = () => api(store.app, 'GET', '/api/v1/users/me', { token: p.token });
    expect((await me()).status).toBe(200); // now cached by the session cache
    const holdings = async () => ({
      gold: await gold(p.userId),
      ledger: await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`),
      items: await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId}`),
    });
    const before = await holdings();
    const auditBefore = await auditRows();

    const blocked = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/block`, {
      token: support.token,
      body: { reason: 'chargeback fraud' },
    });
    expect(blocked.body.data).toMatchObject({ user_id: p.userId, blocked: true, blocked_reason: 'chargeback fraud' });
    const refused = await me();
    expect([refused.status, refused.body.code]).toEqual([403, 'account_blocked']);
    const inventory = await api(store.app, 'GET', '/api/v1/inventory/get', { token: p.token });
    expect([inventory.status, inventory.body.code]).toEqual([403, 'account_blocked']);
    const battle = await api(store.app, 'POST', '/api/battles/join', {
      token: p.token,
      body: { battle_ulid: '01HZZZZZZZZZZZZZZZZZZZZZZZ', seat: 1 },
    });
    expect(battle.body.code).toBe('account_blocked');
    expect((await api(store.app, 'GET', '/api/v1/config', { token: p.token })).status).toBe(200); // public calls answer as to a guest
    const sell = await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token });
    expect([sell.status, sell.body.code]).toEqual([403, 'account_blocked']);
    const signin = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } });
    expect([signin.status, signin.body.code]).toEqual([403, 'account_blocked']);
    const byToken = await api(store.app, 'POST', '/api/v1/auth/login', { body: { token: p.token } });
    expect(byToken.body.code).toBe('account_blocked');
    // Blocking twice keeps the first reason and writes its own audit row.
    await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/block`, { token: admin.token, body: { reason: 'again' } });
    const profile = await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}`, { token: support.token });
    expect(profile.body.data).toMatchObject({ blocked: true, blocked_reason: 'chargeback fraud' });

    const unblocked = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/unblock`, { token: support.token });
    expect(unblocked.body.data).toMatchObject({ blocked: false, blocked_reason: null });
    expect((await me()).status).toBe(200);
    expect((await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: p.login, password: p.password } })).status).toBe(200);
    expect(await holdings()).toEqual(before);

    const audit = await api(store.app, 'GET', `/api/v1/admin/audit?target_kind=player&target_id=${p.userId}&per_page=3`, {
      token: admin.token,
    });
    expect(await auditRows()).toBe(auditBefore + 3);
    expect(audit.body.data.items.map((a: any) => [a.action, a.operator.id, a.before, a.after, a.reason])).toEqual([
      ['players.unblock', support.userId, { blocked: true, reason: 'chargeback fraud' }, { blocked: false, reason: null }, null],
      [
        'players.block',
        admin.userId,
        { blocked: true, reason: 'chargeback fraud' },
        { blocked: true, reason: 'chargeback fraud' },
        'again',
      ],
      [
        'players.block',
        support.userId,
        { blocked: false, reason: null },
        { blocked: true, reason: 'chargeback fraud' },
        'chargeback fraud',
      ],
    ]);
  });

  it('a blocked operator loses the console too', async () => {
    const op = await registerPlayer(store.app);
    await runAdminCommand(db(), { command: 'role', login: op.login, role: 'support', operator: 'test' });
    await api(store.app, 'POST', `/api/v1/admin/players/${op.userId}/block`, { token: admin.token, body: { reason: 'left the team' } });
    const res = await api(store.app, 'GET', '/api/v1/admin/flags', { token: op.token });
    expect([res.status, res.body.code]).toEqual([403, 'account_blocked']);
  });
});

describe('flags and tech-work from the console', () => {
  it('switches a flag and tech-work, each with one audit row, shared with the command line', async () => {
    const before = await auditRows();
    const set = await api(store.app, 'POST', '/api/v1/admin/flags', { token: admin.token, body: { name: 'techies', value: 'on' } });
    expect(set.body.data.flags.find((f: any) => f.flag === 'techies')).toMatchObject({ on: true, source: 'operator' });
    await waitFor(() => store.app.deps.switches.flag('techies') === true);
    expect((await api(store.app, 'GET', '/api/v1/config')).body.data.flags.techies).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'flags.write',
      target: { kind: 'flag', id: 'techies' },
      operator: { id: admin.userId, name: admin.login },
      after: { on: true, source: 'operator' },
    });

    await operate(store.app, { command: 'flags-reset', name: 'techies', operator: 'bob' });
    await waitFor(() => store.app.deps.switches.flag('techies') === store.app.deps.configuredFlags.techies);
    expect(await lastAudit()).toMatchObject({
      action: 'flags.write',
      operator: { id: null, name: 'bob' },
      before: { on: true, source: 'operator' },
      after: { source: 'configuration' },
    });

    const on = await api(store.app, 'POST', '/api/v1/admin/techwork', { token: admin.token, body: { on: true } });
    expect(on.body.data).toMatchObject({ on: true, operator: admin.login });
    await waitFor(() => store.app.deps.switches.techWork().on);
    expect((await api(store.app, 'GET', '/api/v1/monitoring/status')).body.data.is_offline).toBe(true);
    const listed = await api(store.app, 'GET', '/api/v1/admin/flags', { token: support.token });
    expect(listed.body.data.techwork.on).toBe(true);
    await api(store.app, 'POST', '/api/v1/admin/techwork', { token: admin.token, body: { on: false } });
    await waitFor(() => !store.app.deps.switches.techWork().on);
    expect(await lastAudit()).toMatchObject({ action: 'techwork.write', before: { on: true }, after: { on: false } });
    expect(await auditRows()).toBe(before + 4);
  });

  it('pages the audit newest first', async () => {
    const all = (await api(store.app, 'GET', '/api/v1/admin/audit?per_page=200', { token: admin.token })).body.data;
    const ids = all.items.map((a: any) => a.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const second = (await api(store.app, 'GET', '/api/v1/admin/audit?per_page=2&page=2', { token: admin.token })).body.data;
    expect(second.items.map((a: any) => a.id)).toEqual(ids.slice(2, 4));
    expect(second.total).toBe(all.total);
  });
});
