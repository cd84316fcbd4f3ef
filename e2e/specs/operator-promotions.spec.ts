import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PUSH_BANNER_KEY } from '../../apps/web/app/lib/storage-keys.ts';
import { RUSSIAN_BROWSER, STORE_WIDE, WIDTHS, hydrated, register, setRole, shoot, signIn, watchAlerts } from './helpers.ts';

/** The console is shot at tablet and desktop widths, like the rest of it. */
const CONSOLE_WIDTHS = [768, 1280];

async function shootConsole(page: Page, name: string) {
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, CONSOLE_WIDTHS);
}

/** The push banner stands over the console's table in screenshots; this browser closed it a moment ago. */
const pushBannerClosed = (page: Page) => page.addInitScript((key) => localStorage.setItem(key, String(Date.now())), PUSH_BANNER_KEY);

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));

/** The player's refill page with SBP (СБП), 500 ₽ and the code typed in. */
async function refillWith(page: Page, code: string) {
  await page.goto('/refill');
  await hydrated(page);
  await page.getByTestId('pay-method').filter({ hasText: 'СБП' }).click();
  await page.getByTestId('refill-amount').fill('500');
  await page.getByTestId('promo-input').fill(code);
}

test('an admin makes a promo code, a player tops up with it and gets the bonus, the admin sees the use and switches the code off, and the player is refused it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const admin = await register(request);
  await setRole(admin.login, 'admin');
  const player = await register(request);
  const code = `PW${Date.now().toString(36).toUpperCase()}`;
  const alerts = await watchAlerts(page);
  await pushBannerClosed(page);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The admin makes the code: +20 % on a deposit, twice per player.
  await page.goto('/admin/promo-codes');
  await hydrated(page);
  await expect(page.getByTestId('console-nav-promo-codes')).toHaveText('Промокоды');
  await expect(page.getByTestId('promo-row').filter({ hasText: 'WELCOME10' })).toBeVisible();
  await page.getByTestId('promo-new').click();
  const form = page.getByTestId('promo-create-form');
  await form.getByTestId('promo-code').fill(code.toLowerCase());
  await form.getByTestId('promo-value').fill('0');
  await form.getByTestId('promo-perPlayerLimit').fill('2');
  await form.getByTestId('promo-submit').click();
  await expect(form.getByTestId('promo-problem')).toHaveText('Введите положительное число.');
  await form.getByTestId('promo-value').fill('20');
  await shootConsole(page, 'ru-admin-promo-new');
  await form.getByTestId('promo-submit').click();
  await alerts.shown(`Промокод ${code} создан`);
  const row = page.locator(`[data-testid="promo-row"][data-code="${code}"]`);
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row.getByTestId('promo-uses')).toHaveText('0');

  // The player, in Russia, tops up 500 ₽ with it: +3 % for the 500 level and +20 % from the code.
  const playerContext = await browser.newContext({ baseURL, ...RUSSIAN_BROWSER });
  const playerPage = await playerContext.newPage();
  await signIn(playerPage, baseURL!, player);
  await refillWith(playerPage, ` ${code.toLowerCase()} `);
  await expect(playerPage.getByTestId('promo-info')).toContainText('20%');
  await expect(playerPage.getByTestId('refill-total')).toContainText('615');
  await playerPage.getByTestId('refill-pay').click();
  await expect(playerPage).toHaveURL(/\/sandbox\/checkout\//);
  await playerPage.locator('button.pay').click();
  await expect(playerPage.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect.poll(() => balance(playerPage)).toBe(615);

  // The admin sees the use, and what it credited.
  await page.reload();
  await hydrated(page);
  await expect(row.getByTestId('promo-uses')).toHaveText('1');
  await expect(row.getByTestId('promo-credited')).toHaveText('100');
  await expect(row.getByTestId('promo-players')).toHaveText('1');
  await shootConsole(page, 'ru-admin-promo-codes');

  // Switched off, the code is refused to the player as expired.
  await row.getByTestId('promo-toggle').click();
  await expect(row).toHaveAttribute('data-state', 'disabled');
  await expect(row.getByTestId('promo-state')).toHaveText('Выключен');
  await expect(row.getByTestId('promo-toggle')).toHaveText('Включить');
  await refillWith(playerPage, code);
  await expect(playerPage.getByTestId('promo-error')).toHaveText('Срок действия промокода истёк');
  await expect(playerPage.getByTestId('promo-info')).toHaveCount(0);
  await playerContext.close();

  // The page in English, with a code's edit form open.
  await page.goto('/en/admin/promo-codes');
  await hydrated(page);
  const enRow = page.locator(`[data-testid="promo-row"][data-code="${code}"]`);
  await expect(enRow.getByTestId('promo-state')).toHaveText('Switched off');
  await enRow.getByTestId('promo-edit').click();
  const edit = page.getByTestId('promo-edit-form');
  await expect(edit.getByTestId('promo-value')).toHaveValue('20');
  await edit.getByTestId('promo-totalLimit').fill('1');
  await edit.getByTestId('promo-submit').click();
  await alerts.shown(`Promo code ${code} saved`);
  await expect(enRow.getByTestId('promo-uses')).toHaveText('1');
  await expect(enRow).toContainText('1 / 2');
  await shootConsole(page, 'en-admin-promo-codes');
  await enRow.getByTestId('promo-edit').click();
  await expect(page.getByTestId('promo-edit-form')).toBeVisible();
  await page.getByTestId('promo-edit-form').scrollIntoViewIfNeeded();
  await shoot(page, 'en-admin-promo-edit', CONSOLE_WIDTHS);
});

