import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { FakeShelf, MarketCsgoFake, WaxpeerFake } from '../../apps/server/test/helpers/market-fakes.ts';
import { overlaysDismissed } from '../support/overlays.ts';
import { startProductionStore, type ProductionStore } from '../support/production-store.ts';
import { hydrated, operator, register, shoot, signIn, watchAlerts, type Player } from './helpers.ts';

/**
 * Skins out through real marketplaces: a production store on PostgreSQL with
 * `VENDOR_PROVIDER=marketcsgo,waxpeer` as the operator configures it, each market at a local fake
 * that speaks its documented protocol (decision 077). A player saves a trade link and withdraws a
 * skin; market.csgo.com has no seller under the ceiling, so Waxpeer's seller sends it, and the
 * player's inventory follows it to Steam. While neither market's balance can pay, the withdrawal
 * waits in the queue and the console warns; topped up, it goes through. A trade-banned link is
 * refused before anything is bought.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 8;
const STORE = `http://127.0.0.1:${PORT}`;
const MARKET_KEY = randomBytes(16).toString('hex');
const WAX_KEY = randomBytes(16).toString('hex');
const RUB_PER_USD = 90;
/** A cheap ordinary skin, and its market hash name. */
const SKIN = 'aug-daedalus-ft';
const HASH = 'AUG | Daedalus (Field-Tested)';

// Sellers at a pace a person can watch: the offer after 1.5 s, accepted 1.5 s later.
const marketShelf = new FakeShelf({ sendsAfterMs: 1500, acceptedAfterMs: 3000, sellerTimeoutMs: 60_000 });
const waxShelf = new FakeShelf({ sendsAfterMs: 1500, acceptedAfterMs: 3000, sellerTimeoutMs: 60_000 });
let marketFake: MarketCsgoFake;
let waxFake: WaxpeerFake;
let store: ProductionStore;

test.use({ baseURL: STORE, storageState: overlaysDismissed(STORE) });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  marketFake = await new MarketCsgoFake(marketShelf, MARKET_KEY).start();
  waxFake = await new WaxpeerFake(waxShelf, WAX_KEY, RUB_PER_USD).start();
  store = await startProductionStore('skins_out', PORT, {
    // What the operator configured: both markets, in order, each at its fake.
    VENDOR_PROVIDER: 'marketcsgo,waxpeer',
    MARKET_API_URL: marketFake.url,
    MARKET_API_KEY: MARKET_KEY,
    WAXPEER_API_URL: waxFake.url,
    WAXPEER_API_KEY: WAX_KEY,
    FX_RUB_PER_USD: String(RUB_PER_USD),
    STEAM_BOT_ID: '76561198000000042',
    VENDOR_POLL_MS: '250',
    VENDOR_BALANCE_WARN: '1000',
    // Only what is still a sandbox; the marketplace is not among them.
    SANDBOX: 'payments,notifications,signin,push,analytics',
    PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'),
  });
});

test.afterAll(async () => {
  await store?.stop();
  await Promise.allSettled([marketFake?.close(), waxFake?.close()]);
});

let partner = 700_000;
const tradeLink = (p: string) => `https://steamcommunity.com/tradeoffer/new/?partner=${p}&token=Tk${p}`;
const card = (page: Page, id: number) => page.locator(`[data-testid="inventory-item"][data-item-id="${id}"]`);

/** A new player holding the skin, and the id of the item. */
async function playerWithSkin(request: APIRequestContext): Promise<{ player: Player; id: number }> {
  const player = await register(request);
  const out = await operator(['give-item', '--login', player.login, '--item', SKIN], store.dataDir);
  return { player, id: (JSON.parse(out.slice(out.search(/^\{/m))) as { inventory_id: number }).inventory_id };
}

async function openInventory(page: Page, player: Player, prefix: string) {
  await signIn(page, STORE, player);
  const alerts = await watchAlerts(page);
  await page.goto(`${prefix}/profile/${player.user_id}`);
  await hydrated(page);
  await expect(page.getByTestId('withdrawal-listener')).toHaveAttribute('data-live', 'on');
  return alerts;
}

test('ru: a player saves a trade link and withdraws a skin; market.csgo.com has no seller, Waxpeer sends it to Steam', async ({ page, request }) => {
  const { player, id } = await playerWithSkin(request);
  // market.csgo.com lists it only far above the ceiling; Waxpeer at about its price.
  marketShelf.list(HASH, 10_000_000);
  waxShelf.list(HASH, 100);
  const alerts = await openInventory(page, player, '');

  await card(page, id).getByTestId('item-withdraw').click();
  const widget = page.getByTestId('trade-link-dialog');
  await expect(widget).toBeVisible();
  const mine = String(++partner);
  await widget.getByTestId('trade-link-input').fill(tradeLink(mine));
  await widget.getByTestId('steam-save').click();
  await alerts.shown('Данные Steam сохранены');
  await expect(widget).toBeHidden();

  await card(page, id).getByTestId('item-withdraw').click();
  await alerts.shown('Предмет в очереди на вывод');
  await expect(page.getByTestId('inventory-tab-withdrawal')).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, id)).toHaveAttribute('data-status', 'STEAM_WITHDRAWN', { timeout: 30_000 });
  await expect(card(page, id).getByTestId('item-status')).toHaveText('Выведен в Steam');
  await alerts.shown('Предмет получен в Steam');
  await shoot(page, 'ru-withdrawal-through-markets');

  // One purchase, at Waxpeer, for this player's trade link.
  const orders = [...waxShelf.orders.values()].filter((o) => o.partner === mine);
  expect(orders).toHaveLength(1);
  expect([...marketShelf.orders.values()].filter((o) => o.partner === mine)).toHaveLength(0);
  const trade = (await (await request.get(`/api/v1/inventory/${id}/trade_id`, { headers: player.headers })).json()).data;
  expect(trade).toMatchObject({ state: 'accepted', trade_id: `7${orders[0]!.id}` });
});

