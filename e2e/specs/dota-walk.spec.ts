import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RUSSIAN_BROWSER, hydrated, openAsap, shoot, watchAlerts, watchMotion, watchSuspense } from './helpers.ts';

/**
 * A Dota 2 player's walk through the Dota store (PROJECT=dota, the `dota` project of
 * playwright.config.ts), each step as the CS store's own spec takes it: registration and a case
 * (core-loop), a top-up through the sandbox checkout (refill), an upgrade and a contract
 * (upgrades-contracts), a battle, LEVEL 1 (daily-cases), the season's pass and a coin case (event)
 * and a withdrawal to Steam (withdrawals). Whatever the player wins is checked against the Dota
 * catalogue, so a CS item or rarity on this store fails the walk.
 */

const catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/server/data/catalogue-dota.json'), 'utf8')) as {
  items: { key: string }[];
};
const DOTA_KEYS = new Set(catalogue.items.map((i) => i.key));
const DOTA_RARITIES = ['arcana', 'immortal', 'legendary', 'mythical', 'rare', 'uncommon', 'common'];

const texts = {
  ru: { prefix: '', sold: 'Продан', saved: 'Данные Steam сохранены', queued: 'Предмет в очереди на вывод', delivered: 'Выведен в Steam', finished: 'Завершён' },
  en: { prefix: '/en', sold: 'sold', saved: 'Steam data saved', queued: 'The item is in the withdrawal queue', delivered: 'Delivered to Steam', finished: 'Finished' },
} as const;

const tradeLink = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=DoTa2024';

interface Item {
  id: number;
  item_id: string;
  name: string;
  rarity: string;
  status: string;
}

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));
/** The server's view, through the page's own session cookie. */
const api = async (page: Page, url: string) => (await (await page.request.get(url)).json()).data;
const me = (page: Page) => api(page, '/api/v1/users/me');
const inventory = async (page: Page, userId: number, group = 'active'): Promise<Item[]> =>
  (await api(page, `/api/v1/inventory/get?user_id=${userId}&group=${group}`)).items;

/** An item of the Dota catalogue, of a Dota rarity: never a CS skin, knife or glove. */
function expectDota(item: Item) {
  expect(DOTA_KEYS.has(item.item_id), `${item.item_id} (${item.name}) is in the Dota catalogue`).toBe(true);
  expect(DOTA_RARITIES, `${item.name}'s rarity`).toContain(item.rarity);
}

/** The cheapest plain cases on sale for site currency, cheapest first. */
async function plainCases(page: Page): Promise<{ slug: string; price: number; battle: boolean }[]> {
  const sections = (await api(page, '/api/v2/case/sections/with-cases?main=1')) as any[];
  return sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.daily && !c.multifix_number && !c.multicast_data && c.statistic_data.opens_limit === null)
    .sort((a, b) => a.price_data.price - b.price_data.price)
    .map((c) => ({ slug: c.slug, price: c.price_data.price, battle: c.battle_allowed !== false }));
}

