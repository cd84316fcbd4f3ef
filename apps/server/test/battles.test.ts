import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BattleMode } from '@store/shared/battle';
import { BATTLE_EMOJIS } from '@store/shared/api/battles';
import { hashServerSeed } from '@store/shared/provably-fair';
import { expForSpend } from '@store/shared/levels';
import { api, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';
import { eventually, listenForSockets, subscriber, waitFor } from './helpers/ws.ts';
import { verifyBattle } from './helpers/battles.ts';

/**
 * Battles through the API and real websockets: full battles of players and of bots, refunds,
 * every refusal of the catalogue with nothing changed, lists and statistics. Rounds run every
 * 30 ms here instead of a pace players watch.
 */
let store: TestStore;
let wsUrl: string;
let cheap: { slug: string; price: number };
let pricier: { slug: string; price: number };

beforeAll(async () => {
  store = await createTestStore({ BATTLE_ROUND_MS: '30' });
  wsUrl = await listenForSockets(store.app);
  const res = await api(store.app, 'GET', '/api/battles/cases');
  const all = res.body.data.sections.flatMap((s: any) => s.cases).sort((a: any, b: any) => a.price_data.price - b.price_data.price);
  cheap = { slug: all[0].slug, price: all[0].price_data.price };
  pricier = { slug: all[1].slug, price: all[1].price_data.price };
});
afterAll(() => store.close());
const db = () => store.database.db;

const balanceOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;
const battleOf = async (ulid: string, lang: 'ru' | 'en' = 'ru') => (await api(store.app, 'GET', `/api/battles/battle?battle_ulid=${ulid}`, { lang })).body.data;
const create = (p: Player, mode: BattleMode, cases: { slug: string; count: number }[]) => api(store.app, 'POST', '/api/battles/battles', { token: p.token, body: { mode, cases } });
const join = (p: Player, ulid: string, seat?: number) => api(store.app, 'POST', '/api/battles/join', { token: p.token, body: { battle_ulid: ulid, ...(seat ? { seat } : {}) } });
const untilStatus = (ulid: string, status: string) => eventually(() => battleOf(ulid), (b) => b.status === status, 20_000);
const battleItems = (ulid: string) => countRows(db(), sql`select count(*) as n from inventory_items where source = 'Battle' and source_ref = ${`battle:${ulid}`}`);

const verifyRolls = (b: any) => verifyBattle(b, async (url) => (await api(store.app, 'GET', url)).body);

describe(`battles (${onPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('plays a 2v2 of four players live to every websocket client, and the winning team takes every drop', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(store.app, db(), 500)));
    const lines = [
      { slug: cheap.slug, count: 2 },
      { slug: pricier.slug, count: 1 },
    ];
    const price = Math.round((cheap.price * 2 + pricier.price) * 100) / 100;
    const created = await create(players[0]!, '2v2', lines);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ulid = created.body.data.battle_ulid as string;
    expect(created.body.data.balance).toBeCloseTo(500 - price, 2);

    const watching = await Promise.all(
      [...players, null].map(() => subscriber(wsUrl, [{ channel: `battle#${ulid}` }])),
    );
    const lobby = await subscriber(wsUrl, [{ channel: 'battles_active' }]);
    const before = await battleOf(ulid);
    expect(before).toMatchObject({ status: 'created', mode: '2v2', seats_count: 4, total_rounds: 3, current_round: 0, price });
    expect(before.fair.server_seed).toBeNull();
    expect(before.fair.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.round_cases).toEqual([cheap.slug, cheap.slug, pricier.slug]);

    // Seats by choice: right 2, left 2, right 1.
    for (const [p, seat] of [[players[1]!, 4], [players[2]!, 2], [players[3]!, 3]] as const) {
      const joined = await join(p, ulid, seat);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body.data.balance).toBeCloseTo(500 - price, 2);
    }
    const status = await api(store.app, 'GET', '/api/battles/status', { token: players[1]!.token });
    expect(status.body.data).toEqual({ active_battle_ulid: ulid, in_battle: true });

    const done = await untilStatus(ulid, 'finished');
    expect(done.current_round).toBe(3);
    const outcome = await verifyRolls(done);
    expect(done.members.map((m: any) => [m.seat, m.team, m.user.id])).toEqual([
      [1, 1, players[0]!.userId],
      [2, 1, players[2]!.userId],
      [3, 2, players[3]!.userId],
      [4, 2, players[1]!.userId],
    ]);
    const winners = done.members.filter((m: any) => m.team === outcome.winnerTeam);
    expect(winners.every((m: any) => m.is_winner)).toBe(true);
    const allValue = done.rounds.flatMap((r: any) => r.drops).reduce((s: number, d: any) => s + d.item.price, 0);
    expect(winners.reduce((s: number, m: any) => s + m.won, 0)).toBeCloseTo(allValue, 2);
    expect(done.members.filter((m: any) => !m.is_winner).every((m: any) => m.won === 0)).toBe(true);

    // Each winner holds its share; nobody else got anything from this battle.
    expect(await battleItems(ulid)).toBe(12);
    for (const m of done.members) {
      const got = await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${m.user.id} and source_ref = ${`battle:${ulid}`}`);
      expect(got).toBe(m.is_winner ? 6 : 0);
    }

    // Every socket heard every round once, in order, and the final state.
    for (const sub of watching) {
      await waitFor(() => sub.messages.some((m) => m.event === 'battles_battle_updated' && m.data.status === 'finished'));
      const rounds = sub.messages.filter((m) => m.event === 'statechange').map((m) => m.data.round.round);
      expect(rounds).toEqual([1, 2, 3]);
      sub.ws.close();
    }
    await waitFor(() => lobby.messages.filter((m) => m.event === 'statechange' && m.data.battle_ulid === ulid).length === 3);
    await waitFor(() => lobby.messages.some((m) => m.event === 'battles_battle_updated' && m.data.ulid === ulid && m.data.status === 'finished'));
    lobby.ws.close();

    expect((await api(store.app, 'GET', '/api/battles/status', { token: players[1]!.token })).body.data).toEqual({ active_battle_ulid: null, in_battle: false });

    // A winner sells all winnings at once; a second sale sells nothing.
    const seller = players.find((p) => winners.some((m: any) => m.user.id === p.userId))!;
    const mine = winners.find((m: any) => m.user.id === seller.userId)!;
    const balance = await balanceOf(seller);
    // What is left to sell, as the battle page asks for it: all the winnings, until they are sold.
    const winnings = async (p: { token: string }) => (await api(store.app, 'GET', `/api/battles/winnings?battle_ulid=${ulid}`, { token: p.token })).body.data;
    const held = await winnings(seller);
    expect(held.items).toBeGreaterThan(0);
    expect(held.price).toBeCloseTo(mine.won, 2);
    const loser = players.find((p) => !winners.some((m: any) => m.user.id === p.userId));
    if (loser) expect(await winnings(loser)).toEqual({ items: 0, price: 0 });
    const sold = await api(store.app, 'POST', '/api/battles/sell', { token: seller.token, body: { battle_ulid: ulid } });
    expect(sold.status).toBe(200);
    expect(sold.body.data.amount).toBeCloseTo(mine.won, 2);
    expect(sold.body.data.balance).toBeCloseTo(balance + mine.won, 2);
    expect(await winnings(seller)).toEqual({ items: 0, price: 0 });
    const again = await api(store.app, 'POST', '/api/battles/sell', { token: seller.token, body: { battle_ulid: ulid } });
    expect(again.body.data.amount).toBe(0);
    // A guest is asked to sign in; an unknown battle is not found.
    expect((await api(store.app, 'GET', `/api/battles/winnings?battle_ulid=${ulid}`)).body.code).toBe('error_battle_authorize');
    expect((await api(store.app, 'GET', `/api/battles/winnings?battle_ulid=01ARZ3NDEKTSV4RRFFQ69G5FAV`, { token: seller.token })).body.code).toBe('battle_not_found');
    expect(await ledgerMismatches(db())).toEqual([]);

    // The money: each seat paid the price once, nothing came back.
    const paid = await countRows(db(), sql`select -sum(delta) as n from ledger where ref = ${`battle:${ulid}`}`);
    expect(paid).toBe(Math.round(price * 100) * 4);
    // Each player's battle in the activity stream, once: the seat's price in, what the seat won out.
    const activity = (await db().execute(sql`select user_id, amount, won from activities where kind = 'battle_finished' and ref = ${`battle:${ulid}`}`)) as unknown as {
      rows: { user_id: number; amount: number | string; won: number | string }[];
    };
    const wonBy = new Map(winners.map((m: any) => [m.user.id, Math.round(m.won * 100)]));
    expect(activity.rows.map((r) => [r.user_id, Number(r.amount), Number(r.won)]).sort((x, y) => x[0]! - y[0]!)).toEqual(
      players.map((p) => [p.userId, Math.round(price * 100), wonBy.get(p.userId) ?? 0] as number[]).sort((x, y) => x[0]! - y[0]!),
    );
    // Each player earns the experience of the seat's price from that row.
    const levels = await eventually(
      () => Promise.all(players.map(async (p) => (await api(store.app, 'GET', `/api/v1/users/${p.userId}/levels`)).body.data.current_exp as number)),
      (exps) => exps.every((e) => e > 0),
    );
    expect(levels).toEqual(players.map(() => expForSpend(Math.round(price * 100))));
  });

  it('fills empty seats with bots when the creator starts; a bot that wins takes the items to nobody', async () => {
    const p = await fundedPlayer(store.app, db(), 300);
    const created = await create(p, '1v1v1', [{ slug: cheap.slug, count: 3 }]);
    const ulid = created.body.data.battle_ulid;
    const other = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/battles/start', { token: other.token, body: { battle_ulid: ulid } })).body.code).toBe('battle_not_creator');
    const started = await api(store.app, 'POST', '/api/battles/start', { token: p.token, body: { battle_ulid: ulid } });
    expect(started.status).toBe(200);
    expect(started.body.data.battle.status).toBe('started');
    expect(started.body.data.battle.members.map((m: any) => [m.seat, m.is_bot])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(started.body.data.battle.fair.client_seed).toMatch(/^[0-9a-f]+\|bot:2\|bot:3$/);
    const done = await untilStatus(ulid, 'finished');
    const outcome = await verifyRolls(done);
    expect(await battleItems(ulid)).toBe(outcome.winnerTeam === 1 ? 9 : 0);
    // The bots paid nothing: the ledger holds the player's stake alone.
    expect(await countRows(db(), sql`select -sum(delta) as n from ledger where ref = ${`battle:${ulid}`}`)).toBe(Math.round(cheap.price * 300));
    const english = await battleOf(ulid, 'en');
    expect(english.members[1].name).toBe('Bot 2');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refunds a player who leaves and everyone when the creator cancels', async () => {
    const [a, b, c] = await Promise.all([fundedPlayer(store.app, db(), 100), fundedPlayer(store.app, db(), 100), fundedPlayer(store.app, db(), 100)]);
    const ulid = (await create(a, '1v1v1v1', [{ slug: cheap.slug, count: 2 }])).body.data.battle_ulid;
    await join(b, ulid);
    await join(c, ulid);
    const left = await api(store.app, 'POST', '/api/battles/leave', { token: b.token, body: { battle_ulid: ulid } });
    expect(left.status).toBe(200);
    expect(left.body.data.balance).toBe(100);
    expect((await battleOf(ulid)).members.map((m: any) => m.seat)).toEqual([1, 3]);
    // The seat is free again.
    expect((await join(b, ulid, 2)).status).toBe(200);
    const cancelled = await api(store.app, 'POST', '/api/battles/cancel_start', { token: a.token, body: { battle_ulid: ulid } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.battle.status).toBe('cancelled');
    for (const p of [a, b, c]) expect(await balanceOf(p)).toBe(100);
    expect(await countRows(db(), sql`select coalesce(sum(delta), 0) as n from ledger where ref = ${`battle:${ulid}`}`)).toBe(0);
    expect((await join(b, ulid)).body.code).toBe('battle_cancelled');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses every bad request with the catalogue code and changes nothing', async () => {
    const rich = await fundedPlayer(store.app, db(), 1000);
    const poor = await fundedPlayer(store.app, db(), cheap.price / 2);
    const battlesBefore = await countRows(db(), sql`select count(*) as n from battles`);
    const ledgerBefore = await countRows(db(), sql`select count(*) as n from ledger`);
    const refusal = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

    const guest = await api(store.app, 'POST', '/api/battles/battles', { body: { mode: '1v1', cases: [{ slug: cheap.slug, count: 1 }] } });
    expect(refusal(guest)).toEqual([401, 'error_battle_authorize']);
    const tooMany = await create(rich, '1v1', [
      { slug: cheap.slug, count: 30 },
      { slug: pricier.slug, count: 21 },
    ]);
    expect([tooMany.status, tooMany.body.code, tooMany.body.params]).toEqual([422, 'error_too_many_rounds', { max: 50 }]);
    const english = await api(store.app, 'POST', '/api/battles/battles', { token: rich.token, lang: 'en', body: { mode: '1v1', cases: [{ slug: cheap.slug, count: 51 }] } });
    expect([english.status, english.body.code, english.body.message]).toEqual([422, 'error_max_rounds', 'Each case can be added 1 to 50 times']);
    expect(refusal(await create(rich, '1v1', [{ slug: cheap.slug, count: 0 }]))).toEqual([422, 'error_max_rounds']);
    expect(refusal(await create(rich, '1v1', []))).toEqual([422, 'error_max_rounds']);
    expect(refusal(await create(rich, '1v1', [{ slug: 'no-such-case', count: 1 }]))).toEqual([404, 'caseNotFound']);
    // A case on sale that battles do not play (not allowed, limited stock, several items an opening).
    const offBattle = ((await db().execute(sql`select slug from cases where available and status = 'active' and price > 0 and not battle_allowed limit 1`)) as any).rows[0].slug;
    const refused = await create(rich, '1v1', [{ slug: cheap.slug, count: 1 }, { slug: offBattle, count: 1 }]);
    expect([refused.status, refused.body.code, refused.body.params]).toEqual([422, 'battle_create_error', { case: offBattle }]);
    expect(refusal(await create(rich, '3v3' as BattleMode, [{ slug: cheap.slug, count: 1 }]))).toEqual([400, 'validation']);
    const broke = await create(poor, '1v1', [{ slug: cheap.slug, count: 1 }]);
    expect(refusal(broke)).toEqual([402, 'error_not_enough_funds_for_battle']);
    expect(await countRows(db(), sql`select count(*) as n from battles`)).toBe(battlesBefore);
    expect(await countRows(db(), sql`select count(*) as n from ledger`)).toBe(ledgerBefore);

    // A waiting battle: each wrong call is refused and moves no money.
    const b2 = await fundedPlayer(store.app, db(), 100);
    const ulid = (await create(rich, '1v1v1', [{ slug: cheap.slug, count: 1 }])).body.data.battle_ulid;
    const afterCreate = await countRows(db(), sql`select count(*) as n from ledger`);
    expect(refusal(await join(rich, ulid))).toEqual([409, 'battle_already_joined']);
    expect(refusal(await join(poor, ulid))).toEqual([402, 'error_not_enough_funds_for_battle']);
    expect(refusal(await join(b2, ulid, 1))).toEqual([409, 'battle_seat_taken']);
    expect(refusal(await join(b2, ulid, 4))).toEqual([400, 'validation']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/join', { token: b2.token, body: { battle_ulid: 'not-a-ulid' } }))).toEqual([400, 'validation']);
    expect(refusal(await join(b2, '01ARZ3NDEKTSV4RRFFQ69G5FAV'))).toEqual([404, 'battle_not_found']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/leave', { token: b2.token, body: { battle_ulid: ulid } }))).toEqual([403, 'battle_not_member']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/emoji', { token: b2.token, body: { battle_ulid: ulid, content: '🔥' } }))).toEqual([403, 'battle_not_member']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/emoji', { token: rich.token, body: { battle_ulid: ulid, content: 'spam' } }))).toEqual([400, 'validation']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/sell', { token: rich.token, body: { battle_ulid: ulid } }))).toEqual([409, 'battle_started']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/cancel_start', { token: b2.token, body: { battle_ulid: ulid } }))).toEqual([403, 'battle_not_creator']);
    expect(refusal(await api(store.app, 'POST', '/api/battles/start', { token: b2.token, body: { battle_ulid: ulid } }))).toEqual([403, 'battle_not_creator']);
    expect(await countRows(db(), sql`select count(*) as n from ledger`)).toBe(afterCreate);
    expect((await battleOf(ulid)).status).toBe('created');
    expect(await balanceOf(b2)).toBe(100);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('counts spectators, relays emoji of seated players, and lists, pages and sorts battles', async () => {
    const a = await fundedPlayer(store.app, db(), 1000);
    const ulids: string[] = [];
    for (const [slug, count] of [[cheap.slug, 1], [pricier.slug, 2], [cheap.slug, 2]] as const) ulids.push((await create(a, '1v1', [{ slug, count }])).body.data.battle_ulid);

    // A viewer is a live connection on the battle's channel: calling open/close counts nothing,
    // a connection subscribed twice counts once, and a closed one stops counting.
    const channel = `battle#${ulids[0]}`;
    const viewersOf = async () => (await api(store.app, 'POST', '/api/battles/open', { body: { battle_ulid: ulids[0] } })).body.data.spectators as number;
    const sub = await subscriber(wsUrl, [{ channel }]);
    expect(await eventually(viewersOf, (n) => n === 1)).toBe(1);
    for (let i = 0; i < 5; i++) await api(store.app, 'POST', '/api/battles/open', { body: { battle_ulid: ulids[0] } });
    expect(await viewersOf()).toBe(1);
    sub.ws.send(JSON.stringify({ op: 'subscribe', channel }));
    await waitFor(() => sub.messages.filter((m) => m.op === 'subscribed').length === 2);
    expect(await viewersOf()).toBe(1);
    const others = await Promise.all(Array.from({ length: 4 }, () => subscriber(wsUrl, [{ channel }])));
    expect(await eventually(viewersOf, (n) => n === 5)).toBe(5);
    // A page reading the battle as it subscribes gets the live count at once, not the row's older one
    // (the row follows half a second later), so its read cannot undo a newer count it heard.
    expect((await battleOf(ulids[0]!)).spectators).toBe(5);
    // Watchers hear the count, and the battle itself shows it.
    await waitFor(() => sub.messages.some((m) => m.event === 'battles_spectators' && m.data.spectators === 5));
    expect((await eventually(() => battleOf(ulids[0]!), (b) => b.spectators === 5)).spectators).toBe(5);
    for (const o of others.slice(0, 3)) o.ws.close();
    expect(await eventually(viewersOf, (n) => n === 2)).toBe(2);
    others[3]!.ws.send(JSON.stringify({ op: 'unsubscribe', channel }));
    expect(await eventually(viewersOf, (n) => n === 1)).toBe(1);
    others[3]!.ws.close();
    expect((await api(store.app, 'POST', '/api/battles/close', { body: { battle_ulid: 'NOSUCHBATTLE' } })).body.code).toBe('validation');
    const emoji = await api(store.app, 'POST', '/api/battles/emoji', { token: a.token, body: { battle_ulid: ulids[0], content: '😎' } });
    expect(emoji.body.data).toEqual({ battle_ulid: ulids[0], content: '😎', member_id: 1 });
    await waitFor(() => sub.messages.some((m) => m.event === 'battles_emoji_sent' && m.data.content === '😎' && m.data.member_id === 1));
    sub.ws.close();

    const page1 = await api(store.app, 'GET', '/api/battles?sort=date&direction=1&per_page=2');
    expect(page1.body.data.battles.map((b: any) => b.ulid)).toEqual([ulids[2], ulids[1]]);
    expect(page1.body.data.has_next).toBe(true);
    const byPrice = await api(store.app, 'GET', '/api/battles?sort=price&direction=0&per_page=50');
    const prices = byPrice.body.data.battles.map((b: any) => b.price);
    expect(prices).toEqual([...prices].sort((x: number, y: number) => x - y));
    expect(byPrice.body.data.battles.every((b: any) => ['created', 'started'].includes(b.status))).toBe(true);

    expect((await api(store.app, 'GET', '/api/v1/battles?private=1')).body.code).toBe('authentication');
    const mine = await api(store.app, 'GET', '/api/v1/battles?private=1&statuses=created', { token: a.token });
    expect(mine.body.data.total).toBe(3);
    const last = await api(store.app, 'GET', '/api/battles/cases', { token: a.token });
    expect(last.body.data.max_rounds).toBe(50);
    expect(last.body.data.last_cases.map((c: any) => c.slug)).toEqual([cheap.slug, pricier.slug]);
  });

  it('reports statistics, win rate and best battle from finished battles', async () => {
    const p = await fundedPlayer(store.app, db(), 500);
    // The expected figures come from the finished battles themselves, recomputed from their
    // seeds and drops, not from another endpoint of the same statistics.
    const played: { ulid: string; win: boolean; won: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const ulid = (await create(p, '1v1', [{ slug: cheap.slug, count: 2 }])).body.data.battle_ulid;
      expect((await api(store.app, 'POST', '/api/battles/start', { token: p.token, body: { battle_ulid: ulid } })).status).toBe(200);
      const done = await untilStatus(ulid, 'finished');
      const outcome = await verifyRolls(done);
      // The player holds seat 1, team 1, against a bot; the winning team takes every drop.
      const value = done.rounds.flatMap((r: any) => r.drops).reduce((sum: number, d: any) => sum + Math.round(d.item.price * 100), 0);
      played.push({ ulid, win: outcome.winnerTeam === 1, won: outcome.winnerTeam === 1 ? value : 0 });
    }
    const wins = played.filter((b) => b.win).length;
    const bestMinor = Math.max(0, ...played.map((b) => b.won));
    const wonMinor = played.reduce((sum, b) => sum + b.won, 0);
    const spentMinor = Math.round(cheap.price * 100) * 2 * 3;

    const stats = (await api(store.app, 'GET', '/api/battles/statistics', { token: p.token })).body.data;
    expect(stats).toEqual({ all_count: 3, wins_count: wins, max_win: bestMinor / 100, wins_percent: Math.round((wins / 3) * 10000) / 100 });
    expect((await api(store.app, 'GET', `/api/v1/battles/winrate?user_id=${p.userId}`)).body.data).toEqual({ win: wins, lose: 3 - wins });
    const statistic = (await api(store.app, 'GET', '/api/v1/battles/statistic', { token: p.token })).body.data;
    expect(statistic).toEqual({
      count: 3,
      wins,
      losses: 3 - wins,
      spent: spentMinor / 100,
      won: wonMinor / 100,
      profit: (wonMinor - spentMinor) / 100,
      best_win: bestMinor / 100,
    });
    const bestBattle = (await api(store.app, 'GET', '/api/v1/battles/best', { token: p.token })).body.data;
    if (wins === 0) expect(bestBattle).toBeNull();
    else {
      expect(played.filter((b) => b.won === bestMinor).map((b) => b.ulid)).toContain(bestBattle.ulid);
      expect(bestBattle.members[0].won).toBe(bestMinor / 100);
    }
    const guest = await api(store.app, 'GET', '/api/battles/statistics');
    expect([guest.status, guest.body.code]).toEqual([401, 'error_battle_authorize']);
  });
});

