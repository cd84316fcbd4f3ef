import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { grant, shoot } from './helpers.ts';

/** A signed-in player holding `opens × 5` items from the cheapest plain case. */
async function playerWithItems(page: Page, request: APIRequestContext, baseURL: string, opens: number) {
  const reg = (await (await request.post('/api/v1/auth/registration/quick', { data: {} })).json()).data;
  const sections = (await (await request.get('/api/v2/case/sections/with-cases')).json()).data as any[];
  const box = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && c.statistic_data.opens_limit === null && c.price_data.price >= 100)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
  // Some balance is left over, so the store does not offer its low-balance case of the day here.
  await grant(reg.login, Math.ceil(box.price_data.price * 5 * opens) + 100);
  const headers = { authorization: `Bearer ${reg.access_token}` };
  for (let i = 0; i < opens; i++) expect((await request.post(`/api/v1/cases/${box.slug}/open`, { data: { multi_open: 5 }, headers })).status()).toBe(200);
  await page.context().addCookies([{ name: 'tastyToken', value: reg.access_token, url: baseURL }]);
  return { ...reg, headers };
}

const inventoryCount = async (request: APIRequestContext, player: { user_id: number; headers: Record<string, string> }) =>
  (await (await request.get(`/api/v1/inventory/get?user_id=${player.user_id}&group=upgrade`, { headers: player.headers })).json()).data.total_item;

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';

  test(`${lang}: a player upgrades an item on the wheel`, async ({ page, request, baseURL }) => {
    const player = await playerWithItems(page, request, baseURL!, 1);
    await page.goto(`${prefix}/upgrades`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('upgrade-item')).toHaveCount(5);
    await page.getByTestId('upgrade-item').first().click();
    // A target near 1.5 times the stake is suggested, with its chance.
    await expect(page.getByTestId('upgrade-target')).toBeVisible();
    await expect(page.getByTestId('upgrade-chance')).not.toHaveText('0.000%');
    await expect(page.getByTestId('chance-label')).toBeVisible();
    await shoot(page, `${lang}-upgrade-ready`);

    const expBefore = Number(await page.getByTestId('header-xp').getAttribute('data-exp'));
    await page.getByTestId('upgrade-go').click();
    const pointer = page.locator('.wheel__pointer');
    await expect.poll(() => pointer.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
    await shoot(page, `${lang}-upgrade-spinning`);
    const result = page.getByTestId('upgrade-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    await shoot(page, `${lang}-upgrade-result`);
    // Win or lose, the stake's experience reaches the header once the wheel has stopped.
    await expect.poll(async () => Number(await page.getByTestId('header-xp').getAttribute('data-exp')), { timeout: 10_000 }).toBeGreaterThan(expBefore);

    // The staked item left the inventory; a win brought the target in.
    const won = (await result.getAttribute('data-success')) === 'true';
    expect(await inventoryCount(request, player)).toBe(won ? 5 : 4);
    if (won) await expect(page.getByTestId('upgrade-prize')).toBeVisible();
    await expect(page.getByTestId('recent-upgrade').first()).toBeVisible();
    // The player's level badge beside their name in the list of everyone's upgrades.
    await expect(page.getByTestId('recent-upgrade').first().locator('.level-badge')).toHaveAttribute('data-level', /^\d+$/);

    // The upgrade tab of the profile lists it with its outcome.
    await page.goto(`${prefix}/profile/${player.user_id}`);
    await page.getByTestId('profile-upgrades-tab').click();
    await expect(page.getByTestId('upgrade-history-row')).toHaveCount(1);
    await shoot(page, `${lang}-profile-upgrades`);
  });

  test(`${lang}: a player signs a contract and sells what it returns`, async ({ page, request, baseURL }) => {
    const player = await playerWithItems(page, request, baseURL!, 1);
    await page.goto(`${prefix}/contract`);
    const items = page.getByTestId('contract-item');
    await expect(items).toHaveCount(5);
    for (let i = 0; i < 3; i++) await items.nth(i).click();
    await expect(page.getByTestId('contract-range')).toBeVisible();
    await expect(page.getByTestId('contract-outcome').first()).toBeVisible();
    await shoot(page, `${lang}-contract-ready`);

    await page.getByTestId('contract-sign').click();
    await expect(page.getByTestId('contract-signing')).toBeVisible();
    await shoot(page, `${lang}-contract-signing`);
    await expect(page.getByTestId('contract-result')).toBeVisible({ timeout: 15_000 });
    await shoot(page, `${lang}-contract-result`);
    // Three went in, one came out.
    expect(await inventoryCount(request, player)).toBe(3);

    const before = Number(await page.getByTestId('balance').getAttribute('data-value'));
    await page.getByTestId('contract-sell').click();
    await expect(page.getByTestId('contract-sold')).toBeVisible();
    await expect.poll(async () => Number(await page.getByTestId('balance').getAttribute('data-value'))).toBeGreaterThan(before);
    expect(await inventoryCount(request, player)).toBe(2);
  });
}