test('an admin reads the offers with their sales and opens an offer’s edit form, in both languages', async ({ page, request, baseURL }) => {
  const admin = await register(request);
  await setRole(admin.login, 'admin');
  await pushBannerClosed(page);
  await signIn(page, baseURL!, admin);
  for (const [prefix, title, state] of [
    ['', 'Предложения', 'В продаже'],
    ['/en', 'Offers', 'On sale'],
  ] as const) {
    await page.goto(`${prefix}/admin/offers`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('console-nav-offers')).toHaveText(title);
    const shopOffer = page.getByTestId('offer-row').filter({ has: page.locator('[data-testid="offer-state"]', { hasText: state }) }).first();
    await expect(shopOffer).toBeVisible();
    await shootConsole(page, `${prefix ? 'en' : 'ru'}-admin-offers`);
  }
  const row = page.getByTestId('offer-row').first();
  await row.getByTestId('offer-edit').click();
  const form = page.getByTestId('offer-edit-form');
  await form.getByTestId('offer-oldPrice').fill('0.01');
  await form.getByTestId('offer-submit').click();
  await expect(form.getByTestId('offer-problem')).toHaveText('The old price is a positive number, at least the price.');
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'en-admin-offer-edit', CONSOLE_WIDTHS);
});

/** A GOLD case a player can open any time: what a bundle of the shop holds. */
async function openableCase(request: APIRequestContext): Promise<{ slug: string }> {
  const sections = (await (await request.get('/api/v2/case/sections/with-cases')).json()).data as any[];
  return sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && c.statistic_data.opens_limit === null)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
}

/** Scrolls so `el` starts just below the sticky header. */
const bringToTop = (el: Element) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80);

