import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { cheapCase, giveItem, grant, hydrated, register, shoot, signIn, watchAlerts, WIDTHS, type Player } from './helpers.ts';

/**
 * What the server knew but the page never showed (decision 082): the failures of the inventory's
 * load and load-more, of the promo code's apply and of an unpack, each with the catalogue's
 * title; and the profile's counts, the info popup's rewards, an event case's per-player progress
 * with its store-wide counts, and the daily cases' summary. Both languages, 360 and 1280 px.
 */
const texts = {
  ru: {
    loadFailed: 'Не удалось загрузить инвентарь',
    loadMoreFailed: 'Не удалось загрузить ещё предметы',
    unpredicted: 'Непредвиденная ошибка, попробуйте ещё раз',
    unpackTitle: 'Непредвиденная ошибка',
    invalidItem: 'Предмет недоступен для этого действия',
    promoFailed: 'Ошибка при применении промокода',
    promoNotFound: 'Промокод не найден',
    promoApplied: 'Промокод применён',
    credited: 'На баланс зачислено',
    dashboard: ['Батлов', 'Предметов всего', 'В инвентаре', 'Выведено', 'Апгрейдов'],
    passRewards: 'Уровни пропуска',
    dailyCases: 'Ежедневные кейсы',
    progressTitle: 'Ваш прогресс',
    openedByYou: 'Открыто вами: 1',
    coinsEarned: 'Получено монет:',
    openedOf: /Открыто \d+ из 500/,
    ready: (ready: number, available: number) => `Готово к открытию: ${ready} из ${available}`,
    none: 'Сейчас открыть нечего',
  },
  en: {
    loadFailed: 'Failed to load the inventory',
    loadMoreFailed: 'Failed to load more items',
    unpredicted: 'Something went wrong, please try again',
    unpackTitle: 'Unexpected error',
    invalidItem: 'This item cannot be used for that',
    promoFailed: 'Error while applying promocode',
    promoNotFound: 'Promo code not found',
    promoApplied: 'Promo code applied',
    credited: 'credited to your balance',
    dashboard: ['Battles', 'Items in all', 'In inventory', 'Withdrawn', 'Upgrades'],
    passRewards: 'Pass levels',
    dailyCases: 'Daily cases',
    progressTitle: 'Your progress',
    openedByYou: 'Opened by you: 1',
    coinsEarned: 'Coins earned:',
    openedOf: /\d+ of 500 opened/,
    ready: (ready: number, available: number) => `Ready to open: ${ready} of ${available}`,
    none: 'Nothing to open right now',
  },
} as const;

const data = async (request: APIRequestContext, path: string, player?: Player, lang: 'ru' | 'en' = 'ru') =>
  (await (await request.get(path, { headers: { ...player?.headers, 'x-client-language': lang } })).json()).data;

/**
 * A signed-in player holding `opens × 5` items of the cheapest plain case. An opening is refused
 * with `fastOpen` while the last one's reveal runs, so each waits its turn (the quick roulette).
 */
async function playerWithItems(page: Page, request: APIRequestContext, baseURL: string, opens: number): Promise<Player> {
  const player = await register(request);
  const box = await cheapCase(page);
  await grant(player.login, Math.ceil(box.price * 5 * opens) + 100);
  for (let i = 0; i < opens; i++) {
    await expect
      .poll(async () => (await request.post(`/api/v1/cases/${box.slug}/open`, { data: { multi_open: 5, fast: true }, headers: player.headers })).status(), {
        intervals: [500, 1000],
        timeout: 30_000,
      })
      .toBe(200);
  }
  await signIn(page, baseURL, player);
  return player;
}

/** Shoots each width with `target` brought to the middle of that width's screen. */
async function shootAround(page: Page, name: string, target: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, name, [width]);
  }
}