/** Clicks "open" on a case page and waits for the item, which must not show while the strip runs. */
async function openWithRoulette(page: Page): Promise<void> {
  const suspense = await watchSuspense(page, '[data-testid="roulette"]', ['[data-testid="open-result"]', '[data-testid="won-item"]']);
  const motion = await watchMotion(page, '.roulette__strip');
  await page.getByTestId('open-case').click();
  await expect.poll(() => motion.moved(), 'the strip ran').toBe(true);
  await expect(page.getByTestId('won-item')).toBeVisible({ timeout: 15_000 });
  expect(await suspense.broken(), 'the item showed while the strip ran').toBe(false);
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];
  const shot = (page: Page, name: string) => shoot(page, `dota-${lang}-${name}`);

  test.describe(() => {
    // The Russian player pays from Russia (SBP, roubles); the English one from the browser's default country.
    if (lang === 'ru') test.use(RUSSIAN_BROWSER);

    test(`${lang}: a Dota 2 player tops up, opens, sells, upgrades, signs a contract, battles, opens LEVEL 1, plays the season and withdraws to Steam`, async ({
      page,
    }) => {
      // Ten steps with their animations and two widths of screenshots each: twice the default.
      test.setTimeout(600_000);
      const alerts = await watchAlerts(page);

      await test.step('register from the main page', async () => {
        await page.goto(`${t.prefix}/`);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByTestId('case-card').first()).toBeVisible();
        await shot(page, 'main-guest');
        await page.getByTestId('register-button').click();
        await page.getByTestId('reg-create').click();
        await expect(page.getByTestId('reg-login')).not.toHaveValue('');
        await shot(page, 'registration');
        await page.getByTestId('reg-continue').click();
        await expect(page.getByTestId('balance')).toBeVisible();
        expect(await balance(page)).toBe(0);
      });
      const player = await me(page);
      const userId = player.user_id as number;
      // The API's writes take the session as a bearer token, as an app's calls do (the cookie alone reads).
      const token = (await page.context().cookies()).find((c) => c.name === 'tastyToken')!.value;
      const headers = { authorization: `Bearer ${token}` };

      await test.step('top up through the sandbox checkout', async () => {
        await hydrated(page);
        await page.getByTestId('top-up').click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/refill$`));
        await hydrated(page);
        if (lang === 'ru') {
          await page.getByTestId('pay-method').filter({ hasText: 'СБП' }).click();
          await page.getByTestId('refill-amount').fill('500');
        } else {
          await page.getByTestId('pay-method').filter({ hasText: 'Bank card' }).first().click();
          await page.getByTestId('field-email').fill('player@example.com');
        }
        await shot(page, 'refill');
        await page.getByTestId('refill-pay').click();
        await expect(page).toHaveURL(/\/sandbox\/checkout\//);
        await shot(page, 'checkout');
        await page.locator('button.pay').click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/refill/result\\?orderId=`));
        await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
        const status = await page.evaluate(async () => {
          const orderId = new URL(location.href).searchParams.get('orderId');
          return (await (await fetch(`/api/v1/payments/transaction/status?orderId=${orderId}`)).json()).data;
        });
        const credited = status.value + status.bonus.sum_bonus;
        expect(credited).toBeGreaterThanOrEqual(300);
        await expect.poll(() => balance(page)).toBeCloseTo(credited, 2);
        expect((await me(page)).finance.balance).toBeCloseTo(credited, 2);
        await shot(page, 'refill-result');
      });

      const cases = await plainCases(page);
      // The cheapest case a battle takes: the walk's openings stay cheap, so the level-up popup
      // (500 experience) never stands over a later step.
      const box = cases.find((c) => c.battle)!;
      expect(box, 'a plain case battles take').toBeTruthy();

      let firstItem: Item;
      await test.step('open a case: the roulette, then a Dota item', async () => {
        const before = await balance(page);
        await page.goto(`${t.prefix}/open/${box.slug}`);
        await hydrated(page);
        await expect(page.getByTestId('case-price')).toBeVisible();
        await shot(page, 'case');
        // The case's contents are the Dota catalogue's.
        const drops = (await api(page, `/api/v1/cases/${box.slug}`)).drops as { id: string; rarity: string }[];
        expect(drops.length).toBeGreaterThan(0);
        for (const d of drops) expectDota({ id: 0, item_id: d.id, name: d.id, rarity: d.rarity, status: '' });
        const opened = page.waitForResponse((r) => r.url().endsWith(`/api/v1/cases/${box.slug}/open`));
        await openWithRoulette(page);
        const answer = (await (await opened).json()).data;
        firstItem = answer.opens[0].item as Item;
        expectDota(firstItem);
        await expect(page.getByTestId('won-item')).toContainText(firstItem.name);
        await expect.poll(() => balance(page)).toBeCloseTo(before - box.price, 2);
        await shot(page, 'case-result');
      });

      await test.step('sell the item from the inventory', async () => {
        await page.getByTestId('profile-link').click();
        await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
        const card = page.locator(`[data-testid="inventory-item"][data-item-id="${firstItem.id}"]`);
        await expect(card).toContainText(firstItem.name);
        await shot(page, 'inventory');
        const before = await balance(page);
        await card.click();
        await page.getByTestId('sell-selected').click();
        await expect(page.getByTestId('alert').filter({ hasText: t.sold })).toBeVisible();
        await expect(card).toHaveCount(0);
        await expect.poll(() => balance(page)).toBeGreaterThan(before);
        expect((await me(page)).finance.balance).toBe(await balance(page));
        await shot(page, 'sold');
      });

      // Five more items for the upgrade, the contract and the withdrawal, opened as a bundle.
      const bundle = await openAsap(page.request, box.slug, 5, headers);
      expect(bundle.status()).toBe(200);
      for (const o of (await bundle.json()).data.opens) expectDota(o.item);

      await test.step('upgrade an item on the wheel', async () => {
        await page.goto(`${t.prefix}/upgrades`);
        await hydrated(page);
        await expect(page.getByTestId('upgrade-item')).toHaveCount(5);
        await page.getByTestId('upgrade-item').first().click();
        await page.getByTestId('upgrade-quick-1.5').click();
        await expect(page.getByTestId('upgrade-target')).toBeVisible();
        await expect(page.getByTestId('upgrade-chance')).not.toHaveText(/^0[.,]000%$/);
        await shot(page, 'upgrade-ready');
        const suspense = await watchSuspense(page, '[data-testid="upgrade-hero"][data-phase="spinning"]', ['[data-testid="upgrade-result"]']);
        await page.getByTestId('upgrade-go').click();
        const result = page.getByTestId('upgrade-result');
        await expect(result).toBeVisible({ timeout: 15_000 });
        expect(await suspense.broken(), 'the outcome showed while the wheel still turned').toBe(false);
        await shot(page, 'upgrade-result');
        const won = (await result.getAttribute('data-success')) === 'true';
        const items = await inventory(page, userId);
        expect(items).toHaveLength(won ? 5 : 4);
        items.forEach(expectDota);
      });

      await test.step('sign a contract of three items', async () => {
        await page.goto(`${t.prefix}/contract`);
        await hydrated(page);
        const picks = page.getByTestId('contract-item');
        await expect(picks.first()).toBeVisible();
        const held = await picks.count();
        for (let i = 0; i < 3; i++) await picks.nth(i).click();
        await expect(page.getByTestId('contract-outcome').first()).toBeVisible();
        await shot(page, 'contract-ready');
        await page.getByTestId('contract-sign').click();
        await expect(page.getByTestId('contract-result')).toBeVisible({ timeout: 15_000 });
        await shot(page, 'contract-result');
        // Three went in, one came out, from the Dota catalogue.
        const items = await inventory(page, userId);
        expect(items).toHaveLength(held - 2);
        items.forEach(expectDota);
      });

      await test.step('battle against bots', async () => {
        await page.goto(`${t.prefix}/battles`);
        await hydrated(page);
        await page.getByTestId('battles-create-link').click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/battles/create$`));
        await page.locator(`[data-testid="battle-case"][data-slug="${box.slug}"]`).click();
        await expect(page.getByTestId('battle-cart-line')).toHaveCount(1);
        await page.getByTestId('battle-mode-1v1').click();
        const price = Number(await page.getByTestId('battle-price').getAttribute('data-value'));
        await shot(page, 'battle-create');
        const before = await balance(page);
        await page.getByTestId('battle-create').click();
        await page.waitForURL(/\/battles\/[0-9A-Z]{26}$/);
        await expect.poll(() => balance(page)).toBeCloseTo(before - price, 2);
        await hydrated(page);
        // A bot takes the free seat: the battle starts at once.
        const suspense = await watchSuspense(page, '[data-testid="battle-reel"]', ['[data-testid="battle-result"]']);
        await page.getByTestId('battle-start-bots').click();
        await expect(page.getByTestId('battle-result')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('battle-status')).toHaveText(t.finished);
        expect(await suspense.broken(), 'the result showed while a reel still turned').toBe(false);
        await expect(page.getByTestId('battle-winner')).not.toBeEmpty();
        await shot(page, 'battle-finished');
        // Every drop of the battle, the bot's too, is a Dota item.
        const ulid = page.url().split('/').pop()!;
        const battle = await api(page, `/api/battles/battle?battle_ulid=${ulid}`);
        const drops = (battle.rounds as { drops: { item: { id: string; name: string; rarity: string } }[] }[]).flatMap((r) => r.drops);
        expect(drops).toHaveLength(2);
        for (const d of drops) expectDota({ id: 0, item_id: d.item.id, name: d.item.name, rarity: d.item.rarity, status: '' });
      });

      await test.step('open LEVEL 1 from the daily cases', async () => {
        const held = (await inventory(page, userId)).length;
        await page.goto(`${t.prefix}/daily-cases`);
        await hydrated(page);
        const level1 = page.locator('[data-testid="daily-case"][data-slug="level-1"]');
        await expect(level1).toHaveAttribute('data-state', 'ready');
        await shot(page, 'daily-cases');
        await level1.getByTestId('daily-open').click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/open/level-1$`));
        await hydrated(page);
        await expect(page.getByTestId('case-free')).toBeVisible();
        await openWithRoulette(page);
        await shot(page, 'daily-opened');
        const items = await inventory(page, userId);
        expect(items).toHaveLength(held + 1);
        items.forEach(expectDota);
      });

      await test.step("the season's pass: a task, the level's prize, a coin case", async () => {
        const pass = await api(page, '/api/v1/challenge');
        const task = pass.levels[0].tasks.find((x: any) => x.task.type === 'open_cases');
        expect(task, "the season's first level has a task to open cases").toBeTruthy();
        await page.goto(`${t.prefix}/event/battle-pass`);
        await hydrated(page);
        await expect(page.getByTestId('pass')).toHaveAttribute('data-guest', 'false');
        await shot(page, 'event-pass');
        // The rest of the task's openings, then its coins reach the header.
        const left = task.progress_data.end - task.progress_data.current;
        for (let i = 0; i < left; i++) expect((await openAsap(page.request, box.slug, 1, headers)).status()).toBe(200);
        await expect
          .poll(async () => (await api(page, '/api/v1/challenge')).levels[0].tasks.find((x: any) => x.id === task.id)?.completed ?? true, { timeout: 15_000 })
          .toBe(true);
        await page.reload();
        await hydrated(page);
        const level1 = page.locator('[data-testid="pass-level"][data-level="1"]');
        await expect(level1).toHaveAttribute('data-state', 'done');
        await expect(page.getByTestId('coins')).toHaveAttribute('data-value', String((await me(page)).finance.coin_balance));
        await shot(page, 'event-pass-done');
        await level1.getByTestId('pass-claim').click();
        await expect(level1).toHaveAttribute('data-state', 'received');
        await expect.poll(async () => (await page.getByTestId('coins').getAttribute('data-value')) === String((await me(page)).finance.coin_balance)).toBe(true);

        await page.getByTestId('event-tab-coin-cases').click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/event/coin-cases$`));
        const coinCases = (await api(page, '/api/v1/event/cases?type=coins')) as any[];
        const cheapest = [...coinCases].sort((a, b) => a.price_data.price - b.price_data.price)[0];
        const coins = (await me(page)).finance.coin_balance as number;
        expect(coins, 'the task and the prize pay for the cheapest coin case').toBeGreaterThanOrEqual(cheapest.price_data.price);
        await shot(page, 'event-coin-cases');
        await page.locator(`[data-testid="event-case"][data-slug="${cheapest.slug}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/open/${cheapest.slug}$`));
        await hydrated(page);
        await expect(page.getByTestId('case-price')).toHaveAttribute('data-currency', 'TASTY_COIN');
        const bought = page.waitForResponse((r) => r.url().endsWith(`/api/v1/cases/${cheapest.slug}/open`));
        await openWithRoulette(page);
        const paid = (await (await bought).json()).data;
        expectDota(paid.opens[0].item);
        // Whole coin cents: the sum of decimals is not exact in floating point (335.03 - 100 is 235.02999…).
        expect(paid.coin_balance).toBeCloseTo(coins - cheapest.price_data.price + paid.opens.reduce((n: number, o: any) => n + o.coins, 0), 2);
        await expect(page.getByTestId('coins')).toHaveAttribute('data-value', String(paid.coin_balance));
        await shot(page, 'event-coin-case-opened');
      });

      await test.step('withdraw an item to Steam', async () => {
        const items = await inventory(page, userId);
        const item = items.find((i) => i.status === 'progress')!;
        expect(item, 'an item to withdraw').toBeTruthy();
        await page.goto(`${t.prefix}/profile/${userId}`);
        await hydrated(page);
        await expect(page.getByTestId('withdrawal-listener')).toHaveAttribute('data-live', 'on');
        const card = page.locator(`[data-testid="inventory-item"][data-item-id="${item.id}"]`);
        // No trade link yet: the widget asks for one.
        await card.getByTestId('item-withdraw').click();
        const widget = page.getByTestId('trade-link-dialog');
        await expect(widget).toBeVisible();
        await widget.getByTestId('trade-link-input').fill(tradeLink);
        await shot(page, 'trade-link');
        await widget.getByTestId('steam-save').click();
        await alerts.shown(t.saved);
        await expect(widget).toBeHidden();
        await card.getByTestId('item-withdraw').click();
        await alerts.shown(t.queued);
        await expect(page.getByTestId('inventory-tab-withdrawal')).toHaveAttribute('aria-selected', 'true');
        await shot(page, 'withdrawal-queued');
        await expect(card).toHaveAttribute('data-status', 'STEAM_WITHDRAWN', { timeout: 60_000 });
        await expect(card.getByTestId('item-status')).toHaveText(t.delivered);
        await shot(page, 'withdrawn');
        const withdrawn = (await inventory(page, userId, 'withdrawal')).find((i) => i.id === item.id)!;
        expect(withdrawn.status).toBe('STEAM_WITHDRAWN');
        expectDota(withdrawn);
      });

      // The wallet the header shows is the server's, at the end of the walk.
      await page.reload();
      await hydrated(page);
      expect((await me(page)).finance.balance).toBe(await balance(page));
    });
  });
}
