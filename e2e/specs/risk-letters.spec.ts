import { expect, test } from '@playwright/test';
import { hydrated, shoot } from './helpers.ts';

/**
 * The risk letters L/M/H/E on the case cards (spec §9 volatility) say what they mean to a phone,
 * which has no hover: a tap on the letter opens its name, a tap elsewhere closes it; the keyboard
 * opens it too, and the card itself still leads to its case.
 */
const names = {
  ru: { prefix: '', L: 'Низкая волатильность', M: 'Средняя волатильность', H: 'Высокая волатильность', E: 'Экстремальная волатильность' },
  en: { prefix: '/en', L: 'Low volatility', M: 'Medium volatility', H: 'High volatility', E: 'Extreme volatility' },
} as const;

for (const lang of ['ru', 'en'] as const) {
  const t = names[lang];
  test.describe(() => {
    test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

    test(`${lang}: on a phone a tap on a case card's risk letter shows what it means, and the keyboard reaches it too`, async ({
      page,
    }) => {
      await page.goto(`${t.prefix}/`);
      await hydrated(page);
      const mark = page.getByTestId('volatility-button').first();
      await mark.scrollIntoViewIfNeeded();
      const letter = (await mark.locator('b').textContent()) as 'L' | 'M' | 'H' | 'E';
      await expect(mark).toHaveAccessibleName(t[letter]);
      const tip = page.getByTestId('volatility-tip').first();
      await expect(tip).toBeHidden();

      await mark.tap();
      await expect(tip).toBeVisible();
      await expect(tip).toHaveText(t[letter]);
      await expect(mark).toHaveAttribute('aria-expanded', 'true');
      // The tap opened the explanation, it did not open the case.
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/?$`));
      // Wholly on the screen, not cut by the card or the page's edge.
      const box = (await tip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await page
        .getByTestId('volatility-button')
        .first()
        .evaluate((el) => el.closest('.case-card-cell')?.scrollIntoView({ block: 'center' }));
      await shoot(page, `${lang}-risk-letter-open`, [360]);

      // A tap elsewhere closes it.
      await page.touchscreen.tap(180, 12);
      await expect(tip).toBeHidden();

      // Keyboard: focus, Enter opens, Escape closes.
      await mark.focus();
      await page.keyboard.press('Enter');
      await expect(tip).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(tip).toBeHidden();

      // The card still leads to its case.
      await page.getByTestId('case-card').first().tap();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/open/`));
    });
  });
}