/** The server's own refusal shape (DESIGN: API), for a call made to fail in the browser only. */
const refusal = (status: number, code: string, message: string) => ({ status, contentType: 'application/json', body: JSON.stringify({ status: false, code, message }) });

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: a failed inventory load, load-more, promo apply and unpack each say so with the catalogue's title`, async ({ page, request, baseURL }) => {
    // 50 items: two pages of 45, so the second page is a load-more.
    const player = await playerWithItems(page, request, baseURL!, 10);
    const alerts = await watchAlerts(page);
    await page.goto(`${prefix}/profile/${player.user_id}`);
    await hydrated(page);
    await expect(page.getByTestId('inventory-item').first()).toBeVisible();

    // Load: the "all" tab's first page answers the server's unpredicted failure (asked twice: a GET is retried once).
    await page.route('**/api/v1/inventory/get?*group=all*', (route) => route.fulfill(refusal(500, 'unpredicted', t.unpredicted)));
    await page.getByTestId('inventory-tab-all').click();
    await alerts.shown(t.loadFailed);
    await expect(page.getByTestId('alert').filter({ hasText: t.loadFailed })).toContainText(t.unpredicted);
    await expect(page.getByTestId('inventory-failed')).toHaveText(t.loadFailed);
    await shootAround(page, `${lang}-spec-tail-inventory-load-failed`, page.getByTestId('inventory-failed'));
    await page.unroute('**/api/v1/inventory/get?*group=all*');

    // Load more: the active tab's second page fails.
    await page.getByTestId('inventory-tab-active').click();
    await expect(page.getByTestId('inventory-item').first()).toBeVisible();
    await page.route('**/api/v1/inventory/get?*page=2*', (route) => route.fulfill(refusal(500, 'unpredicted', t.unpredicted)));
    await page.getByTestId('next-page').click();
    await alerts.shown(t.loadMoreFailed);
    await expect(page.getByTestId('alert').filter({ hasText: t.loadMoreFailed })).toContainText(t.unpredicted);
    await shoot(page, `${lang}-spec-tail-inventory-load-more-failed`);
    await page.unroute('**/api/v1/inventory/get?*page=2*');

    // Promo apply: a real refusal (no such code), then a real instant code.
    await page.goto(`${prefix}/refill`);
    await hydrated(page);
    await page.getByTestId('promo-input').fill('nosuchcode42');
    await page.getByTestId('promo-apply').click();
    await alerts.shown(t.promoFailed);
    await expect(page.getByTestId('alert').filter({ hasText: t.promoFailed })).toContainText(t.promoNotFound);
    await shootAround(page, `${lang}-spec-tail-promo-apply-failed`, page.getByTestId('promo-input'));
    const before = (await data(request, '/api/v1/users/me', player)).finance.balance as number;
    await page.getByTestId('promo-input').fill('gift50');
    await page.getByTestId('promo-apply').click();
    await alerts.shown(t.promoApplied);
    await expect(page.getByTestId('alert').filter({ hasText: t.promoApplied })).toContainText(t.credited);
    expect((await data(request, '/api/v1/users/me', player)).finance.balance).toBeCloseTo(before + 50, 2);
    await shootAround(page, `${lang}-spec-tail-promo-applied`, page.getByTestId('promo-input'));

    // Unpack: a player holding one pack; the unpack call is refused as the server would refuse it.
    const packer = await register(request);
    const { inventory_id: packId } = await giveItem(packer.login, 'pack-big-ten');
    await page.context().clearCookies();
    await signIn(page, baseURL!, packer);
    await page.goto(`${prefix}/profile/${packer.user_id}`);
    await hydrated(page);
    await page.route('**/api/v1/inventory/packs/open', (route) => route.fulfill(refusal(422, 'invalidItem', t.invalidItem)));
    await page.locator(`[data-testid="inventory-item"][data-item-id="${packId}"]`).getByTestId('item-unpack').click();
    await alerts.shown(t.unpackTitle);
    await expect(page.getByTestId('alert').filter({ hasText: t.unpackTitle })).toContainText(t.invalidItem);
    await shoot(page, `${lang}-spec-tail-unpack-failed`);
  });

  test(`${lang}: the profile's counts, the info popup's rewards, an event case's progress and counts, and the daily summary are shown`, async ({ page, request, baseURL }) => {
    const player = await register(request);
    await grant(player.login, 1000);
    // One opening of the limited event case that pays coins.
    const cards = (await data(request, '/api/v1/event/cases?type=event', player)) as any[];
    const limited = cards.find((c) => c.statistic_data.total_count !== null && !c.locked);
    expect(limited, 'the seeded event has a limited case that pays coins').toBeTruthy();
    expect((await request.post(`/api/v1/cases/${limited.slug}/open`, { data: { multi_open: 1 }, headers: player.headers })).status()).toBe(200);
    await signIn(page, baseURL!, player);

    // The profile's counts under the spec's names.
    const counts = await data(request, `/api/v1/users/${player.user_id}/dashboard`);
    expect(Object.keys(counts).sort()).toEqual(['battles_count', 'inventory_active_count', 'inventory_count', 'send_items_count', 'upgrades_count']);
    expect(counts.inventory_count).toBe(1);
    await page.goto(`${prefix}/profile/${player.user_id}`);
    await hydrated(page);
    const dashboard = page.getByTestId('profile-dashboard');
    await expect(dashboard.locator('dt')).toHaveText([...t.dashboard]);
    await expect(page.getByTestId('dashboard-inventory').locator('dd')).toHaveText('1');
    await expect(page.getByTestId('dashboard-active').locator('dd')).toHaveText(String(counts.inventory_active_count));
    await shoot(page, `${lang}-spec-tail-profile-dashboard`);

    // The event case's page: what this player opened and earned there.
    const progress = await data(request, `/api/v1/event/personal-progress?caseName=${limited.slug}`, player);
    expect(progress.opened).toBe(1);
    await page.goto(`${prefix}/open/${limited.slug}`);
    await hydrated(page);
    await expect(page.getByTestId('event-progress')).toContainText(t.progressTitle);
    await expect(page.getByTestId('event-progress-opened')).toHaveText(t.openedByYou);
    await expect(page.getByTestId('event-progress-coins')).toContainText(t.coinsEarned);
    await expect(page.getByTestId('event-progress-coins')).toContainText(String(progress.coins_earned));
    await shoot(page, `${lang}-spec-tail-event-progress`);

    // The event's case cards: the store-wide count of the limited case.
    await page.goto(`${prefix}/event`);
    await hydrated(page);
    const card = page.locator(`[data-testid="event-case"][data-slug="${limited.slug}"]`);
    await expect(card.getByTestId('event-case-opened')).toHaveText(t.openedOf);
    await shootAround(page, `${lang}-spec-tail-event-counts`, card);

    // The info popup's last step: the pass's level rewards and the daily cases.
    const info = await data(request, '/api/v1/popup/info', undefined, lang);
    await page.goto(`${prefix}/event/battle-pass`);
    await hydrated(page);
    await page.getByTestId('event-how').click();
    for (let step = 2; step <= 6; step++) await page.getByTestId('event-info-next').click();
    const rewards = page.getByTestId('info-rewards');
    await expect(rewards).toContainText(t.passRewards);
    await expect(rewards).toContainText(t.dailyCases);
    await expect(page.getByTestId('info-rewards-daily').locator('li')).toHaveCount(info.daily_case.length);
    await expect(page.getByTestId('info-rewards-daily')).toContainText(info.daily_case[0].name);
    await shoot(page, `${lang}-spec-tail-info-rewards`);

    // The daily page's summary.
    const daily = await data(request, '/api/v1/cases/daily/info', player);
    await page.goto(`${prefix}/daily-cases`);
    await hydrated(page);
    await expect(page.getByTestId('daily-info')).toContainText(daily.available_count > 0 ? t.ready(daily.ready_count, daily.available_count) : t.none);
    await shoot(page, `${lang}-spec-tail-daily-info`);
  });
}
