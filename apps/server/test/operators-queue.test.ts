import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUPPORT_AFTER_MS } from '@store/shared/withdrawals';
import { WITHDRAWAL_STUCK_AFTER_MS } from '@store/shared/api/operator-queue';
import { runAdminCommand } from '../src/admin/commands.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, countRows, giveItems, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually, listenForSockets } from './helpers/ws.ts';

/**
 * The console's withdrawal queue and payments (decision 032): what needs an operator, and the
 * three actions (retry, refund to the inventory, mark delivered), each a conditional move of the
 * withdrawal and its item with its audit row, refused from the states where it makes no sense.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => db().execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

beforeAll(async () => {
  // The sandbox marketplace a thousand times faster than real sellers, as in withdrawals.test.ts.
  store = await createTestStore({ TEST_CLOCK: '1', VENDOR_SANDBOX_TIME_SCALE: '0.001', VENDOR_POLL_MS: '20' });
  await listenForSockets(store.app);
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  player = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(() => store.close());

const link = (token: string) => `https://steamcommunity.com/tradeoffer/new/?partner=4242&token=${token}`;
let n = 0;
const setLink = async (p: Player, scenario: string) =>
  expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: link(`${scenario}${++n}x`) } })).status).toBe(200);

/** A player with a trade link picking the sandbox scenario, and one skin in the inventory. */
async function playerWith(scenario: string): Promise<{ p: Player; itemId: number }> {
  const p = await registerPlayer(store.app);
  await setLink(p, scenario);
  const [item] = await giveItems(db(), p.userId, [{ key: store.app.deps.catalogue.byPrice()[20]!.key }]);
  return { p, itemId: item!.id };
}

const send = (p: Player, itemId: number) => api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids: [itemId], method: 'trade' } });
const withdrawalOf = async (itemId: number) =>
  (await q<{ id: number | string; state: string; reason: string | null; custom_id: string }>(sql`select id, state, reason, custom_id from withdrawals where item_id = ${itemId} order by id desc limit 1`))[0]!;
const itemStatus = async (itemId: number) => (await q<{ status: string }>(sql`select status from inventory_items where id = ${itemId}`))[0]!.status;
const reached = (itemId: number, states: string[], ms = 10_000) => eventually(() => withdrawalOf(itemId), (w) => states.includes(w.state), ms);
const requestsFor = (customId: string) => countRows(db(), sql`select coalesce(sum(requests), 0) as n from sandbox_market_orders where custom_id = ${customId}`);

/**
 * A withdrawal written straight into a state (its item in the status that state shows), for the
 * states the sandbox takes hours to reach. One the worker would move is not due for a day.
 */
async function withdrawalIn(
  state: string,
  o: { minutesAgo?: number; lease?: boolean; owner?: Player; neverPlaced?: boolean } = {},
): Promise<{ id: number; itemId: number; p: Player; customId: string }> {
  const p = o.owner ?? (await playerWith('ok')).p;
  const [item] = await giveItems(db(), p.userId, [{ key: store.app.deps.catalogue.byPrice()[20]!.key }]);
  const status = {
    support: 'support',
    failed: 'progress',
    unavailable: 'progress',
    accepted: 'STEAM_WITHDRAWN',
    queued: 'PREPARING',
    waiting_seller: 'vendor waiting',
    offer_sent: 'send',
    unconfirmed: 'PREPARING',
  }[state]!;
  await db().execute(sql`update inventory_items set status = ${status} where id = ${item!.id}`);
  const at = new Date(clock().now().getTime() - (o.minutesAgo ?? 0) * 60_000).toISOString();
  const [w] = await q<{ id: number | string }>(
    sql`insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, trade_link, custom_id, state, reason, deadline, next_at, created_at, updated_at, placed_at, attempts, lease_until, lease_owner)
        values (${item!.id}, ${p.userId}, ${item!.key}, 'Market Name', 1000, 'trade', ${link(`ok${++n}`)}, ${`w-test-${item!.id}`}, ${state}, ${state === 'support' ? 'not_settled' : null},
                ${at}::timestamptz, ${new Date(clock().now().getTime() + 86_400_000).toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
                ${o.neverPlaced ? null : at}::timestamptz, ${o.neverPlaced ? 0 : 1},
                ${o.lease ? new Date(clock().now().getTime() + 60_000).toISOString() : null}::timestamptz, ${o.lease ? 'another-worker' : null})
        returning id`,
  );
  return { id: Number(w!.id), itemId: item!.id, p, customId: `w-test-${item!.id}` };
}