test('en: with no market balance to pay, the withdrawal waits in the queue, the console warns, and a top-up sends it', async ({ browser, page, request }) => {
  const { player, id } = await playerWithSkin(request);
  marketShelf.list(HASH, 100);
  waxShelf.list(HASH, 100);
  const [marketBefore, waxBefore] = [marketShelf.balance, waxShelf.balance];
  marketShelf.balance = 50;
  waxShelf.balance = 50;
  const mine = String(++partner);
  expect((await request.post('/api/v1/users/set/steam/data', { data: { link: tradeLink(mine) }, headers: player.headers })).status()).toBe(200);
  try {
    const alerts = await openInventory(page, player, '/en');
    await card(page, id).getByTestId('item-withdraw').click();
    await alerts.shown('The item is in the withdrawal queue');

    // The operator's console: both markets under the threshold, and the withdrawal waiting.
    const admin = await register(request);
    await operator(['role', '--login', admin.login, '--role', 'admin'], store.dataDir);
    const consoleContext = await browser.newContext({ baseURL: STORE, storageState: overlaysDismissed(STORE), viewport: { width: 1280, height: 900 } });
    const consolePage = await consoleContext.newPage();
    await signIn(consolePage, STORE, admin);
    // The withdrawal reaches the queue's "waiting for money" within a worker pass: the page is read again until it shows.
    await expect(async () => {
      await consolePage.goto('/en/admin/withdrawals?state=all');
      await expect(consolePage.getByTestId('market-balance-warning')).toContainText('Waiting now: 1', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await hydrated(consolePage);
    const balances = consolePage.getByTestId('market-balances');
    await expect(balances.getByTestId('market-balance')).toHaveCount(2);
    await expect(balances.getByTestId('market-balance').first()).toContainText('marketcsgo');
    const warning = consolePage.getByTestId('market-balance-warning');
    await expect(warning).toContainText('Low balance at marketcsgo, waxpeer');
    await shoot(consolePage, 'en-console-market-balances', [1280]);
    await consoleContext.close();

    // Still waiting for the money, not failed: the item is still on its way.
    await expect(card(page, id)).toHaveAttribute('data-status', 'PREPARING');
    expect([...waxShelf.orders.values(), ...marketShelf.orders.values()].filter((o) => o.partner === mine)).toHaveLength(0);

    // The operators top Waxpeer up: the next attempt buys there, and the player gets the skin.
    waxShelf.balance = waxBefore;
    await expect(card(page, id)).toHaveAttribute('data-status', 'STEAM_WITHDRAWN', { timeout: 60_000 });
    expect([...waxShelf.orders.values()].filter((o) => o.partner === mine)).toHaveLength(1);
  } finally {
    marketShelf.balance = marketBefore;
    waxShelf.balance = waxBefore;
  }
});

test('ru: a trade-banned link is refused before any purchase, with the reason', async ({ page, request }) => {
  const { player, id } = await playerWithSkin(request);
  marketShelf.list(HASH, 100);
  const mine = String(++partner);
  waxShelf.banned.add(mine);
  expect((await request.post('/api/v1/users/set/steam/data', { data: { link: tradeLink(mine) }, headers: player.headers })).status()).toBe(200);
  const alerts = await openInventory(page, player, '');
  await card(page, id).getByTestId('item-withdraw').click();
  await alerts.shown('Steam запретил обмены этому аккаунту (трейд-бан): вывести предмет сейчас нельзя');
  await expect(card(page, id)).toHaveAttribute('data-status', 'progress');
  expect([...waxShelf.orders.values(), ...marketShelf.orders.values()].filter((o) => o.partner === mine)).toHaveLength(0);
});
