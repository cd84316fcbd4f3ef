import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { hydrated, register, setRole, shoot, shotDir, signIn, type Player } from './helpers.ts';

/** The console is shot at tablet and desktop widths, like the rest of it (operator-console.spec.ts). */
const CONSOLE_WIDTHS = [768, 1280];

/** A figure of the dashboard's tiles, as a number (the page keeps it beside the formatted text). */
const tile = async (page: Page, key: string) => Number(await page.getByTestId(`dashboard-tile-${key}-value`).getAttribute('data-value'));

/** Waits for every chart of the page to be drawn by the lazily loaded chart library. */
async function chartsDrawn(page: Page) {
  for (const chart of ['deposits', 'openings', 'ggr', 'players'])
    await expect(page.getByTestId(`dashboard-chart-${chart}`)).toHaveAttribute('data-drawn', 'yes');
}

async function shootDashboard(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, CONSOLE_WIDTHS);
  // The whole page too, charts and the return-to-player table below the fold (at the last width).
  await page.screenshot({ path: path.join(shotDir, `${name}-full-1280.png`), fullPage: true });
}

/** A player's deposit through the sandbox checkout and two openings of the cheapest GOLD case. */
async function playerDepositsAndOpens(request: APIRequestContext, player: Player): Promise<string> {
  const started = await request.post('/api/v1/payments/transaction/start', {
    headers: player.headers,
    data: { country: 'RU', method_id: 101, amount: 1000 },
  });
  expect(started.ok()).toBe(true);
  const { order_id } = (await started.json()).data as { order_id: string };
  const paid = await request.post(`/sandbox/checkout/${order_id}/complete`, { form: { outcome: 'pay', lang: 'ru' }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as {
    cases: { slug: string; available: boolean; price_data: { currency: string; price: number } }[];
  }[];
  const cheap = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD')
    .sort((a, b) => a.price_data.price - b.price_data.price)[0]!;
  const opened = await request.post(`/api/v1/cases/${cheap.slug}/open`, { headers: player.headers, data: { multi_open: 2 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  return cheap.slug;
}

test('an admin reads the dashboard: a player’s deposit and openings show in the figures; the period changes; support has no dashboard', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await register(request);
  await setRole(admin.login, 'admin');
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin/dashboard');
  await hydrated(page);
  await expect(page.getByTestId('console-nav').locator('a').first()).toHaveText('Сводка');
  await expect(page.getByTestId('console-nav-dashboard')).toHaveClass(/on/);
  await expect(page.getByTestId('dashboard-range')).toContainText('30 дней');
  const deposits = await tile(page, 'deposits');
  const openings = await tile(page, 'openings');
  const newPlayers = await tile(page, 'new');

  // Other tests may play at the same time: the figures grow by at least what this player did.
  const player = await register(request);
  const slug = await playerDepositsAndOpens(request, player);
  await page.reload();
  await hydrated(page);
  expect(await tile(page, 'deposits')).toBeGreaterThanOrEqual(deposits + 1000);
  expect(await tile(page, 'openings')).toBeGreaterThanOrEqual(openings + 2);
  expect(await tile(page, 'new')).toBeGreaterThanOrEqual(newPlayers + 1);
  expect(await tile(page, 'active')).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId(`dashboard-rtp-case-${slug}`)).toBeVisible();
  await expect(page.getByTestId('dashboard-rtp-game-cases-observed')).not.toHaveText('—');
  await chartsDrawn(page);
  await shootDashboard(page, 'ru-admin-dashboard');

  // A week: the address keeps it, and the days shown follow.
  await page.getByTestId('dashboard-preset-7').click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?days=7$/);
  await expect(page.getByTestId('dashboard-range')).toContainText('7 дней');
  await expect(page.getByTestId('dashboard-preset-7')).toHaveAttribute('aria-current', 'true');
  expect(await tile(page, 'deposits')).toBeGreaterThanOrEqual(1000);

  // A chosen period before the store existed: nothing in it.
  await page.getByTestId('dashboard-from').fill('2025-01-01');
  await page.getByTestId('dashboard-to').fill('2025-01-10');
  await page.getByTestId('dashboard-apply').click();
  await expect(page).toHaveURL(/\?from=2025-01-01&to=2025-01-10$/);
  await expect(page.getByTestId('dashboard-range')).toContainText('2025-01-01 – 2025-01-10 (UTC), 10 дней');
  expect(await tile(page, 'deposits')).toBe(0);
  expect(await tile(page, 'openings')).toBe(0);
  await expect(page.getByTestId('dashboard-rtp-cases')).toBeVisible();
  await chartsDrawn(page);

  // English, 90 days.
  await page.goto('/en/admin/dashboard?days=90');
  await hydrated(page);
  await expect(page.getByTestId('console-nav').locator('a').first()).toHaveText('Dashboard');
  await expect(page.getByTestId('dashboard-range')).toContainText('90 days');
  expect(await tile(page, 'deposits')).toBeGreaterThanOrEqual(1000);
  await expect(page.getByTestId('dashboard-tile-deposits')).toContainText('Deposits');
  await chartsDrawn(page);
  await shootDashboard(page, 'en-admin-dashboard');

  // Support helps players and reads no money figures: no entry, and the address tells it so.
  const support = await register(request);
  await setRole(support.login, 'support');
  await page.context().clearCookies();
  await signIn(page, baseURL!, support);
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await expect(page.getByTestId('console-nav-dashboard')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-refused')).toHaveText('Это доступно только администраторам');
});
