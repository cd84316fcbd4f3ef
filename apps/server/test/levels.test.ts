import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expForLevel, expForSpend } from '@store/shared/levels';
import { buildApp } from '../src/app.ts';
import { runAdminCommand } from '../src/admin/commands.ts';
import { recordActivity, type NewActivity } from '../src/modules/activity/record-activity.ts';
import { consumeBatch } from '../src/modules/activity/consumer-runner.ts';
import { findCaseBySlug } from '../src/modules/catalogue/find-cases.ts';
import { experienceConsumer } from '../src/modules/levels/experience-consumer.ts';
import { grantFreeOpening } from '../src/modules/levels/free-openings.ts';
import { findPlayerLevel } from '../src/modules/levels/player-levels.ts';
import { listSandboxNotifications } from '../src/modules/levels/notifier.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

let store: TestStore;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  store = await createTestStore({ TEST_CLOCK: '1' });
});
afterAll(() => store.close());

const me = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
const open = (p: Player, slug: string, lang: 'ru' | 'en' = 'ru') => api(store.app, 'POST', `/api/v1/cases/${slug}/open`, { token: p.token, body: { multi_open: 1 }, lang });
const daily = async (p: Player | null) => (await api(store.app, 'GET', '/api/v1/cases/daily', { token: p?.token })).body.data;
const opensOf = (p: Player) => countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId}`);
const itemsOf = (p: Player) => countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId}`);

/** Writes activity rows as the games do (in their own transaction) and waits for the experience consumer to count them. */
async function played(p: Player, activities: Omit<NewActivity, 'userId'>[]) {
  const before = (await findPlayerLevel(db(), p.userId)).exp;
  const gain = activities.reduce((s, a) => s + (['deposit', 'sale', 'daily_case', 'free_case', 'withdrawal'].includes(a.kind) ? 0 : expForSpend(a.amount ?? 0)), 0);
  await db().transaction((tx) => recordActivity(tx, activities.map((a) => ({ ...a, userId: p.userId }))));
  store.app.deps.activity.wake();
  const deposits = activities.some((a) => a.kind === 'deposit');
  return eventually(
    () => findPlayerLevel(db(), p.userId),
    (l) => l.exp === before + gain && (!deposits || l.lastDepositAt !== null),
  );
}

/** Puts a player at a level by the experience it takes (as if they had played for it). */
const reachLevel = (p: Player, level: number) => played(p, [{ kind: 'case_open', amount: expForLevel(level) * 100, ref: `test-level:${p.userId}:${level}` }]);

describe('experience', () => {
  it('comes from spending on every game by one rule, once per activity, and never from deposits, sales or free cases', async () => {
    const p = await registerPlayer(store.app);
    const level = await played(p, [
      { kind: 'case_open', amount: 15_900, ref: 'x:1' },
      { kind: 'upgrade', amount: 2_050, ref: 'x:2' },
      { kind: 'contract', amount: 999, ref: 'x:3' },
      { kind: 'battle_finished', amount: 31_800, ref: 'x:4' },
      { kind: 'offer_purchase', amount: 49_900, ref: 'x:5' },
      { kind: 'deposit', amount: 1_000_000, ref: 'x:6' },
      { kind: 'sale', won: 500_000, ref: 'x:7' },
      { kind: 'daily_case', won: 300, ref: 'x:8' },
    ]);
    expect(level.exp).toBe(159 + 20 + 9 + 318 + 499);
    // Consumed once: passes of the consumer until nothing is left change nothing more.
    while ((await consumeBatch(db(), experienceConsumer)) > 0);
    expect((await findPlayerLevel(db(), p.userId)).exp).toBe(1005);
    expect((await me(p)).levels).toMatchObject({ user_level: 3, current_exp: 1005, exp_previous_level: 1000, exp_to_next_level: 495 });
  });

  it('is promised on an opening answer and then credited; the level rises with it', async () => {
    const c = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), 5000);
    const res = await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 2 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const promised = res.body.data.amount_exp;
    expect(promised).toBe(expForSpend(Math.round(c.price * 100) * 2));
    const levels = await eventually(async () => (await me(p)).levels, (l) => l.current_exp > 0);
    expect(levels.current_exp).toBe(promised);
  });
});

