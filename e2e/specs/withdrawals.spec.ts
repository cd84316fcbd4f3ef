import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { giveItem, hydrated, register, shoot, signIn, watchAlerts, type Player } from './helpers.ts';

/**
 * Withdrawal to Steam, trade links, skin exchange, packs and balance credits in the player's own
 * inventory. The store runs the sandbox marketplace ten times faster than real sellers; the trade
 * link's token picks the seller: `unavail…` nobody sells the skin, anything else an ordinary sale.
 */

const texts = {
  ru: {
    noLink: 'Вставьте ссылку на обмен',
    badLink: 'Это не ссылка на обмен Steam',
    saved: 'Данные Steam сохранены',
    queued: 'Предмет в очереди на вывод',
    received: 'Предмет получен в Steam',
    delivered: 'Выведен в Steam',
    noSeller: 'Этот скин сейчас никто не продаёт: выберите замену',
    credited: 'Зачислено на баланс: 50',
  },
  en: {
    noLink: 'Paste your trade link',
    badLink: 'This is not a Steam trade link',
    saved: 'Steam data saved',
    queued: 'The item is in the withdrawal queue',
    received: 'The item was received in Steam',
    delivered: 'Delivered to Steam',
    noSeller: 'Nobody sells this skin right now: choose a replacement',
    credited: 'Credited to your balance: 50',
  },
} as const;

/** A cheap ordinary skin with plenty of skins of about its price to swap it for. */
const SKIN = 'aug-daedalus-ft';
const tradeLink = (token: string) => `https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=${token}`;

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));
const card = (page: Page, id: number) => page.locator(`[data-testid="inventory-item"][data-item-id="${id}"]`);

async function saveSteamData(request: APIRequestContext, player: Player, link: string) {
  const res = await request.post('/api/v1/users/set/steam/data', { data: { link }, headers: player.headers });
  expect(res.status()).toBe(200);
}

