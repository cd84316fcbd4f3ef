import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { coinsFromTicket, drawRaffle, EVENT_COINS_CURSOR, TASK_RULES, taskStep, type TaskType } from '@store/shared/events';
import { rollTicket } from '@store/shared/provably-fair';
import { EVENT_COINS_EVENT, userChannel } from '@store/shared/channels';
import { COIN_CURRENCY } from '@store/shared/constants';
import { recordActivity, type NewActivity } from '../src/modules/activity/record-activity.ts';
import { createEvent, endEventNow, findEventBySlug, loadSeason, type NewEvent } from '../src/modules/events/events.ts';
import { claimPassLevel } from '../src/modules/events/pass.ts';
import { runAdminCommand } from '../src/admin/commands.ts';
import { EventCloser } from '../src/modules/events/close-events.ts';
import { TASKS_CONSUMER } from '../src/modules/events/task-consumer.ts';
import { creditWallet } from '../src/modules/wallet/wallet.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, countRows, fundedPlayer, giveItems, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { childPlace, createTestStore, type TestStore } from './helpers/test-app.ts';
import { killAtHalfway } from './helpers/server-process.ts';
import { eventually, listenForSockets, subscriber, waitFor } from './helpers/ws.ts';
import type { FastifyBaseLogger } from 'fastify';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';

let store: TestStore;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const HOUR = 3_600_000;
const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
/** The catalogue's event cases: the first gives 10–40 coins an opening, the second 5–25. */
const [EVENT_CASE, SECOND_EVENT_CASE] = PROJECT_FACTS.eventCases;

beforeAll(async () => {
  store = await createTestStore({ TEST_CLOCK: '1' });
});
afterAll(() => store.close());

const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => db().execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const coins = (p: Player) => countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId} and currency = 'TASTY_COIN'`);
const gold = (p: Player) => countRows(db(), sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`);

/** Gives a player event coins (minor units) as a game would, with a ledger row. */
const giveCoins = (p: Player, minor: number) =>
  db().transaction((tx) => creditWallet({ tx, userId: p.userId, amount: minor, currency: COIN_CURRENCY, reason: 'test', ref: `test:${p.userId}:${Math.random()}` }));

/** Writes activity as the games do, in its own transaction. */
const played = (p: Player, list: Omit<NewActivity, 'userId'>[]) => db().transaction((tx) => recordActivity(tx, list.map((a) => ({ ...a, userId: p.userId }))));

/** Waits until the task consumer has passed every activity written so far. */
async function counted() {
  const max = await countRows(db(), sql`select coalesce(max(id), 0) as n from activities`);
  store.app.deps.activity.wake();
  await eventually(
    () => countRows(db(), sql`select coalesce(max(last_id), 0) as n from activity_consumers where name = ${TASKS_CONSUMER}`),
    (n) => n >= max,
  );
  await store.app.deps.activity.settled();
}

let eventNo = 0;
/**
 * An event of the test's own, running from a moment ago (by the database's clock, which stamps the
 * activity) and shown from now on: it is the latest to start.
 */
async function testEvent(over: Partial<NewEvent> = {}) {
  const n = ++eventNo;
  const items = store.app.deps.catalogue.byPrice();
  const e = await createEvent(db(), store.app.deps.catalogue, {
    slug: `test-${n}-${Date.now()}`,
    title: { ru: `Тест ${n}`, en: `Test ${n}` },
    subtitle: { ru: 'подзаголовок', en: 'subtitle' },
    fullName: { ru: 'Тестовое событие', en: 'Test event' },
    startsAt: new Date(Date.now() - 1000 + n),
    endsAt: new Date(Date.now() + 2 * HOUR),
    claimGraceMs: HOUR,
    levels: [{ threshold: 10, coins: 5, money: 150 }, { threshold: 30, caseSlug: EVENT_CASE.slug }, { threshold: 60, money: 1000 }],
    tasks: [],
    rafflePrizes: [items[items.length - 1]!.key, items[items.length - 2]!.key, items[items.length - 3]!.key],
    ...over,
  });
  store.app.deps.seasons.invalidate();
  return e;
}

const taskOf = (type: TaskType, target: number, extra: Partial<NewEvent['tasks'][number]> = {}) => ({
  level: 1,
  type,
  target,
  description: { ru: `задание ${type}`, en: `task ${type}` },
  coins: 7,
  ...extra,
});

