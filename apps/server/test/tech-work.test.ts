import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildSandboxCallback } from '@store/shared/payments/signature';
import { runAdminCommand } from '../src/admin/commands.ts';
import {
  api,
  catalogueByPrice,
  cheapestCase,
  countRows,
  fundedPlayer,
  giveItems,
  ledgerMismatches,
  nearestItem,
  registerPlayer,
  type Player,
} from './helpers/factories.ts';
import { dereferenced } from './helpers/openapi.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';
import { operate } from './helpers/switches.ts';
import { waitFor } from './helpers/ws.ts';

/**
 * Tech-work closes the store (spec §2's tech-work page): while an operator has it on, every call that
 * moves money or items or plays a game answers `tech_work` (503) and changes nothing, reads stay
 * open, the operators keep their console, and the payment provider's report of money paid still
 * credits the player. Turned off, the same calls go through again.
 */
let store: TestStore;
let admin: Player;
const db = () => store.database.db;
const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  db()
    .execute(query)
    .then((r) => (r as unknown as { rows: T[] }).rows);

beforeAll(async () => {
  // No background jobs: a withdrawal stays where the call left it, for the test to read.
  store = await createTestStore({ FLAGS: 'techies:on', BACKGROUND_JOBS: 'off' });
  admin = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
});
afterAll(() => store.close());

async function techWork(on: boolean) {
  await operate(store.app, { command: 'techwork', action: on ? 'on' : 'off', operator: 'ops' });
  await waitFor(() => store.app.deps.switches.techWork().on === on);
}

/** What a player holds and has started: any change of money, items or games shows here. */
const holdings = async (p: Player) => ({
  gold: await countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId}`),
  ledger: await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId}`),
  items: await q(sql`select id, status from inventory_items where user_id = ${p.userId} order by id`),
  orders: await countRows(db(), sql`select count(*) as n from payment_orders where user_id = ${p.userId}`),
});

const link = 'https://steamcommunity.com/tradeoffer/new/?partner=4242&token=oktechwork';

/** A player with money, a saved trade link and items for each call, and the calls themselves. */
async function playerWithCalls() {
  const p = await fundedPlayer(store.app, db(), 5000);
  expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link } })).status).toBe(200);
  const catalogue = (await catalogueByPrice(db())).filter((i) => i.price >= 100);
  const [sold, soldToo, staked, withdrawn, ...contract] = await giveItems(db(), p.userId, [
    nearestItem(catalogue, 500),
    nearestItem(catalogue, 500),
    nearestItem(catalogue, 1000),
    nearestItem(catalogue, 500),
    ...catalogue.slice(0, 3),
  ]);
  const cheap = await cheapestCase(store.app);
  const battleCase = (await api(store.app, 'GET', '/api/battles/cases')).body.data.sections
    .flatMap((s: any) => s.cases)
    .sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0].slug as string;
  const call = (method: 'POST', url: string, body: unknown) => () => api(store.app, method, url, { token: p.token, body });
  const calls: Record<string, () => ReturnType<typeof api>> = {
    'open a case': call('POST', `/api/v1/cases/${cheap.slug}/open`, { multi_open: 1 }),
    'sell an item': call('POST', '/api/v1/inventory/sell', { id: sold!.id }),
    'sell several items': call('POST', '/api/v1/inventory/sell/many', { ids: [soldToo!.id] }),
    upgrade: call('POST', '/api/v1/upgrades/upgrade-items', {
      user_item_ids: [staked!.id],
      target_item_id: nearestItem(catalogue, 3000).key,
      reversed: false,
    }),
    'sign a contract': call('POST', '/api/v1/contracts/sign', { user_item_ids: contract.map((i) => i.id) }),
    'create a battle': call('POST', '/api/battles/battles', { mode: '1v1', cases: [{ slug: battleCase, count: 1 }] }),
    withdraw: call('POST', '/api/v1/inventory/senditem', { ids: [withdrawn!.id], method: 'trade' }),
    'start a techies game': call('POST', '/api/v1/techies/start', { stake: 10, mines: 3 }),
    'start a deposit': call('POST', '/api/v1/payments/transaction/start', { country: 'RU', method_id: 101, amount: 1000 }),
  };
  return { p, calls };
}

