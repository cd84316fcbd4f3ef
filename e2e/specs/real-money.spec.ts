import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { CryptomusFake } from '../../apps/server/test/helpers/cryptomus-fake.ts';
import { FreeKassaFake } from '../../apps/server/test/helpers/freekassa-fake.ts';
import { startSmtpServer } from '../../apps/server/test/helpers/smtp-server.ts';
import { overlaysDismissed } from '../support/overlays.ts';
import { startProductionStore, type ProductionStore } from '../support/production-store.ts';
import { hydrated, shoot } from './helpers.ts';

/**
 * A store taking real money: production mode on PostgreSQL with FreeKassa (roubles), Cryptomus
 * (crypto) and SMTP as the operator configures them, each pointed at a local fake that speaks the
 * provider's protocol, and SANDBOX naming only what is still a sandbox. A player tops up through
 * each provider's own page and comes back to the store, sees the balance, gets the receipt by
 * mail, and a refund the provider reports takes the money back.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const STORE = `http://127.0.0.1:${PORT}`;

const FK = { merchantId: '40404', secret1: randomBytes(12).toString('hex'), secret2: randomBytes(12).toString('hex') };
const CM = { merchantId: '6f1c2b7a-3d4e-4f5a-8b6c-7d8e9f0a1b2c', apiKey: randomBytes(24).toString('hex') };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let freekassa: FreeKassaFake;
let cryptomus: CryptomusFake;
let store: ProductionStore;

test.use({ baseURL: STORE, storageState: overlaysDismissed(STORE) });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpServer();
  freekassa = await new FreeKassaFake({ ...FK, retryDelayMs: 200, successUrl: `${STORE}/refill/result` }).start();
  freekassa.notifyUrl = `${STORE}/api/v1/payments/callback/freekassa`;
  cryptomus = await new CryptomusFake({ ...CM }).start();
  store = await startProductionStore('real_money', PORT, {
    // What the operator configured: the real adapters, each at its fake.
    PAYMENT_PROVIDER: 'freekassa,cryptomus',
    PAYMENT_METHODS_FREEKASSA: 'sbp,card_ru',
    PAYMENT_METHODS_CRYPTOMUS: 'crypto',
    FREEKASSA_MERCHANT_ID: FK.merchantId,
    FREEKASSA_SECRET_1: FK.secret1,
    FREEKASSA_SECRET_2: FK.secret2,
    FREEKASSA_FORM_URL: freekassa.formUrl,
    FREEKASSA_IPS: '127.0.0.1',
    CRYPTOMUS_MERCHANT_ID: CM.merchantId,
    CRYPTOMUS_API_KEY: CM.apiKey,
    CRYPTOMUS_API_URL: cryptomus.apiUrl,
    CRYPTOMUS_IPS: '127.0.0.1',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Case Store <noreply@store.test>',
    // Only what is still a sandbox; payments is not among them, nor is its secret set.
    SANDBOX: 'notifications,vendor,signin,push,analytics',
    PAYMENT_SANDBOX_SECRET: '',
  });
});

test.afterAll(async () => {
  await store?.stop();
  await Promise.allSettled([freekassa?.close(), cryptomus?.close(), smtp?.close()]);
});

interface Player {
  userId: number;
  token: string;
  email: string;
}

/** A new player with a confirmed address: the store mails the link, the player opens it. */
async function playerWithMail(request: APIRequestContext, lang: 'ru' | 'en'): Promise<Player> {
  const reg = (await (await request.post(`${STORE}/api/v1/auth/registration/quick`, { data: {} })).json()).data as { user_id: number; access_token: string };
  const headers = { authorization: `Bearer ${reg.access_token}`, 'accept-language': lang };
  expect((await request.post(`${STORE}/api/v1/users/lang/change`, { headers, data: { code: lang } })).status()).toBe(200);
  const email = `payer-${reg.user_id}@players.test`;
  expect((await request.post(`${STORE}/api/v1/users/send-email`, { headers, data: { email } })).status()).toBe(200);
  await expect.poll(() => smtp.arrived.some((m) => m.to === email)).toBe(true);
  const letter = smtp.arrived.find((m) => m.to === email)!;
  const link = /https?:\/\/\S+\/api\/v1\/users\/email\/confirm\?token=[A-Za-z0-9_-]+/.exec(letter.text)![0];
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(302);
  return { userId: reg.user_id, token: reg.access_token, email };
}

const balanceOf = (page: Page) => page.getByTestId('balance');
const receiptsTo = (email: string) => smtp.arrived.filter((m) => m.to === email && /пополнен|added to your balance/.test(m.subject));

