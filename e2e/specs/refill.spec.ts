import { expect, test, type Page } from '@playwright/test';
import { shoot } from './helpers.ts';

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));

async function registerThroughDialog(page: Page) {
  await page.getByTestId('reg-create').click();
  await expect(page.getByTestId('reg-login')).not.toHaveValue('');
  await page.getByTestId('reg-continue').click();
}

test('ru: a guest is sent to sign in, then tops up through the sandbox checkout with a promo code', async ({ page }) => {
  await page.goto('/refill');
  await expect(page).toHaveURL(/\/refill\/unauth$/);
  await expect(page.getByTestId('refill-guest')).toBeVisible();
  await shoot(page, 'ru-refill-guest');
  await page.getByTestId('refill-sign-in').click();
  await registerThroughDialog(page);
  // Signed in, the guest page hands over to the payment page.
  await expect(page).toHaveURL(/\/refill$/);
  await expect.poll(() => balance(page)).toBe(0);

  await page.getByTestId('pay-method').filter({ hasText: 'SBP' }).click();
  await page.getByTestId('refill-amount').fill('10');
  await expect(page.getByTestId('amount-error')).toBeVisible();
  await page.getByTestId('refill-amount').fill('500');
  await expect(page.getByTestId('amount-error')).toHaveCount(0);
  await page.getByTestId('promo-input').fill('nosuchcode');
  await expect(page.getByTestId('promo-error')).toBeVisible();
  await page.getByTestId('promo-input').fill(' welcome10 ');
  await expect(page.getByTestId('promo-info')).toContainText('10%');
  // 500 ₽ → 500 GOLD, +3 % for the 500 level, +10 % promo.
  await expect(page.getByTestId('refill-total')).toContainText('565');
  await shoot(page, 'ru-refill');

  await page.getByTestId('refill-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await shoot(page, 'ru-checkout');
  await page.locator('button.pay').click();

  await expect(page).toHaveURL(/\/refill\/result\?orderId=/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('payment-bonus')).toContainText('65');
  await expect.poll(() => balance(page)).toBe(565);
  await shoot(page, 'ru-refill-result');
});

test('en: bad fields are refused before paying, a failed payment credits nothing, then a top-up with a promo code goes through', async ({ page }) => {
  await page.goto('/en');
  await page.getByTestId('register-button').click();
  await registerThroughDialog(page);
  await page.getByTestId('top-up').click();
  await expect(page).toHaveURL(/\/en\/refill$/);
  await expect(page.getByRole('heading', { name: 'Top up' })).toBeVisible();

  const withEmail = page.getByTestId('pay-method').filter({ hasText: 'Bank card' }).first();
  await withEmail.click();
  await page.getByTestId('field-email').fill('not-an-email');
  await page.getByTestId('refill-pay').click();
  await expect(page.getByText('Check the e-mail')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/refill$/);
  await page.getByTestId('field-email').fill('player@example.com');
  await shoot(page, 'en-refill');

  await page.getByTestId('refill-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.locator('button.fail').click();
  await expect(page).toHaveURL(/\/en\/refill\/result\?orderId=/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'fail');
  await expect(page.getByRole('heading', { name: 'The payment failed' })).toBeVisible();
  // The order is final and failed: the server credited nothing, and the header agrees.
  const meAfterFail = (await (await page.request.get('/api/v1/users/me')).json()).data;
  expect(meAfterFail.finance.balance).toBe(0);
  await expect.poll(() => balance(page)).toBe(0);
  await shoot(page, 'en-refill-result-fail');

  // Then a payment that goes through, with a promo code: the result page and the header agree.
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/en\/refill$/);
  await page.getByTestId('pay-method').filter({ hasText: 'Bank card' }).first().click();
  await page.getByTestId('field-email').fill('player@example.com');
  await page.getByTestId('promo-input').fill('welcome10');
  await expect(page.getByTestId('promo-info')).toContainText('10%');
  await page.getByTestId('refill-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.locator('button.pay').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect(page.getByRole('heading', { name: 'Balance topped up' })).toBeVisible();
  await expect(page.getByTestId('payment-bonus')).toBeVisible();
  const status = await page.evaluate(async () => {
    const orderId = new URL(location.href).searchParams.get('orderId');
    return (await (await fetch(`/api/v1/payments/transaction/status?orderId=${orderId}`)).json()).data;
  });
  await expect.poll(() => balance(page)).toBeCloseTo(status.value + status.bonus.sum_bonus, 2);
  await shoot(page, 'en-refill-result');
});
