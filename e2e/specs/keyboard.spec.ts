import { expect, test, type Page } from '@playwright/test';
import { cheapCase, grant, hydrated, register, signIn } from './helpers.ts';

/** Presses Tab until the control `testId` has the focus, as a keyboard user gets there; fails if it never does. */
async function tabTo(page: Page, testId: string, most = 80) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`${testId} was not reached in ${most} presses of Tab`);
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
