import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { grant, openAsap, STORE_WIDE } from './helpers.ts';

async function register(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/registration/quick', { data: {} });
  return (await res.json()).data as { login: string; access_token: string; user_id: number };
}

async function cheapestCase(request: APIRequestContext) {
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as any[];
  return sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && c.statistic_data.opens_limit === null)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
}

async function signInPage(page: Page, baseURL: string, token: string, path: string) {
  await page.context().addCookies([{ name: 'tastyToken', value: token, url: baseURL }]);
  await page.goto(path);
}

test('inventory: pages of 45, at most 10 selected, sell all empties it and credits the total', async ({ page, request, baseURL }) => {
  const player = await register(request);
  const box = await cheapestCase(request);
  await grant(player.login, Math.ceil(box.price_data.price * 60));
  const headers = { authorization: `Bearer ${player.access_token}` };
  for (let i = 0; i < 10; i++) {
    const res = await openAsap(request, box.slug, 5, headers);
    expect(res.status()).toBe(200);
  }

  await signInPage(page, baseURL!, player.access_token, `/profile/${player.user_id}`);
  await expect(page.getByTestId('inventory-item')).toHaveCount(45);
  await expect(page.getByTestId('inventory-page')).toHaveText('1 / 2');
  await page.getByTestId('next-page').click();
  await expect(page.getByTestId('inventory-item')).toHaveCount(5);
  await expect(page.getByTestId('next-page')).toBeDisabled();
  await page.getByRole('button', { name: '←' }).click();
  await expect(page.getByTestId('inventory-item')).toHaveCount(45);

  const items = page.getByTestId('inventory-item');
  for (let i = 0; i < 11; i++) await items.nth(i).click();
  await expect(page.locator('.item-card--selected')).toHaveCount(10);
  await expect(page.getByTestId('alert').filter({ hasText: '10' })).toBeVisible();

  const before = Number(await page.getByTestId('balance').getAttribute('data-value'));
  const inv = (await (await request.get(`/api/v1/inventory/get?user_id=${player.user_id}`, { headers })).json()).data;
  // Selling everything asks first, with the total the inventory shows.
  await page.getByTestId('sell-all').click();
  await expect(page.getByTestId('confirm-sum')).toContainText(String(Math.floor(inv.total_price)));
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('inventory-empty')).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId('balance').getAttribute('data-value'))).toBeCloseTo(before + inv.total_price, 2);
});

test('the live ribbon shows another player\'s drop as it happens', STORE_WIDE, async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByTestId('live-ribbon')).toBeVisible();
  // The ribbon says when its socket is subscribed; the drop happens after that.
  await expect(page.getByTestId('live-ribbon')).toHaveAttribute('data-live', 'on');
  const countBefore = await page.getByTestId('live-drop').count();
  // The footer counts this very tab online once its socket is open (the page was rendered before it).
  await expect.poll(async () => Number(await page.locator('.footer__stats .stat--online b').textContent())).toBeGreaterThanOrEqual(1);

  const other = await register(request);
  const box = await cheapestCase(request);
  await grant(other.login, Math.ceil(box.price_data.price * 2));
  const res = await request.post(`/api/v1/cases/${box.slug}/open`, { data: { multi_open: 1 }, headers: { authorization: `Bearer ${other.access_token}` } });
  const won = (await res.json()).data.opens[0].item;

  // Find this player's drop by name, whatever else the ribbon holds.
  const mine = page.getByTestId('live-drop').filter({ hasText: other.login });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(won.name);
  // The winner's level badge, coloured by its band; a player who just started is level 1.
  await expect(mine.locator('.level-badge')).toHaveAttribute('data-level', '1');
  expect(await page.getByTestId('live-drop').count()).toBeGreaterThanOrEqual(Math.min(countBefore + 1, 20));
});