/** The open new-offer form at a phone's and a desktop's width, its top in view (on a phone its end too); then back to the desktop. */
async function shootForm(page: Page, name: string) {
  const form = page.getByTestId('offer-create-form');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
    await form.evaluate(bringToTop);
    await shoot(page, name, [width]);
    if (width > 360) continue;
    await form.getByTestId('offer-new-cases').evaluate(bringToTop);
    await shoot(page, `${name}-end`, [width]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// A new shop offer shows on every player's offers page: this runs alone, after the others.
test('an admin makes a shop offer from the console, a player sees it in the offers shop; support sees no new button', STORE_WIDE, async ({ page, browser, request, baseURL }) => {
  const [admin, support, player] = [await register(request), await register(request), await register(request)];
  await setRole(admin.login, 'admin');
  await setRole(support.login, 'support');
  const kase = await openableCase(request);
  const name = `pw-offer-${Date.now().toString(36)}`;

  // Support reads the offers but is not offered a new one.
  const supportContext = await browser.newContext({ baseURL });
  const supportPage = await supportContext.newPage();
  await signIn(supportPage, baseURL!, support);
  await supportPage.goto('/admin/offers');
  await hydrated(supportPage);
  await expect(supportPage.getByText('Поддержка видит предложения; менять их могут только администраторы.')).toBeVisible();
  await expect(supportPage.getByTestId('offer-row').first()).toBeVisible();
  await expect(supportPage.getByTestId('offer-new')).toHaveCount(0);
  await supportContext.close();

  const alerts = await watchAlerts(page);
  await pushBannerClosed(page);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/offers');
  await hydrated(page);
  await page.getByTestId('offer-new').click();
  const form = page.getByTestId('offer-create-form');
  await expect(form.getByRole('heading', { level: 2 })).toHaveText('Новое предложение');
  await form.getByTestId('offer-new-name').fill(name.toUpperCase());
  await form.getByTestId('offer-new-titleRu').fill('Набор из теста');
  await form.getByTestId('offer-new-titleEn').fill('Test bundle');
  await form.getByTestId('offer-new-descriptionRu').fill('Два кейса со скидкой');
  await form.getByTestId('offer-new-descriptionEn').fill('Two cases at a discount');
  await form.getByTestId('offer-new-price').fill('99,5');
  await form.getByTestId('offer-new-oldPrice').fill('150');
  await form.getByTestId('offer-new-bonusCoins').fill('25');
  await form.getByTestId('offer-new-sort').fill('1000');
  // No case picked yet: the form names the problem and sends nothing.
  await form.getByTestId('offer-new-submit').click();
  await expect(form.getByTestId('offer-new-problem')).toHaveText('Выберите хотя бы один кейс, каждый не больше одного раза; сколько раз открыть — целое число от 1 до 100.');
  await form.getByTestId('offer-new-case-slug').selectOption(kase.slug);
  await form.getByTestId('offer-new-case-count').fill('2');
  await expect(form.getByTestId('offer-new-problem')).toHaveCount(0);
  await expect(form.getByTestId('offer-new-worth')).toContainText('GOLD');
  await shootForm(page, 'ru-admin-offer-new');
  await form.getByTestId('offer-new-submit').click();
  await alerts.shown(`Предложение ${name} создано`);
  await expect(form).toHaveCount(0);
  const row = page.locator(`[data-testid="offer-row"][data-name="${name}"]`);
  await expect(row).toHaveAttribute('data-state', 'on_sale');
  await expect(row.getByTestId('offer-state')).toHaveText('В продаже');
  await expect(row).toContainText('Набор из теста');
  await expect(row).toContainText('Магазин');
  await expect(row.getByTestId('offer-sold')).toHaveText('0 / ∞');

  // A player finds it in the offers shop, with its two openings of the case.
  const playerContext = await browser.newContext({ baseURL });
  const playerPage = await playerContext.newPage();
  await signIn(playerPage, baseURL!, player);
  await playerPage.goto('/offers-shop');
  await hydrated(playerPage);
  const card = playerPage.getByTestId('offer-card').filter({ hasText: 'Набор из теста' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Два кейса со скидкой');
  await expect(card).toContainText('×2');
  await expect(card.getByTestId('offer-buy')).toBeEnabled();
  await playerContext.close();

  // In English the same name again is refused by the server, shown in an alert; the form stays open.
  await page.goto('/en/admin/offers');
  await hydrated(page);
  await expect(page.locator(`[data-testid="offer-row"][data-name="${name}"]`)).toContainText('Test bundle');
  await page.getByTestId('offer-new').click();
  const enForm = page.getByTestId('offer-create-form');
  await expect(enForm.getByRole('heading', { level: 2 })).toHaveText('New offer');
  await enForm.getByTestId('offer-new-name').fill(name);
  await enForm.getByTestId('offer-new-titleRu').fill('Ещё один');
  await enForm.getByTestId('offer-new-titleEn').fill('Another one');
  await enForm.getByTestId('offer-new-price').fill('10.5');
  await enForm.getByTestId('offer-new-oldPrice').fill('10');
  await enForm.getByTestId('offer-new-submit').click();
  await expect(enForm.getByTestId('offer-new-problem')).toHaveText('The old price is a positive number, at least the price.');
  await enForm.getByTestId('offer-new-oldPrice').fill('12');
  await enForm.getByTestId('offer-new-case-add').click();
  await expect(enForm.getByTestId('offer-new-case')).toHaveCount(2);
  await enForm.getByTestId('offer-new-case-slug').first().selectOption(kase.slug);
  await enForm.getByTestId('offer-new-case-slug').last().selectOption(kase.slug);
  await enForm.getByTestId('offer-new-submit').click();
  await expect(enForm.getByTestId('offer-new-problem')).toHaveText('Pick at least one case, each at most once; times opened is a whole number from 1 to 100.');
  await enForm.getByTestId('offer-new-case-remove').last().click();
  await expect(enForm.getByTestId('offer-new-case')).toHaveCount(1);
  await shootForm(page, 'en-admin-offer-new');
  await enForm.getByTestId('offer-new-submit').click();
  await alerts.shown('An offer with this name already exists');
  await expect(enForm).toBeVisible();
  await enForm.getByTestId('offer-new-cancel').click();
  await expect(enForm).toHaveCount(0);
  await expect(page.getByTestId('offer-row').filter({ hasText: 'Another one' })).toHaveCount(0);
});

// A new board shows on every player's leaderboard page: this runs alone, after the others.
test('an admin starts a leaderboard from the console and ends it early; the list shows it closing', STORE_WIDE, async ({ page, request, baseURL }) => {
  const admin = await register(request);
  await setRole(admin.login, 'admin');
  const alerts = await watchAlerts(page);
  await pushBannerClosed(page);
  await signIn(page, baseURL!, admin);
  await page.goto('/en/admin/leaderboards');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leaderboards');
  await page.getByTestId('leaderboard-new').click();
  const form = page.getByTestId('leaderboard-create-form');
  await form.getByTestId('leaderboard-type').selectOption('cases_opened');
  await form.getByTestId('leaderboard-titleRu').fill('Кейсы выходных');
  await form.getByTestId('leaderboard-submit').click();
  await expect(form.getByTestId('leaderboard-problem')).toBeVisible();
  await form.getByTestId('leaderboard-titleEn').fill('Weekend cases');
  await form.getByTestId('leaderboard-hours').fill('48');
  await form.getByTestId('leaderboard-prizes').fill('3');
  await shootConsole(page, 'en-admin-leaderboard-new');
  await form.getByTestId('leaderboard-submit').click();
  await alerts.shown('started');
  const row = page.getByTestId('leaderboard-row').filter({ hasText: 'Weekend cases' });
  await expect(row).toHaveAttribute('data-status', 'running');
  await expect(row.getByTestId('leaderboard-participants')).toHaveText('0');
  await expect(row).toContainText('0 / 0');
  await row.getByTestId('leaderboard-end').click();
  await alerts.shown('ended');
  await expect(row).not.toHaveAttribute('data-status', 'running');
  await expect(row.getByTestId('leaderboard-end')).toHaveCount(0);
  await shootConsole(page, 'en-admin-leaderboards');
  await page.goto('/admin/leaderboards');
  await hydrated(page);
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: 'Кейсы выходных' })).toBeVisible();
  await shootConsole(page, 'ru-admin-leaderboards');
});