describe('level locks', () => {
  it('refuses a case above the player level with the level it needs, and changes nothing', async () => {
    const c = await cheapestCase(store.app);
    await db().execute(sql`update cases set level = 5 where slug = ${c.slug}`);
    try {
      const p = await fundedPlayer(store.app, db(), 1000);
      const refused = await open(p, c.slug);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'case_level_locked', message: 'Этот кейс откроется на 5 уровне' });
      expect((await open(p, c.slug, 'en')).body.message).toBe('This case unlocks at level 5');
      expect((await me(p)).finance.balance).toBe(1000);
      expect(await opensOf(p)).toBe(0);
      await reachLevel(p, 5);
      expect((await open(p, c.slug)).status).toBe(200);
    } finally {
      await db().execute(sql`update cases set level = 0 where slug = ${c.slug}`);
    }
  });

  it('refuses a level case above the player level, and one the operator locked', async () => {
    const p = await registerPlayer(store.app);
    const refused = await open(p, 'level-15');
    expect(refused.body).toMatchObject({ code: 'case_level_locked', message: 'Этот кейс откроется на 15 уровне' });
    expect(await opensOf(p)).toBe(0);
    const ladder = await daily(p);
    expect(ladder.cases.find((c: any) => c.slug === 'level-15')).toMatchObject({ locked: true, lock_reason: 'level', ready: false, level: 15 });
    await db().execute(sql`update cases set locked = true where slug = 'level-1'`);
    try {
      expect((await open(p, 'level-1')).body.code).toBe('case_not_available');
      expect((await daily(p)).cases[0]).toMatchObject({ slug: 'level-1', locked: true, lock_reason: 'flag' });
    } finally {
      await db().execute(sql`update cases set locked = false where slug = 'level-1'`);
    }
    expect(await opensOf(p)).toBe(0);
  });
});