describe(`tech-work closes play (${onPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses every money, item and game call with tech_work and changes nothing; off again, the same calls go through', async () => {
    const { p, calls } = await playerWithCalls();
    await techWork(true);
    try {
      const before = await holdings(p);
      for (const [what, send] of Object.entries(calls)) {
        const res = await send();
        expect([res.status, res.body.code], what).toEqual([503, 'tech_work']);
        expect(res.body.message, what).toMatch(/технические работы/);
      }
      // A player who asks in English is told in English, and a client is told when to come back.
      const en = await store.app.inject({
        method: 'POST',
        url: '/api/v1/inventory/sell/all',
        headers: { authorization: `Bearer ${p.token}`, 'x-client-language': 'en', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect([en.statusCode, en.json().code, en.json().message]).toEqual([
        503,
        'tech_work',
        'The store is closed for technical work, please try again later',
      ]);
      expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
      expect(await holdings(p)).toEqual(before);
      // Reads stay open: the player still sees the balance and the inventory.
      expect((await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(200);
      expect((await api(store.app, 'GET', '/api/v1/inventory/get', { token: p.token })).status).toBe(200);
    } finally {
      await techWork(false);
    }
    for (const [what, send] of Object.entries(calls)) {
      const res = await send();
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('keeps sign-in, sign-out, the operator console and the whole store for operators open, and the operator turns tech-work off from the console', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const gold = () => countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId}`);
    const before = await gold();
    await techWork(true);
    try {
      const signedIn = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: admin.login, password: admin.password } });
      expect(signedIn.status).toBe(200);
      const opToken = signedIn.body.data.access_token as string;
      // An operator may still correct a balance: the console is how the store is checked before it opens.
      const adjusted = await api(store.app, 'POST', `/api/v1/admin/players/${p.userId}/balance`, {
        token: opToken,
        body: { amount: 5, reason: 'checked during tech-work' },
      });
      expect(adjusted.status).toBe(200);
      expect(await gold()).toBeGreaterThan(before);
      // An operator keeps the whole store to check it before reopening (the web shows it to them too); a player does not.
      await runAdminCommand(db(), { command: 'grant', login: admin.login, amount: 100, operator: 'test' });
      const cheap = await cheapestCase(store.app);
      const opening = (token: string) => api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token, body: { multi_open: 1 } });
      expect((await opening(opToken)).status).toBe(200);
      expect((await opening(p.token)).body.code).toBe('tech_work');
      // No new accounts while the store is closed; signing out still works.
      expect((await api(store.app, 'POST', '/api/v1/auth/registration/quick', { body: {} })).body.code).toBe('tech_work');
      expect((await api(store.app, 'POST', '/api/v1/auth/revoke', { token: p.token })).status).toBe(200);

      const off = await api(store.app, 'POST', '/api/v1/admin/techwork', { token: opToken, body: { on: false } });
      expect(off.status).toBe(200);
      await waitFor(() => !store.app.deps.switches.techWork().on);
      expect((await api(store.app, 'GET', '/api/v1/monitoring/status')).body.data.is_offline).toBe(false);
      expect((await api(store.app, 'POST', '/api/v1/auth/registration/quick', { body: {} })).status).toBe(200);
    } finally {
      await techWork(false);
    }
  });

  it('the API document names the tech_work answer on the calls it closes, and not on those it keeps open', async () => {
    const doc = dereferenced((await store.app.inject({ method: 'GET', url: '/api/docs' })).json());
    const codes503 = (path: string, method = 'post'): string[] =>
      doc.paths[path]?.[method]?.responses['503']?.content['application/json'].schema.allOf[1].properties.code.enum ?? [];
    expect(codes503('/api/v1/cases/{name}/open')).toContain('tech_work');
    expect(codes503('/api/v1/inventory/sell')).toContain('tech_work');
    expect(codes503('/api/v1/auth/login')).not.toContain('tech_work');
    expect(codes503('/api/v1/admin/techwork')).not.toContain('tech_work');
    expect(codes503('/api/v1/users/me', 'get')).not.toContain('tech_work');
  });

  it('still credits a deposit the provider reports paid while the store is closed', async () => {
    const p = await registerPlayer(store.app);
    const started = await api(store.app, 'POST', '/api/v1/payments/transaction/start', {
      token: p.token,
      body: { country: 'RU', method_id: 101, amount: 1000 },
    });
    expect(started.status).toBe(200);
    const [order] = await q<{ id: string; amount_minor: number | string; currency: string }>(
      sql`select id, amount_minor, currency from payment_orders where user_id = ${p.userId}`,
    );
    await techWork(true);
    try {
      const cb = buildSandboxCallback(
        {
          orderId: order!.id,
          providerReference: 'sbx_techwork',
          amountMinor: Number(order!.amount_minor),
          currency: order!.currency,
          status: 'success',
          timestamp: Math.floor(Date.now() / 1000),
        },
        store.env.PAYMENT_SANDBOX_SECRET!,
      );
      const res = await store.app.inject({
        method: 'POST',
        url: '/api/v1/payments/callback/sandbox',
        headers: cb.headers,
        payload: cb.rawBody,
      });
      expect([res.statusCode, res.json().data.credited]).toEqual([200, true]);
      expect(await countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId}`)).toBeGreaterThan(0);
      expect(await ledgerMismatches(db())).toEqual([]);
    } finally {
      await techWork(false);
    }
  });
});
