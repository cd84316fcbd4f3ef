import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDoctorReport, runDoctor } from '../src/admin/doctor.ts';
import { repoRoot } from '../src/config/env.ts';
import { FakeShelf, MarketCsgoFake, WaxpeerFake } from './helpers/market-fakes.ts';
import { startSmtpServer } from './helpers/smtp-server.ts';

/**
 * `npm run admin -- doctor`: an operator about to take real money runs it in the store's
 * environment and reads, in words, what a production start would refuse, whether FreeKassa,
 * Cryptomus, the SMTP server and the Telegram bot answer, and the notification addresses to give them.
 */
const CRYPTOMUS_UUID = '8b03432e-385b-4670-8d06-064591096795';

/** A configuration ready to take money through both providers, with letters by SMTP and Web Push. */
const complete = (over: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://store@db.internal:5432/store',
  PUBLIC_URL: 'https://store.example',
  TRUST_PROXY: 'loopback',
  PAYMENT_PROVIDER: 'freekassa,cryptomus',
  FREEKASSA_MERCHANT_ID: '51234',
  FREEKASSA_SECRET_1: 'word-one-from-the-cabinet',
  FREEKASSA_SECRET_2: 'word-two-from-the-cabinet',
  CRYPTOMUS_MERCHANT_ID: CRYPTOMUS_UUID,
  CRYPTOMUS_API_KEY: 'cryptomus-payment-key',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://store:smtp-secret@127.0.0.1:2525',
  MAIL_FROM: 'Store <noreply@store.example>',
  PUSH_PROVIDER: 'webpush',
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'A'.repeat(43),
  VAPID_SUBJECT: 'mailto:ops@store.example',
  METRICS_TOKEN: 'a-long-enough-metrics-token',
  NOTIFY_PROVIDER: 'telegram',
  TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  TELEGRAM_BOT_NAME: 'case_store_bot',
  TELEGRAM_WEBHOOK_SECRET: 'a-webhook-secret-of-enough-length',
  // Notifications and sign-in run on their sandboxes here, the marketplace too: declared deliberately.
  SANDBOX: 'notifications,vendor,signin',
  ...over,
});

const blockers = (r: Awaited<ReturnType<typeof runDoctor>>) => r.findings.filter((f) => f.severity === 'blocker').map((f) => f.message);

