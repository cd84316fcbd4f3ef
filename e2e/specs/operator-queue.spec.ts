import { expect, test, type APIRequestContext } from '@playwright/test';
import { PUSH_BANNER_KEY } from '../../apps/web/app/lib/storage-keys.ts';
import { STORE_WIDE, advanceClock, giveItem, hydrated, register, setRole, shoot, signIn, type Player } from './helpers.ts';

/**
 * The console's withdrawal queue and payments (decision 032). A player withdraws a skin whose
 * marketplace order never reports back (the sandbox's `stall…` trade link); hours later the worker
 * hands it to the operators; a support operator finds it in the queue and tries to refund it:
 * the store asks the marketplace first and, with no answer about the order (its seller may still
 * deliver), refuses in the confirmation; nothing moves. The operator also finds the player's
 * payment with its provider reference. The store's clock is moved on, so these run alone.
 */

const texts = {
  ru: { handed: 'Передан операторам', pending: 'Заказ на маркете ещё не завершён или маркет не ответил', paid: 'Оплачен' },
  en: { handed: 'Handed to operators', pending: 'The marketplace order is still live, or the marketplace did not answer', paid: 'Paid' },
} as const;

const SKIN = 'aug-daedalus-ft';
const tradeLink = (token: string) => `https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=${token}`;

async function withdrawalState(request: APIRequestContext, player: Player, itemId: number): Promise<string | null> {
  const res = await request.get(`/api/v1/inventory/${itemId}/trade_id`, { headers: player.headers });
  return res.ok() ? ((await res.json()) as { data: { state: string } }).data.state : null;
}

/** A paid top-up through the sandbox provider's checkout, as the player's browser would complete it. */
async function paidTopUp(request: APIRequestContext, player: Player): Promise<string> {
  const started = await request.post('/api/v1/payments/transaction/start', { headers: player.headers, data: { country: 'RU', method_id: 101, amount: 1000 } });
  expect(started.status()).toBe(200);
  const orderId = ((await started.json()) as { data: { order_id: string } }).data.order_id;
  await request.post(`/sandbox/checkout/${orderId}/complete`, { form: { outcome: 'pay', lang: 'ru' }, maxRedirects: 0 });
  return orderId;
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: support may not refund a withdrawal the marketplace does not answer about; the skin may still arrive`, STORE_WIDE, async ({ page, request, baseURL }) => {
    const player = await register(request);
    const { inventory_id: itemId } = await giveItem(player.login, SKIN);
    expect((await request.post('/api/v1/users/set/steam/data', { data: { link: tradeLink(`stall${Date.now()}`) }, headers: player.headers })).status()).toBe(200);
    expect((await request.post('/api/v1/inventory/senditem', { data: { ids: [itemId], method: 'trade' }, headers: player.headers })).status()).toBe(200);
    // Placed at the marketplace, which then never answers about it; three hours on, the worker hands it over.
    await expect.poll(() => withdrawalState(request, player, itemId), { timeout: 30_000 }).toBe('waiting_seller');
    await advanceClock(3);
    await expect.poll(() => withdrawalState(request, player, itemId), { timeout: 30_000 }).toBe('support');
    const orderId = await paidTopUp(request, player);

    const support = await register(request);
    await setRole(support.login, 'support');
    await signIn(page, baseURL!, support);
    // The push-notification offer, closed before, would stand over the table in the screenshots.
    await page.addInitScript((key) => localStorage.setItem(key, String(Date.now())), PUSH_BANNER_KEY);
    await page.goto(`${prefix}/admin/withdrawals?q=${player.login}`);
    await hydrated(page);
    await expect(page.getByTestId('console-nav-withdrawals')).toBeVisible();
    const row = page.getByTestId('withdrawal-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-attention', 'support');
    await expect(row).toContainText(t.handed);
    await expect(row).toContainText(player.login);
    await shoot(page, `${lang}-admin-withdrawals`, [768, 1280]);

    // The refund asks first, and wants a reason.
    await row.getByTestId('withdrawal-refund').click();
    const dialog = page.getByTestId('withdrawal-confirm');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('withdrawal-confirm-button').click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByTestId('withdrawal-reason').fill('marketplace order looks cancelled');
    await dialog.getByTestId('withdrawal-confirm-button').click();
    // The marketplace is asked first: it does not answer about the order, so the store refuses, in place.
    await expect(dialog.getByTestId('withdrawal-action-error')).toContainText(t.pending);
    await shoot(page, `${lang}-admin-withdrawal-refund`, [768, 1280]);
    await dialog.getByRole('button', { name: lang === 'ru' ? 'Отмена' : 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Nothing moved: still with the operators, the item still out of the player's inventory.
    await page.reload();
    await expect(page.getByTestId('withdrawal-row')).toHaveAttribute('data-attention', 'support');
    await expect.poll(() => withdrawalState(request, player, itemId)).toBe('support');

    // The player's payment, found by the provider's reference's order.
    await page.goto(`${prefix}/admin/payments?q=${player.login}`);
    await hydrated(page);
    const payment = page.getByTestId('payment-row');
    await expect(payment).toHaveCount(1);
    await expect(payment).toHaveAttribute('data-status', 'success');
    await expect(payment).toContainText(orderId);
    await expect(payment).toContainText(t.paid);
    await shoot(page, `${lang}-admin-payments`, [768, 1280]);
  });
}
