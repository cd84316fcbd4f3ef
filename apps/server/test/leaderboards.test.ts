import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LEADERBOARD_TYPES, scoreOf, weekOf, type LeaderboardType } from '@store/shared/leaderboards';
import { TOP_REWARD_EVENT, userChannel } from '@store/shared/channels';
import { recordActivity, type NewActivity } from '../src/modules/activity/record-activity.ts';
import { createBoard, findBoard } from '../src/modules/leaderboards/boards.ts';
import { LeaderboardCloser } from '../src/modules/leaderboards/close-boards.ts';
import { SCORING_CONSUMER } from '../src/modules/leaderboards/scoring-consumer.ts';
import { WEEKLY_SERIES } from '../src/modules/leaderboards/seed-leaderboards.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { childPlace, createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';
import { killAtHalfway } from './helpers/server-process.ts';
import { eventually, listenForSockets, subscriber, waitFor } from './helpers/ws.ts';
import { openDatabase } from '../src/db/client.ts';
import { runAdminCommand } from '../src/admin/commands.ts';

let store: TestStore;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const HOUR = 3_600_000;
const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  store = await createTestStore({ TEST_CLOCK: '1' });
});
afterAll(() => store.close());

let boardNo = 0;
/** A board of the test's own, running from a moment ago for `hours`, with `prizes` places. */
async function board(type: LeaderboardType, opts: { prizes?: number; hours?: number; order?: number } = {}) {
  const items = store.app.deps.catalogue.byPrice();
  const now = clock().now();
  const n = ++boardNo;
  return createBoard(db(), store.app.deps.catalogue, {
    type,
    title: { ru: `Тест ${n}`, en: `Test ${n}` },
    description: { ru: 'описание', en: 'description' },
    image: '/img/tops/weekly.svg',
    // The real time, not the test clock: activity rows are stamped by the database's clock.
    startsAt: new Date(),
    endsAt: new Date(now.getTime() + (opts.hours ?? 2) * HOUR),
    order: opts.order ?? 100 + n,
    prizes: Array.from({ length: opts.prizes ?? 3 }, (_, i) => items[items.length - 1 - i]!.key),
  });
}

const ranking = async (id: number, p?: Player, lang: 'ru' | 'en' = 'ru') => (await api(store.app, 'GET', `/api/v2/top/ranking/${id}`, { token: p?.token, lang })).body.data;
const active = async (p?: Player) => (await api(store.app, 'GET', '/api/v2/top/active', { token: p?.token })).body.data as any[];
const entry = (boardId: number, p: Player) =>
  countRows(db(), sql`select coalesce(max(score), -1) as n from leaderboard_entries where leaderboard_id = ${boardId} and user_id = ${p.userId}`);

/** Writes activity as the games do, in its own transaction, and waits for the scoring consumer to pass it. */
async function played(p: Player, list: Omit<NewActivity, 'userId'>[]) {
  await db().transaction((tx) => recordActivity(tx, list.map((a) => ({ ...a, userId: p.userId }))));
  await scored();
}

/** Waits until the scoring consumer has passed every activity written so far. */
async function scored() {
  const max = await countRows(db(), sql`select coalesce(max(id), 0) as n from activities`);
  store.app.deps.activity.wake();
  await eventually(
    () => countRows(db(), sql`select coalesce(max(last_id), 0) as n from activity_consumers where name = ${SCORING_CONSUMER}`),
    (n) => n >= max,
  );
  // The pass that moved it has also dropped the boards' snapshots by the time it ends.
  await store.app.deps.activity.settled();
}

