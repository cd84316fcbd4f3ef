import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { parseEnv } from '../src/config/env.ts';
import { prepareDeployment, sandboxesInUse, StartRefused } from '../src/config/deployment.ts';
import { listSandboxMail, MailRefused, messageIdOf, SandboxMailer, type Letter, type Mailer } from '../src/modules/mail/mailer.ts';
import { listOutgoingMail, MailOutbox, type OutboxSettings } from '../src/modules/mail/outbox.ts';
import { mailOutbox } from '../src/modules/mail/schema.ts';
import { SmtpMailer } from '../src/modules/mail/smtp-mailer.ts';
import { MovableClock } from '../src/platform/clock.ts';
import { rows } from '../src/db/rows.ts';
import { api, registerPlayer } from './helpers/factories.ts';
import { startSmtpServer, type Refusal } from './helpers/smtp-server.ts';
import { createTestStore, freshDatabase } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

// Mail through the durable outbox (decision 069): the same scenarios against the sandbox mail
// service and against SMTP to a local server, then the whole store sending a confirmation by SMTP.

const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const FROM = 'Case Store <noreply@store.test>';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => fresh.database.db;
let userId: number;

beforeAll(async () => {
  fresh = await freshDatabase();
  const [user] = await rows<{ id: number }>(db(), sql`insert into users (login, nickname) values ('mail-reader', 'mail-reader') returning id`);
  userId = user!.id;
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

/** A mail service as a scenario sees it: letters it can be told to refuse, and what reached the reader. */
interface Service {
  provider: Mailer;
  /** The refusals the service answers the next letters with, one each, then it takes them again. */
  refusals: Refusal[];
  /** Every letter that arrived, with the identity a reader's mail program tells copies apart by. */
  arrived(to: string): Promise<{ identity: string; subject: string; text: string; html: string; listUnsubscribe: string | null }[]>;
  close(): Promise<void>;
}

const services: Record<string, () => Promise<Service>> = {
  sandbox: async () => {
    const refusals: Refusal[] = [];
    return {
      provider: new SandboxMailer(db(), { delayMs: 0, refuse: () => refusals.shift() ?? null }),
      refusals,
      arrived: async (to) =>
        (await listSandboxMail(db(), to)).map((m) => ({
          identity: m.key,
          subject: m.subject,
          text: m.text,
          html: m.html ?? '',
          // The sandbox keeps the address; the header a real service writes wraps it in brackets.
          listUnsubscribe: m.listUnsubscribe === null ? null : `<${m.listUnsubscribe}>`,
        })),
      close: async () => undefined,
    };
  },
  smtp: async () => {
    const server = await startSmtpServer();
    const refusals: Refusal[] = [];
    server.rules.afterData = () => refusals.shift() ?? null;
    const provider = new SmtpMailer({ url: server.url, from: FROM, timeoutMs: 5_000 });
    return {
      provider,
      refusals,
      arrived: async (to) =>
        server.arrived
          .filter((m) => m.envelopeTo.includes(to))
          .map((m) => ({ identity: m.messageId, subject: m.subject, text: m.text.trim(), html: m.html, listUnsubscribe: m.listUnsubscribe })),
      close: async () => {
        provider.close();
        await server.close();
      },
    };
  },
};

const SETTINGS: Partial<OutboxSettings> = { maxAttempts: 3, leaseMs: 60_000, backoffMs: (attempts) => attempts * 1_000 };
let seq = 0;
const letterTo = (to: string, more: Partial<Letter> = {}): Letter => ({
  key: `test:${to}:${++seq}`,
  to,
  userId,
  template: 'daily-case-reminder',
  subject: 'Кейс дня ждёт',
  text: 'Здравствуйте!\n\nОткройте кейс дня: https://store.test/cases/daily',
  html: '<p>Здравствуйте!</p><p>Откройте кейс дня: <a href="https://store.test/cases/daily">https://store.test/cases/daily</a></p>',
  ...more,
});
const recordOf = async (key: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.key, key)))[0]!;