describe('daily (level) cases', () => {
  it('show guests the whole ladder locked, at the thresholds of spec §9, and never appear on the shelves', async () => {
    const ladder = await daily(null);
    expect(ladder.user_level).toBe(0);
    expect(ladder.cases.map((c: any) => c.level)).toEqual([1, 15, 30, 40, 75, 90, 105, 120, 135, 150]);
    expect(ladder.cases.every((c: any) => c.locked && c.price_data.price === 0 && c.price_data.old_price > 0)).toBe(true);
    expect(ladder.cases[1]).toMatchObject({ name: 'LEVEL 15', short_name: '15', link: '/open/level-15' });
    const one = (await api(store.app, 'GET', '/api/v1/cases/level-15')).body.data;
    expect(one).toMatchObject({ level: 15, daily: true, locked: false, price_data: { price: 0 } });
    expect(one.price_data.old_price).toBeGreaterThan(0);
    const shelves = (await api(store.app, 'GET', '/api/v2/case/sections/with-cases')).body.data;
    expect(shelves[0].cases[0]).toMatchObject({ level: 0, daily: false, locked: false });
    expect(shelves.flatMap((s: any) => s.cases.map((c: any) => c.slug)).filter((s: string) => s.startsWith('level-'))).toEqual([]);
  });

  it('open free once a day: the timer shows, a second try is refused with the wait, and a day later it opens again', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    expect((await daily(p)).cases[0]).toMatchObject({ slug: 'level-1', ready: true, ready_in: 0, locked: false });
    const first = await open(p, 'level-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ balance: 100, amount_exp: 0 });
    expect(first.body.data.opens).toHaveLength(1);

    const ladder = await daily(p);
    expect(ladder.cases[0]).toMatchObject({ ready: false, locked: false });
    expect(ladder.cases[0].ready_in).toBeGreaterThan(DAY_MS / 1000 - 5);
    expect(ladder.nearest_case_time).toBe(ladder.cases[0].ready_in);
    const again = await open(p, 'level-1');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('daily_case_not_ready');
    expect(again.body.message).toMatch(/^Кейс снова откроется через (23:59:\d\d|24:00:00)$/);

    clock().advance(DAY_MS - 60_000);
    expect((await open(p, 'level-1')).body.code).toBe('daily_case_not_ready');
    clock().advance(60_000);
    expect((await daily(p)).cases[0]).toMatchObject({ ready: true, ready_in: 0 });
    expect((await open(p, 'level-1')).status).toBe(200);
    expect(await opensOf(p)).toBe(2);
    expect((await me(p)).finance.balance).toBe(100);
    expect(await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId} and (price <> 0 or not free)`)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('give exactly one item to 20 simultaneous openings of one ready case', async () => {
    const p = await registerPlayer(store.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(p, 'level-1')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'daily_case_not_ready')).toBe(true);
    expect(await opensOf(p)).toBe(1);
    expect(await itemsOf(p)).toBe(1);
    expect(await countRows(db(), sql`select count(*) as n from activities where user_id = ${p.userId} and kind = 'daily_case'`)).toBe(1);
    // Nothing was spent, so no low-balance offer fires (a paid opening leaving 0 GOLD would fire one).
    expect((await api(store.app, 'GET', '/api/v1/triggers', { token: p.token })).body.data).toEqual([]);
  });

  it('keep their timers across a restart: not reset, not skipped', async () => {
    const p = await registerPlayer(store.app);
    expect((await open(p, 'level-1')).status).toBe(200);
    const before = (await daily(p)).cases[0].ready_in;
    await store.app.close();
    // The same database, a new process state and a fresh clock (offset 0 again in a test store).
    store.app = await buildApp({ env: store.env, database: store.database });
    await store.app.ready();
    const after = (await daily(p)).cases[0];
    // The test clock of the first app had moved on by a day in the test above; the timer is an instant, so the new app counts from real time.
    expect(after.ready).toBe(false);
    expect(after.ready_in).toBeGreaterThanOrEqual(before);
    expect((await open(p, 'level-1')).body.code).toBe('daily_case_not_ready');
    clock().advance(after.ready_in * 1000 - 2000);
    expect((await open(p, 'level-1')).body.code).toBe('daily_case_not_ready');
    clock().advance(2000);
    expect((await open(p, 'level-1')).status).toBe(200);
  });

  it('need a recent deposit from the configured level, and say what to do', async () => {
    const p = await registerPlayer(store.app);
    await reachLevel(p, 15);
    const refused = await open(p, 'level-15', 'en');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'daily_case_deposit_required',
      message: 'Cases from level 15 need a deposit within the last 30 days: top up your balance to open them',
    });
    expect((await daily(p)).cases[1]).toMatchObject({ lock_reason: 'deposit', locked: true });
    expect((await daily(p)).deposit_rule).toEqual({ from_level: 15, days: 30, satisfied: false });
    // LEVEL 1 stays free without a deposit.
    expect((await open(p, 'level-1')).status).toBe(200);
    await played(p, [{ kind: 'deposit', amount: 50_000, ref: `dep:${p.userId}` }]);
    expect((await open(p, 'level-15')).status).toBe(200);
    // A deposit older than the window counts no more.
    clock().advance(31 * DAY_MS);
    expect((await open(p, 'level-15')).body.code).toBe('daily_case_deposit_required');
    expect(await opensOf(p)).toBe(2);
  });
});

describe('the level object and starting level', () => {
  it('is served in full for any player and as a list with 0 for unknown ids', async () => {
    const p = await registerPlayer(store.app);
    await reachLevel(p, 16);
    const levels = (await api(store.app, 'GET', `/api/v1/users/${p.userId}/levels`, { lang: 'en' })).body.data;
    expect(levels).toMatchObject({
      user_level: 16,
      current_exp: expForLevel(16),
      exp_previous_level: expForLevel(16),
      exp_to_next_level: expForLevel(17) - expForLevel(16),
      percent_to_next_level: 0,
      was_generated_lvl: false,
      nearest_case_time: 0,
      next_level_case_data: { case_name: '30', link: '/open/level-30', id: 30 },
      available_cases: [
        { case_name: '1', link: '/open/level-1', id: 1 },
        { case_name: '15', link: '/open/level-15', id: 15 },
      ],
    });
    expect((await api(store.app, 'GET', '/api/v1/users/2147483000/levels')).body.code).toBe('userNotFound');
    const list = (await api(store.app, 'GET', `/api/v1/users/levels?userIds=${p.userId},2147483000,abc`)).body.data;
    expect(list).toEqual([
      { user_id: p.userId, level: 16 },
      { user_id: 2147483000, level: 0 },
    ]);
  });

  it('is generated once from the first deposit, and refused before one and after the first time', async () => {
    const p = await registerPlayer(store.app);
    const generate = () => api(store.app, 'POST', '/api/v1/users/level/generate', { token: p.token });
    const me = async () => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data;
    // The owner's record says whether a first deposit was made, so the web offers the top-up instead of a call that can only fail.
    expect((await me()).levels).toMatchObject({ was_generated_lvl: false, first_deposit_made: false });
    expect((await generate()).body.code).toBe('level_generation_needs_deposit');
    await played(p, [{ kind: 'deposit', amount: 300_000, ref: `first:${p.userId}` }]);
    expect((await me()).levels).toMatchObject({ was_generated_lvl: false, first_deposit_made: true });
    // Nobody else learns it: the public level object has no such field.
    expect((await api(store.app, 'GET', `/api/v1/users/${p.userId}/levels`)).body.data).not.toHaveProperty('first_deposit_made');
    await played(p, [{ kind: 'deposit', amount: 900_000, ref: `second:${p.userId}` }]);
    const answers = await Promise.all(Array.from({ length: 10 }, generate));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'level_already_generated')).toBe(true);
    // 3000 GOLD of the first deposit → 3000 experience → level 7 (levels 2-10 take 500 each).
    expect(won[0]!.body.data).toMatchObject({ success: true, generated_exp: 3000, levels: { was_generated_lvl: true, current_exp: 3000, user_level: 7 } });
    expect((await generate()).status).toBe(409);
    expect((await findPlayerLevel(db(), p.userId)).exp).toBe(3000);
  });
});

describe('free openings', () => {
  it('list with their source and expiry at price 0, and open once however many ask at once', async () => {
    const c = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), 10);
    const caseId = (await findCaseBySlug(db(), c.slug))!.id;
    const expires = new Date(clock().now().getTime() + 7 * DAY_MS);
    expect(await grantFreeOpening(db(), { userId: p.userId, caseId, source: 'operator', sourceRef: `grant:${p.userId}`, expiresAt: expires })).toBe(true);
    // The same cause grants once.
    expect(await grantFreeOpening(db(), { userId: p.userId, caseId, source: 'operator', sourceRef: `grant:${p.userId}`, expiresAt: expires })).toBe(false);
    const list = (await api(store.app, 'GET', '/api/v1/cases/free', { token: p.token })).body.data;
    expect(list.openings).toHaveLength(1);
    expect(list.openings[0]).toMatchObject({ source: 'operator', expires_at: expires.toISOString(), case: { slug: c.slug }, price_data: { price: 0 } });
    expect(list.progress.length).toBeGreaterThan(0);
    expect(list.progress[0]).toMatchObject({ every_n: expect.any(Number), opens_to_free: list.progress[0].every_n });

    const id = list.openings[0].id;
    const answers = await Promise.all(Array.from({ length: 10 }, () => api(store.app, 'POST', `/api/v1/cases/free/${id}/open`, { token: p.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'free_opening_not_found')).toBe(true);
    expect(await opensOf(p)).toBe(1);
    expect((await me(p)).finance.balance).toBe(10);
    expect((await api(store.app, 'GET', '/api/v1/cases/free', { token: p.token })).body.data.openings).toEqual([]);

    // Another player's opening is not yours; an expired one says so.
    const other = await registerPlayer(store.app);
    await grantFreeOpening(db(), { userId: other.userId, caseId, source: 'promo', sourceRef: `promo:${other.userId}`, expiresAt: new Date(clock().now().getTime() + 1000) });
    const theirs = (await api(store.app, 'GET', '/api/v1/cases/free', { token: other.token })).body.data.openings[0].id;
    expect((await api(store.app, 'POST', `/api/v1/cases/free/${theirs}/open`, { token: p.token })).body.code).toBe('free_opening_not_found');
    clock().advance(2000);
    expect((await api(store.app, 'POST', `/api/v1/cases/free/${theirs}/open`, { token: other.token })).body.code).toBe('free_opening_expired');
    expect(await opensOf(other)).toBe(0);
  });
});

describe('free openings from promo codes', () => {
  it('gives one free opening of the code\'s case on apply, within the code\'s limits', async () => {
    const c = await cheapestCase(store.app);
    await runAdminCommand(db(), { command: 'promo-create', code: 'FREEBOX', kind: 'case', case: c.slug, days: 3, total: 0, perPlayer: 1, operator: 'test' });
    await expect(runAdminCommand(db(), { command: 'promo-create', code: 'NOBOX', kind: 'case', case: 'no-such-case', total: 0, perPlayer: 0, operator: 'test' })).rejects.toThrow(/no case/);
    const p = await registerPlayer(store.app);
    const applied = await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: ' freebox ' } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toMatchObject({ promo: { type: 'case' }, credited: 0 });
    const free = (await api(store.app, 'GET', '/api/v1/cases/free', { token: p.token })).body.data.openings;
    expect(free).toHaveLength(1);
    expect(free[0]).toMatchObject({ source: 'promo', case: { slug: c.slug } });
    expect(Date.parse(free[0].expires_at) - clock().now().getTime()).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect((await api(store.app, 'POST', '/api/v1/payments/promo/apply', { token: p.token, body: { code: 'FREEBOX' } })).body.code).toBe('promo_user_limit');
    expect((await api(store.app, 'GET', '/api/v1/cases/free', { token: p.token })).body.data.openings).toHaveLength(1);
    expect((await api(store.app, 'POST', `/api/v1/cases/free/${free[0].id}/open`, { token: p.token })).status).toBe(200);
  });
});

describe('daily case notifications', () => {
  it('keep preferences per channel, merged', async () => {
    const p = await registerPlayer(store.app);
    const url = '/api/v1/notifications/daily-cases';
    expect((await api(store.app, 'GET', `${url}/get-preferences`, { token: p.token })).body.data).toEqual({ email: false, steam: false, telegram: false, vk: false, push: true });
    await Promise.all([
      api(store.app, 'POST', `${url}/update-preferences`, { token: p.token, body: { email: true } }),
      api(store.app, 'POST', `${url}/update-preferences`, { token: p.token, body: { vk: true } }),
    ]);
    expect((await api(store.app, 'GET', `${url}/get-preferences`, { token: p.token })).body.data).toEqual({ email: true, steam: false, telegram: false, vk: true, push: true });
    // Spec §7: the update answers the subscriptions, as POST /api/v1/users/subscriptions does, and the preferences saved.
    const answer = (await api(store.app, 'POST', `${url}/update-preferences`, { token: p.token, body: { steam: true } })).body.data;
    const subscriptions = (await api(store.app, 'GET', '/api/v1/users/subscriptions', { token: p.token })).body.data.subscriptions;
    expect(answer).toEqual({ subscriptions, preferences: { email: true, steam: true, telegram: false, vk: true, push: true } });
    expect(answer.subscriptions.map((s: any) => s.channel)).toEqual(['email', 'steam', 'telegram', 'vk']);
    const bad = await api(store.app, 'POST', `${url}/update-preferences`, { token: p.token, body: { pigeon: true } });
    expect(bad.status).toBe(400);
    expect((await api(store.app, 'GET', `${url}/get-preferences`)).status).toBe(401);
  });

  it('are sent once when the case becomes ready: not before, not twice, not to a player who turned them off', async () => {
    const reminders = store.app.modules.levels.reminders;
    const p = await registerPlayer(store.app);
    const quiet = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/notifications/daily-cases/update-preferences', { token: p.token, body: { telegram: true } });
    await api(store.app, 'POST', '/api/v1/notifications/daily-cases/update-preferences', { token: quiet.token, body: { push: false } });
    expect((await open(p, 'level-1')).status).toBe(200);
    expect((await open(quiet, 'level-1')).status).toBe(200);

    clock().advance(DAY_MS - 1000);
    await Promise.all([reminders.tick(), reminders.tick()]);
    expect(await listSandboxNotifications(db(), p.userId)).toEqual([]);

    clock().advance(1000);
    await Promise.all([reminders.tick(), reminders.tick(), reminders.tick()]);
    await reminders.tick();
    // The store's own reminders job runs beside these passes, and a pass skips what another holds.
    await reminders.settled();
    const sent = await listSandboxNotifications(db(), p.userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channels: ['telegram', 'push'], text: 'Ежедневный кейс LEVEL 1 готов: откройте его бесплатно' });
    expect(await listSandboxNotifications(db(), quiet.userId)).toEqual([]);

    // The next day's readiness is a new message.
    expect((await open(p, 'level-1')).status).toBe(200);
    clock().advance(DAY_MS);
    await reminders.tick();
    await reminders.settled();
    expect(await listSandboxNotifications(db(), p.userId)).toHaveLength(2);
  });
});

describe.runIf(onPostgres())('on PostgreSQL', () => {
  it('keeps experience exact under many games committing at once', async () => {
    const p = await registerPlayer(store.app);
    const before = (await findPlayerLevel(db(), p.userId)).exp;
    await Promise.all(Array.from({ length: 40 }, (_, i) => db().transaction((tx) => recordActivity(tx, { kind: 'upgrade', userId: p.userId, amount: 1_000, ref: `race:${i}` }))));
    store.app.deps.activity.wake();
    const level = await eventually(() => findPlayerLevel(db(), p.userId), (l) => l.exp >= before + 400, 10_000);
    expect(level.exp).toBe(before + 400);
  });
});