describe('scores', () => {
  it('come from each kind of activity by the shared rule of every board type, once per activity', async () => {
    const boards = Object.fromEntries(await Promise.all(LEADERBOARD_TYPES.map(async (t) => [t, await board(t)] as const)));
    const p = await registerPlayer(store.app);
    const acts: Omit<NewActivity, 'userId'>[] = [
      { kind: 'case_open', amount: 1500, won: 700, count: 3, ref: `t1:${p.userId}` },
      { kind: 'upgrade', amount: 400, won: 1200, count: 1, ref: `t2:${p.userId}` },
      { kind: 'upgrade', amount: 300, won: 0, count: 1, ref: `t3:${p.userId}` },
      { kind: 'contract', amount: 900, won: 450, count: 5, ref: `t4:${p.userId}` },
      { kind: 'battle_finished', amount: 250, won: 2000, ref: `t5:${p.userId}` },
      { kind: 'battle_finished', amount: 250, won: 0, ref: `t6:${p.userId}` },
      { kind: 'daily_case', won: 80, ref: `t7:${p.userId}` },
      { kind: 'free_case', won: 60, ref: `t8:${p.userId}` },
      { kind: 'offer_purchase', amount: 990, won: 1100, count: 2, ref: `t9:${p.userId}` },
      { kind: 'deposit', amount: 50_000, ref: `t10:${p.userId}` },
      { kind: 'sale', won: 3000, count: 4, ref: `t11:${p.userId}` },
    ];
    await played(p, acts);
    for (const type of LEADERBOARD_TYPES) {
      const expected = acts.reduce((s, a) => s + scoreOf(type, { kind: a.kind, amount: a.amount ?? 0, won: a.won ?? 0, count: a.count ?? 1 }), 0);
      expect({ type, score: await entry(boards[type]!.id, p) }).toEqual({ type, score: expected });
    }
    // The numbers a player would work out by hand: spent 1500+400+300+900+250+250+990, 3 cases, 1 battle, 1 upgrade won.
    expect(await entry(boards.spent!.id, p)).toBe(4590);
    expect(await entry(boards.cases_opened!.id, p)).toBe(3);
    expect(await entry(boards.battles_won!.id, p)).toBe(1);
    expect(await entry(boards.upgrade_wins!.id, p)).toBe(1);
    expect(await entry(boards.won!.id, p)).toBe(700 + 1200 + 450 + 2000 + 80 + 60 + 1100);
    // Played again, counted again; nothing was counted twice by the consumer running on.
    await played(p, [{ kind: 'case_open', amount: 100, count: 1, ref: `t12:${p.userId}` }]);
    expect(await entry(boards.spent!.id, p)).toBe(4690);
    expect(await entry(boards.cases_opened!.id, p)).toBe(4);
  });

  it('come from a real opening, and a refused or rolled-back one scores nothing', async () => {
    const b = await board('spent');
    const c = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), c.price);
    expect((await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
    // The wallet is empty now: the second opening is refused.
    expect((await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 1 } })).body.code).toBe('balance_error');
    await expect(
      db().transaction(async (tx) => {
        await recordActivity(tx, { kind: 'case_open', userId: p.userId, amount: 99_999, count: 1, ref: `rolled-back:${p.userId}` });
        throw new Error('the game failed after writing its activity');
      }),
    ).rejects.toThrow('the game failed');
    await scored();
    expect(await entry(b.id, p)).toBe(Math.round(c.price * 100));
    expect((await ranking(b.id, p)).me.spent.amount).toBe(c.price);
  });

  it('count only the board period: a game before the start or on a closed board adds nothing', async () => {
    const p = await registerPlayer(store.app);
    await played(p, [{ kind: 'case_open', amount: 500, ref: `before:${p.userId}` }]);
    const b = await createBoard(db(), store.app.deps.catalogue, {
      type: 'spent',
      title: { ru: 'Позже', en: 'Later' },
      description: { ru: '', en: '' },
      image: '',
      startsAt: new Date(Date.now() + 1000),
      endsAt: new Date(Date.now() + 10 * HOUR),
      prizes: [],
    });
    await played(p, [{ kind: 'case_open', amount: 700, ref: `early:${p.userId}` }]);
    expect(await entry(b.id, p)).toBe(-1);
  });
});

