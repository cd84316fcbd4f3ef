import { expect, test, type Page } from '@playwright/test';
import { overlaysDismissed } from '../support/overlays.ts';
import { RUSSIAN_BROWSER, hydrated, shoot } from './helpers.ts';

// The second store of playwright.config.ts: every language under its prefix (LOCALE_PREFIX=always).
const PREFIXED = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
test.use({ baseURL: PREFIXED, storageState: overlaysDismissed(PREFIXED) });

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));

test('a bare address moves to its Russian /ru page for good, and the page links, heads and switches in /ru and /en', async ({ page, request }) => {
  const bare = await request.get('/faq?q=1', { maxRedirects: 0 });
  expect(bare.status()).toBe(301);
  expect(bare.headers().location).toBe('/ru/faq?q=1');
  expect((await request.get('/', { maxRedirects: 0 })).headers().location).toBe('/ru');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/battles');
  await expect(page).toHaveURL(/\/ru\/battles$/);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.locator('meta[name="locale-prefix"]')).toHaveAttribute('content', 'always');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${PREFIXED}/ru/battles`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${PREFIXED}/en/battles`);
  // The menus build their links under /ru, and following one stays there.
  await expect(page.getByTestId('desktop-upgrades')).toHaveAttribute('href', '/ru/upgrades');
  await page.getByTestId('desktop-upgrades').click();
  await expect(page).toHaveURL(/\/ru\/upgrades$/);
  await shoot(page, 'prefixed-ru-upgrades', [1280]);

  // The language switch goes to /en and back to /ru, never to a bare address.
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/en\/upgrades$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/ru\/upgrades$/);

  // A campaign link keeps its language prefix on the way to the payment page.
  const campaign = await request.get('/ru/battles?u_tm=1&utm_source=blog', { maxRedirects: 0 });
  expect([campaign.status(), campaign.headers().location]).toEqual([302, '/ru/refill?utm_source=blog']);
  const english = await request.get('/en?u_tm=1', { maxRedirects: 0 });
  expect(english.headers().location).toBe('/en/refill');
});

test("the data of a page a browser moves to is answered where the router asks, never sent to a page's address", async ({ request }) => {
  // `/ru.data` and `/en.data` are the main pages' data (decision 085): to the prefix rule they look like bare
  // paths, which this store moves under /ru, but they are the router's own requests and go to it as they came.
  for (const path of ['/ru.data', '/en.data', '/ru/battles.data', '/en/faq.data']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([path, res.status(), res.headers()['content-type']]).toEqual([path, 200, 'text/x-script']);
  }
});

test.describe(() => {
  // The Russian table (SBP, roubles) is a player in Russia's, whose browser speaks Russian.
  test.use(RUSSIAN_BROWSER);

  test('a guest tops up through the sandbox checkout and comes back to the /ru result page', async ({ page }) => {
    await page.goto('/ru/refill');
    await expect(page).toHaveURL(/\/ru\/refill\/unauth$/);
    await page.getByTestId('refill-sign-in').click();
    await page.getByTestId('reg-create').click();
    await expect(page.getByTestId('reg-login')).not.toHaveValue('');
    await page.getByTestId('reg-continue').click();
    await expect(page).toHaveURL(/\/ru\/refill$/);
    await page.getByTestId('pay-method').filter({ hasText: 'СБП' }).click();
    await page.getByTestId('refill-amount').fill('500');
    await page.getByTestId('refill-pay').click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.locator('button.pay').click();
    await expect(page).toHaveURL(/\/ru\/refill\/result\?orderId=/);
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
    await expect.poll(() => balance(page)).toBe(515);
    await shoot(page, 'prefixed-ru-refill-result');
  });
});