describe('event settings', () => {
  it('show the seeded season with its tabs, pictures and the raffle seed hash, and the player their stats', async () => {
    const guest = await api(store.app, 'GET', '/api/v1/event/current', { lang: 'en' });
    expect(guest.status).toBe(200);
    const s = guest.body.data;
    expect(s.slug).toBe('season-1');
    expect(s.current_event).toBe(true);
    expect(s.is_new).toBe(true);
    expect(s.active_tabs).toEqual(['TastyBattlePass', 'NewCases', 'FreeCases', 'Top']);
    expect(s.event_title).toBe(PROJECT_FACTS.seasonTitle.en);
    expect(s.coin_color).toBe('#F03573');
    expect(s.image_overview.cases).toMatch(/^\/img\/event\/.+\.svg$/);
    expect(s.popup_images).toHaveLength(6);
    expect(s.raffle).toMatchObject({ prize_count: 5, server_seed: null, drawn: false, client_seed: 'season-1' });
    expect(s.raffle.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.user_stats).toBeNull();
    expect(s.top_leaderboard_id).toBeGreaterThan(0);
    expect(s.time_to_event_over).toBeGreaterThan(30 * 24 * 3600);
    const ru = await api(store.app, 'GET', '/api/v1/event/current', { lang: 'ru' });
    expect(ru.body.data.event_title).toBe(PROJECT_FACTS.seasonTitle.ru);
    const p = await registerPlayer(store.app);
    const mine = await api(store.app, 'GET', '/api/v1/event/current', { token: p.token });
    expect(mine.body.data.user_stats).toEqual({ coins: 0, coins_earned: 0, pass_level: 0, tickets: 0 });
  });

  it('give a guest the pass with coins 0 and no tasks, and a player the tasks of the pass', async () => {
    const guest = (await api(store.app, 'GET', '/api/v1/challenge')).body.data;
    expect(guest.guest).toBe(true);
    expect(guest.current_coins).toBe(0);
    expect(guest.levels).toHaveLength(50);
    expect(guest.levels.every((l: any) => l.tasks.length === 0)).toBe(true);
    expect(guest.levels.map((l: any) => l.type).filter((t: string) => t !== 'classic')).toEqual(['rare', 'rare', 'rare', 'ultra']);
    expect(guest.levels[0]).toMatchObject({ level: 1, threshold: 50, cost: 50, state: 'current', current: true });
    expect(guest.levels[1]).toMatchObject({ level: 2, threshold: 110, cost: 60, state: 'locked' });
    expect(guest.finished).toBe(false);
    const p = await registerPlayer(store.app);
    const pass = (await api(store.app, 'GET', '/api/v1/challenge', { token: p.token, lang: 'en' })).body.data;
    expect(pass.guest).toBe(false);
    expect(pass.levels[0].tasks.map((t: any) => t.description)).toEqual(['Open 3 cases', 'Make an upgrade']);
    expect(pass.levels[0].tasks[0]).toMatchObject({ progress_data: { current: 0, end: 3 }, reward: { coins: 60 }, completed: false });
  });
});