test('ru: a player tops up through FreeKassa: its form, back to the store, the balance and the receipt by mail', async ({ page, request }) => {
  const player = await playerWithMail(request, 'ru');
  // A player in Russia (the country the CDN names): the rouble methods.
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'RU' });
  await page.context().addCookies([{ name: 'tastyToken', value: player.token, url: STORE }]);
  await page.goto('/refill');
  await hydrated(page);
  // What the operator contracted FreeKassa for, and nothing of the sandbox's.
  await expect(page.getByTestId('pay-method').filter({ hasText: 'СБП' })).toBeVisible();
  // The test-mode ribbon names what is still simulated: payments are not.
  await expect(page.getByTestId('test-mode')).toContainText('уведомления');
  await expect(page.getByTestId('test-mode')).not.toContainText('платежи');
  await page.getByTestId('pay-method').filter({ hasText: 'СБП' }).click();
  await page.getByTestId('refill-amount').fill('500');
  await expect(page.getByTestId('refill-summary')).toHaveAttribute('data-fresh', 'true');
  // What the page promised: the sum and the level's bonus.
  const promised = (await page.getByTestId('refill-total').textContent())!.replace(/\s/g, '').replace(',', '.');
  expect(Number(promised)).toBeGreaterThan(500);
  await page.getByTestId('refill-pay').click();

  // FreeKassa's own form, with the sum the store signed.
  await page.waitForURL((url) => url.origin === new URL(freekassa.formUrl).origin);
  await expect(page.locator('h1')).toHaveText('500 RUB');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back in the store: the payment is credited once FreeKassa's notification has come.
  await page.waitForURL((url) => url.origin === STORE && url.pathname === '/refill/result');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(balanceOf(page)).toHaveAttribute('data-value', String(Number(promised)));
  await shoot(page, 'ru-refill-freekassa-result');

  // The receipt, in Russian, once.
  await expect.poll(() => receiptsTo(player.email).length, { timeout: 30_000 }).toBe(1);
  const [receipt] = receiptsTo(player.email);
  expect(receipt!.subject).toMatch(/: баланс пополнен на 500 монет$/);
  expect(receipt!.text).toContain(`и ещё ${Number(promised) - 500} монет бонусом`);
  expect(freekassa.deliveries.filter((d) => d.answered)).toHaveLength(1);
});

test('en: a player tops up with crypto through Cryptomus, comes back to the balance and a receipt, and the refund takes it back', async ({ browser, request }) => {
  const player = await playerWithMail(request, 'en');
  // A player abroad: the store offers the crypto method of their country.
  const context = await browser.newContext({ baseURL: STORE, storageState: overlaysDismissed(STORE), extraHTTPHeaders: { 'cf-ipcountry': 'DE' } });
  const page = await context.newPage();
  await context.addCookies([{ name: 'tastyToken', value: player.token, url: STORE }]);
  await page.goto('/en/refill');
  await hydrated(page);
  await page.getByTestId('pay-method').filter({ hasText: 'Crypto' }).click();
  await page.getByTestId('refill-amount').fill('20');
  await expect(page.getByTestId('refill-summary')).toHaveAttribute('data-fresh', 'true');
  const promised = Number((await page.getByTestId('refill-total').textContent())!.replace(/[\s,]/g, ''));
  await page.getByTestId('refill-pay').click();

  // Cryptomus's invoice page, for the sum of the order.
  await page.waitForURL((url) => url.href.startsWith(cryptomus.apiUrl.replace(/\/v1$/, '')));
  await expect(page.locator('p')).toContainText('20');
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL((url) => url.origin === STORE && url.pathname === '/en/refill/result');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(balanceOf(page)).toHaveAttribute('data-value', String(promised));
  await shoot(page, 'en-refill-cryptomus-result');
  await expect.poll(() => receiptsTo(player.email).length, { timeout: 30_000 }).toBe(1);
  expect(receiptsTo(player.email)[0]!.subject).toMatch(/ added to your balance$/);

  // Cryptomus reports the payment refunded: the store takes the deposit back through the ledger.
  const invoice = [...cryptomus.invoices.values()].find((i) => i.urlReturn?.includes(page.url().split('orderId=')[1]!))!;
  expect(invoice).toBeDefined();
  await cryptomus.pay(`${cryptomus.apiUrl.replace(/\/v1$/, '')}/pay/${invoice.uuid}`, { status: 'refund_paid' });
  await page.reload();
  await hydrated(page);
  await expect(balanceOf(page)).toHaveAttribute('data-value', '0');
  await context.close();
});
