import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { prepareDeployment, StartRefused } from '../src/config/deployment.ts';
import { parseEnv } from '../src/config/env.ts';
import { rows } from '../src/db/rows.ts';
import { listSandboxNotifications } from '../src/modules/levels/notifier.ts';
import { deliveriesOf } from '../src/modules/notifications/outgoing-messages.ts';
import { setLanguage } from '../src/modules/users/language.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, type Player, registerPlayer } from './helpers/factories.ts';
import { TelegramFake } from './helpers/telegram-fake.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * Messages out through Telegram (decision 073), against a local Bot API: a player links a chat by
 * the bot's deep link and the webhook, the daily reminder reaches that chat once however often it
 * is retried, a chat that blocked the bot is given up, Telegram's "slow down" is honoured, and
 * support sees every message with its state.
 */
const TOKEN = '123456:TEST-bot-token-for-the-fake-api';
const SECRET = 'webhook-secret-of-the-tests-0123';
const DAY_MS = 24 * 3600_000;

let store: TestStore;
let fake: TelegramFake;
let support: Player;
let nextChat = 9_000_001;
let nextUpdate = 1;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const reminders = () => store.app.modules.levels.reminders;

beforeAll(async () => {
  fake = await new TelegramFake(TOKEN).start();
  store = await createTestStore({
    TEST_CLOCK: '1',
    NOTIFY_PROVIDER: 'telegram',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_NAME: 'case_store_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_URL: fake.url,
    PUBLIC_URL: 'https://store.test',
    // The tests run the reminders' passes themselves, so none runs between their steps.
    BACKGROUND_JOBS: 'off',
  });
  support = await registerPlayer(store.app);
  await runAdminCommand(db(), { command: 'role', login: support.login, role: 'support', operator: 'test' });
});
afterAll(async () => {
  await store.close();
  await fake.close();
});

/** Telegram calling the webhook with a private message from a chat. */
const webhook = (chatId: number, text: string, secret: string | null = SECRET) =>
  store.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: { update_id: nextUpdate++, message: { message_id: 1, date: 0, chat: { id: chatId, type: 'private' }, from: { id: chatId, is_bot: false, first_name: 'P', language_code: 'en' }, text } },
  });

const askLink = async (p: Player) => {
  const res = await api(store.app, 'POST', '/api/v1/notifications/telegram/link', { token: p.token });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; link: string; expires_at: string };
};
const stateOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/notifications/telegram', { token: p.token })).body.data;

/** A player whose chat is linked, with only the given channels of the daily reminder on. */
async function linkedPlayer(channels: Record<string, boolean>): Promise<{ p: Player; chat: number }> {
  const p = await registerPlayer(store.app);
  const chat = nextChat++;
  const { token } = await askLink(p);
  expect((await webhook(chat, `/start ${token}`)).statusCode).toBe(200);
  await api(store.app, 'POST', '/api/v1/notifications/daily-cases/update-preferences', { token: p.token, body: { push: false, ...channels } });
  return { p, chat };
}