describe('tasks and coins', () => {
  it('count each game of the period once, by the shared rule, pay a completed task once and tell the player', async () => {
    const types = Object.keys(TASK_RULES) as TaskType[];
    const targets: Record<TaskType, number> = { open_cases: 4, win_battles: 1, play_battles: 2, make_upgrades: 2, sign_contracts: 1, spend: 50_000, deposit: 30_000 };
    const e = await testEvent({ tasks: [...types.map((t) => taskOf(t, targets[t])), taskOf('open_cases', 1, { sectionSlugs: ['event'], coins: 11 })] });
    const tasks = await q<{ id: number; type: TaskType; target: number; section_ids: number[] | null }>(sql`select id, type, target, section_ids from event_tasks where event_id = ${e.id} order by id`);
    const p = await fundedPlayer(store.app, db(), 5000);
    const { centryfugo_key: key } = (await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: p.token })).body.data;
    const sub = await subscriber(await listenForSockets(store.app), [{ channel: userChannel(p.userId), token: key }]);
    try {
      const acts: Omit<NewActivity, 'userId'>[] = [
        { kind: 'upgrade', amount: 10_000, won: 0, count: 1, ref: `u1:${p.userId}` },
        { kind: 'upgrade', amount: 5_000, won: 20_000, count: 1, ref: `u2:${p.userId}` },
        { kind: 'contract', amount: 20_000, won: 5_000, count: 1, ref: `c1:${p.userId}` },
        { kind: 'battle_finished', amount: 3_000, won: 0, count: 1, ref: `b1:${p.userId}` },
        { kind: 'battle_finished', amount: 3_000, won: 9_000, count: 1, ref: `b2:${p.userId}` },
        { kind: 'deposit', amount: 40_000, won: 0, count: 1, ref: `d1:${p.userId}` },
        { kind: 'sale', amount: 0, won: 7_000, count: 2, ref: `s1:${p.userId}` },
      ];
      await played(p, acts);
      // A real opening of an event case, and of an ordinary one.
      const eventOpen = await api(store.app, 'POST', `/api/v1/cases/${EVENT_CASE.slug}/open`, { token: p.token, body: { multi_open: 1 } });
      expect(eventOpen.status).toBe(200);
      const plain = await api(store.app, 'POST', `/api/v1/cases/${PROJECT_FACTS.plainCase}/open`, { token: p.token, body: { multi_open: 3 } });
      expect(plain.status).toBe(200);
      await counted();
      const caseRows = await q<{ case_id: number; section_id: number; count: number; amount: number; won: number; kind: string }>(
        sql`select a.kind, a.amount, a.won, a.count, a.case_id, c.section_id from activities a join cases c on c.id = a.case_id where a.user_id = ${p.userId}`,
      );
      const all = [...acts.map((a) => ({ ...a, amount: a.amount ?? 0, won: a.won ?? 0, count: a.count ?? 1, sectionId: null })), ...caseRows.map((r) => ({ kind: r.kind, amount: Number(r.amount), won: Number(r.won), count: r.count, sectionId: r.section_id }))];
      const progress = await q<{ task_id: number; progress: number | string; completed_at: Date | null }>(
        sql`select task_id, progress, completed_at from event_task_progress where user_id = ${p.userId} and task_id in (select id from event_tasks where event_id = ${e.id})`,
      );
      const byTask = new Map(progress.map((r) => [r.task_id, r]));
      let paidTasks = 0;
      for (const t of tasks) {
        const expected = Math.min(
          Number(t.target),
          all.reduce((s, a) => s + taskStep(t.type, t.section_ids, a), 0),
        );
        expect({ type: t.type, progress: Number(byTask.get(t.id)?.progress ?? 0) }).toEqual({ type: t.type, progress: expected });
        expect(Boolean(byTask.get(t.id)?.completed_at)).toBe(expected >= Number(t.target));
        if (expected >= Number(t.target)) paidTasks++;
      }
      // These games complete every task: open_cases 4 (1 + 3), the event-section task, two upgrades...
      expect(paidTasks).toBe(tasks.length);
      const taskCoins = await countRows(
        db(),
        sql`select coalesce(sum(delta), 0) as n from ledger where user_id = ${p.userId} and reason = 'event_task' and currency = 'TASTY_COIN' and ref in (select 'event_task:' || id || ':' || ${p.userId} from event_tasks where event_id = ${e.id})`,
      );
      expect(taskCoins).toBe(7 * types.length * 100 + 1100);
      // The event case's coins are its roll at cursor 1, recomputed from the seed pair.
      const [opened] = await q<{ coins: number; nonce: number; server_seed: string; client_seed: string }>(
        sql`select o.coins, o.nonce, s.server_seed, o.client_seed from case_opens o join seed_pairs s on s.id = o.seed_pair_id join cases c on c.id = o.case_id where o.user_id = ${p.userId} and c.slug = ${EVENT_CASE.slug}`,
      );
      const ticket = rollTicket({ serverSeed: opened!.server_seed, clientSeed: opened!.client_seed, nonce: opened!.nonce, cursor: EVENT_COINS_CURSOR });
      expect(opened!.coins).toBe(coinsFromTicket(ticket, EVENT_CASE.coins.min, EVENT_CASE.coins.max));
      expect(eventOpen.body.data.opens[0].coins).toBe(opened!.coins);
      expect(plain.body.data.opens.every((o: any) => o.coins === 0)).toBe(true);
      // Everything credited while the event runs climbs its pass: this player's every coin so far.
      const [player] = await q<{ coins_earned: number | string }>(sql`select coins_earned from event_players where event_id = ${e.id} and user_id = ${p.userId}`);
      expect(Number(player!.coins_earned)).toBe(await coins(p));
      expect(await coins(p)).toBeGreaterThanOrEqual(taskCoins + opened!.coins * 100);
      // Both open_cases tasks completed, each told once with its own reward; which is told first
      // depends on whether the event case's opening and the others were counted in one pass.
      const told = () => sub.messages.filter((m) => m.event === EVENT_COINS_EVENT && m.data?.description === 'задание open_cases').map((m) => m.data.reward.coins);
      await waitFor(() => told().length >= 2);
      expect(told().sort((a: number, b: number) => a - b)).toEqual([7, 11]);
      // Counted once: a pass over the stream again changes nothing.
      store.app.deps.activity.wake();
      await store.app.deps.activity.settled();
      const again = await q<{ progress: number | string }>(sql`select progress from event_task_progress where user_id = ${p.userId} order by task_id`);
      expect(again.length).toBeGreaterThan(0);
      expect(
        await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'event_task' and ref in (select 'event_task:' || id || ':' || ${p.userId} from event_tasks where event_id = ${e.id})`),
      ).toBe(paidTasks);
      expect(await ledgerMismatches(db())).toEqual([]);
    } finally {
      sub.ws.close();
    }
  });

  it('count a task only once its level is shown: up to the level the player works on', async () => {
    // Listed out of level order: the consumer keeps each event's tasks lowest level first.
    const e = await testEvent({ tasks: [taskOf('open_cases', 100, { level: 3 }), taskOf('open_cases', 100, { level: 1 }), taskOf('open_cases', 100, { level: 2 })] });
    const level = await q<{ id: number; level: number }>(sql`select id, level from event_tasks where event_id = ${e.id}`);
    const p = await fundedPlayer(store.app, db(), 5000);
    const progress = async () => {
      const got = await q<{ task_id: number; progress: number | string }>(sql`select task_id, progress from event_task_progress where user_id = ${p.userId} and task_id in (select id from event_tasks where event_id = ${e.id})`);
      const byLevel: Record<number, number> = { 1: 0, 2: 0, 3: 0 };
      for (const r of got) byLevel[level.find((t) => t.id === r.task_id)!.level] = Number(r.progress);
      return byLevel;
    };
    await played(p, [{ kind: 'case_open', amount: 1_000, won: 0, count: 2, ref: `shown-1:${p.userId}` }]);
    await counted();
    // On level 1 (no coins yet): only level 1's task moves.
    expect(await progress()).toEqual({ 1: 2, 2: 0, 3: 0 });
    // Past the first threshold (10 coins) the player works on level 2: its task counts from now on.
    await giveCoins(p, 10 * 100);
    await played(p, [{ kind: 'case_open', amount: 1_000, won: 0, count: 3, ref: `shown-2:${p.userId}` }]);
    await counted();
    expect(await progress()).toEqual({ 1: 5, 2: 3, 3: 0 });
  });

  it('count a real upgrade and a real contract played through the API', async () => {
    const e = await testEvent({ tasks: [taskOf('make_upgrades', 3), taskOf('sign_contracts', 3), taskOf('spend', 10_000_000)] });
    const p = await registerPlayer(store.app);
    const items = store.app.deps.catalogue.byPrice();
    const mid = items[Math.floor(items.length / 2)]!;
    const given = await giveItems(db(), p.userId, [{ key: mid.key }, { key: mid.key }, { key: mid.key }, { key: mid.key }]);
    const target = items.find((i) => i.price >= mid.price * 2)!;
    const up = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [given[0]!.id], target_item_id: target.key, reversed: false } });
    expect(up.status).toBe(200);
    const signed = await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: given.slice(1).map((g) => g.id) } });
    expect(signed.status).toBe(200);
    await counted();
    const progress = await q<{ type: string; progress: number | string }>(
      sql`select t.type, p.progress from event_task_progress p join event_tasks t on t.id = p.task_id where p.user_id = ${p.userId} and t.event_id = ${e.id} order by t.id`,
    );
    // Staked items are what a player puts into an upgrade or a contract: their value is spending.
    expect(progress.map((r) => [r.type, Number(r.progress)])).toEqual([
      ['make_upgrades', 1],
      ['sign_contracts', 1],
      ['spend', given.reduce((s, g) => s + g.price, 0)],
    ]);
  });

  it('count nothing of a rolled-back game or a refused opening', async () => {
    const e = await testEvent({ tasks: [taskOf('make_upgrades', 5), taskOf('open_cases', 5)] });
    const p = await fundedPlayer(store.app, db(), 10);
    await expect(
      db().transaction(async (tx) => {
        await recordActivity(tx, { kind: 'upgrade', userId: p.userId, amount: 100, ref: `rb:${p.userId}` });
        throw new Error('the game failed after writing its activity');
      }),
    ).rejects.toThrow('the game failed');
    const refused = await api(store.app, 'POST', `/api/v1/cases/${EVENT_CASE.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(refused.body.code).toBe('balance_error');
    const noCoins = await api(store.app, 'POST', '/api/v1/cases/coin-spark/open', { token: p.token, body: { multi_open: 1 } });
    expect(noCoins.status).toBe(402);
    expect(noCoins.body.code).toBe('coins_error');
    await played(p, [{ kind: 'upgrade', amount: 100, ref: `ok:${p.userId}` }]);
    await counted();
    const progress = await q<{ type: string; progress: number | string }>(
      sql`select t.type, p.progress from event_task_progress p join event_tasks t on t.id = p.task_id where p.user_id = ${p.userId} and t.event_id = ${e.id}`,
    );
    expect(progress.map((r) => [r.type, Number(r.progress)])).toEqual([['make_upgrades', 1]]);
    expect(await gold(p)).toBe(1000);
    // The one committed upgrade also finished the season's own "Make an upgrade" (40 coins); nothing else paid.
    expect(await coins(p)).toBe(4_000);
  });

  it('roll an event case\'s coins in SQL exactly as the shared rule does', async () => {
    const vectors: [number, number, number][] = [
      [1, 10, 40],
      [100_000, 10, 40],
      [3_226, 10, 40],
      [3_227, 10, 40],
      [50_000, 5, 25],
      [99_999, 0, 1],
      [12_345, 7, 7],
      [77_777, 40, 10],
    ];
    for (const [t, lo, hi] of vectors) {
      const [row] = await q<{ n: number }>(sql`select store_coins_from_ticket(${t}::int, ${lo}::int, ${hi}::int) as n`);
      expect([t, lo, hi, Number(row!.n)]).toEqual([t, lo, hi, coinsFromTicket(t, lo, hi)]);
    }
  });

  it('do not count games after the event ends', async () => {
    const e = await testEvent({ tasks: [taskOf('sign_contracts', 3)] });
    const p = await registerPlayer(store.app);
    await played(p, [{ kind: 'contract', amount: 100, ref: `before:${p.userId}` }]);
    await counted();
    await endEventNow(db(), e.id, new Date());
    await played(p, [{ kind: 'contract', amount: 100, ref: `after:${p.userId}` }]);
    await counted();
    expect(
      await countRows(db(), sql`select coalesce(max(progress), 0) as n from event_task_progress p join event_tasks t on t.id = p.task_id where p.user_id = ${p.userId} and t.event_id = ${e.id}`),
    ).toBe(1);
  });
});

describe('battle pass claims', () => {
  it('pay a reached level once however many claims arrive together, and refuse the rest', async () => {
    await testEvent();
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/1', { token: p.token })).body.code).toBe('event_level_not_done');
    await giveCoins(p, 3_000); // 30 coins: levels 1 and 2 reached
    const before = await gold(p);
    const claims = await Promise.all(Array.from({ length: 20 }, () => api(store.app, 'POST', '/api/v1/event/challenge/prize/1', { token: p.token })));
    const paid = claims.filter((c) => c.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body.data).toMatchObject({ level: 1, prize_type: 'money', reward: { money: 1.5, coins: 5 } });
    expect(claims.filter((c) => c.status === 409).every((c) => c.body.code === 'event_level_claimed')).toBe(true);
    expect(claims.filter((c) => c.status === 409)).toHaveLength(19);
    expect(await gold(p)).toBe(before + 150);
    expect(await coins(p)).toBe(3_000 + 500);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'event_level'`)).toBe(2);
    // A case level gives a free opening, once.
    const caseClaims = await Promise.all(Array.from({ length: 20 }, () => api(store.app, 'POST', '/api/v1/event/challenge/prize/2', { token: p.token })));
    expect(caseClaims.filter((c) => c.status === 200).map((c) => c.body.data.prize_type)).toEqual(['case']);
    expect(await countRows(db(), sql`select count(*) as n from free_openings where user_id = ${p.userId} and source = 'battle_pass'`)).toBe(1);
    const pass = (await api(store.app, 'GET', '/api/v1/challenge', { token: p.token })).body.data;
    expect(pass.levels.map((l: any) => l.state)).toEqual(['received', 'received', 'current']);
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/3', { token: p.token })).body.code).toBe('event_level_not_done');
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/9', { token: p.token })).body.code).toBe('event_level_not_found');
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/1')).status).toBe(401);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('finish the pass when every level is reached', async () => {
    await testEvent();
    const p = await registerPlayer(store.app);
    await giveCoins(p, 6_000);
    const pass = (await api(store.app, 'GET', '/api/v1/challenge', { token: p.token })).body.data;
    expect(pass).toMatchObject({ current_coins: 60, current_level: null, finished: true });
    expect(pass.levels.map((l: any) => l.state)).toEqual(['done', 'done', 'done']);
  });
});

describe('coin cases', () => {
  it('are bought with coins through the opening path, locked by level, and spend no GOLD', async () => {
    await testEvent();
    const p = await fundedPlayer(store.app, db(), 100);
    const cards = (await api(store.app, 'GET', '/api/v1/event/cases?type=coins', { token: p.token })).body.data;
    expect(cards.map((c: any) => [c.slug, c.price_data.currency, c.price_data.price, c.level, c.locked])).toEqual([
      ['coin-spark', 'TASTY_COIN', 100, 1, false],
      ['coin-pulse', 'TASTY_COIN', 250, 15, true],
      ['coin-flare', 'TASTY_COIN', 500, 30, true],
      ['coin-nova', 'TASTY_COIN', 1000, 40, true],
    ]);
    const eventCards = (await api(store.app, 'GET', '/api/v1/event/cases')).body.data;
    expect(eventCards.map((c: any) => [c.slug, c.tasty_coins])).toEqual([
      [EVENT_CASE.slug, EVENT_CASE.coins],
      [SECOND_EVENT_CASE.slug, SECOND_EVENT_CASE.coins],
    ]);
    await giveCoins(p, 15_000);
    const opened = await api(store.app, 'POST', '/api/v1/cases/coin-spark/open', { token: p.token, body: { multi_open: 1 } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ balance: 100, coin_balance: 50 });
    expect(await coins(p)).toBe(5_000);
    expect(await gold(p)).toBe(10_000);
    const locked = await api(store.app, 'POST', '/api/v1/cases/coin-pulse/open', { token: p.token, body: { multi_open: 1 } });
    expect(locked.body.code).toBe('case_level_locked');
    const short = await api(store.app, 'POST', '/api/v1/cases/coin-spark/open', { token: p.token, body: { multi_open: 1 } });
    expect(short.body.code).toBe('coins_error');
    expect(await coins(p)).toBe(5_000);
    // A coin case is a case opened, not money spent.
    const [act] = await q<{ amount: number | string; count: number }>(sql`select amount, count from activities where user_id = ${p.userId} and kind = 'case_open'`);
    expect([Number(act!.amount), act!.count]).toEqual([0, 1]);
    const progress = (await api(store.app, 'GET', '/api/v1/event/personal-progress?caseName=coin-spark', { token: p.token })).body.data;
    expect(progress).toEqual({ case: 'coin-spark', opened: 1, coins_earned: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('answer the main page calls', async () => {
    const main = (await api(store.app, 'GET', '/api/v1/sections-main')).body.data;
    expect(main.length).toBeGreaterThan(0);
    expect(main.every((s: any) => !s.event)).toBe(true);
    expect((await api(store.app, 'GET', '/api/v1/cases/arcane/count')).body.data.count).toBe(6);
    expect((await api(store.app, 'GET', '/api/v1/event/cases/max-price')).body.data.price).toBe(PROJECT_FACTS.eventShelfMaxPrice);
    const banners = (await api(store.app, 'GET', '/api/v1/event/banners')).body.data;
    expect(banners.map((b: any) => b.link)).toEqual(['/event/battle-pass', '/event/coin-cases']);
    const info = (await api(store.app, 'GET', '/api/v1/popup/info')).body.data;
    expect(info.chaleng.levels.length).toBeGreaterThan(0);
    expect(info.daily_case.length).toBe(10);
  });
});

describe('operators', () => {
  it('define an event from a file, list it and end it; a bad file changes nothing', async () => {
    const slug = `ops-${Date.now()}`;
    const file = {
      slug,
      title: { ru: 'Операторское', en: 'Operators' },
      subtitle: { ru: 'п', en: 's' },
      full_name: { ru: 'Полное', en: 'Full' },
      starts_at: new Date(Date.now() - 1000).toISOString(),
      ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
      levels: [{ threshold: 10, coins: 5 }, { threshold: 20, case: EVENT_CASE.slug }],
      tasks: [{ level: 1, type: 'open_cases', target: 2, sections: ['event'], description: { ru: 'Откройте 2 кейса события', en: 'Open 2 event cases' }, coins: 10 }],
      raffle_prizes: [store.app.deps.catalogue.byPrice()[0]!.key],
    };
    const made = (await runAdminCommand(db(), { command: 'event-create', definition: JSON.stringify(file) })) as { slug: string; raffle_seed_hash: string };
    expect(made.slug).toBe(slug);
    expect(made.raffle_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const events = () => countRows(db(), sql`select count(*) as n from events`);
    const count = await events();
    for (const bad of [
      '{not json',
      JSON.stringify({ ...file, slug: `${slug}-2`, ends_at: file.starts_at }),
      JSON.stringify({ ...file, slug: `${slug}-3`, levels: [{ threshold: 20 }, { threshold: 10 }] }),
      JSON.stringify({ ...file, slug: `${slug}-4`, tasks: [{ ...file.tasks[0], type: 'fly' }] }),
      JSON.stringify({ ...file, slug: `${slug}-5`, levels: [{ threshold: 10, case: 'no-such-case' }] }),
      JSON.stringify({ ...file, slug: `${slug}-6`, tasks: [{ ...file.tasks[0], sections: ['no-such-section'] }] }),
      JSON.stringify(file),
    ]) {
      await expect(runAdminCommand(db(), { command: 'event-create', definition: bad })).rejects.toThrow();
    }
    expect(await events()).toBe(count);
    const listed = ((await runAdminCommand(db(), { command: 'event-list' })) as { slug: string; state: string; usage: { raffle: { prizes: number } } }[]).find((e) => e.slug === slug);
    expect(listed).toMatchObject({ state: 'running', usage: { raffle: { prizes: 1 } } });
    const ended = (await runAdminCommand(db(), { command: 'event-end', slug }, { clock: clock() })) as { ends_at: string };
    expect(Date.parse(ended.ends_at)).toBeLessThanOrEqual(clock().now().getTime());
    await expect(runAdminCommand(db(), { command: 'event-end', slug: 'no-such-event' })).rejects.toThrow('no running event');
    store.app.deps.seasons.invalidate();
  });
});

describe('raffle and close', () => {
  /** An event whose players bought coin cases: 100 coins a ticket. */
  async function raffleEvent(players: number, prizes: number) {
    const items = store.app.deps.catalogue.byPrice();
    const e = await testEvent({ coinsPerTicket: 100, rafflePrizes: Array.from({ length: prizes }, (_, i) => items[items.length - 1 - i]!.key) });
    const list: Player[] = [];
    for (let i = 0; i < players; i++) {
      const p = await registerPlayer(store.app);
      await giveCoins(p, 10_000 * (i + 1));
      for (let k = 0; k <= i; k++) expect((await api(store.app, 'POST', '/api/v1/cases/coin-spark/open', { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
      list.push(p);
    }
    await endEventNow(db(), e.id, new Date());
    return { e, players: list };
  }
  const closer = () => new EventCloser({ db: db(), clock: clock(), log: quiet });
  const raffleItems = (eventId: number, on = db()) => countRows(on, sql`select count(*) as n from inventory_items where source = 'Raffle' and source_ref like ${`raffle:${eventId}:%`}`);

  it('draws the winners from the committed seed, recomputable once it is revealed, and grants each prize once', async () => {
    await store.app.modules.events.closer.close();
    try {
      const { e, players } = await raffleEvent(4, 3);
      const hash = (await api(store.app, 'GET', `/api/v1/event/raffle-result/${e.slug}`)).body.data.server_seed_hash;
      clock().advance(60_000);
      await counted();
      const passes = await Promise.all([closer().tick(), closer().tick(), closer().tick()]);
      // Three closers at once draw it once (another ended test event may be drawn beside it).
      expect(passes.reduce((s, x) => s + x.drawn, 0)).toBeGreaterThanOrEqual(1);
      expect(await countRows(db(), sql`select count(*) as n from event_raffle_results where event_id = ${e.id}`)).toBe(3);
      await eventually(
        async () => (await closer().tick(), raffleItems(e.id)),
        (n) => n === 3,
      );
      const result = (await api(store.app, 'GET', `/api/v1/event/raffle-result/${e.slug}`, { token: players[3]!.token })).body.data;
      expect(result.drawn).toBe(true);
      expect(result.server_seed_hash).toBe(hash);
      const { hashServerSeed } = await import('@store/shared/provably-fair');
      expect(hashServerSeed(result.server_seed)).toBe(hash);
      // Recomputed from the revealed seed and everyone's tickets (1, 2, 3 and 4 coin cases bought).
      const entries = players.map((p, i) => ({ userId: p.userId, tickets: i + 1 }));
      const wins = drawRaffle(result.server_seed, result.client_seed, entries, 3);
      expect(result.raffle_result.map((r: any) => [r.position, r.user_id, r.ticket, r.tickets_in_draw])).toEqual(wins.map((w) => [w.position, w.userId, w.ticket, w.ticketsInDraw]));
      expect(new Set(wins.map((w) => w.userId)).size).toBe(3);
      expect(result.my_tickets).toBe(4);
      // The spec's names: the list is RaffleResult and meInRaffle is the caller's own entries, rows
      // of the same shape as the list's (the prizes the caller won), not a ticket count.
      expect(result).not.toHaveProperty('results');
      const myWins = result.raffle_result.filter((r: any) => r.user_id === players[3]!.userId);
      expect(result.me_in_raffle).toEqual(myWins);
      for (const r of result.me_in_raffle) {
        expect(Object.keys(r)).toEqual(expect.arrayContaining(['item_id', 'img', 'item', 'price', 'avatar', 'level', 'position', 'tickets', 'user_id', 'name']));
        expect(r.tickets).toBe(4);
      }
      const loser = players.find((p) => !wins.some((w) => w.userId === p.userId));
      if (loser) expect((await api(store.app, 'GET', `/api/v1/event/raffle-result/${e.slug}`, { token: loser.token })).body.data.me_in_raffle).toEqual([]);
      expect((await api(store.app, 'GET', `/api/v1/event/raffle-result/${e.slug}`)).body.data).toMatchObject({ me_in_raffle: null, my_tickets: null });
      for (const w of wins) {
        expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${w.userId} and source = 'Raffle' and source_ref = ${`raffle:${e.id}:${w.position}`}`)).toBe(1);
      }
      const [row] = await q<{ status: string }>(sql`select status from events where id = ${e.id}`);
      expect(row!.status).toBe('closed');
    } finally {
      store.app.modules.events.closer.start();
    }
  });

  it('grants each prize once when the closing process is killed half-way', async () => {
    await store.app.modules.events.closer.close();
    let place: Awaited<ReturnType<typeof childPlace>> | undefined;
    try {
      const { e } = await raffleEvent(8, 8);
      clock().advance(60_000);
      await counted();
      place = await childPlace(store);
      await killAtHalfway('event-closer-child.ts', [place.target], 'the closing process');
      // The data the killed process left, opened after it is gone (PGlite lets one process in).
      const after = await place.open();
      const before = await raffleItems(e.id, after);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(8);
      const restarted = new EventCloser({ db: after, clock: clock(), log: quiet });
      await eventually(
        async () => (await restarted.tick(), raffleItems(e.id, after)),
        (n) => n === 8,
      );
      expect(await countRows(after, sql`select count(*) as n from event_raffle_results where event_id = ${e.id} and granted`)).toBe(8);
      expect(await countRows(after, sql`select count(distinct inventory_item_id) as n from event_raffle_results where event_id = ${e.id}`)).toBe(8);
    } finally {
      await place?.cleanup();
      store.app.modules.events.closer.start();
    }
  });

  it('keeps done levels claimable for the grace after the end, then refuses', async () => {
    const e = await testEvent();
    const p = await registerPlayer(store.app);
    await giveCoins(p, 1_000);
    await endEventNow(db(), e.id, new Date());
    store.app.deps.seasons.invalidate();
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/1', { token: p.token })).status).toBe(200);
    await giveCoins(p, 5_000);
    // Coins after the end do not climb the pass.
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/2', { token: p.token })).body.code).toBe('event_level_not_done');
    // After the grace the ended event is no longer shown, and its claims are refused.
    clock().advance(HOUR + 60_000);
    store.app.deps.seasons.invalidate();
    expect((await api(store.app, 'GET', '/api/v1/event/current')).body.data.id).not.toBe(e.id);
    const season = await loadSeason(db(), (await findEventBySlug(db(), e.slug))!);
    await expect(claimPassLevel(db(), { season, userId: p.userId, level: 1, catalogue: store.app.deps.catalogue, lang: 'en', now: clock().now() })).rejects.toMatchObject({ code: 'event_claims_closed' });
  });
});
