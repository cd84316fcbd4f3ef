import { expect, test, type Page } from '@playwright/test';
import { cheapCase, grant, hydrated, playerWithItems, register, signIn } from './helpers.ts';

/**
 * Presses Tab until the control `testId` has the focus, as a keyboard user gets there; fails if it
 * never does. `where` narrows it further (a CSS condition on the control, such as one not yet chosen).
 */
async function tabTo(page: Page, testId: string, where = '', most = 120) {
  const selector = `[data-testid="${testId}"]${where}`;
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`${selector} was not reached in ${most} presses of Tab`);
}

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));

test('a player opens a case and sells the win with the keyboard alone', async ({ page, request, baseURL }) => {
  const player = await register(request);
  const chosen = await cheapCase(page);
  await grant(player.login, Math.ceil(chosen.price) + 5);
  await signIn(page, baseURL!, player);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en/open/${chosen.slug}`);
  await hydrated(page);
  const before = await balance(page);

  await tabTo(page, 'open-case');
  await expect(page.getByTestId('open-case')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('roulette')).toBeVisible();
  await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => balance(page)).toBeCloseTo(before - chosen.price, 2);

  const afterOpen = await balance(page);
  await tabTo(page, 'sell-won');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sell-result')).toBeVisible();
  await expect.poll(() => balance(page)).toBeGreaterThan(afterOpen);
});

// The pickers of the three games are lists of buttons: a keyboard user chooses with Tab and Enter or
// Space, sees what they chose (aria-pressed, the stage), and plays without a mouse.

test('a player stakes an item and picks a target on the upgrade wheel with the keyboard alone', async ({ page, request, baseURL }) => {
  await playerWithItems(page, request, baseURL!, 1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/upgrades');
  await hydrated(page);

  await tabTo(page, 'upgrade-item');
  await page.keyboard.press('Space');
  const staked = page.locator('[data-testid="upgrade-item"]:focus');
  await expect(staked).toHaveAttribute('aria-pressed', 'true');
  const stake = Number(await staked.getAttribute('data-price'));
  // The first target the keyboard meets can be picked: the list starts above the stake's price.
  await expect.poll(async () => Number(await page.getByTestId('target-item').first().getAttribute('data-price'))).toBeGreaterThan(stake);
  await tabTo(page, 'target-item');
  const target = await page.locator('[data-testid="target-item"]:focus').getAttribute('data-id');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('upgrade-target')).toHaveAttribute('data-id', target!);

  await tabTo(page, 'upgrade-go');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('upgrade-result')).toBeVisible({ timeout: 20_000 });
  await tabTo(page, 'upgrade-again');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('upgrade-result')).toHaveCount(0);
});

test('a player chooses three items and signs a contract with the keyboard alone', async ({ page, request, baseURL }) => {
  await playerWithItems(page, request, baseURL!, 1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/contract');
  await hydrated(page);

  for (let chosen = 1; chosen <= 3; chosen++) {
    await tabTo(page, 'contract-item', '[aria-pressed="false"]');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="contract-item"][aria-pressed="true"]')).toHaveCount(chosen);
  }
  // Enter on a chosen item puts it back: the choice is a toggle for the keyboard as for the mouse.
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="contract-item"][aria-pressed="true"]')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="contract-item"][aria-pressed="true"]')).toHaveCount(3);

  await tabTo(page, 'contract-sign', ':not([disabled])');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('contract-result')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('contract-prize')).toBeVisible();
});

test('a player puts cases in a battle and creates it with the keyboard alone', async ({ page, request, baseURL }) => {
  const player = await register(request);
  await grant(player.login, 1000);
  await signIn(page, baseURL!, player);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/battles/create');
  await hydrated(page);

  await tabTo(page, 'battle-case');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('battle-cart-line')).toHaveCount(1);
  await expect(page.getByTestId('battle-cart-count')).toHaveText('2');
  await tabTo(page, 'battle-mode-1v1');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('battle-mode-1v1')).toHaveAttribute('aria-checked', 'true');
  await tabTo(page, 'battle-create');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/battles\/[0-9A-Z]{26}$/);
  await expect(page.getByTestId('battle-arena')).toBeVisible();
});