/** Opens the player's own inventory once its live withdrawal news can arrive. */
async function openInventory(page: Page, baseURL: string, player: Player, prefix: string) {
  await signIn(page, baseURL, player);
  const alerts = await watchAlerts(page);
  await page.goto(`${prefix}/profile/${player.user_id}`);
  await hydrated(page);
  await expect(page.getByTestId('withdrawal-listener')).toHaveAttribute('data-live', 'on');
  return alerts;
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: a player saves a trade link, withdraws a skin and sees it delivered to Steam`, async ({ page, request, baseURL }) => {
    const player = await register(request);
    const { inventory_id: id } = await giveItem(player.login, SKIN);
    const alerts = await openInventory(page, baseURL!, player, prefix);
    await expect(card(page, id)).toHaveAttribute('data-status', 'progress');

    // No trade link yet: the withdrawal is refused and the widget opens with the reason.
    await card(page, id).getByTestId('item-withdraw').click();
    const widget = page.getByTestId('trade-link-dialog');
    await expect(widget).toBeVisible();
    await expect(widget.getByTestId('trade-link-error')).toHaveText(t.noLink);
    await expect(widget.getByTestId('trade-link-help')).toHaveAttribute('href', 'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url');

    // A link that is not a trade link is refused under the field, in the page's language.
    await widget.getByTestId('trade-link-input').fill('https://steamcommunity.com/id/someone');
    await widget.getByTestId('steam-save').click();
    await expect(widget.getByTestId('trade-link-error')).toHaveText(t.badLink);
    await shoot(page, `${lang}-inventory-trade-link`);

    await widget.getByTestId('trade-link-input').fill(tradeLink('AbCd1234'));
    await widget.getByTestId('steam-save').click();
    await alerts.shown(t.saved);
    await expect(widget).toBeHidden();

    // The withdrawal: queued, then followed on the withdrawal tab until Steam has it.
    await card(page, id).getByTestId('item-withdraw').click();
    await alerts.shown(t.queued);
    await expect(page.getByTestId('inventory-tab-withdrawal')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, id)).toHaveAttribute('data-status', 'STEAM_WITHDRAWN', { timeout: 30_000 });
    await expect(card(page, id).getByTestId('item-status')).toHaveText(t.delivered);
    await alerts.shown(t.received);
    // The saved link is the widget's next starting point.
    await page.getByTestId('open-trade-link').click();
    await expect(page.getByTestId('trade-link-input')).toHaveValue(tradeLink('AbCd1234'));
  });

  test(`${lang}: nobody sells the skin, the exchange popup opens and a replacement comes in with the change`, async ({ page, request, baseURL }) => {
    const player = await register(request);
    const { inventory_id: id, price } = await giveItem(player.login, SKIN);
    await saveSteamData(request, player, tradeLink('unavailXy12'));
    const alerts = await openInventory(page, baseURL!, player, prefix);
    const before = await balance(page);

    await card(page, id).getByTestId('item-withdraw').click();
    const popup = page.getByTestId('exchange-dialog');
    await expect(popup).toBeVisible({ timeout: 30_000 });
    await alerts.shown(t.noSeller);
    await expect(popup.getByTestId('replacement-item').first()).toBeVisible();
    await shoot(page, `${lang}-exchange-popup`);

    // The cheapest offer leaves the most change.
    const offers = (await (await request.get(`/api/v1/inventory/get/replacements?id=${id}`, { headers: player.headers })).json()).data;
    const last = offers.items.length - 1;
    const pick = offers.items[last] as { name: string; price: number };
    const change = Math.round((price - pick.price) * 100) / 100;
    expect(change).toBeGreaterThanOrEqual(0);
    await popup.getByTestId('replacement-item').nth(last).click();
    await popup.getByTestId('exchange-confirm').click();
    await expect(popup).toBeHidden();

    await page.getByTestId('inventory-tab-active').click();
    await expect(card(page, id)).toHaveCount(0);
    await expect(page.getByTestId('inventory-item')).toHaveCount(1);
    await expect(page.getByTestId('inventory-item').first()).toHaveAttribute('data-status', 'progress');
    await expect.poll(() => balance(page)).toBeCloseTo(before + change, 2);
    const active = (await (await request.get(`/api/v1/inventory/get?user_id=${player.user_id}&group=active`, { headers: player.headers })).json()).data;
    expect(active.items.map((i: any) => [i.name, i.source])).toEqual([[pick.name, 'Change']]);
  });
}

test('ru: unpacking a pack shows its skins only when the animation has ended', async ({ page, request, baseURL }) => {
  const player = await register(request);
  const { inventory_id: id } = await giveItem(player.login, 'pack-big-ten');
  // The page's clock runs freely while the page loads, then is the test's from the click on: the
  // animation's end is a moment the test chooses, not one this machine happens to reach.
  await page.clock.install();
  await openInventory(page, baseURL!, player, '');
  await expect(page.getByTestId('inventory-item')).toHaveCount(1);

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await card(page, id).getByTestId('item-unpack').click();
  const overlay = page.getByTestId('unpack');
  // The answer reaches the page through zero-delay timers only: step the clock a millisecond at a
  // time until the animation begins, counting how far it moved.
  let moved = 0;
  const state = () => page.evaluate(() => document.querySelector('[data-testid="unpack"]')?.getAttribute('data-state') ?? null);
  await expect
    .poll(async () => {
      const now = await state();
      if (now !== 'playing') {
        await page.clock.runFor(1);
        moved++;
      }
      return now;
    })
    .toBe('playing');
  // More than seven skins: the 4-second animation; the grid keeps only the pack meanwhile.
  await expect(overlay).toHaveAttribute('data-duration', '4000');
  const count = await overlay.getByTestId('unpacked-item').count();
  expect(count).toBeGreaterThan(7);
  await expect(page.getByTestId('inventory').getByTestId('inventory-item')).toHaveCount(1);

  // The animation began no earlier than the pause, so 3999 ms after it, it still plays...
  await page.clock.runFor(3_999 - moved);
  await expect(overlay).toHaveAttribute('data-state', 'playing');
  await expect(page.getByTestId('inventory').getByTestId('inventory-item')).toHaveCount(1);
  // ...and no later than `moved` ms after it, so 4000 ms after that, it has ended.
  await page.clock.runFor(moved + 1);
  await expect(overlay).toHaveAttribute('data-state', 'done');
  await page.clock.resume();
  await overlay.getByTestId('unpack-close').click();
  await expect(page.getByTestId('inventory-item')).toHaveCount(count);
  await expect(card(page, id)).toHaveCount(0);
});

test('ru: a balance credit is selected on its own and paid into the balance', async ({ page, request, baseURL }) => {
  const player = await register(request);
  await giveItem(player.login, SKIN);
  const { inventory_id: credit } = await giveItem(player.login, 'credit-50');
  const alerts = await openInventory(page, baseURL!, player, '');
  await expect(page.getByTestId('inventory-item')).toHaveCount(2);
  const before = await balance(page);

  // Spec §4: while a credit is selected only credits in progress are shown.
  await card(page, credit).locator('.item-card').click();
  await expect(page.getByTestId('inventory-item')).toHaveCount(1);
  await page.getByTestId('withdraw-selected').click();
  await alerts.shown(texts.ru.credited);
  await expect.poll(() => balance(page)).toBeCloseTo(before + 50, 2);
  await expect(card(page, credit)).toHaveCount(0);
  await expect(page.getByTestId('inventory-item')).toHaveCount(1);
});

test('en: the quick sale sells the items the player ticked, once confirmed; an item goes to the upgrade page staked', async ({ page, request, baseURL }) => {
  const player = await register(request);
  const items = [await giveItem(player.login, SKIN), await giveItem(player.login, SKIN), await giveItem(player.login, 'aug-storm-fn')];
  await openInventory(page, baseURL!, player, '/en');

  // "Upgrade" on an item opens the upgrade page with that item staked.
  await card(page, items[2]!.inventory_id).getByTestId('item-upgrade').click();
  await expect(page).toHaveURL(new RegExp(`/en/upgrades\\?item=${items[2]!.inventory_id}$`));
  await expect(page.locator('[data-testid="upgrade-item"].item-card--selected')).toHaveCount(1);
  await page.goBack();
  await hydrated(page);

  const before = await balance(page);
  await page.getByTestId('open-quick-sale').click();
  const dialog = page.getByTestId('quick-sale-dialog');
  await expect(dialog.getByTestId('quick-sale-row')).toHaveCount(3);
  // Nothing is ticked at first: the player picks what goes, then confirms the sum.
  await expect(dialog.getByTestId('quick-sale-sell')).toHaveText('Sell (0)');
  for (const item of items.slice(0, 2)) await dialog.locator(`[data-testid="quick-sale-row"][data-item-id="${item.inventory_id}"] input`).check();
  const expected = Math.round((items[0]!.price + items[1]!.price) * 100) / 100;
  await expect(dialog.getByTestId('quick-sale-sell')).toHaveText('Sell (2)');
  await dialog.getByTestId('quick-sale-sell').click();
  await page.getByTestId('confirm-yes').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('inventory-item')).toHaveCount(1);
  await expect(card(page, items[2]!.inventory_id)).toHaveCount(1);
  await expect.poll(() => balance(page)).toBeCloseTo(before + expected, 2);
});