/**
 * Battles at a minute a round, so one stays `started` as long as a test needs it to. The schedule
 * lives in the database (`next_round_at`): a test plays the rounds out by moving it to now,
 * instead of racing a fast pace with its requests.
 */
describe('battles in play', () => {
  let slow: TestStore;
  let slowWs: string;
  beforeAll(async () => {
    slow = await createTestStore({ BATTLE_ROUND_MS: '60000' });
    slowWs = await listenForSockets(slow.app);
  });
  afterAll(() => slow.close());
  const sdb = () => slow.database.db;
  const post = (p: Player, path: string, body: Record<string, unknown>) => api(slow.app, 'POST', path, { token: p.token, body });
  const read = async (ulid: string) => (await api(slow.app, 'GET', `/api/battles/battle?battle_ulid=${ulid}`)).body.data;
  const createOn = async (p: Player, mode: BattleMode, count: number) => {
    const res = await post(p, '/api/battles/battles', { mode, cases: [{ slug: cheap.slug, count }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.battle_ulid as string;
  };
  const playOut = (ulid: string) =>
    eventually(
      async () => {
        await sdb().execute(sql`update battles set next_round_at = now() where ulid = ${ulid} and status = 'started'`);
        return read(ulid);
      },
      (b) => b.status === 'finished',
      20_000,
    );
  const refusal = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

  it('refuses a late join, a leave and a cancel while the battle plays, and every change once it is over', async () => {
    const [a, b, c, late] = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(slow.app, sdb(), 100)));
    const ulid = await createOn(a!, '1v1v1', 2);
    expect((await post(b!, '/api/battles/join', { battle_ulid: ulid })).status).toBe(200);
    expect((await post(c!, '/api/battles/join', { battle_ulid: ulid })).status).toBe(200);
    expect(await read(ulid)).toMatchObject({ status: 'started', current_round: 0 });
    const ledger = () => countRows(sdb(), sql`select count(*) as n from ledger`);
    const ledgerBefore = await ledger();

    const lateJoin = await post(late!, '/api/battles/join', { battle_ulid: ulid });
    expect([lateJoin.status, lateJoin.body.code, lateJoin.body.message]).toEqual([409, 'battle_started', 'Батл уже начался']);
    expect(refusal(await post(b!, '/api/battles/leave', { battle_ulid: ulid }))).toEqual([409, 'battle_started']);
    expect(refusal(await post(a!, '/api/battles/cancel_start', { battle_ulid: ulid }))).toEqual([409, 'battle_started']);
    expect(refusal(await post(a!, '/api/battles/start', { battle_ulid: ulid }))).toEqual([409, 'battle_started']);
    expect(refusal(await post(a!, '/api/battles/sell', { battle_ulid: ulid }))).toEqual([409, 'battle_started']);
    expect(await ledger()).toBe(ledgerBefore);

    const done = await playOut(ulid);
    await verifyBattle(done, async (url) => (await api(slow.app, 'GET', url)).body);
    expect(refusal(await post(late!, '/api/battles/join', { battle_ulid: ulid }))).toEqual([409, 'battle_finished']);
    expect(refusal(await post(b!, '/api/battles/leave', { battle_ulid: ulid }))).toEqual([409, 'battle_finished']);
    expect(refusal(await post(a!, '/api/battles/cancel_start', { battle_ulid: ulid }))).toEqual([409, 'battle_finished']);
    expect((await api(slow.app, 'GET', '/api/v1/users/me', { token: late!.token })).body.data.finance.balance).toBe(100);
    expect(await ledgerMismatches(sdb())).toEqual([]);
  });

  it('keeps the battle server seed out of every answer and event until the battle is over', async () => {
    const p = await fundedPlayer(slow.app, sdb(), 100);
    const ulid = await createOn(p, '1v1v1', 2);
    const watcher = await subscriber(slowWs, [{ channel: `battle#${ulid}` }, { channel: 'battles_active' }]);
    const seed = ((await sdb().execute(sql`select server_seed from battles where ulid = ${ulid}`)) as any).rows[0].server_seed as string;
    const created = await read(ulid);
    expect(created.status).toBe('created');
    expect(created.fair).toMatchObject({ server_seed: null, server_seed_hash: hashServerSeed(seed) });

    const started = await post(p, '/api/battles/start', { battle_ulid: ulid });
    expect(started.body.data.battle).toMatchObject({ status: 'started', fair: { server_seed: null, server_seed_hash: hashServerSeed(seed) } });
    await waitFor(() => watcher.messages.some((m) => m.event === 'battles_battle_updated' && m.data.status === 'started' && m.channel === `battle#${ulid}`));
    // Everything a player could read while it plays, in both languages: the seed is in none of it.
    const seen = [
      started.body,
      await read(ulid),
      (await api(slow.app, 'GET', `/api/battles/battle?battle_ulid=${ulid}`, { lang: 'en' })).body,
      (await api(slow.app, 'GET', '/api/battles?per_page=50')).body,
      (await api(slow.app, 'GET', '/api/v1/battles?private=1', { token: p.token })).body,
      (await api(slow.app, 'GET', `/api/v1/battles?user_id=${p.userId}`)).body,
      watcher.messages,
    ];
    expect((seen[1] as any).status).toBe('started');
    for (const [i, answer] of seen.entries()) expect(JSON.stringify(answer), `answer ${i}`).not.toContain(seed);

    const done = await playOut(ulid);
    expect(done.fair).toMatchObject({ server_seed: seed, server_seed_hash: hashServerSeed(seed) });
    await verifyBattle(done, async (url) => (await api(slow.app, 'GET', url)).body);
    watcher.ws.close();
  });

  it('draws a fresh random server seed for every battle, apart from the players own seeds', async () => {
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(slow.app, sdb(), 100)));
    const ulids: string[] = [];
    for (const p of players) {
      for (let i = 0; i < 2; i++) {
        const ulid = await createOn(p, '1v1', 1);
        expect((await post(p, '/api/battles/start', { battle_ulid: ulid })).status).toBe(200);
        ulids.push(ulid);
      }
    }
    const done = await Promise.all(ulids.map(playOut));
    const seeds = done.map((b) => b.fair.server_seed as string);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(seeds).size).toBe(ulids.length);
    expect(new Set(done.map((b) => b.fair.server_seed_hash)).size).toBe(ulids.length);
    const own = ((await sdb().execute(sql`select server_seed from seed_pairs where user_id in ${sql.raw(`(${players.map((p) => p.userId).join(',')})`)}`)) as any).rows.map(
      (r: any) => r.server_seed,
    );
    expect(own).toHaveLength(players.length);
    for (const seed of own) expect(seeds).not.toContain(seed);
  });

  it('lets a seated player send five emoji in three seconds and refuses the sixth, which nobody sees', async () => {
    // The limit of routes.ts: five a player per three seconds, the window opening at the first.
    const limit = 5;
    const windowMs = 3000;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [a, b] = await Promise.all([fundedPlayer(slow.app, sdb(), 100), fundedPlayer(slow.app, sdb(), 100)]);
      const ulid = await createOn(a!, '1v1v1', 1);
      expect((await post(b!, '/api/battles/join', { battle_ulid: ulid })).status).toBe(200);
      const watcher = await subscriber(slowWs, [{ channel: `battle#${ulid}` }]);
      const burst = BATTLE_EMOJIS.slice(0, limit + 1);
      const began = performance.now();
      const answers = [];
      for (const content of burst) answers.push(await post(a!, '/api/battles/emoji', { battle_ulid: ulid, content }));
      // A burst slower than the window proves nothing either way: new players send it again.
      if (performance.now() - began >= windowMs) {
        watcher.ws.close();
        continue;
      }
      expect(answers.map((r) => r.status)).toEqual([...Array(limit).fill(200), 429]);
      expect(answers.at(-1)!.body).toMatchObject({ status: false, code: 'too_many_requests', message: 'Слишком много запросов, подождите немного' });
      // The other seated player has a limit of their own; their emoji is the marker after which
      // the refused one can no longer be on its way.
      const marker = await post(b!, '/api/battles/emoji', { battle_ulid: ulid, content: '💰' });
      expect(marker.status).toBe(200);
      await waitFor(() => watcher.messages.some((m) => m.event === 'battles_emoji_sent' && m.data.member_id === 2));
      expect(watcher.messages.filter((m) => m.event === 'battles_emoji_sent').map((m) => [m.data.member_id, m.data.content])).toEqual([
        ...burst.slice(0, limit).map((content) => [1, content]),
        [2, '💰'],
      ]);
      watcher.ws.close();
      return;
    }
    throw new Error('three bursts of six emoji each took longer than the limit window');
  });
});
