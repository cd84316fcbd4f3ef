import { expect, test, type Page } from '@playwright/test';
import { RUSSIAN_BROWSER, hydrated, shoot } from './helpers.ts';

/**
 * The store's pages under their own Content-Security-Policy: nothing the store serves is
 * blocked, the server-rendered app still hydrates and reacts, its websocket connects, and a
 * script slipped into the page without the response's nonce does not run.
 */

declare global {
  interface Window {
    __cspViolations: { directive: string; blocked: string; sample: string }[];
    __injectedRan?: boolean;
  }
}

/** Records CSP violations, CSP console messages, React hydration errors and uncaught errors. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|hydrat|Minified React error #4(18|19|21|22|23|25)/i.test(text)) problems.push(`console ${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return {
    problems,
    violations: () => page.evaluate(() => window.__cspViolations),
  };
}

/**
 * Proves the page hydrated and reacts: once React owns the page (its effects set data-hydrated),
 * the burger opens the side menu and its close button shuts it. (A tap before the entry script has
 * run reaches nothing, so the page is waited for, not clicked at.)
 */
async function openSideMenu(page: Page) {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toHaveAttribute('aria-hidden', 'true');
  await hydrated(page);
  await page.getByTestId('menu-button').click();
  await expect(menu).toHaveAttribute('aria-hidden', 'false');
  await page.locator('.side-menu__close').click();
  await expect(menu).toHaveAttribute('aria-hidden', 'true');
}

/** A case on sale, for its page. */
async function someCase(page: Page): Promise<string> {
  const res = await page.request.get('/api/v2/case/sections/with-cases?main=1');
  const sections = (await res.json()).data as any[];
  const slug = sections.flatMap((s) => s.cases).find((c) => c.available)?.slug;
  expect(slug).toBeTruthy();
  return slug;
}

async function registerThroughDialog(page: Page) {
  await page.getByTestId('reg-create').click();
  await expect(page.getByTestId('reg-login')).not.toHaveValue('');
  await page.getByTestId('reg-continue').click();
}

test.describe(() => {
  // The Russian table (SBP, roubles) is a player in Russia's, whose browser speaks Russian.
  test.use(RUSSIAN_BROWSER);

  test('the main page, a case page, the refill page and the sandbox checkout run under the CSP with nothing blocked', async ({ page }) => {
    const seen = await watch(page);
    const sockets: string[] = [];
    const subscribed = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        sockets.push(ws.url());
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('"subscribed"')) resolve();
        });
      }),
    );

    const home = await page.goto('/');
    const csp = home!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'nonce-");
    await expect(page.getByTestId('case-card').first()).toBeVisible();
    await openSideMenu(page);
    // The live drops ribbon subscribes over the same-origin websocket that connect-src 'self' allows.
    await subscribed;
    expect(sockets.every((url) => new URL(url).pathname === '/ws')).toBe(true);
    // The nonce is the response's own: the rendered scripts carry it and another response's differs.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const inlineNonces = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.nonce));
    expect(inlineNonces.length).toBeGreaterThan(0);
    expect(new Set(inlineNonces)).toEqual(new Set([nonce]));

    await page.goto(`/open/${await someCase(page)}`);
    await expect(page.getByTestId('open-case')).toBeVisible();
    await openSideMenu(page);

    await page.goto('/refill');
    await expect(page).toHaveURL(/\/refill\/unauth$/);
    await page.getByTestId('refill-sign-in').click();
    await registerThroughDialog(page);
    await expect(page).toHaveURL(/\/refill$/);
    await page.reload();
    await openSideMenu(page);
    // Every method shows its icon, loaded (a blocked or missing image has no natural width).
    const icons = page.getByTestId('pay-method').locator('img');
    await expect(icons.first()).toBeVisible();
    await expect.poll(() => icons.evaluateAll((imgs) => imgs.filter((i) => !(i as HTMLImageElement).naturalWidth).length)).toBe(0);

    await page.getByTestId('pay-method').filter({ hasText: 'СБП' }).click();
    await page.getByTestId('refill-amount').fill('500');
    await page.getByTestId('refill-pay').click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    const checkoutCsp = (await page.request.get(page.url())).headers()['content-security-policy'];
    expect(checkoutCsp).toContain("default-src 'self'");
    await expect(page.locator('button.pay')).toBeVisible();
    // Its own styles apply under the policy: the pay button is painted green.
    expect(await page.locator('button.pay').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(62, 207, 110)');
    expect(await seen.violations()).toEqual([]);
    await page.locator('button.pay').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');

    expect(await seen.violations()).toEqual([]);
    expect(seen.problems).toEqual([]);
  });
});