describe('the ranking', () => {
  it('orders by score, ties go to whoever reached the score first, and lists every prize place', async () => {
    const b = await board('spent', { prizes: 5 });
    const [a, bb, c, d] = await Promise.all(Array.from({ length: 4 }, () => registerPlayer(store.app)));
    await played(a!, [{ kind: 'case_open', amount: 1000, ref: `r1:${a!.userId}` }]);
    await played(bb!, [{ kind: 'case_open', amount: 3000, ref: `r2:${bb!.userId}` }]);
    await played(c!, [{ kind: 'case_open', amount: 1000, ref: `r3:${c!.userId}` }]);
    // d reaches 1000 last, in two steps.
    await played(d!, [{ kind: 'case_open', amount: 400, ref: `r4:${d!.userId}` }]);
    await played(d!, [{ kind: 'upgrade', amount: 600, ref: `r5:${d!.userId}` }]);
    const r = await ranking(b.id, c);
    expect(r.leaders.map((row: any) => row.user?.id ?? null)).toEqual([bb!.userId, a!.userId, c!.userId, d!.userId, null]);
    expect(r.leaders.map((row: any) => row.position)).toEqual([1, 2, 3, 4, 5]);
    expect(r.leaders[0]).toMatchObject({ score: 30, spent: { amount: 30 }, prize: { type: 'prize' }, remaining: { amount: 0 } });
    expect(r.leaders[0].user).toMatchObject({ avatar: `/img/avatars/${bb!.userId}.svg`, level: expect.any(Number) });
    // The free fifth place is a filler: what it takes to enter, with the prize waiting there.
    expect(r.leaders[4]).toMatchObject({ user: null, prize: { type: 'filler', remaining: { amount: 0.01 }, drop: { id: expect.any(String) } } });
    expect(r.me).toMatchObject({ position: 3, user: { id: c!.userId } });
    // A guest sees the same board and no row of their own.
    const guest = await ranking(b.id);
    expect(guest.me).toBeNull();
    expect(guest.leaders.map((row: any) => row.user?.id ?? null)).toEqual(r.leaders.map((row: any) => row.user?.id ?? null));
  });

  it('tells a player below the prizes what it takes to reach the last one, and the card shows the place', async () => {
    const b = await board('cases_opened', { prizes: 2 });
    const [x, y, z] = await Promise.all(Array.from({ length: 3 }, () => registerPlayer(store.app)));
    await played(x!, [{ kind: 'case_open', amount: 100, count: 5, ref: `p1:${x!.userId}` }]);
    await played(y!, [{ kind: 'case_open', amount: 100, count: 4, ref: `p2:${y!.userId}` }]);
    await played(z!, [{ kind: 'case_open', amount: 100, count: 2, ref: `p3:${z!.userId}` }]);
    const r = await ranking(b.id, z);
    expect(r.leaders).toHaveLength(2);
    // Third of two prize places: three more cases beat the second place's four (a tie goes to who got there first).
    expect(r.me).toMatchObject({ position: 3, score: 2, prize: null, remaining: { amount: 3 } });
    const card = (await active(z)).find((c) => c.id === b.id);
    expect(card).toMatchObject({ my_position: 3, prizes_count: 2, type: 'cases_opened', status: 'running' });
    // Two hours by the store's clock, whatever the player's phone says.
    expect(card.ends_in).toBeGreaterThan(2 * 3600 - 60);
    expect(card.ends_in).toBeLessThanOrEqual(2 * 3600);
    expect((await active()).find((c) => c.id === b.id).my_position).toBeNull();
  });

  it('gives a place past 1000 as 1001 (shown 1000+), counting no further than the cap', async () => {
    const b = await board('spent', { prizes: 1 });
    const bulk = await db().execute(
      sql`insert into users (login, password_hash, nickname) select 'bulk-' || ${b.id} || '-' || g, 'x', 'bulk' || g from generate_series(1, 1005) g returning id`,
    );
    const ids = (bulk as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    await db().execute(
      sql`insert into leaderboard_entries (leaderboard_id, user_id, score, reached_id) select ${b.id}, u, 10000 + u, 1 from unnest(${sql.param(ids)}::int[]) as u`,
    );
    const p = await registerPlayer(store.app);
    await played(p, [{ kind: 'case_open', amount: 100, ref: `cap:${p.userId}` }]);
    expect((await ranking(b.id, p)).me.position).toBe(1001);
    expect((await active(p)).find((c) => c.id === b.id).my_position).toBe(1001);
  });

  it('refuses an unknown board and a malformed id with catalogue codes', async () => {
    const missing = await api(store.app, 'GET', '/api/v2/top/ranking/999999', { lang: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: false, code: 'leaderboard_not_found', message: 'No such leaderboard' });
    expect((await api(store.app, 'GET', '/api/v2/top/ranking/abc')).body.code).toBe('validation');
    expect((await api(store.app, 'GET', '/api/v2/top/rewards')).status).toBe(401);
  });

  it('lists the running boards by order, the seeded weekly and season boards among them', async () => {
    const list = await active();
    const orders = list.map((c) => c.order);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    const weekly = list.find((c) => c.order === 1);
    expect(weekly).toMatchObject({ type: 'spent', prizes_count: 10, currency: 'GOLD' });
    expect(weekly.dates.start).toBe(weekOf(clock().now()).start.toISOString());
    expect(weekly.prizes_amount).toBe(Math.floor(weekly.prizes_amount));
    expect(list.find((c) => c.order === 2)).toMatchObject({ type: 'cases_opened', prizes_count: 20 });
  });
});

describe('closing a board', () => {
  // As the app wires its own: a closed board's snapshot is dropped.
  const closer = () =>
    new LeaderboardCloser({ db: db(), catalogue: store.app.deps.catalogue, clock: clock(), log: quiet, onClosed: (id) => store.app.modules.leaderboards.standings.invalidate(id) });
  const paidItems = (boardId: number, on = db()) => countRows(on, sql`select count(*) as n from inventory_items where source = 'Top' and source_ref like ${`top:${boardId}:%`}`);
  const results = (boardId: number, on = db()) =>
    on.execute(sql`select place, user_id, paid_at, inventory_item_id from leaderboard_results where leaderboard_id = ${boardId} order by place`) as unknown as Promise<{
      rows: { place: number; user_id: number; paid_at: Date | null; inventory_item_id: string | null }[];
    }>;

  /** A board with `n` players on it in a known order (player i spent (n - i) GOLD), ended by moving the clock. */
  async function endedBoard(n: number, prizes: number) {
    const b = await board('spent', { prizes, hours: 1 });
    const players = await Promise.all(Array.from({ length: n }, () => registerPlayer(store.app)));
    await db().transaction((tx) =>
      recordActivity(tx, players.map((p, i) => ({ kind: 'case_open' as const, userId: p.userId, amount: (n - i) * 100, ref: `end:${b.id}:${i}` }))),
    );
    await scored();
    return { b, players };
  }

  it('waits for its end, then pays each prize place once to its winner, with the history and the reward', async () => {
    // The app's own close job runs too; stop it so the test can watch each step.
    await store.app.modules.leaderboards.closer.close();
    try {
      const { b, players } = await endedBoard(4, 3);
      expect((await closer().tick()).closed).toBe(0);
      clock().advance(HOUR + 60_000);
      const done = await closer().tick();
      expect(done.closed).toBeGreaterThanOrEqual(1);
      const rows = (await results(b.id)).rows;
      expect(rows.map((r) => [r.place, r.user_id])).toEqual([1, 2, 3].map((place) => [place, players[place - 1]!.userId]));
      expect(rows.every((r) => r.paid_at && r.inventory_item_id)).toBe(true);
      expect(await paidItems(b.id)).toBe(3);
      // The fourth player won nothing; the winner's prize is in the inventory, in progress.
      expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${players[3]!.userId}`)).toBe(0);
      const inv = (await api(store.app, 'GET', '/api/v1/inventory/get', { token: players[0]!.token })).body.data;
      expect(inv.items.some((i: any) => i.source === 'Top' && i.status === 'progress')).toBe(true);
      // A second pass and another closer change nothing.
      expect(await closer().tick()).toEqual({ closed: 0, paid: 0 });
      expect(await paidItems(b.id)).toBe(3);
      expect((await findBoard(db(), b.id))!.status).toBe('closed');
      expect((await ranking(b.id, players[0])).status).toBe('closed');

      // The reward popup: once, until seen.
      const rewards = (await api(store.app, 'GET', '/api/v2/top/rewards', { token: players[0]!.token, lang: 'en' })).body.data;
      const mine = rewards.find((r: any) => r.leaderboard_id === b.id);
      expect(mine).toMatchObject({ place: 1, name: b.titleEn, drop: { id: expect.any(String), price: expect.any(Number) } });
      expect((await api(store.app, 'POST', `/api/v2/top/rewards/${mine.id}/seen`, { token: players[1]!.token })).status).toBe(404);
      expect((await api(store.app, 'POST', `/api/v2/top/rewards/${mine.id}/seen`, { token: players[0]!.token })).status).toBe(200);
      const after = (await api(store.app, 'GET', '/api/v2/top/rewards', { token: players[0]!.token })).body.data;
      expect(after.some((r: any) => r.leaderboard_id === b.id)).toBe(false);

      // The history shows the board with its winners, and each player's own prize.
      // Spec §7: a list of entries `id, title, prize{id, name, image, position, price{amount}, rarity}`,
      // one per place paid, the paginator beside `data` in the envelope.
      const history = (await api(store.app, 'GET', '/api/v2/top/history?per_page=100', { token: players[1]!.token })).body;
      expect(Array.isArray(history.data)).toBe(true);
      expect(history.paginator).toMatchObject({ page: 1, per_page: 100, total: expect.any(Number), last_page: expect.any(Number) });
      const past = history.data.filter((h: any) => h.id === b.id);
      expect(past.map((w: any) => [w.prize.position, w.user.id])).toEqual([1, 2, 3].map((place) => [place, players[place - 1]!.userId]));
      for (const entry of past) {
        expect(entry).toMatchObject({ id: b.id, title: expect.any(String), currency: 'GOLD' });
        expect(entry.prize).toMatchObject({ id: expect.any(String), name: expect.any(String), image: expect.any(String), price: { amount: expect.any(Number) }, rarity: expect.any(String) });
      }
      // The podium only, and the caller's own places only (spec §3's entry: the player's place and drop).
      const podium = (await api(store.app, 'GET', '/api/v2/top/history?per_page=100&max_place=2')).body.data.filter((h: any) => h.id === b.id);
      expect(podium.map((w: any) => w.prize.position)).toEqual([1, 2]);
      const own = (await api(store.app, 'GET', '/api/v2/top/history?mine=1', { token: players[1]!.token })).body.data;
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((h: any) => h.user.id === players[1]!.userId)).toBe(true);
      expect(own.find((h: any) => h.id === b.id)?.prize.position).toBe(2);
      expect((await api(store.app, 'GET', '/api/v2/top/history?mine=1')).body).toMatchObject({ data: [], paginator: { total: 0 } });
      // Paged by entry: a page of one holds one place.
      const one = (await api(store.app, 'GET', '/api/v2/top/history?per_page=1&page=2')).body;
      expect(one.data).toHaveLength(1);
      expect(one.paginator!.total).toBe(history.paginator!.total);
      // The ended card stays a day, with nothing left on its timer.
      expect((await active()).find((c) => c.id === b.id)).toMatchObject({ status: 'closed', ends_in: 0 });
    } finally {
      store.app.modules.leaderboards.closer.start();
    }
  });

  it('pays tied scores to whoever reached the score first, whatever their account ids', async () => {
    await store.app.modules.leaderboards.closer.close();
    try {
      const b = await board('spent', { prizes: 3, hours: 1 });
      const [low, mid, high] = (await Promise.all(Array.from({ length: 3 }, () => registerPlayer(store.app)))).sort((x, y) => x.userId - y.userId);
      // All three end on 500; the middle id gets there first, the lowest second, the highest last.
      await played(mid!, [{ kind: 'case_open', amount: 500, ref: `tie:${mid!.userId}` }]);
      await played(low!, [{ kind: 'case_open', amount: 500, ref: `tie:${low!.userId}` }]);
      await played(high!, [{ kind: 'case_open', amount: 200, ref: `tie1:${high!.userId}` }]);
      await played(high!, [{ kind: 'case_open', amount: 300, ref: `tie2:${high!.userId}` }]);
      clock().advance(HOUR + 60_000);
      await closer().tick();
      expect((await results(b.id)).rows.map((r) => [r.place, r.user_id])).toEqual([
        [1, mid!.userId],
        [2, low!.userId],
        [3, high!.userId],
      ]);
      // The first place's prize is in the first to reach the score's inventory.
      const first = await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${mid!.userId} and source_ref = ${`top:${b.id}:1`}`);
      expect(first).toBe(1);
    } finally {
      store.app.modules.leaderboards.closer.start();
    }
  });

  it('is not frozen before every game played before its end is counted', async () => {
    await store.app.modules.leaderboards.closer.close();
    const activity = store.app.deps.activity;
    try {
      const b = await board('spent', { prizes: 1, hours: 1 });
      const early = await registerPlayer(store.app);
      await played(early, [{ kind: 'case_open', amount: 100, ref: `first:${early.userId}` }]);
      await activity.pause(SCORING_CONSUMER);
      // A bigger game in the board's last moments, not yet counted when the end comes.
      const late = await registerPlayer(store.app);
      await db().transaction((tx) => recordActivity(tx, { kind: 'case_open', userId: late.userId, amount: 5000, ref: `last:${late.userId}` }));
      clock().advance(HOUR + 60_000);
      expect((await closer().tick()).closed).toBe(0);
      expect((await findBoard(db(), b.id))!.status).toBe('running');
      activity.resume(SCORING_CONSUMER);
      await scored();
      await closer().tick();
      expect((await results(b.id)).rows.map((r) => r.user_id)).toEqual([late.userId]);
    } finally {
      activity.resume(SCORING_CONSUMER);
      store.app.modules.leaderboards.closer.start();
    }
  });

  it('announces the prize to the winner on the private channel', async () => {
    const { b, players } = await endedBoard(1, 1);
    const winner = players[0]!;
    const { centryfugo_key: key } = (await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: winner.token })).body.data;
    const sub = await subscriber(await listenForSockets(store.app), [{ channel: userChannel(winner.userId), token: key }]);
    clock().advance(HOUR + 60_000);
    await waitFor(() => sub.messages.some((m) => m.event === TOP_REWARD_EVENT && m.data?.leaderboard_id === b.id), 10_000);
    expect(sub.messages.find((m) => m.event === TOP_REWARD_EVENT).data).toMatchObject({ place: 1, leaderboard_id: b.id });
    sub.ws.close();
  });

  it('stopped half-way and run again pays every prize exactly once', async () => {
    await store.app.modules.leaderboards.closer.close();
    try {
      const { b } = await endedBoard(6, 6);
      clock().advance(HOUR + 60_000);
      const first = closer();
      expect(await first.freeze(b.id)).toBe(true);
      // Three prizes paid, then the process dies.
      for (let i = 0; i < 3; i++) expect(await first.payNext()).not.toBeNull();
      expect(await paidItems(b.id)).toBe(3);
      await closer().tick();
      expect(await paidItems(b.id)).toBe(6);
      expect((await results(b.id)).rows.every((r) => r.paid_at)).toBe(true);
      expect(await ledgerMismatches(db())).toEqual([]);
    } finally {
      store.app.modules.leaderboards.closer.start();
    }
  });

  it('killed with SIGKILL in the middle of paying and restarted pays every prize exactly once', async () => {
    await store.app.modules.leaderboards.closer.close();
    let place: Awaited<ReturnType<typeof childPlace>> | undefined;
    try {
      const { b } = await endedBoard(8, 8);
      clock().advance(HOUR + 60_000);
      expect(await closer().freeze(b.id)).toBe(true);
      place = await childPlace(store);
      await killAtHalfway('leaderboard-closer-child.ts', [place.target], 'the closer process');
      // The data the killed process left, opened after it is gone (PGlite lets one process in).
      const after = await place.open();
      const paidBefore = await paidItems(b.id, after);
      expect(paidBefore).toBeGreaterThan(0);
      expect(paidBefore).toBeLessThan(8);
      // Its locks die with its connections; a restarted closer finishes the job.
      const restarted = new LeaderboardCloser({ db: after, catalogue: store.app.deps.catalogue, clock: clock(), log: quiet });
      await eventually(
        async () => (await restarted.tick(), paidItems(b.id, after)),
        (n) => n === 8,
      );
      const rows = (await results(b.id, after)).rows;
      expect(rows.filter((r) => r.paid_at)).toHaveLength(8);
      expect(new Set(rows.map((r) => r.inventory_item_id)).size).toBe(8);
      expect(await ledgerMismatches(after)).toEqual([]);
    } finally {
      await place?.cleanup();
      store.app.modules.leaderboards.closer.start();
    }
  });

  it('pays once when two processes close the same boards at once', async () => {
    await store.app.modules.leaderboards.closer.close();
    const second = onPostgres() ? await openDatabase({ databaseUrl: store.databaseUrl!, poolSize: 5 }) : null;
    try {
      // One after another: each board also counts the players of the boards made after it.
      const ended = [await endedBoard(5, 5), await endedBoard(5, 5), await endedBoard(3, 5)];
      clock().advance(HOUR + 60_000);
      const other = new LeaderboardCloser({ db: second?.db ?? db(), catalogue: store.app.deps.catalogue, clock: clock(), log: quiet });
      const passes = await Promise.all([closer().tick(), other.tick(), closer().tick(), other.tick()]);
      expect(passes.reduce((s, p) => s + p.closed, 0)).toBeGreaterThanOrEqual(3);
      for (const { b } of ended) {
        const rows = (await results(b.id)).rows;
        expect(rows.every((r) => r.paid_at)).toBe(true);
        expect(await paidItems(b.id)).toBe(rows.length);
        expect(new Set(rows.map((r) => r.inventory_item_id)).size).toBe(rows.length);
      }
      // The last board has only its own three players: three prizes of five.
      expect(await paidItems(ended[2]!.b.id)).toBe(3);
      expect(await paidItems(ended[0]!.b.id)).toBe(5);
    } finally {
      await second?.close();
      store.app.modules.leaderboards.closer.start();
    }
  });

  it('opens the next week of the weekly board when one ends, once', async () => {
    const weekly = () => db().execute(sql`select id, starts_at, status from leaderboards where series = ${WEEKLY_SERIES} order by starts_at`) as unknown as Promise<{ rows: { id: number; starts_at: Date; status: string }[] }>;
    const before = (await weekly()).rows;
    clock().advance(8 * 24 * HOUR);
    await Promise.all([closer().tick(), closer().tick()]);
    await eventually(weekly, (w) => w.rows.length === before.length + 1 && w.rows.filter((r) => r.status === 'running').length === 1);
    const now = clock().now();
    const running = (await weekly()).rows.find((r) => r.status === 'running')!;
    expect(new Date(running.starts_at).toISOString()).toBe(weekOf(now).start.toISOString());
    expect((await active()).find((c) => c.order === 1).id).toBe(running.id);
  });
});

