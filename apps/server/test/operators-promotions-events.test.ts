import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COIN_CURRENCY } from '@store/shared/constants';
import { runAdminCommand } from '../src/admin/commands.ts';
import { creditWallet } from '../src/modules/wallet/wallet.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';
import { eventually } from './helpers/ws.ts';

/**
 * The console's events and battle pass (decision 035): admins define a season whole, change its
 * texts and dates within what players have not yet relied on, and end it early; support reads.
 * What players see follows at once; the list's figures are exact; each change is audited in its
 * transaction; `npm run admin -- event ...` goes through the same operations.
 */
let store: TestStore;
let admin: Player;
let support: Player;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const q = (query: ReturnType<typeof sql>) => countRows(db(), query);
const DAY = 86_400_000;
/** The catalogue's first event case, a season level's prize. */
const EVENT_CASE = PROJECT_FACTS.eventCases[0].slug;

beforeAll(async () => {
  store = await createTestStore({ TEST_CLOCK: '1' });
  admin = await registerPlayer(store.app);
  support = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(() => store.close());

type Method = 'GET' | 'POST' | 'PATCH';
const asAdmin = (method: Method, url: string, body?: unknown) => api(store.app, method, url, { token: admin.token, body });
const auditOf = async (id: number) => (await asAdmin('GET', `/api/v1/admin/audit?target_kind=event&target_id=${id}`)).body.data.items as any[];
const detail = async (id: number) => (await asAdmin('GET', `/api/v1/admin/events/${id}`)).body.data;
const current = async (p: Player, lang?: 'en') => (await api(store.app, 'GET', '/api/v1/event/current', { token: p.token, lang })).body.data;
const giveCoins = (p: Player, minor: number) =>
  db().transaction((tx) => creditWallet({ tx, userId: p.userId, amount: minor, currency: COIN_CURRENCY, reason: 'test', ref: `test:${p.userId}:${minor}:${Math.random()}` }));

let seasonNo = 0;
/** A season's document as an operator writes it, starting a moment ago unless told otherwise. */
function season(over: Record<string, unknown> = {}) {
  const n = ++seasonNo;
  const items = store.app.deps.catalogue.byPrice();
  return {
    slug: `console-${n}-${Date.now()}`,
    title: { ru: `Сезон ${n}`, en: `Season ${n}` },
    subtitle: { ru: 'Осень', en: 'Autumn' },
    full_name: { ru: 'Осенний сезон', en: 'Autumn season' },
    starts_at: new Date(Date.now() - 1000 + n).toISOString(),
    ends_at: new Date(Date.now() + 10 * DAY).toISOString(),
    claim_days: 2,
    levels: [{ threshold: 10, money: 150, coins: 5 }, { threshold: 30, money: 1000 }, { threshold: 60, case: EVENT_CASE, case_amount: 2 }],
    tasks: [{ level: 1, type: 'open_cases', target: 3, description: { ru: 'Откройте 3 кейса', en: 'Open 3 cases' }, coins: 4 }],
    raffle_prizes: [items[items.length - 1]!.key],
    ...over,
  };
}

describe('a season from the console', () => {
  it('is what players see, counts their coins and claims exactly, changes and ends early, each change audited', async () => {
    const made = await asAdmin('POST', '/api/v1/admin/events', { ...season(), reason: 'autumn launch' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    expect(made.body.data).toMatchObject({ state: 'running', shown: true, usage: { players: 0, claims: 0, raffle: { prizes: 1, drawn: false } } });
    const [created] = await auditOf(id);
    expect(created).toMatchObject({ action: 'events.create', operator: { id: admin.userId }, before: null, reason: 'autumn launch' });
    expect(created.after).toMatchObject({ slug: made.body.data.slug, levels: [{ threshold: 10 }, { threshold: 30 }, { threshold: 60 }] });

    const climber = await registerPlayer(store.app);
    const starter = await registerPlayer(store.app);
    expect(await current(climber)).toMatchObject({ id, event_title: made.body.data.title.ru });
    await giveCoins(climber, 3_550); // 35 coins: levels 1 and 2 reached
    await giveCoins(starter, 1_200); // 12 coins: level 1
    const claim = await api(store.app, 'POST', '/api/v1/event/challenge/prize/1', { token: climber.token });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    const d = await detail(id);
    expect(d.levels.map((l: any) => [l.level, l.reached, l.claimed])).toEqual([
      [1, 2, 1],
      [2, 1, 0],
      [3, 0, 0],
    ]);
    expect(d.levels[2]).toMatchObject({ case_slug: EVENT_CASE, case_amount: 2 });
    expect(d.tasks).toEqual([expect.objectContaining({ type: 'open_cases', target: 3, coins: 4, done: 0 })]);
    // 35 + 12 coins, and the level's 5 coins: a reward in coins is earned too, and climbs the pass.
    expect(d.usage).toMatchObject({ players: 2, coins_earned: 52, claims: 1, rewards_paid: 1.5 });
    expect(await ledgerMismatches(db())).toEqual([]);

    // Texts change for players on their next page; the start, already passed, does not move.
    const renamed = await asAdmin('PATCH', `/api/v1/admin/events/${id}`, { title: { ru: 'Золотая осень', en: 'Golden autumn' }, reason: 'marketing' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await current(climber, 'en')).toMatchObject({ event_title: 'Golden autumn' });
    expect((await auditOf(id))[0]).toMatchObject({ action: 'events.edit', before: { title: { en: made.body.data.title.en } }, after: { title: { en: 'Golden autumn' } }, reason: 'marketing' });
    const moved = await asAdmin('PATCH', `/api/v1/admin/events/${id}`, { starts_at: new Date(Date.now() + DAY).toISOString() });
    expect([moved.status, moved.body.code]).toEqual([409, 'event_started']);
    const past = await asAdmin('PATCH', `/api/v1/admin/events/${id}`, { ends_at: new Date(Date.now() - DAY).toISOString() });
    expect([past.status, past.body.code]).toEqual([400, 'event_time_past']);
    const longer = new Date(Date.parse(d.ends_at) + 5 * DAY).toISOString();
    const extended = await asAdmin('PATCH', `/api/v1/admin/events/${id}`, { ends_at: longer, claim_days: 3 });
    expect(extended.body.data).toMatchObject({ ends_at: longer, claim_until: new Date(Date.parse(longer) + 3 * DAY).toISOString() });

    const ended = await asAdmin('POST', `/api/v1/admin/events/${id}/end`, { reason: 'moved to winter' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.state).toBe('ended');
    expect(Date.parse(ended.body.data.claim_until) - Date.parse(ended.body.data.ends_at)).toBe(3 * DAY);
    expect((await auditOf(id))[0]).toMatchObject({ action: 'events.end', before: { ends_at: longer }, reason: 'moved to winter' });
    // Done levels stay claimable after the end.
    expect((await api(store.app, 'POST', '/api/v1/event/challenge/prize/1', { token: starter.token })).status).toBe(200);
    const again = await asAdmin('POST', `/api/v1/admin/events/${id}/end`, {});
    expect([again.status, again.body.code]).toEqual([409, 'event_ended']);
    const edits = (await auditOf(id)).length;
    const late = await asAdmin('PATCH', `/api/v1/admin/events/${id}`, { ends_at: new Date(Date.now() + DAY).toISOString() });
    expect([late.status, late.body.code]).toEqual([409, 'event_ended']);
    expect((await auditOf(id)).length).toBe(edits);

    // The close job draws the raffle; a closed season changes no more.
    clock().advance(60_000);
    await eventually(() => detail(id), (e) => e.state === 'closed');
    const closed = await asAdmin('PATCH', `/api/v1/admin/events/${id}`, { subtitle: { ru: 'Итоги', en: 'Results' } });
    expect([closed.status, closed.body.code]).toEqual([409, 'event_closed']);
    const missing = await asAdmin('POST', '/api/v1/admin/events/999999/end', {});
    expect([missing.status, missing.body.code]).toEqual([404, 'event_not_found']);
  });

  it('starts the next season from a copy of the last one: the definition round-trips', async () => {
    const made = (await asAdmin('POST', '/api/v1/admin/events', season({ starts_at: new Date(Date.now() + 30 * DAY).toISOString(), ends_at: new Date(Date.now() + 40 * DAY).toISOString() }))).body.data;
    const copy = { ...JSON.parse((await detail(made.id)).definition), slug: `${made.slug}-next` };
    const next = await asAdmin('POST', '/api/v1/admin/events', copy);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const [a, b] = [await detail(made.id), await detail(next.body.data.id)];
    const pass = (e: any) => ({ levels: e.levels, tasks: e.tasks.map(({ id: _, ...t }: any) => t), prizes: e.raffle_prizes.map((p: any) => p.item_key) });
    expect(pass(b)).toEqual(pass(a));
    expect(b.raffle_seed_hash).not.toBe(a.raffle_seed_hash);
  });

  it('moves an upcoming season’s dates and refuses what would break a period or name what the store lacks, writing nothing', async () => {
    const made = (await asAdmin('POST', '/api/v1/admin/events', season({ starts_at: new Date(Date.now() + 50 * DAY).toISOString(), ends_at: new Date(Date.now() + 60 * DAY).toISOString() }))).body.data;
    expect(made).toMatchObject({ state: 'upcoming', shown: false });
    const start = new Date(Date.now() + 52 * DAY).toISOString();
    expect((await asAdmin('PATCH', `/api/v1/admin/events/${made.id}`, { starts_at: start })).body.data.starts_at).toBe(start);

    const events = await q(sql`select count(*) as n from events`);
    const audit = await q(sql`select count(*) as n from operator_actions`);
    const refused = async (method: Method, url: string, body: unknown) => {
      const res = await asAdmin(method, url, body);
      return [res.status, res.body.code];
    };
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    expect(await refused('POST', `/api/v1/admin/events/${made.id}/end`, {})).toEqual([409, 'event_upcoming']);
    expect(await refused('PATCH', `/api/v1/admin/events/${made.id}`, { ends_at: at(51) })).toEqual([400, 'promotion_dates_order']);
    expect(await refused('PATCH', `/api/v1/admin/events/${made.id}`, { starts_at: at(-1) })).toEqual([400, 'event_time_past']);
    expect(await refused('PATCH', `/api/v1/admin/events/${made.id}`, { reason: 'nothing else' })).toEqual([400, 'validation']);
    expect(await refused('PATCH', `/api/v1/admin/events/${made.id}`, { levels: [] })).toEqual([400, 'validation']);
    expect(await refused('POST', '/api/v1/admin/events', season({ slug: made.slug }))).toEqual([409, 'event_slug_taken']);
    expect(await refused('POST', '/api/v1/admin/events', season({ slug: 'Капс' }))).toEqual([400, 'validation']);
    expect(await refused('POST', '/api/v1/admin/events', season({ levels: [{ threshold: 20 }, { threshold: 10 }] }))).toEqual([400, 'validation']);
    const task = { level: 4, type: 'open_cases', target: 1, description: { ru: 'Откройте кейс', en: 'Open a case' } };
    expect(await refused('POST', '/api/v1/admin/events', season({ tasks: [task] }))).toEqual([400, 'validation']);
    expect(await refused('POST', '/api/v1/admin/events', season({ tasks: [{ ...task, level: 1, type: 'fly' }] }))).toEqual([400, 'validation']);
    expect(await refused('POST', '/api/v1/admin/events', season({ levels: [{ threshold: 10, case: 'no-such-case' }] }))).toEqual([404, 'caseNotFound']);
    expect(await refused('POST', '/api/v1/admin/events', season({ raffle_prizes: ['no such item'] }))).toEqual([400, 'validation']);
    expect(await refused('POST', '/api/v1/admin/events', season({ ends_at: at(-400) }))).toEqual([400, 'validation']);
    expect(await q(sql`select count(*) as n from events`)).toBe(events);
    expect(await q(sql`select count(*) as n from operator_actions`)).toBe(audit);
  });

  it('lets support read the seasons and nothing more', async () => {
    const read = await api(store.app, 'GET', '/api/v1/admin/events', { token: support.token });
    expect(read.status).toBe(200);
    expect(read.body.data.items.length).toBeGreaterThan(0);
    const id = read.body.data.items[0].id;
    expect((await api(store.app, 'GET', `/api/v1/admin/events/${id}`, { token: support.token })).status).toBe(200);
    const end = await api(store.app, 'POST', `/api/v1/admin/events/${id}/end`, { token: support.token, body: {} });
    expect([end.status, end.body.code]).toEqual([403, 'admin_only']);
  });
});

describe('the command line shares the operations', () => {
  it('`event create` and `event end` are audited under the command line’s operator, and `event list` is the console’s list', async () => {
    const doc = season();
    const made = (await runAdminCommand(db(), { command: 'event-create', definition: JSON.stringify(doc), operator: 'ops-bot' }, { clock: clock() })) as { id: number; slug: string };
    expect((await auditOf(made.id))[0]).toMatchObject({ action: 'events.create', operator: { id: null, name: 'ops-bot' } });
    const listed = (await runAdminCommand(db(), { command: 'event-list' }, { clock: clock() })) as { id: number; state: string }[];
    expect(listed.find((e) => e.id === made.id)).toMatchObject({ state: 'running' });
    await runAdminCommand(db(), { command: 'event-end', slug: made.slug }, { clock: clock() });
    expect((await auditOf(made.id))[0]).toMatchObject({ action: 'events.end', operator: { name: 'operator' } });
    await expect(runAdminCommand(db(), { command: 'event-end', slug: made.slug }, { clock: clock() })).rejects.toThrow('event_ended');
  });
});
