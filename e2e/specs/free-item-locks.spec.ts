import { expect, test } from '@playwright/test';
import { WIDTHS, hydrated, register, shoot, signIn } from './helpers.ts';

// Decision 058: a fresh account's level-case drop waits for the first deposit, and says so.
const texts = {
  ru: 'Продажа и вывод откроются после первого пополнения',
  en: 'Sale and withdrawal unlock after your first top-up',
} as const;

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a new player's level-case drop shows its lock, and its sale and withdrawal are disabled`, async ({ page, request, baseURL }) => {
    const player = await register(request);
    const opened = await request.post('/api/v1/cases/level-1/open', { data: { multi_open: 1 }, headers: player.headers });
    expect(opened.status()).toBe(200);
    const drop = (await opened.json()).data.opens[0].item as { id: number; sale_locked: boolean };
    expect(drop.sale_locked).toBe(true);

    await signIn(page, baseURL!, player);
    await page.goto(`${lang === 'en' ? '/en' : ''}/profile/${player.user_id}`);
    await hydrated(page);
    const card = page.locator(`[data-testid="inventory-item"][data-item-id="${drop.id}"]`);
    await expect(card.getByTestId('item-lock')).toHaveText(texts[lang]);
    for (const action of ['item-sell', 'item-withdraw', 'item-replace', 'item-upgrade']) await expect(card.getByTestId(action)).toBeDisabled();
    // Nothing else to sell: "sell all" waits too, and a click on the card selects nothing.
    await expect(page.getByTestId('sell-all')).toBeDisabled();
    await card.locator('.item-card').click();
    await expect(page.locator('.item-card--selected')).toHaveCount(0);
    // The card in the middle of the screen at each width, where a phone's player would look at it.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shoot(page, `${lang}-inventory-free-drop-locked`, [width]);
    }
  });
}
