import { expect, test, type APIRequestContext } from '@playwright/test';
import { hydrated, playerWithItems, shoot, watchSuspense, WIDTHS } from './helpers.ts';

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
    // A stake alone picks no target: the player does, here by the default multiplier, and sees its chance.
    await expect(page.getByTestId('upgrade-no-target')).toBeVisible();
    await expect(page.getByTestId('upgrade-go')).toBeDisabled();
    const stake = Number(await page.getByTestId('upgrade-item').first().getAttribute('data-price'));
    await page.getByTestId('upgrade-quick-1.5').click();
    await expect(page.getByTestId('upgrade-target')).toBeVisible();
    expect(Number(await page.getByTestId('upgrade-target').getAttribute('data-price'))).toBeGreaterThanOrEqual(stake * 1.5);
    await expect(page.getByTestId('upgrade-chance')).toHaveText(lang === 'ru' ? /^\d+,\d{3}%$/ : /^\d+\.\d{3}%$/);
    await expect(page.getByTestId('upgrade-chance')).not.toHaveText(/^0[.,]000%$/);
    await expect(page.getByTestId('chance-label')).toBeVisible();
    await shoot(page, `${lang}-upgrade-ready`);

    const expBefore = Number(await page.getByTestId('header-xp').getAttribute('data-exp'));
    // While the wheel turns: no result, and the upgrade is not in everyone's recent list yet.
    const ownRecent = `[data-testid="recent-upgrade"][data-user="${player.user_id}"]`;
    const suspense = await watchSuspense(page, '[data-testid="upgrade-hero"][data-phase="spinning"]', ['[data-testid="upgrade-result"]', ownRecent]);
    await page.getByTestId('upgrade-go').click();
    const pointer = page.locator('.wheel__pointer');
    await expect.poll(() => pointer.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
    await shoot(page, `${lang}-upgrade-spinning`);
    await page.setViewportSize({ width: 1280, height: 800 });
    const result = page.getByTestId('upgrade-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    expect(await suspense.broken(), 'the outcome showed while the wheel still turned').toBe(false);
    await expect(page.locator(ownRecent)).toHaveCount(1, { timeout: 15_000 });
    // The outcome is on screen where the wheel stopped, not under the fold of a 1280×800 window.
    await expect(result).toBeInViewport({ ratio: 1 });
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

  test(`${lang}: the target list pages on, narrows to a price range and says when the range is upside down`, async ({ page, request, baseURL }) => {
    await playerWithItems(page, request, baseURL!, 1);
    await page.goto(`${prefix}/upgrades`);
    await hydrated(page);
    const targets = page.getByTestId('target-item');
    const count = page.getByTestId('target-count');
    await expect(targets).toHaveCount(24);
    const total = Number(await count.getAttribute('data-total'));
    expect(total, 'the catalogue holds more than a page').toBeGreaterThan(24);
    await page.getByTestId('target-more').click();
    await expect(targets).toHaveCount(Math.min(48, total));
    await expect(count).toHaveAttribute('data-shown', String(Math.min(48, total)));

    // A price range: every target within it, and the count follows.
    await page.getByTestId('target-price-from').fill('50');
    await page.getByTestId('target-price-to').fill(lang === 'ru' ? '200,5' : '200.5');
    await expect.poll(async () => Number(await count.getAttribute('data-total'))).toBeLessThan(total);
    const prices = (await targets.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-price'))))).filter(Number.isFinite);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(50);
      expect(price).toBeLessThanOrEqual(200.5);
    }
    // Cheapest first, as the order says.
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page.getByTestId('target-price-to').fill('10');
    await expect(page.getByTestId('target-range-error')).toHaveText(lang === 'ru' ? 'Верхняя цена должна быть больше нижней' : 'The upper price must be above the lower one');
    await expect(targets).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('target-price-from').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shoot(page, `${lang}-upgrade-range-error`, [width]);
    }
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

    // The prize must not join the grid while the contract is being signed, or the grid gives it
    // away: any item there that was not there before is the prize.
    const owned = await items.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
    const prizeInGrid = `[data-testid="contract-item"]${owned.map((id) => `:not([data-id="${id}"])`).join('')}`;
    const suspense = await watchSuspense(page, '[data-testid="contract-signing"]', [prizeInGrid]);
    await page.getByTestId('contract-sign').click();
    await expect(page.getByTestId('contract-signing')).toBeVisible();
    await shoot(page, `${lang}-contract-signing`);
    await expect(page.getByTestId('contract-result')).toBeVisible({ timeout: 15_000 });
    await shoot(page, `${lang}-contract-result`);
    expect(await suspense.broken(), 'the prize was in the grid while the contract was being signed').toBe(false);
    // Once shown, it is among the player's items.
    await expect(page.locator(prizeInGrid)).toHaveCount(1);
    // Three went in, one came out.
    expect(await inventoryCount(request, player)).toBe(3);

    const before = Number(await page.getByTestId('balance').getAttribute('data-value'));
    await page.getByTestId('contract-sell').click();
    await expect(page.getByTestId('contract-sold')).toBeVisible();
    await expect.poll(async () => Number(await page.getByTestId('balance').getAttribute('data-value'))).toBeGreaterThan(before);
    expect(await inventoryCount(request, player)).toBe(2);
  });
}