test('a script injected into the page without the nonce is blocked', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/');
  await openSideMenu(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true;';
    document.body.append(script);
    const handler = document.createElement('img');
    handler.setAttribute('onerror', 'window.__injectedRan = true;');
    handler.src = 'data:,not-an-image';
    document.body.append(handler);
  });
  await expect.poll(async () => (await seen.violations()).map((v) => `${v.directive} ${v.blocked}`).sort()).toEqual(['script-src-attr inline', 'script-src-elem inline']);
  expect(await page.evaluate(() => window.__injectedRan)).toBeUndefined();
  expect(seen.problems.filter((p) => !p.includes('Content Security Policy'))).toEqual([]);
});

test('every payment icon the countries name is served as SVG', async ({ page }) => {
  const res = await page.request.get('/api/v1/payments/countries');
  expect(res.status()).toBe(200);
  const countries = (await res.json()).data as { country: string; methods: { name: string; icon: string }[] }[];
  expect(countries.length).toBeGreaterThan(1);
  const icons = new Set(countries.flatMap((c) => c.methods.map((m) => m.icon)));
  expect(icons.size).toBeGreaterThanOrEqual(11);
  for (const icon of icons) {
    expect(icon).toMatch(/^\/img\/payments\/[a-z0-9-]+\.svg$/);
    const svg = await page.request.get(icon);
    expect([icon, svg.status(), svg.headers()['content-type']]).toEqual([icon, 200, expect.stringMatching(/^image\/svg\+xml/)]);
    expect(await svg.text()).toMatch(/^<svg [^>]*viewBox="0 0 48 48"/);
  }
});

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  // Every sandbox the store runs on is named: payments, the skin marketplace of withdrawals, and the daily-case notifications.
  const text =
    lang === 'en'
      ? 'Test mode: payments, item withdrawals, social sign-in, notifications are simulated'
      : 'Тестовый режим: платежи, выводы предметов, вход через соцсети, уведомления — имитация';

  test(`${lang}: the test-mode ribbon shows on every page while payments run on the sandbox, clear of the header`, async ({ page }) => {
    const config = await (await page.request.get('/api/v1/config')).json();
    expect(config.data.sandboxes).toContain('payments');
    for (const path of [`${prefix}/`, `${prefix}/upgrades`, `${prefix}/refill/unauth`, `${prefix}/no-such-page`]) {
      await page.goto(path);
      await expect(page.getByTestId('test-mode'), path).toHaveText(text);
    }

    await page.goto(`${prefix}/`);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const ribbon = (await page.getByTestId('test-mode').boundingBox())!;
      const header = (await page.locator('header.header').boundingBox())!;
      // Above the header, not over it; one line on a desktop, at most two on a phone.
      expect(ribbon.y + ribbon.height).toBeLessThanOrEqual(header.y + 0.5);
      expect(ribbon.height).toBeLessThanOrEqual(width <= 360 ? 44 : 28);
      await expect(page.getByTestId('menu-button')).toBeInViewport();
      // Scrolled down, the sticky header stays at the top with the ribbon gone above it.
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.locator('header.header').evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBe(0);
      await page.mouse.wheel(0, -600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
    await shoot(page, `${lang}-test-mode`);

    // The refill page: the methods with their icons, under the ribbon.
    await page.goto(`${prefix}/`);
    await page.getByTestId('register-button').click();
    await registerThroughDialog(page);
    await page.getByTestId('top-up').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/refill$`));
    await expect(page.getByTestId('test-mode')).toHaveText(text);
    const icons = page.getByTestId('pay-method').locator('img');
    await expect.poll(() => icons.evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await shoot(page, `${lang}-refill-icons`);
  });
}