/** The player opens the level case; a day later its reminder is due. */
async function reminderDue(p: Player) {
  expect((await api(store.app, 'POST', '/api/v1/cases/level-1/open', { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
  clock().advance(DAY_MS);
  await reminders().schedule();
  const [row] = await rows<{ key: string }>(db(), sql`select key from notification_outbox where user_id = ${p.userId} order by id desc limit 1`);
  return row!.key;
}

const outboxRow = async (key: string) =>
  (await rows<{ state: string; attempts: number; last_error: string | null; next_attempt_at: string }>(db(), sql`select state, attempts, last_error, next_attempt_at from notification_outbox where key = ${key}`))[0]!;

describe('linking a Telegram chat', () => {
  it("registers the store's webhook address with Telegram, with the secret Telegram must send back", async () => {
    expect(await store.app.modules.notifications.registerWebhook()).toBe(true);
    expect(fake.webhook).toEqual({ url: 'https://store.test/api/telegram/webhook', secretToken: SECRET });
  });

  it("gives a one-time deep link to the store's bot; /start with it links the chat and the bot confirms in the player's language", async () => {
    const p = await registerPlayer(store.app);
    await setLanguage(db(), p.userId, 'en');
    expect(await stateOf(p)).toEqual({ available: true, linked: false, linked_at: null, refused: false });
    const { token, link } = await askLink(p);
    expect(link).toBe(`https://t.me/case_store_bot?start=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const chat = nextChat++;
    expect((await webhook(chat, `/start ${token}`)).statusCode).toBe(200);
    expect(await stateOf(p)).toMatchObject({ linked: true, refused: false });
    expect(fake.received(chat)).toEqual([expect.stringMatching(/^Done: we will tell you here when your daily case is ready/)]);

    // Unlinked, nothing links it back by itself.
    expect((await api(store.app, 'POST', '/api/v1/notifications/telegram/unlink', { token: p.token })).body.data).toMatchObject({ linked: false });
    expect(await stateOf(p)).toMatchObject({ linked: false });
  });

  it('refuses a webhook call without the secret or with a forged one, and links nothing', async () => {
    const p = await registerPlayer(store.app);
    const { token } = await askLink(p);
    const chat = nextChat++;
    const forged = await webhook(chat, `/start ${token}`, 'webhook-secret-of-the-tests-0124');
    expect(forged.statusCode).toBe(401);
    expect((await webhook(chat, `/start ${token}`, null)).statusCode).toBe(401);
    expect(await stateOf(p)).toMatchObject({ linked: false });
    expect(fake.attempts(chat)).toEqual([]);
    // The token was not spent by the forged calls: Telegram's own call still links.
    expect((await webhook(chat, `/start ${token}`)).statusCode).toBe(200);
    expect(await stateOf(p)).toMatchObject({ linked: true });
  });

  it('uses a token once: a second chat presenting it is told to ask again and links nothing', async () => {
    const p = await registerPlayer(store.app);
    const { token } = await askLink(p);
    const mine = nextChat++;
    const stranger = nextChat++;
    await webhook(mine, `/start ${token}`);
    await webhook(stranger, `/start ${token}`);
    expect(fake.received(stranger)).toEqual([expect.stringMatching(/expired or was already used/)]);
    const [link] = await rows<{ chat_id: string | number }>(db(), sql`select chat_id from telegram_links where user_id = ${p.userId}`);
    expect(Number(link!.chat_id)).toBe(mine);
    expect(await rows(db(), sql`select 1 from telegram_links where chat_id = ${stranger}`)).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const p = await registerPlayer(store.app);
    const { token, expires_at } = await askLink(p);
    clock().advance(Date.parse(expires_at) - clock().now().getTime() + 1000);
    const chat = nextChat++;
    await webhook(chat, `/start ${token}`);
    expect(await stateOf(p)).toMatchObject({ linked: false });
    expect(fake.received(chat)).toEqual([expect.stringMatching(/Ссылка устарела|expired/)]);
  });

  it('ignores other messages and unreadable updates without asking Telegram to resend them', async () => {
    const chat = nextChat++;
    expect((await webhook(chat, 'hello')).json().data).toEqual({ accepted: false });
    const junk = await store.app.inject({ method: 'POST', url: '/api/telegram/webhook', headers: { 'x-telegram-bot-api-secret-token': SECRET }, payload: { nothing: true } });
    expect(junk.statusCode).toBe(200);
    expect(fake.attempts(chat)).toEqual([]);
  });
});

describe('the daily reminder on Telegram', () => {
  it('waits retry_after on 429 and then reaches the linked chat exactly once, the other channels not repeated', async () => {
    const { p, chat } = await linkedPlayer({ telegram: true, vk: true });
    const key = await reminderDue(p);
    fake.failNext(chat, { error_code: 429, description: 'Too Many Requests: retry after 30', retry_after: 30 });

    expect(await reminders().deliver()).toBe(0);
    expect(fake.attempts(chat).map((a) => a.answer)).toEqual(['ok', 429]); // the link's confirmation, then the refused reminder
    const waiting = await outboxRow(key);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting.last_error).toMatch(/429/);
    expect(new Date(waiting.next_attempt_at).getTime() - clock().now().getTime()).toBeGreaterThanOrEqual(29_000);

    // Not before Telegram said.
    clock().advance(20_000);
    expect(await reminders().deliver()).toBe(0);
    expect(fake.attempts(chat)).toHaveLength(2);

    clock().advance(11_000);
    const passes = await Promise.all([reminders().tick(), reminders().tick()]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    clock().advance(10 * 60_000);
    await reminders().tick();

    expect(fake.received(chat).slice(1)).toEqual(['Ежедневный кейс LEVEL 1 готов: откройте его бесплатно']);
    expect(await outboxRow(key)).toMatchObject({ state: 'sent', last_error: null });
    // VK went to its sandbox at the first attempt and was not sent again with the retry.
    expect((await listSandboxNotifications(db(), p.userId)).map((n) => n.channels)).toEqual([['vk']]);
    const deliveries = await deliveriesOf(db(), key);
    expect(deliveries.map((d) => [d.channel, d.state, d.attempts]).sort()).toEqual([
      ['telegram', 'sent', 2],
      ['vk', 'sent', 1],
    ]);
  });

  it('gives a chat that blocked the bot up: the link is marked dead and nothing is sent to it again', async () => {
    const { p, chat } = await linkedPlayer({ telegram: true });
    fake.block(chat);
    const key = await reminderDue(p);
    await reminders().tick();
    expect(await outboxRow(key)).toMatchObject({ state: 'sent' });
    const [delivery] = await deliveriesOf(db(), key);
    expect(delivery).toMatchObject({ channel: 'telegram', state: 'dead', attempts: 1 });
    expect(delivery!.lastError).toMatch(/blocked by the user/);
    expect(await stateOf(p)).toMatchObject({ linked: true, refused: true });
    expect(fake.attempts(chat).map((a) => a.answer)).toEqual(['ok', 403]); // the link's confirmation, then the refused reminder

    clock().advance(DAY_MS);
    await reminders().tick();
    const next = await reminderDue(p);
    await reminders().tick();
    expect(fake.attempts(chat)).toHaveLength(2);
    expect((await deliveriesOf(db(), next))[0]).toMatchObject({ state: 'dead' });

    // Linking again brings the chat back.
    const { token } = await askLink(p);
    await webhook(chat, `/start ${token}`);
    expect(await stateOf(p)).toMatchObject({ linked: true, refused: false });
  });
});

describe("support's record of outgoing messages", () => {
  it("lists a player's letters and notifications per channel with their states, attempts and errors", async () => {
    const { p, chat } = await linkedPlayer({ telegram: true, email: true, steam: true });
    await db().execute(sql`update users set email = ${`p${p.userId}@player.test`}, email_confirmed_at = now() where id = ${p.userId}`);
    fake.failNext(chat, { error_code: 429, description: 'Too Many Requests: retry after 5', retry_after: 5 });
    await reminderDue(p);
    await reminders().deliver();

    const res = await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}/messages`, { token: support.token });
    expect(res.status).toBe(200);
    const byChannel = Object.fromEntries((res.body.data.messages as { channel: string }[]).map((m) => [m.channel, m]));
    expect(byChannel.telegram).toMatchObject({ kind: 'daily_case_ready', state: 'queued', attempts: 1, last_error: expect.stringMatching(/429/) });
    expect(byChannel.steam).toMatchObject({ kind: 'daily_case_ready', state: 'sent', attempts: 1 });
    // E-mail went through the mail outbox: its letter is listed with the outbox's own record.
    expect(byChannel.email).toMatchObject({ kind: 'daily_case_ready', state: 'sent' });
    expect(res.body.data.messages.filter((m: { channel: string }) => m.channel === 'email').map((m: { id: string }) => m.id.split('-')[0]).sort()).toEqual(['mail', 'notification']);

    // A player is not an operator; an unknown player is not found.
    expect((await api(store.app, 'GET', `/api/v1/admin/players/${p.userId}/messages`, { token: p.token })).status).toBe(403);
    expect((await api(store.app, 'GET', '/api/v1/admin/players/999999999/messages', { token: support.token })).status).toBe(404);
  });
});

describe('the Telegram settings', () => {
  it('refuse a start with NOTIFY_PROVIDER=telegram and any of its settings missing, naming each', () => {
    const production = { NOTIFY_PROVIDER: 'telegram', NODE_ENV: 'production' };
    expect(() => prepareDeployment(parseEnv(production), '/tmp')).toThrow(StartRefused);
    expect(() => prepareDeployment(parseEnv(production), '/tmp')).toThrow(/NOTIFY_PROVIDER=telegram needs TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_NAME, TELEGRAM_WEBHOOK_SECRET\./);
    expect(() => prepareDeployment(parseEnv({ ...production, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_NAME: 'case_store_bot' }), '/tmp')).toThrow(/needs TELEGRAM_WEBHOOK_SECRET\./);
    expect(() => parseEnv({ TELEGRAM_WEBHOOK_SECRET: 'short' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() => parseEnv({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => prepareDeployment(parseEnv({ ...production, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_NAME: 'case_store_bot', TELEGRAM_WEBHOOK_SECRET: SECRET }), '/tmp')).not.toThrow(/TELEGRAM/);
  });
});
