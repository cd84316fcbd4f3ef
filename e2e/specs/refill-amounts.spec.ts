import { expect, test, type Page } from '@playwright/test';
import { COIN_CURRENCY } from '@store/shared/constants';
import { RUSSIAN_BROWSER, hydrated, operator, register, shoot, signIn } from './helpers.ts';

/*
 * Money shown must be money credited: the refill form's "you get", its promo line and coins are
 * what the receipt lists and what the balance gains, in both languages, for an instant code and
 * a blogger code (whose percent depends on the sum).
 */
const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));
const units = (text: string) => Number(text.replace(/[^\d,.-]/g, '').replace(',', '.'));

const CASES = [
  {
    code: 'GIFT50',
    amount: '100',
    // 100 ₽ → 100 GOLD, the code's 50 on top; 10 coins per 100.
    total: 150,
    promo: 50,
    coins: 10,
    info: { ru: 'Промокод даст 50', en: 'The code gives 50' },
  },
  {
    code: 'BLOGGER',
    amount: '500',
    // 500 GOLD reaches the 100-GOLD offer (+10 %, 15 coins per 100), not the 1 000 one (+20 %); +3 % level.
    total: 565,
    promo: 50,
    coins: 75,
    info: { ru: '+10% к этому пополнению · +20% от 1000', en: '+10% on top of this deposit · +20% from 1000' },
  },
] as const;

test.describe(() => {
  // The Russian table (SBP, roubles) follows the browser, whichever language the page speaks (decision 043).
  test.use(RUSSIAN_BROWSER);

  for (const lang of ['ru', 'en'] as const) {
    for (const c of CASES) {
      test(`${lang}: ${c.code} — the form, the receipt and the balance tell the same sums`, async ({ page, request, baseURL }) => {
        await signIn(page, baseURL!, await register(request));
        await page.goto(lang === 'en' ? '/en/refill' : '/refill');
        await hydrated(page);
        await expect.poll(() => balance(page)).toBe(0);
        await page.getByTestId('pay-method').filter({ hasText: lang === 'en' ? 'SBP' : 'СБП' }).click();
        await page.getByTestId('refill-amount').fill(c.amount);
        await page.getByTestId('promo-input').fill(c.code.toLowerCase());
        await expect(page.getByTestId('promo-info')).toHaveText(c.info[lang]);
        const summary = page.getByTestId('refill-summary');
        await expect(summary).toHaveAttribute('data-fresh', 'true');
        await expect(page.getByTestId('refill-total')).toHaveText(String(c.total));
        await expect(page.getByTestId('refill-promo')).toHaveText(`+${c.promo}`);
        await expect(page.getByTestId('refill-coins')).toHaveText(`+${c.coins}`);
        const shown = {
          total: (await page.getByTestId('refill-total').textContent())!,
          promo: (await page.getByTestId('refill-promo').textContent())!,
          coins: (await page.getByTestId('refill-coins').textContent())!,
        };
        await shoot(page, `money-${lang}-refill-${c.code.toLowerCase()}`);

        await page.getByTestId('refill-pay').click();
        await expect(page).toHaveURL(/\/sandbox\/checkout\//);
        await page.locator('button.pay').click();
        await expect(page).toHaveURL(/\/refill\/result\?orderId=/);
        await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
        // The receipt says what the form said, line by line, and the balance gained exactly that.
        await expect(page.getByTestId('payment-total')).toHaveText(shown.total);
        await expect(page.getByTestId('payment-promo')).toHaveText(shown.promo);
        await expect(page.getByTestId('payment-coins')).toHaveText(shown.coins);
        await expect.poll(() => balance(page)).toBe(units(shown.total));
        await shoot(page, `money-${lang}-refill-result-${c.code.toLowerCase()}`);
      });
    }
  }

  for (const lang of ['ru', 'en'] as const) {
    test(`${lang}: coins with cents read the same in the header as on the coin cases page`, async ({ page, request, baseURL }) => {
      const player = await register(request);
      const admin = await register(request);
      await operator(['make-admin', '--login', admin.login]);
      // 18.45 coins: two decimals, which the header once cut to one ("18,5").
      const adjusted = await request.post(`/api/v1/admin/players/${player.user_id}/balance`, {
        headers: { authorization: `Bearer ${admin.access_token}` },
        data: { amount: 18.45, currency: COIN_CURRENCY, reason: 'coins with cents in the header' },
      });
      expect(adjusted.status(), await adjusted.text()).toBe(200);
      await signIn(page, baseURL!, player);
      await page.goto(lang === 'en' ? '/en/event/coin-cases' : '/event/coin-cases');
      await hydrated(page);
      const coins = lang === 'en' ? '18.45' : '18,45';
      await expect(page.getByTestId('coins')).toHaveAttribute('data-value', '18.45');
      await expect(page.getByTestId('coins')).toHaveText(coins);
      await shoot(page, `money-${lang}-coins-header`);
    });
  }

  test('a blogger code below its first offer says from which sum it pays, and gives nothing yet', async ({ page, request, baseURL }) => {
    await signIn(page, baseURL!, await register(request));
    await page.goto('/en/refill');
    await hydrated(page);
    await page.getByTestId('pay-method').filter({ hasText: 'YooMoney' }).click();
    await page.getByTestId('refill-amount').fill('60');
    await page.getByTestId('promo-input').fill('BLOGGER');
    await expect(page.getByTestId('promo-info')).toHaveText('+10% from 100');
    await expect(page.getByTestId('refill-summary')).toHaveAttribute('data-fresh', 'true');
    await expect(page.getByTestId('refill-total')).toHaveText('60');
    await expect(page.getByTestId('refill-promo')).toHaveCount(0);
  });
});