describe('operators', () => {
  it('define a board, list it with its players, and end it early; the close then pays it', async () => {
    const made = (await runAdminCommand(db(), { command: 'top-create', type: 'won', hours: 24, prizes: 2, order: 0, title: 'Staff pick' }, { clock: clock() })) as { id: number };
    const p = await registerPlayer(store.app);
    await played(p, [{ kind: 'upgrade', amount: 100, won: 900, ref: `op:${p.userId}` }]);
    const list = (await runAdminCommand(db(), { command: 'top-list' })) as { id: number; players: number; prizes_paid: string; title: string }[];
    expect(list.find((b) => b.id === made.id)).toMatchObject({ title: 'Staff pick', players: 1, prizes_paid: '0/0' });
    await runAdminCommand(db(), { command: 'top-end', id: made.id }, { clock: clock() });
    await expect(runAdminCommand(db(), { command: 'top-end', id: 999_999 })).rejects.toThrow('no running leaderboard');
    // The close job of the running store picks it up once its grace has passed.
    clock().advance(60_000);
    await eventually(
      async () => ((await runAdminCommand(db(), { command: 'top-list' })) as typeof list).find((b) => b.id === made.id)!,
      (b) => b.prizes_paid === '1/1',
    );
    const won = (await api(store.app, 'GET', '/api/v2/top/rewards', { token: p.token })).body.data;
    expect(won.find((r: any) => r.leaderboard_id === made.id)).toMatchObject({ place: 1 });
  });
});
