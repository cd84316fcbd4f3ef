import { expect, test, type Page } from '@playwright/test';
import { RUSSIAN_BROWSER, hydrated, register, shoot, signIn } from './helpers.ts';

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));

async function registerThroughDialog(page: Page) {
  await page.getByTestId('reg-create').click();
  await expect(page.getByTestId('reg-login')).not.toHaveValue('');
  await page.getByTestId('reg-continue').click();
}

test.describe(() => {
  // A player in Russia, whose browser speaks Russian: the Russian table (SBP, roubles) is theirs.
  test.use(RUSSIAN_BROWSER);

  test('keeps the Russian table when the page turns English, each method named in the page language', async ({ page, request, baseURL }) => {
    await signIn(page, baseURL!, await register(request));
    await page.goto('/refill');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Пополнение баланса');
    await expect(page.getByText('Способы оплаты: Россия, валюта RUB.')).toBeVisible();
    await expect(page.getByTestId('pay-method').filter({ hasText: 'СБП' })).toBeVisible();
    await expect(page.getByTestId('pay-method').filter({ hasText: 'Банковская карта' })).toBeVisible();
    // Brands keep their names; no kind of payment is named in English on a Russian page.
    await expect(page.getByTestId('pay-method').filter({ hasText: 'YooMoney' })).toBeVisible();
    await expect(page.getByTestId('pay-method').filter({ hasText: /SBP|Bank card|Mobile payment|Gift card/ })).toHaveCount(0);
    await shoot(page, 'ru-refill-russia');

    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/en\/refill$/);
    await expect(page.getByText('Payment methods for Russia, currency RUB.')).toBeVisible();
    await expect(page.getByTestId('pay-method').filter({ hasText: 'SBP' })).toBeVisible();
    // And the same when the English page is opened afresh, rendered on the server.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('Payment methods for Russia, currency RUB.')).toBeVisible();
    await expect(page.getByTestId('pay-method').filter({ hasText: 'Bank card' })).toBeVisible();
    // Spec §9: thousand separators only above 9999, and in the page language's form when they show.
    await expect(page.getByRole('button', { name: '1000 ₽', exact: true })).toBeVisible();
    await shoot(page, 'en-refill-russia');
  });

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

    await page.getByTestId('pay-method').filter({ hasText: 'СБП' }).click();
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
    // 15 for the level and 50 for the code, each said once, and what reached the balance in all.
    await expect(page.getByTestId('payment-bonus')).toHaveText('+15');
    await expect(page.getByTestId('payment-promo')).toHaveText('+50');
    await expect(page.getByTestId('payment-total')).toHaveText('565');
    await expect.poll(() => balance(page)).toBe(565);
    await shoot(page, 'ru-refill-result');
  });
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
  await expect(page.getByTestId('payment-promo')).toBeVisible();
  const status = await page.evaluate(async () => {
    const orderId = new URL(location.href).searchParams.get('orderId');
    return (await (await fetch(`/api/v1/payments/transaction/status?orderId=${orderId}`)).json()).data;
  });
  await expect.poll(() => balance(page)).toBeCloseTo(status.value + status.bonus.sum_bonus, 2);
  await shoot(page, 'en-refill-result');
});

for (const [lang, prefix, title] of [
  ['ru', '', 'Не удалось получить данные платежа'],
  ['en', '/en', 'Error while receiving payment info'],
] as const) {
  test(`${lang}: a payment whose status cannot be read says so, with the server's reason and a way to ask again`, async ({ page, request, baseURL }) => {
    await signIn(page, baseURL!, await register(request));
    // An order id the status call refuses (a malformed one): a real failure that is not "no such order".
    await page.goto(`${prefix}/refill/result?orderId=not.an.order`);
    await hydrated(page);
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-status', 'info_failed');
    await expect(result.locator('h1')).toHaveText(title);
    await expect(result.locator('p')).not.toBeEmpty();
    await expect(page.getByTestId('alert').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('payment-result-reload')).toBeVisible();
    await shoot(page, `${lang}-refill-info-failed`);
  });
}