describe('admin doctor', () => {
  it('passes a complete configuration and prints the callback addresses to paste into each cabinet', async () => {
    const report = await runDoctor({ source: complete(), offline: true });
    expect(blockers(report)).toEqual([]);
    expect(report.blocked).toBe(false);
    const text = formatDoctorReport(report, true);
    expect(text).toContain('FreeKassa: https://store.example/api/v1/payments/callback/freekassa');
    expect(text).toContain('Cryptomus: https://store.example/api/v1/payments/callback/cryptomus');
    expect(text).toContain('the success URL is PUBLIC_URL + /refill/result');
    expect(text).toContain('Telegram: https://store.example/api/telegram/webhook');
    expect(text).toContain('Ready for a production start.');
    expect(text).toContain('--offline');
  });

  it.each([
    ['FREEKASSA_MERCHANT_ID', /PAYMENT_PROVIDER=freekassa needs FREEKASSA_MERCHANT_ID/],
    ['FREEKASSA_SECRET_1', /PAYMENT_PROVIDER=freekassa needs FREEKASSA_SECRET_1/],
    ['FREEKASSA_SECRET_2', /PAYMENT_PROVIDER=freekassa needs FREEKASSA_SECRET_2/],
    ['CRYPTOMUS_MERCHANT_ID', /PAYMENT_PROVIDER=cryptomus needs CRYPTOMUS_MERCHANT_ID/],
    ['CRYPTOMUS_API_KEY', /PAYMENT_PROVIDER=cryptomus needs CRYPTOMUS_API_KEY/],
    ['SMTP_URL', /MAIL_PROVIDER=smtp needs SMTP_URL/],
    ['MAIL_FROM', /MAIL_PROVIDER=smtp needs MAIL_FROM/],
    ['VAPID_PRIVATE_KEY', /PUSH_PROVIDER=webpush needs VAPID_PRIVATE_KEY/],
    ['VAPID_SUBJECT', /PUSH_PROVIDER=webpush needs VAPID_SUBJECT/],
    ['PUBLIC_URL', /PUBLIC_URL is not set/],
    ['TELEGRAM_BOT_TOKEN', /NOTIFY_PROVIDER=telegram needs TELEGRAM_BOT_TOKEN/],
    ['TELEGRAM_WEBHOOK_SECRET', /NOTIFY_PROVIDER=telegram needs TELEGRAM_WEBHOOK_SECRET/],
  ])('names a missing %s and blocks', async (variable, named) => {
    const report = await runDoctor({ source: complete({ [variable]: '' }), offline: true });
    expect(report.blocked).toBe(true);
    expect(blockers(report).some((m) => named.test(m))).toBe(true);
    expect(formatDoctorReport(report, true)).toContain('Not ready');
  });

  it('names a secret that is too short, by the rule the start applies, and still checks the rest', async () => {
    const report = await runDoctor({ source: complete({ METRICS_TOKEN: 'short', FREEKASSA_SECRET_2: '' }), offline: true });
    expect(blockers(report)).toContain('METRICS_TOKEN is refused: must be at least 16 characters.');
    expect(blockers(report).some((m) => /FREEKASSA_SECRET_2/.test(m))).toBe(true);
  });

  it('refuses plain http, and compares the sandboxes in use with those SANDBOX declares', async () => {
    const http = await runDoctor({ source: complete({ PUBLIC_URL: 'http://store.example' }), offline: true });
    expect(blockers(http).some((m) => /PUBLIC_URL is http:\/\/store\.example: .*https/.test(m))).toBe(true);
    expect(http.callbacks).toContainEqual(expect.objectContaining({ provider: 'FreeKassa', url: 'http://store.example/api/v1/payments/callback/freekassa' }));

    const undeclared = await runDoctor({ source: complete({ PUSH_PROVIDER: 'sandbox' }), offline: true });
    expect(blockers(undeclared).some((m) => /push would run on a sandbox adapter.*SANDBOX=push/.test(m))).toBe(true);

    const stale = await runDoctor({ source: complete({ SANDBOX: 'notifications,vendor,signin,payments' }), offline: true });
    expect(stale.blocked).toBe(false);
    expect(stale.findings.some((f) => f.severity === 'warning' && /SANDBOX names payments, but payments runs on its real adapter/.test(f.message))).toBe(true);

    const play = await runDoctor({ source: complete({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32), SANDBOX: 'notifications,vendor,signin,payments' }), offline: true });
    expect(play.findings.some((f) => /takes no real money/.test(f.message))).toBe(true);
  });

  describe('asks the providers', () => {
    let provider: Server;
    let providerUrl: string;
    let closedUrl: string;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let telegram: Server;
    let telegramUrl: string;
    /** What the fake Bot API answers: the bot behind the token and the webhook registered. */
    const bot = { username: 'case_store_bot', webhook: 'https://store.example/api/telegram/webhook', tokenValid: true };
    beforeAll(async () => {
      telegram = createServer((req, res) => {
        const reply = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (!bot.tokenValid) return res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
        if (req.url?.endsWith('/getMe')) return reply({ ok: true, result: { id: 123456, is_bot: true, first_name: 'Store', username: bot.username } });
        if (req.url?.endsWith('/getWebhookInfo')) return reply({ ok: true, result: { url: bot.webhook, has_custom_certificate: false, pending_update_count: 0 } });
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => telegram.listen(0, '127.0.0.1', resolve));
      telegramUrl = `http://127.0.0.1:${(telegram.address() as AddressInfo).port}`;
      provider = createServer((_req, res) => res.writeHead(405).end());
      await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
      providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      // A port that was just free: nothing listens there.
      const gone = createServer();
      await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
      closedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
      await new Promise((resolve) => gone.close(resolve));
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await new Promise((resolve) => provider.close(resolve));
      await smtp.close();
      await new Promise((resolve) => telegram.close(resolve));
    });
    const online = (over: Record<string, string>) =>
      runDoctor({ source: complete({ FREEKASSA_FORM_URL: `${providerUrl}/`, CRYPTOMUS_API_URL: `${providerUrl}/v1`, MARKET_API_URL: providerUrl, SMTP_URL: smtp.url, TELEGRAM_API_URL: telegramUrl, ...over }), offline: false, timeoutMs: 2000 });

    it('checks the Telegram bot behind the token and its webhook', async () => {
      const good = await online({});
      expect(good.findings).toContainEqual({ severity: 'ok', subject: 'Telegram', message: 'Telegram knows the bot @case_store_bot.' });
      expect(good.blocked).toBe(false);

      const other = await online({ TELEGRAM_BOT_NAME: 'another_bot' });
      expect(blockers(other)).toContain("The bot token belongs to @case_store_bot, but TELEGRAM_BOT_NAME is another_bot: players' links would open another bot.");

      bot.webhook = '';
      const unset = await online({});
      expect(unset.findings.some((f) => f.severity === 'warning' && /The bot's webhook is not set, not https:\/\/store\.example\/api\/telegram\/webhook/.test(f.message))).toBe(true);
      bot.webhook = 'https://store.example/api/telegram/webhook';

      bot.tokenValid = false;
      const refused = await online({});
      bot.tokenValid = true;
      expect(blockers(refused).some((m) => /^Telegram refuses the bot token \(401 Unauthorized\)/.test(m))).toBe(true);
    });

    it('finds FreeKassa, Cryptomus and the SMTP server answering', async () => {
      const report = await online({});
      expect(blockers(report)).toEqual([]);
      const ok = report.findings.filter((f) => f.severity === 'ok').map((f) => f.subject);
      // The price job's list too: a production store reads the market's real one by default.
      expect(ok).toEqual(expect.arrayContaining(['FreeKassa', 'Cryptomus', 'SMTP', 'Telegram', 'Price list']));
    });

    it("asks each real marketplace for the store's balance: an answer proves the key, a low sum is worth a look, a refused key blocks", async () => {
      const shelf = new FakeShelf();
      shelf.balance = 300_000;
      const market = await new MarketCsgoFake(shelf, 'market-key-0123456789').start();
      const wax = await new WaxpeerFake(new FakeShelf(), 'waxpeer-key-0123456789', 100).start();
      try {
        const markets = { VENDOR_PROVIDER: 'marketcsgo,waxpeer', MARKET_API_URL: market.url, MARKET_API_KEY: 'market-key-0123456789', WAXPEER_API_URL: wax.url, FX_RUB_PER_USD: '100', STEAM_BOT_ID: '76561198000000042', SANDBOX: 'notifications,signin' };
        const report = await online({ ...markets, WAXPEER_API_KEY: 'waxpeer-key-0123456789' });
        expect(blockers(report)).toEqual([]);
        expect(report.findings).toEqual(
          expect.arrayContaining([
            { severity: 'warning', subject: 'marketcsgo', message: expect.stringMatching(/balance there is 3000 RUB, under VENDOR_BALANCE_WARN \(5000\)/) },
            { severity: 'ok', subject: 'waxpeer', message: "waxpeer answers; the store's balance there is 100000 RUB." },
          ]),
        );
        const wrongKey = await online({ ...markets, WAXPEER_API_KEY: 'another-key-0123456789' });
        expect(blockers(wrongKey)).toEqual(['waxpeer does not answer or refuses the API key: check its address and key (docs/GO-LIVE.md).']);
      } finally {
        await market.close();
        await wax.close();
      }
    });

    it('names a provider that does not answer and an SMTP login refused', async () => {
      const report = await online({ CRYPTOMUS_API_URL: `${closedUrl}/v1`, SMTP_URL: smtp.url.replace('smtp-secret', 'wrong-password') });
      expect(report.blocked).toBe(true);
      expect(blockers(report).some((m) => m.startsWith(`Cryptomus at ${closedUrl}/v1 does not answer (ECONNREFUSED)`))).toBe(true);
      expect(blockers(report).some((m) => /The SMTP server at 127\.0\.0\.1:\d+ refuses/.test(m))).toBe(true);
      expect(blockers(report).some((m) => m.startsWith('FreeKassa'))).toBe(false);
    });
  });

  it('is `npm run admin -- doctor`: prints the report and exits 1 when a start would be refused, 0 when ready', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/cli.ts', 'doctor', '--offline'], { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', ...env } }).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
      );
    const [ready, refused] = await Promise.all([run(complete()), run(complete({ CRYPTOMUS_API_KEY: '' }))]);
    expect(ready.code).toBe(0);
    expect(ready.stdout).toContain('Cryptomus: https://store.example/api/v1/payments/callback/cryptomus');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/BLOCKS .*PAYMENT_PROVIDER=cryptomus needs CRYPTOMUS_API_KEY/);
  });
});