describe.each(Object.keys(services))('the mail outbox over the %s mail service', (name) => {
  let service: Service;
  let clock: MovableClock;
  let outbox: MailOutbox;
  let n = 0;
  const address = () => `${name}-${n}@players.test`;

  beforeAll(async () => {
    service = await services[name]!();
  });
  afterAll(async () => {
    await service.close();
  });
  afterEach(() => {
    service.refusals.length = 0;
  });
  const fresh = () => {
    n++;
    clock = new MovableClock();
    outbox = new MailOutbox({ db: db(), provider: service.provider, clock, log: quiet, settings: SETTINGS });
  };

  it('records a letter, sends it at once, and it arrives once with its bodies and its List-Unsubscribe header', async () => {
    fresh();
    const letter = letterTo(address(), { listUnsubscribe: 'https://store.test/profile/settings?unsubscribe=email' });
    await outbox.send(letter);
    await outbox.send(letter);
    expect(await outbox.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const arrived = await service.arrived(address());
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ subject: letter.subject, text: letter.text, listUnsubscribe: '<https://store.test/profile/settings?unsubscribe=email>' });
    expect(arrived[0]!.html).toContain('<a href="https://store.test/cases/daily">');
    expect(await recordOf(letter.key)).toMatchObject({ userId, channel: 'email', template: 'daily-case-reminder', recipient: address(), state: 'sent', attempts: 1, lastError: null });

    // Mail that is not a subscription goes without the header.
    const plain = letterTo(address());
    await outbox.send(plain);
    expect((await service.arrived(address())).find((m) => m.listUnsubscribe === null)).toBeDefined();
  });

  it('retries a letter the server refused for now (451) after its backoff, and then it arrives', async () => {
    fresh();
    service.refusals.push({ code: 451, message: 'Try again later' });
    const letter = letterTo(address());
    await outbox.send(letter);
    expect(await recordOf(letter.key)).toMatchObject({ state: 'queued', attempts: 1, lastError: expect.stringContaining('451') });
    expect(await service.arrived(address())).toEqual([]);
    expect(await outbox.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(1_000);
    expect(await outbox.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await service.arrived(address())).toHaveLength(1);
    expect(await recordOf(letter.key)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
  });

  it('sends once a letter whose sender died before handing it over, when its lease has run out', async () => {
    fresh();
    const letter = letterTo(address());
    const now = clock.now();
    // What a sender leaves when it dies mid-send: the letter taken, its lease running.
    await db()
      .insert(mailOutbox)
      .values({ key: letter.key, userId, template: letter.template, recipient: letter.to, subject: letter.subject, text: letter.text, html: letter.html, state: 'sending', attempts: 1, dueAt: new Date(now.getTime() + 60_000), updatedAt: now });
    const other = new MailOutbox({ db: db(), provider: service.provider, clock, log: quiet, settings: SETTINGS });
    expect(await other.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(60_000);
    // Two senders look at once: one takes it.
    const passes = await Promise.all([other.sendDue(), outbox.sendDue()]);
    expect(passes.reduce((sum, p) => sum + p.sent, 0)).toBe(1);
    expect(await service.arrived(address())).toHaveLength(1);
    expect(await recordOf(letter.key)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('sends a letter whose sender died after handing it over as the same message again', async () => {
    fresh();
    const letter = letterTo(address());
    const now = clock.now();
    await db()
      .insert(mailOutbox)
      .values({ key: letter.key, userId, template: letter.template, recipient: letter.to, subject: letter.subject, text: letter.text, html: letter.html, state: 'sending', attempts: 1, dueAt: new Date(now.getTime() + 60_000), updatedAt: now });
    // The dead sender's copy reached the service; its "sent" never reached the database.
    await service.provider.send(letter);
    clock.advance(60_000);
    expect(await outbox.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    // The sandbox drops the repeat by its key; an SMTP server takes a second copy with the same
    // Message-ID, which the reader's mail program shows as one message (decision 069).
    const arrived = await service.arrived(address());
    expect(new Set(arrived.map((m) => m.identity)).size).toBe(1);
    expect(arrived.length).toBe(name === 'sandbox' ? 1 : 2);
  });

  it('gives up at once on a letter refused for good (550), and after N attempts on one refused for now every time; both stay visible', async () => {
    fresh();
    service.refusals.push({ code: 550, message: 'No such mailbox' });
    const refused = letterTo(address());
    const thrown = await outbox.send(refused).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(MailRefused);
    expect(thrown).toMatchObject({ permanent: true, code: 550 });
    clock.advance(3_600_000);
    expect(await outbox.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const busy = letterTo(address());
    service.refusals.push(...Array.from({ length: 3 }, () => ({ code: 451, message: 'Mailbox busy' })));
    await outbox.send(busy);
    clock.advance(1_000);
    expect(await outbox.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(2_000);
    expect(await outbox.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    clock.advance(3_600_000);
    expect(await outbox.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await service.arrived(address())).toEqual([]);

    const record = await listOutgoingMail(db(), { to: address() });
    expect(record.map((m) => [m.subject, m.template, m.state, m.attempts, m.lastError?.includes(m.attempts === 1 ? '550' : '451')])).toEqual([
      [busy.subject, busy.template, 'failed', 3, true],
      [refused.subject, refused.template, 'failed', 1, true],
    ]);
    expect((await listOutgoingMail(db(), { userId })).map((m) => m.id)).toEqual(expect.arrayContaining(record.map((m) => m.id)));
  });

  it('sends every letter recorded inside a transaction, each taken on its own, none left held', async () => {
    fresh();
    const letters = [letterTo(address()), letterTo(address()), letterTo(address())];
    await db().transaction(async (tx) => {
      for (const letter of letters) await outbox.enqueue(tx, letter);
    });
    expect(await outbox.sendDue()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(await service.arrived(address())).toHaveLength(3);
    for (const letter of letters) expect(await recordOf(letter.key)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('sends due letters from its worker, paced by the periodic job', async () => {
    fresh();
    service.refusals.push({ code: 421, message: 'Service not available' });
    const letter = letterTo(address());
    await outbox.send(letter);
    clock.advance(1_000);
    outbox.worker.start();
    try {
      await eventually(
        () => recordOf(letter.key),
        (r) => r.state === 'sent',
      );
    } finally {
      await outbox.worker.close();
    }
    expect(await service.arrived(address())).toHaveLength(1);
  });
});

describe('mail by SMTP', () => {
  it('carries the From address, the envelope, and a Message-ID made from the key', async () => {
    const server = await startSmtpServer();
    const mailer = new SmtpMailer({ url: server.url, from: FROM, timeoutMs: 5_000 });
    try {
      const letter = letterTo('reader@players.test');
      await mailer.send(letter);
      expect(server.arrived).toHaveLength(1);
      expect(server.arrived[0]).toMatchObject({
        envelopeFrom: 'noreply@store.test',
        envelopeTo: ['reader@players.test'],
        from: '"Case Store" <noreply@store.test>',
        to: 'reader@players.test',
        messageId: messageIdOf(letter.key, 'store.test'),
      });
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it('tells a refusal at RCPT (550, 452) from an unreachable server', async () => {
    const server = await startSmtpServer();
    server.rules.atRecipient = (to) => (to.startsWith('gone') ? { code: 550, message: 'No such user' } : { code: 452, message: 'Mailbox full' });
    const mailer = new SmtpMailer({ url: server.url, from: FROM, timeoutMs: 5_000 });
    const nowhere = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: FROM, timeoutMs: 5_000 });
    try {
      await expect(mailer.send(letterTo('gone@players.test'))).rejects.toMatchObject({ name: 'MailRefused', permanent: true, code: 550 });
      await expect(mailer.send(letterTo('full@players.test'))).rejects.toMatchObject({ name: 'MailRefused', permanent: false, code: 452 });
      const unreachable = await nowhere.send(letterTo('any@players.test')).catch((err: unknown) => err);
      expect(unreachable).toBeInstanceOf(Error);
      expect(unreachable).not.toBeInstanceOf(MailRefused);
    } finally {
      mailer.close();
      nowhere.close();
      await server.close();
    }
  });

  it('answers its sender within answerWithinMs while a slow mail server holds the letter, which is sent once the server answers', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const handed: string[] = [];
    const slow: Mailer = {
      send: async (letter) => {
        await held;
        handed.push(letter.key);
      },
    };
    const outbox = new MailOutbox({ db: db(), provider: slow, clock: new MovableClock(), log: quiet, settings: { ...SETTINGS, answerWithinMs: 50 } });
    const letter = letterTo('slow-server@players.test');
    // The player's request goes on: the letter is recorded and its attempt still running.
    await outbox.send(letter);
    expect(handed).toEqual([]);
    expect(await recordOf(letter.key)).toMatchObject({ state: 'sending', attempts: 1 });
    release();
    await eventually(() => recordOf(letter.key), (row) => row.state === 'sent');
    expect(handed).toEqual([letter.key]);
  });

  it('is what MAIL_PROVIDER=smtp runs, and refuses to start without SMTP_URL or MAIL_FROM, naming them', () => {
    expect(() => prepareDeployment(parseEnv({ MAIL_PROVIDER: 'smtp' }), '/tmp')).toThrow(StartRefused);
    expect(() => prepareDeployment(parseEnv({ MAIL_PROVIDER: 'smtp', MAIL_FROM: FROM, NODE_ENV: 'production' }), '/tmp')).toThrow(/MAIL_PROVIDER=smtp needs SMTP_URL\./);
    expect(() => prepareDeployment(parseEnv({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.store.test:587' }), '/tmp')).toThrow(/needs MAIL_FROM\./);
    expect(() => parseEnv({ SMTP_URL: 'https://mail.store.test' })).toThrow(/SMTP_URL: an smtp:\/\/ or smtps:\/\/ address/);
    expect(() => parseEnv({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    // Mail on SMTP is no longer a sandbox; the notifications still are while NOTIFY_PROVIDER is.
    const env = parseEnv({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.store.test:587', MAIL_FROM: FROM });
    expect(sandboxesInUse(env)).toContain('notifications');
  });

  it("sends the store's e-mail confirmation through SMTP once, in the player's language, with text and HTML bodies", async () => {
    const server = await startSmtpServer();
    const store = await createTestStore({ MAIL_PROVIDER: 'smtp', SMTP_URL: server.url, MAIL_FROM: FROM, PUBLIC_URL: 'https://store.test' });
    try {
      const p = await registerPlayer(store.app);
      await api(store.app, 'POST', '/api/v1/users/lang/change', { token: p.token, body: { code: 'en' } });
      const res = await api(store.app, 'POST', '/api/v1/users/send-email', { token: p.token, body: { email: 'Reader.One@Players.test' }, lang: 'en' });
      expect(res.body.data).toEqual({ email: 'reader.one@players.test', sent: true });
      expect(server.arrived).toHaveLength(1);
      const mail = server.arrived[0]!;
      expect(mail).toMatchObject({ from: '"Case Store" <noreply@store.test>', to: 'reader.one@players.test', envelopeTo: ['reader.one@players.test'], listUnsubscribe: null });
      expect(mail.subject).toMatch(/: confirm your e-mail address$/);
      const link = /https:\/\/store\.test\/api\/v1\/users\/email\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
      expect(mail.text).toContain('The link works for 24 hours');
      expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@store\.test>$/);
      // Recorded for support: who, channel, template, state, attempts. Nothing went to the sandbox.
      const [record] = await listOutgoingMail(store.database.db, { userId: p.userId });
      expect(record).toMatchObject({ channel: 'email', template: 'email-confirmation', to: 'reader.one@players.test', state: 'sent', attempts: 1, lastError: null });
      expect(await listSandboxMail(store.database.db)).toEqual([]);
      // The link confirms the address.
      const opened = await store.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
      expect(opened.headers.location).toBe('/en/profile/settings?email=confirmed');
    } finally {
      await store.close();
      await server.close();
    }
  });
});
