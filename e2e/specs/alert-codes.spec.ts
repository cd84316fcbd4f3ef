import { expect, test } from '@playwright/test';
import { cheapCase, grant, hydrated, register, signIn, watchAlerts } from './helpers.ts';

/**
 * Spec §8's alert codes that a flow of the store raises (decision 054), each driven here as a
 * player meets it: the words the alert shows are the code's own.
 */

test('a case opened without the balance for it shows error_not_enough_funds', async ({ page, request, baseURL }) => {
  const alerts = await watchAlerts(page);
  const player = await register(request);
  await signIn(page, baseURL!, player);
  const box = await cheapCase(page);
  await page.goto(`/en/open/${box.slug}`);
  await hydrated(page);
  await page.getByTestId('open-case').click();
  // error_not_enough_funds, an error alert.
  await alerts.shown('Not enough balance');
  await expect(page.locator('[data-testid="alert"][data-kind="error"]', { hasText: 'Not enough balance' }).first()).toBeAttached();
  expect((await (await request.get('/api/v1/users/me', { headers: player.headers })).json()).data.finance.balance).toBe(0);
});

test('the starting level says it is being worked out (level_generation), then why it failed (error_generation)', async ({
  page,
  request,
  baseURL,
}) => {
  const alerts = await watchAlerts(page);
  const player = await register(request);
  // A player with a deposit, so the page offers the level (before one it offers the top-up instead).
  const started = await request.post('/api/v1/payments/transaction/start', { headers: player.headers, data: { country: 'RU', method_id: 101, amount: 1000 } });
  const { order_id } = (await started.json()).data as { order_id: string };
  expect((await request.post(`/sandbox/checkout/${order_id}/complete`, { form: { outcome: 'pay', lang: 'ru' }, maxRedirects: 0 })).status()).toBeLessThan(400);
  // The deposit reaches the level a moment after the payment (the experience consumer counts it).
  await expect
    .poll(async () => (await (await request.get('/api/v1/users/me', { headers: player.headers })).json()).data.levels.first_deposit_made)
    .toBe(true);
  await signIn(page, baseURL!, player);
  await page.goto('/en/daily-cases');
  await hydrated(page);
  // Taken meanwhile in another tab: this page's offer is stale, and the server refuses it.
  expect((await request.post('/api/v1/users/level/generate', { headers: player.headers })).status()).toBe(200);
  await page.getByTestId('start-level-generate').click();
  await alerts.shown('Working out your level…');
  await alerts.shown('Your level could not be worked out, please try again');
  const seen = await alerts.seen();
  const failed = seen.find((a) => a.includes('Your level could not be worked out'));
  expect(failed).toContain('Your starting level has already been generated');
  expect(seen.findIndex((a) => a.includes('Working out your level…'))).toBeLessThan(seen.indexOf(failed!));
  // The page then knows the level is taken and offers it no more.
  await expect(page.getByTestId('start-level')).toHaveCount(0);
});

test('a payment result for an order the lookup does not find shows status_not_found in place', async ({ page, request, baseURL }) => {
  const alerts = await watchAlerts(page);
  const player = await register(request);
  await signIn(page, baseURL!, player);
  await page.goto('/refill/result?orderId=ord_nobody_has_this');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'not_found');
  await expect(page.getByRole('heading', { name: 'Статус не найден, попробуйте позже' })).toBeVisible();
  await hydrated(page);
  await alerts.shown('Статус не найден, попробуйте позже');
  await page.getByRole('link', { name: 'Попробовать снова' }).click();
  await expect(page).toHaveURL(/\/refill$/);
});

test('taking a seat in a battle says the player is joining it (joining_battle)', async ({ page, request, baseURL }) => {
  const alerts = await watchAlerts(page);
  const host = await register(request);
  await grant(host.login, 1000);
  const box = await cheapCase(page);
  const created = await request.post('/api/battles/battles', {
    headers: host.headers,
    data: { mode: '1v1', cases: [{ slug: box.slug, count: 1 }] },
  });
  const ulid = ((await created.json()).data as { battle_ulid: string }).battle_ulid;
  const guest = await register(request);
  await grant(guest.login, 1000);
  await signIn(page, baseURL!, guest);
  await page.goto(`/en/battles/${ulid}`);
  await hydrated(page);
  await page.getByTestId('battle-join-seat').first().click();
  await alerts.shown('Joining the battle…');
});

test('a quick registration announces itself (registration_success)', async ({ page }) => {
  const alerts = await watchAlerts(page);
  await page.goto('/en');
  await hydrated(page);
  await page.getByTestId('register-button').click();
  await page.getByTestId('reg-create').click();
  await expect(page.getByTestId('reg-login')).toBeVisible();
  await page.getByTestId('reg-continue').click();
  await alerts.shown('Registration successful');
  await expect(page.getByTestId('balance')).toBeVisible();
});