/**
 * The order the sandbox marketplace holds under a withdrawal's id, bought through the store's own
 * adapter: the trade link's token picks what it does (`nosend…`: the seller never sends and it
 * fails; any other: an ordinary sale), and `sellerStartsIn` moves its timeline that far ahead (the
 * sandbox runs a thousand times fast here, so an order still pending needs its start ahead).
 */
async function marketOrder(customId: string, token: string, sellerStartsIn = 0) {
  const r = await store.app.deps.vendor.buyFor({ customId, hashName: 'Market Name', maxPrice: 1000, partner: '4242', token: `${token}${++n}` });
  expect(r.kind).toBe('placed');
  if (sellerStartsIn) await db().execute(sql`update sandbox_market_orders set created_at = created_at + ${`${sellerStartsIn} milliseconds`}::interval where custom_id = ${customId}`);
}

const act = (id: number, action: 'retry' | 'refund' | 'delivered', token = admin.token, headers: Record<string, string> = {}, lang: 'ru' | 'en' = 'ru') =>
  api(store.app, 'POST', `/api/v1/admin/withdrawals/${id}/${action}`, { token, body: { reason: 'checked the marketplace' }, headers, lang });
const queue = async (query = '', token = admin.token) => {
  const res = await api(store.app, 'GET', `/api/v1/admin/withdrawals?per_page=100${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; total: number };
};
const auditOf = (id: number) =>
  q<{ action: string; operator_id: number | null; before: any; after: any; reason: string }>(
    sql`select action, operator_id, before, after, reason from operator_actions where target_kind = 'withdrawal' and target_id = ${String(id)} order by id`,
  );

describe('access', () => {
  const routes = (id: number) =>
    [
      ['GET', '/api/v1/admin/withdrawals'],
      ['GET', '/api/v1/admin/payments'],
      ['POST', `/api/v1/admin/withdrawals/${id}/retry`],
      ['POST', `/api/v1/admin/withdrawals/${id}/refund`],
      ['POST', `/api/v1/admin/withdrawals/${id}/delivered`],
    ] as const;

  it('refuses guests and players on every queue and payments call, moving nothing', async () => {
    const w = await withdrawalIn('support');
    for (const [method, url] of routes(w.id)) {
      const body = method === 'POST' ? { reason: 'access test' } : undefined;
      const guest = await api(store.app, method, url, { body });
      expect([guest.status, guest.body.code], url).toEqual([401, 'authentication']);
      const asPlayer = await api(store.app, method, url, { token: player.token, body });
      expect([asPlayer.status, asPlayer.body.code], url).toEqual([403, 'operator_only']);
    }
    expect((await withdrawalOf(w.itemId)).state).toBe('support');
    expect(await itemStatus(w.itemId)).toBe('support');
    expect(await auditOf(w.id)).toEqual([]);
  });

  it('lets support read the queue and the payments and act on a player\'s withdrawal', async () => {
    const w = await withdrawalIn('support');
    expect((await queue('', support.token)).items.some((i) => i.id === w.id)).toBe(true);
    expect((await api(store.app, 'GET', '/api/v1/admin/payments', { token: support.token })).status).toBe(200);
    const res = await act(w.id, 'refund', support.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await auditOf(w.id))[0]).toMatchObject({ action: 'withdrawals.refund', operator_id: support.userId });
  });
});

describe('the queue', () => {
  it('shows what needs an operator, newest first: handed over, failed with the item waiting, unconfirmed, stuck; not the healthy or the settled', async () => {
    const { p } = await playerWith('ok');
    const handed = await withdrawalIn('support', { owner: p });
    const failed = await withdrawalIn('failed', { owner: p, minutesAgo: 5 });
    const unconfirmed = await withdrawalIn('unconfirmed', { owner: p });
    const stuck = await withdrawalIn('waiting_seller', { owner: p, minutesAgo: WITHDRAWAL_STUCK_AFTER_MS / 60_000 + 1 });
    const fresh = await withdrawalIn('waiting_seller', { owner: p, minutesAgo: 1 });
    const delivered = await withdrawalIn('accepted', { owner: p });
    const mine = (items: any[]) => items.filter((i) => i.player.id === p.userId);

    const attention = mine((await queue(`&q=${p.login}`)).items);
    expect(attention.map((i) => [i.id, i.attention])).toEqual([
      [stuck.id, 'stuck'],
      [unconfirmed.id, 'unconfirmed'],
      [failed.id, 'failed'],
      [handed.id, 'support'],
    ]);
    expect(attention[3]).toMatchObject({
      state: 'support',
      reason: 'not_settled',
      player: { id: p.userId, login: p.login },
      item: { id: handed.itemId, status: 'support', name: 'Market Name' },
      max_price: 10,
      custom_id: `w-test-${handed.itemId}`,
      working: false,
      history: [],
    });
    const all = mine((await queue(`&state=all&q=${p.login}`)).items).map((i) => i.id);
    expect(all).toEqual([delivered.id, fresh.id, stuck.id, unconfirmed.id, failed.id, handed.id]);
    // Found by the withdrawal's id and by its marketplace id as well.
    expect((await queue(`&state=all&q=${handed.id}`)).items.map((i) => i.id)).toContain(handed.id);
    expect((await queue(`&state=all&q=w-test-${failed.itemId}`)).items.map((i) => i.id)).toEqual([failed.id]);
    // Paged, with the total.
    const page = await api(store.app, 'GET', `/api/v1/admin/withdrawals?state=all&q=${p.login}&per_page=2&page=2`, { token: admin.token });
    expect(page.body.data).toMatchObject({ total: 6, page: 2, per_page: 2 });
    expect(page.body.data.items.map((i: any) => i.id)).toEqual([stuck.id, unconfirmed.id]);
  });

  it('drops a failed withdrawal once its item is sent again by the player', async () => {
    const { p } = await playerWith('ok');
    const failed = await withdrawalIn('failed', { owner: p });
    expect((await queue(`&q=${p.login}`)).items.map((i) => i.id)).toEqual([failed.id]);
    await store.app.deps.withdrawalWorker.close();
    try {
      expect((await send(p, failed.itemId)).status).toBe(200);
      expect((await queue(`&q=${p.login}`)).items.map((i) => i.id)).toEqual([]);
    } finally {
      store.app.deps.withdrawalWorker.start();
    }
  });
});

describe('refund', () => {
  it('refuses to refund a handed-over purchase the marketplace cannot report on, then one it says it delivered: the item never comes back', async () => {
    const { p, itemId } = await playerWith('stall');
    await send(p, itemId);
    await reached(itemId, ['waiting_seller']);
    clock().advance(SUPPORT_AFTER_MS + 60_000);
    const w = await reached(itemId, ['support']);
    expect((await queue(`&q=${p.login}`)).items.map((i) => [i.id, i.attention])).toEqual([[Number(w.id), 'support']]);

    // Every status request for this order fails at the marketplace: its seller may still deliver.
    const unanswered = await act(Number(w.id), 'refund');
    expect([unanswered.status, unanswered.body.code, unanswered.body.params]).toEqual([409, 'withdrawal_market_pending', { market: 'unreachable' }]);
    expect(unanswered.body.message).toBe('Заказ на маркете ещё не завершён или маркет не ответил: скин ещё может прийти игроку, вернуть предмет сейчас нельзя');
    // The marketplace answers again: the seller delivered the skin meanwhile.
    await db().execute(sql`update sandbox_market_orders set scenario = 'ok' where custom_id = ${w.custom_id}`);
    const delivered = await act(Number(w.id), 'refund', admin.token, {}, 'en');
    expect([delivered.status, delivered.body.code]).toEqual([409, 'withdrawal_delivered_at_market']);
    expect(delivered.body.message).toBe('The marketplace says the skin was delivered to the player: it cannot be refunded; mark the withdrawal delivered instead');
    expect((await withdrawalOf(itemId)).state).toBe('support');
    expect(await itemStatus(itemId)).toBe('support');
    const inventory = (await api(store.app, 'GET', '/api/v1/inventory/get', { token: p.token })).body.data.items;
    // The player does not get it back to sell or withdraw again.
    expect(inventory.find((i: any) => i.id === itemId)?.status).not.toBe('progress');
    expect(await auditOf(Number(w.id))).toEqual([]);
    // As the refusal says, the operator marks it delivered.
    expect((await act(Number(w.id), 'delivered')).status).toBe(200);
    expect(await itemStatus(itemId)).toBe('STEAM_WITHDRAWN');
    expect((await auditOf(Number(w.id))).map((a) => a.action)).toEqual(['withdrawals.delivered']);
    expect(await requestsFor(w.custom_id)).toBe(1);
  });

  it('refuses to refund a stuck purchase whose seller has not sent yet, nor once the seller delivered it', async () => {
    for (const state of ['waiting_seller', 'offer_sent']) {
      const w = await withdrawalIn(state, { minutesAgo: WITHDRAWAL_STUCK_AFTER_MS / 60_000 + 15 });
      await marketOrder(w.customId, 'ok', 60 * 60_000);
      expect((await queue(`&q=${w.p.login}`)).items.map((i) => [i.id, i.attention])).toEqual([[w.id, 'stuck']]);
      const pending = await act(w.id, 'refund');
      expect([pending.status, pending.body.code, pending.body.params?.market]).toEqual([409, 'withdrawal_market_pending', 'waiting_seller']);
      expect(await itemStatus(w.itemId)).toBe(state === 'offer_sent' ? 'send' : 'vendor waiting');
      expect(await auditOf(w.id)).toEqual([]);
    }
    // The seller sends and the player accepts an hour later: the skin is on Steam.
    const w = await withdrawalIn('waiting_seller', { minutesAgo: WITHDRAWAL_STUCK_AFTER_MS / 60_000 + 15 });
    await marketOrder(w.customId, 'ok', 60 * 60_000);
    expect((await act(w.id, 'refund')).body.code).toBe('withdrawal_market_pending');
    clock().advance(61 * 60_000);
    const res = await act(w.id, 'refund');
    expect([res.status, res.body.code]).toEqual([409, 'withdrawal_delivered_at_market']);
    expect(res.body.params?.order_id).toEqual(expect.any(String));
    expect((await withdrawalOf(w.itemId)).state).toBe('waiting_seller');
    expect(await itemStatus(w.itemId)).toBe('vendor waiting');
    expect(await auditOf(w.id)).toEqual([]);
    expect(await requestsFor(w.customId)).toBe(1);
  });

  it('returns the item of a purchase the marketplace says failed to the inventory, once, with the marketplace\'s answer in its audit row', async () => {
    const w = await withdrawalIn('support');
    await marketOrder(w.customId, 'nosend');
    // The seller never sends: the marketplace cancels the order when the seller's time runs out.
    clock().advance(60_000);
    const res = await act(w.id, 'refund');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.withdrawal).toMatchObject({ id: w.id, state: 'failed', reason: 'operator_refund', attention: null, item: { status: 'progress' } });
    expect(await itemStatus(w.itemId)).toBe('progress');
    // The player's inventory shows the item again, and it may be withdrawn again.
    const inventory = (await api(store.app, 'GET', '/api/v1/inventory/get', { token: w.p.token })).body.data.items;
    expect(inventory.find((i: any) => i.id === w.itemId)?.status).toBe('progress');
    const audit = await auditOf(w.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'withdrawals.refund',
      operator_id: admin.userId,
      before: { state: 'support', item_status: 'support', market: { status: 'failed', reason: 'seller_timeout', order_id: expect.any(String) } },
      after: { state: 'failed', item_status: 'progress' },
      reason: 'checked the marketplace',
    });
    expect(res.body.data.audit_id).toBeGreaterThan(0);
    expect((await queue(`&state=all&q=${w.p.login}`)).items.find((i) => i.id === w.id).history).toMatchObject([{ action: 'withdrawals.refund', operator: admin.login }]);
    // Not in the queue any more; a second refund is refused and returns nothing twice.
    expect((await queue(`&q=${w.p.login}`)).items.map((i) => i.id)).not.toContain(w.id);
    const again = await act(w.id, 'refund');
    expect([again.status, again.body.code, again.body.params]).toEqual([409, 'withdrawal_state_conflict', { state: 'failed' }]);
    // A refund is final: the player may withdraw the item again, the console does not send it again.
    expect((await act(w.id, 'retry')).body.code).toBe('withdrawal_state_conflict');
    expect(await itemStatus(w.itemId)).toBe('progress');
    expect(await auditOf(w.id)).toHaveLength(1);
  });

  it('refunds a withdrawal the marketplace never had, and one that never asked for its purchase without asking the marketplace', async () => {
    const unknown = await withdrawalIn('support');
    expect((await act(unknown.id, 'refund')).status).toBe(200);
    expect((await auditOf(unknown.id))[0]!.before.market).toEqual({ status: 'not_found' });
    expect(await itemStatus(unknown.itemId)).toBe('progress');
    const queued = await withdrawalIn('queued', { minutesAgo: WITHDRAWAL_STUCK_AFTER_MS / 60_000 + 15, neverPlaced: true });
    const res = await act(queued.id, 'refund');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await auditOf(queued.id))[0]!.before.market).toEqual({ status: 'not_asked' });
    expect(await itemStatus(queued.itemId)).toBe('progress');
  });

  it('refuses a delivered withdrawal, an unknown one, and one a worker holds right now', async () => {
    const delivered = await withdrawalIn('accepted');
    const res = await act(delivered.id, 'refund');
    expect([res.status, res.body.code]).toEqual([409, 'withdrawal_state_conflict']);
    expect(res.body.message).toBe('Этот вывод уже в состоянии «accepted»: так с ним поступить нельзя');
    expect(await itemStatus(delivered.itemId)).toBe('STEAM_WITHDRAWN');
    expect((await act(2_000_000_000, 'refund')).body.code).toBe('withdrawal_not_found');
    const held = await withdrawalIn('waiting_seller', { lease: true, minutesAgo: 60 });
    expect([(await act(held.id, 'refund')).status, (await act(held.id, 'refund')).body.code]).toEqual([409, 'withdrawal_busy']);
    expect(await itemStatus(held.itemId)).toBe('vendor waiting');
    // A healthy one the worker still moves is the worker's until it is stuck.
    const moving = await withdrawalIn('waiting_seller', { minutesAgo: 2 });
    expect((await act(moving.id, 'refund')).body.code).toBe('withdrawal_busy');
    expect((await act(moving.id, 'delivered')).body.code).toBe('withdrawal_busy');
    expect(await itemStatus(moving.itemId)).toBe('vendor waiting');
    const failed = await withdrawalIn('failed');
    expect((await act(failed.id, 'refund')).body.code).toBe('withdrawal_state_conflict');
    for (const w of [delivered, held, moving, failed]) expect(await auditOf(w.id)).toEqual([]);
  });

  it('answers a retried call with the same Idempotency-Key once, and refuses the key on another withdrawal', async () => {
    const a = await withdrawalIn('support');
    const b = await withdrawalIn('support');
    const key = { 'idempotency-key': `refund-${a.id}` };
    const first = await act(a.id, 'refund', admin.token, key);
    const second = await act(a.id, 'refund', admin.token, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data).toEqual(first.body.data);
    expect(await auditOf(a.id)).toHaveLength(1);
    expect((await act(b.id, 'refund', admin.token, key)).body.code).toBe('idempotency_key_reused');
    expect((await withdrawalOf(b.itemId)).state).toBe('support');
  });
});

describe('mark delivered', () => {
  it('settles a withdrawal the operator saw arrive on Steam: delivered, the item withdrawn, audited', async () => {
    const w = await withdrawalIn('support');
    const res = await act(w.id, 'delivered');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.withdrawal).toMatchObject({ state: 'accepted', reason: 'operator_delivered' });
    expect(await itemStatus(w.itemId)).toBe('STEAM_WITHDRAWN');
    expect((await auditOf(w.id)).map((a) => [a.action, a.before.state, a.after.state])).toEqual([['withdrawals.delivered', 'support', 'accepted']]);
    // Then neither a refund nor a retry can take it back.
    expect((await act(w.id, 'refund')).body.code).toBe('withdrawal_state_conflict');
    expect((await act(w.id, 'retry')).body.code).toBe('withdrawal_state_conflict');
    expect(await itemStatus(w.itemId)).toBe('STEAM_WITHDRAWN');
  });

  it('also settles a stuck one the worker is not holding', async () => {
    const w = await withdrawalIn('waiting_seller', { minutesAgo: 45 });
    expect((await act(w.id, 'delivered')).status).toBe(200);
    expect(await itemStatus(w.itemId)).toBe('STEAM_WITHDRAWN');
  });
});

describe('retry', () => {
  it('sends a withdrawal nobody could sell again, to the trade link the player fixed, and it ends delivered', async () => {
    const { p, itemId } = await playerWith('unavail');
    await send(p, itemId);
    const first = await reached(itemId, ['unavailable']);
    expect((await queue(`&q=${p.login}`)).items.map((i) => i.attention)).toEqual(['failed']);
    await setLink(p, 'ok');
    const res = await act(Number(first.id), 'retry');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.withdrawal.custom_id).not.toBe(first.custom_id);
    expect(res.body.data.withdrawal.trade_link).toContain('token=ok');
    const done = await reached(itemId, ['accepted']);
    expect(Number(done.id)).toBe(Number(first.id));
    expect(await itemStatus(itemId)).toBe('STEAM_WITHDRAWN');
    expect(await requestsFor(done.custom_id)).toBe(1);
    expect((await auditOf(Number(first.id)))[0]).toMatchObject({ action: 'withdrawals.retry', before: { state: 'unavailable', custom_id: first.custom_id }, after: { state: 'queued' } });
  });

  it('sends a handed-over withdrawal back under its own marketplace id, buying it once', async () => {
    const w = await withdrawalIn('support');
    const res = await act(w.id, 'retry');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.withdrawal).toMatchObject({ state: 'unconfirmed', custom_id: `w-test-${w.itemId}` });
    expect(await itemStatus(w.itemId)).toBe('PREPARING');
    const done = await reached(w.itemId, ['accepted']);
    expect(await requestsFor(done.custom_id)).toBe(1);
  });

  it('refuses a failed withdrawal whose item is no longer in the inventory, and a player without a trade link', async () => {
    const sold = await withdrawalIn('failed');
    await db().execute(sql`update inventory_items set status = 'selled' where id = ${sold.itemId}`);
    const res = await act(sold.id, 'retry');
    expect([res.status, res.body.code]).toEqual([409, 'withdrawal_item_gone']);
    expect((await withdrawalOf(sold.itemId)).state).toBe('failed');
    const unlinked = await withdrawalIn('failed');
    await db().execute(sql`update users set steam_link = null where id = ${unlinked.p.userId}`);
    expect((await act(unlinked.id, 'retry')).body.code).toBe('steamUrlEmpty');
    expect(await itemStatus(unlinked.itemId)).toBe('progress');
    for (const w of [sold, unlinked]) expect(await auditOf(w.id)).toEqual([]);
  });
});

describe('the command line', () => {
  it('settles through the same operation, with its audit row naming the operator, asking the marketplace before a return', async () => {
    const w = await withdrawalIn('support');
    const settle = { command: 'withdrawal-settle', id: w.id, outcome: 'returned', operator: 'ops' } as const;
    // Without a running store there is no marketplace to ask: no return.
    await expect(runAdminCommand(db(), settle)).rejects.toThrow(/marketplace order is still live/);
    expect(await itemStatus(w.itemId)).toBe('support');
    const delivered = await withdrawalIn('support');
    await marketOrder(delivered.customId, 'ok');
    clock().advance(60_000);
    await expect(runAdminCommand(db(), { ...settle, id: delivered.id }, { vendor: store.app.deps.vendor })).rejects.toThrow(/mark the withdrawal delivered/);
    expect(await itemStatus(delivered.itemId)).toBe('support');
    await expect(runAdminCommand(db(), settle, { vendor: store.app.deps.vendor })).resolves.toMatchObject({ state: 'failed' });
    expect(await itemStatus(w.itemId)).toBe('progress');
    expect(await auditOf(w.id)).toMatchObject([{ action: 'withdrawals.refund', operator_id: null }]);
  });
});

describe('payments', () => {
  const checkout = (orderId: string, outcome: 'pay' | 'fail') =>
    store.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}&lang=ru`,
    });

  it('lists a player\'s payments with the provider reference, amounts, status and what the settling callback credited', async () => {
    const p = await registerPlayer(store.app);
    const start = async () => {
      const res = await api(store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { country: 'RU', method_id: 101, amount: 1000 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.order_id as string;
    };
    const paid = await start();
    const failed = await start();
    const pending = await start();
    await checkout(paid, 'pay');
    await checkout(failed, 'fail');
    const res = await api(store.app, 'GET', `/api/v1/admin/payments?q=${p.login}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data.items as any[];
    expect(items.map((i) => [i.id, i.status])).toEqual([
      [pending, 'pending'],
      [failed, 'fail'],
      [paid, 'success'],
    ]);
    const [ref] = await q<{ provider_reference: string }>(sql`select provider_reference from payment_orders where id = ${paid}`);
    expect(items[2]).toMatchObject({ provider: 'sandbox', provider_reference: ref!.provider_reference, amount: 1000, currency: 'RUB', player: { id: p.userId } });
    expect(items[2].settled_at).not.toBeNull();
    expect(items[2].credits[0]).toMatchObject({ currency: 'GOLD', reason: 'deposit' });
    expect(items[0]).toMatchObject({ settled_at: null, credits: [] });
    // By status, and by the provider's reference.
    expect((await api(store.app, 'GET', `/api/v1/admin/payments?q=${p.login}&status=fail`, { token: admin.token })).body.data.items.map((i: any) => i.id)).toEqual([failed]);
    expect((await api(store.app, 'GET', `/api/v1/admin/payments?q=${ref!.provider_reference}`, { token: admin.token })).body.data.items.map((i: any) => i.id)).toEqual([paid]);
    expect((await api(store.app, 'GET', `/api/v1/admin/payments?status=nope`, { token: admin.token })).body.code).toBe('validation');
  });
});
