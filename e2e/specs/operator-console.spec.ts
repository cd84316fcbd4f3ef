import { expect, test, type Page } from '@playwright/test';
import { overlaysDismissed } from '../support/overlays.ts';
import { STORE_WIDE, hydrated, register, setRole, shoot, signIn, watchAlerts, type Player } from './helpers.ts';

/** The console's pages are shot at tablet and desktop widths: it is run from a desk, and must still read on a tablet. */
const CONSOLE_WIDTHS = [768, 1280];

/** Shoots a console page from its top, once the alerts of what was just done have gone. */
async function shootConsole(page: Page, name: string) {
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, CONSOLE_WIDTHS);
}

async function operatorOf(request: Parameters<typeof register>[0], role: 'admin' | 'support'): Promise<Player> {
  const op = await register(request);
  await setRole(op.login, role);
  return op;
}

/** Finds a player by login from the console's search and opens their page. */
async function openPlayer(page: Page, prefix: string, player: Player) {
  await page.goto(`${prefix}/admin`);
  await hydrated(page);
  await page.getByTestId('player-search-input').fill(player.login);
  await page.getByTestId('player-search-submit').click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${player.login}$`));
  const found = page.getByTestId('player-result').filter({ hasText: player.login });
  await expect(found).toHaveCount(1);
  await found.getByTestId('player-result-link').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/admin/players/${player.user_id}$`));
  await expect(page.getByTestId('player-profile')).toContainText(player.login);
}

test('an operator finds a player, adjusts their balance with a reason, blocks and unblocks them; the audit shows it all', async ({ page, request, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  const player = await register(request);
  const alerts = await watchAlerts(page);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin');
  await hydrated(page);
  await expect(page.getByTestId('console-nav').locator('a')).toHaveText(['Сводка', 'Игроки', 'Кейсы и шансы', 'Цены', 'Промокоды', 'Предложения', 'Рейтинги', 'События', 'Выводы', 'Платежи', 'Настройки платежей', 'Флаги и техработы', 'Журнал действий']);
  await expect(page.getByTestId('console-role')).toHaveText('Администратор');
  await openPlayer(page, '', player);
  await page.goBack();
  await expect(page.getByTestId('player-results')).toBeVisible();
  await shootConsole(page, 'ru-admin-players');
  await page.getByTestId('player-result-link').click();
  await hydrated(page);

  const balance = page.getByTestId('wallet-GOLD').getByTestId('wallet-balance');
  await expect(balance).toHaveText('0');
  // The form is checked before anything is sent: a reason is required.
  await page.getByTestId('adjust-amount').fill('125');
  await page.getByTestId('adjust-review').click();
  await expect(page.getByTestId('adjust-problem')).toHaveText('Причина — от 3 до 500 символов');
  await page.getByTestId('adjust-reason').fill('Компенсация за потерянный дроп');
  await page.getByTestId('adjust-review').click();
  // The confirmation names the sum and the balance it leaves.
  const confirm = page.getByTestId('adjust-confirm');
  await expect(page.getByTestId('adjust-sum')).toHaveText('Начислить 125');
  await expect(confirm).toContainText('Баланс станет 125');
  await page.getByTestId('adjust-confirm-button').click();
  await expect(confirm).toBeHidden();
  await expect(balance).toHaveText('125');
  const newest = page.getByTestId('ledger-row').first();
  await expect(newest).toContainText('Компенсация за потерянный дроп');
  await expect(newest).toContainText(`operator:${admin.user_id}`);
  await expect(newest).toContainText('+125');
  // A debit the wallet cannot afford: the catalogue's message, and nothing changes.
  await page.getByTestId('adjust-amount').fill('-1000');
  await page.getByTestId('adjust-reason').fill('Ошибочное начисление');
  await page.getByTestId('adjust-review').click();
  await page.getByTestId('adjust-confirm-button').click();
  await expect(page.getByTestId('adjust-error')).toHaveText('Недостаточно средств на балансе');
  await alerts.shown('Недостаточно средств на балансе');
  await page.getByTestId('adjust-edit').click();
  await expect(balance).toHaveText('125');
  await expect(page.getByTestId('ledger-row')).toHaveCount(1);

  // Blocking: the player's session stops working; unblocking gives it back.
  await page.getByTestId('block-reason').fill('Подозрение на мультиаккаунт');
  await page.getByTestId('block-submit').click();
  await expect(page.getByTestId('player-state')).toHaveText('Заблокирован');
  await expect(page.getByTestId('player-blocked-reason')).toContainText('Подозрение на мультиаккаунт');
  const blocked = await request.get('/api/v1/users/me', { headers: player.headers });
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()).code).toBe('account_blocked');
  await shootConsole(page, 'ru-admin-player');
  await page.getByTestId('block-reason').fill('Проверка пройдена');
  await page.getByTestId('unblock-submit').click();
  await expect(page.getByTestId('player-state')).toHaveText('Активен');
  expect((await request.get('/api/v1/users/me', { headers: player.headers })).status()).toBe(200);

  // The audit, newest first, filtered to this player.
  await page.getByTestId('console-nav-audit').click();
  await hydrated(page);
  await page.getByTestId('audit-kind').selectOption('player');
  await page.getByTestId('audit-target').fill(String(player.user_id));
  await page.getByTestId('audit-apply').click();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('players.unblock');
  await expect(rows.nth(1)).toContainText('Подозрение на мультиаккаунт');
  await expect(rows.nth(2)).toContainText('players.balance');
  await expect(rows.nth(2)).toContainText(admin.login);
  await expect(rows.nth(2)).toContainText('balance: 125');

  // The same pages in English.
  await page.goto(`/en/admin?q=${player.login}`);
  await hydrated(page);
  await expect(page.getByTestId('player-results')).toContainText('1 player found');
  await shootConsole(page, 'en-admin-players');
  await page.goto(`/en/admin/players/${player.user_id}`);
  await hydrated(page);
  await expect(page.getByTestId('player-state')).toHaveText('Active');
  await expect(page.getByTestId('ledger')).toContainText('Компенсация за потерянный дроп');
  await shootConsole(page, 'en-admin-player');
});

test('an admin switches a feature off for every player, and resets it', STORE_WIDE, async ({ page, request, browser, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  const player = await register(request);
  await signIn(page, baseURL!, admin);
  const other = await browser.newContext({ baseURL, storageState: overlaysDismissed(baseURL!) });
  const playerPage = await other.newPage();
  await signIn(playerPage, baseURL!, player);
  await playerPage.setViewportSize({ width: 1280, height: 900 });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin/flags');
  await hydrated(page);
  const upgrades = page.getByTestId('flag-upgrades');
  await expect(upgrades.getByTestId('flag-current')).toHaveText('Вкл');
  await shootConsole(page, 'ru-admin-flags');
  try {
    await upgrades.getByTestId('flag-off').click();
    await expect(upgrades.getByTestId('flag-current')).toHaveText('Выкл');
    await expect(upgrades).toContainText('оператор');
    // The player's next page already knows: the upgrades entry is gone from the menu.
    await playerPage.goto('/en');
    await hydrated(playerPage);
    await expect(playerPage.getByTestId('desktop-contracts')).toBeVisible();
    await expect(playerPage.getByTestId('desktop-upgrades')).toHaveCount(0);
    // The tech-work switch asks first; cancelling changes nothing.
    await page.getByTestId('techwork-on').click();
    await expect(page.getByTestId('techwork-confirm')).toContainText('Операторам магазин и эта консоль остаются доступны');
    await page.getByTestId('techwork-confirm').getByRole('button', { name: 'Отмена' }).click();
    await expect(page.getByTestId('techwork')).toHaveAttribute('data-on', 'false');
    // Confirmed: players get the tech-work page, the operator keeps the console and switches it off there.
    await page.getByTestId('techwork-on').click();
    await page.getByTestId('techwork-confirm-button').click();
    await expect(page.getByTestId('techwork')).toHaveAttribute('data-on', 'true');
    await expect.poll(async () => (await playerPage.goto('/en'))?.status()).toBe(503);
    await page.goto('/admin/flags');
    await hydrated(page);
    await page.getByTestId('techwork-off').click();
    await expect(page.getByTestId('techwork')).toHaveAttribute('data-on', 'false');
    await expect.poll(async () => (await playerPage.goto('/en'))?.status()).toBe(200);
  } finally {
    await page.goto('/en/admin/flags');
    await hydrated(page);
    await page.getByTestId('flag-upgrades').getByTestId('flag-reset').click();
    if ((await page.getByTestId('techwork').getAttribute('data-on')) === 'true') await page.getByTestId('techwork-off').click();
  }
  await expect(page.getByTestId('flag-upgrades').getByTestId('flag-current')).toHaveText('On');
  await expect(page.getByTestId('flag-upgrades')).toContainText('configuration');
  await shootConsole(page, 'en-admin-flags');
  await playerPage.goto('/en');
  await hydrated(playerPage);
  await expect(playerPage.getByTestId('desktop-upgrades')).toBeVisible();
  await other.close();
});

test('support finds players and reads the flags, but changes no flag or balance and reads no audit', async ({ page, request, baseURL }) => {
  const support = await operatorOf(request, 'support');
  const player = await register(request);
  await signIn(page, baseURL!, support);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/en/admin/flags');
  await hydrated(page);
  await expect(page.getByTestId('console-nav').locator('a')).toHaveText(['Players', 'Cases & odds', 'Prices', 'Promo codes', 'Offers', 'Leaderboards', 'Events', 'Withdrawals', 'Payments', 'Payment settings', 'Flags & tech-work']);
  await expect(page.getByTestId('flags-read-only')).toBeVisible();
  await expect(page.getByTestId('flag-upgrades')).toBeVisible();
  await expect(page.getByTestId('flag-off')).toHaveCount(0);
  await expect(page.getByTestId('techwork-on')).toHaveCount(0);

  await openPlayer(page, '/en', player);
  await expect(page.getByTestId('balance-form')).toHaveCount(0);
  await expect(page.getByTestId('block-form')).toBeVisible();

  // The audit's address answers with the server's refusal, and the server refuses its calls anyway.
  await page.goto('/en/admin/audit');
  await expect(page.getByTestId('audit-refused')).toHaveText('Only administrators can do that');
  const refused = await request.post('/api/v1/admin/flags', { headers: support.headers, data: { name: 'upgrades', value: 'off' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('admin_only');
});

test('a player or a guest who opens /admin gets the not-found page', async ({ page, request, baseURL }) => {
  for (const path of ['/admin', '/en/admin/flags']) {
    const guest = await page.goto(path);
    expect(guest?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
  const player = await register(request);
  await signIn(page, baseURL!, player);
  for (const path of ['/admin', '/en/admin/audit', `/admin/players/${player.user_id}`]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('console')).toHaveCount(0);
  }
  const api = await request.get('/api/v1/admin/players?q=a', { headers: player.headers });
  expect((await api.json()).code).toBe('operator_only');
});

test('an admin raises a method’s minimum as a new payment-settings version: a wrong figure is named at its field, the version is listed, and the refill page holds players to it', STORE_WIDE, async ({ page, request, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/admin/payment-settings');
  await hydrated(page);
  const versions = page.getByTestId('payment-settings-version');
  const before = await versions.count();
  const sbp = page.getByTestId('country-RU').getByTestId('method-101');
  const min = sbp.locator('input[data-testid$=".min"]');
  const max = sbp.locator('input[data-testid$=".max"]');
  const original = await min.inputValue();

  // A minimum above the maximum is refused, named at its field, and nothing is saved.
  await min.fill(String(Number(await max.inputValue()) + 1));
  await page.getByTestId('payment-settings-note').fill('SBP minimum: a typo');
  await page.getByTestId('payment-settings-save').click();
  await expect(sbp.locator('[role="alert"]')).toBeVisible();
  await expect(versions).toHaveCount(before);

  // 250 is saved as a new version with its note, the one in force.
  await min.fill('250');
  await page.getByTestId('payment-settings-note').fill('SBP minimum 250');
  await page.getByTestId('payment-settings-save').click();
  await expect(versions).toHaveCount(before + 1);
  await expect(versions.first()).toContainText('SBP minimum 250');
  await expect(versions.first()).toHaveAttribute('data-current', 'true');
  await shootConsole(page, 'en-admin-payment-settings');

  // A player in Russia is held to it.
  const player = await register(request);
  const refused = await request.post('/api/v1/payments/transaction/start', { headers: { ...player.headers, 'cf-ipcountry': 'RU' }, data: { country: 'RU', method_id: 101, amount: 200 } });
  expect([refused.status(), (await refused.json()).code]).toEqual([422, 'amount_too_low']);

  // Back to the figure it had, as another version: the other tests of this store see the store as it was.
  await page.reload();
  await hydrated(page);
  await min.fill(original);
  await page.getByTestId('payment-settings-note').fill(`SBP minimum back to ${original}`);
  await page.getByTestId('payment-settings-save').click();
  await expect(versions).toHaveCount(before + 2);
});

test('support reads a player’s outgoing letters in their record, and an admin downloads the players who signed up in a period as CSV', async ({ page, request, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  const player = await register(request);
  // The store mails the player a confirmation link: a letter the record must show.
  const sent = await request.post('/api/v1/users/send-email', { headers: player.headers, data: { email: `reader-${player.user_id}@players.test` } });
  expect(sent.status()).toBe(200);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en/admin/players/${player.user_id}?tab=messages`);
  await hydrated(page);
  const letter = page.getByTestId('player-message');
  await expect(letter).toHaveCount(1);
  await expect(letter).toHaveAttribute('data-state', 'sent');
  await expect(letter).toContainText('email-confirmation');
  await shootConsole(page, 'en-admin-player-messages');

  // Today's sign-ups, the player among them, as the file the browser downloads.
  await page.goto('/en/admin/dashboard');
  await hydrated(page);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByTestId('export-from').fill(today);
  await page.getByTestId('export-to').fill(today);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-players').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^id,login/);
  expect(csv).toContain(`${player.user_id},${player.login}`);
});

test('an admin runs the price job from the console: the catalogue\'s value, the movers and the cases out of band show, a proposal is published as a new odds version and a case is taken off sale; support only reads', STORE_WIDE, async ({ page, request, browser, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/admin/prices');
  await hydrated(page);
  await expect(page.getByTestId('console-nav-prices')).toHaveClass(/on/);
  const runs = page.getByTestId('price-run');
  const before = await runs.count();

  // The sandbox market's list, read now: every run is recorded, and the committed prices drift a little.
  await page.getByTestId('prices-run').click();
  await expect(page.getByTestId('alert').filter({ hasText: 'Price run done' })).toBeVisible();
  await expect(runs).toHaveCount(before + 1);
  await expect(runs.first()).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('prices-tile-value-value')).not.toHaveText('0');
  await expect(page.getByTestId('price-mover').first()).toBeVisible();
  await page.getByTestId('price-movers-24h').click();
  await expect(page).toHaveURL(/movers=24h$/);
  await expect(page.getByTestId('price-mover').first()).toBeVisible();

  // Cases the prices left outside the 85-95 % band, each with its drift and a proposal the simulator played.
  const flagged = page.getByTestId('prices-case');
  await expect(flagged.first()).toBeVisible();
  const count = await flagged.count();
  expect(count).toBeGreaterThan(1);
  await shootConsole(page, 'en-admin-prices');

  const proposed = flagged.filter({ has: page.getByTestId('prices-case-publish') }).first();
  const published = (await proposed.getAttribute('data-case'))!;
  await proposed.getByTestId('prices-case-publish').click();
  await expect(page.getByTestId('alert').filter({ hasText: "The proposed odds are the case's new version" })).toBeVisible();
  await expect(page.locator(`[data-testid="prices-case"][data-case="${published}"]`)).toHaveCount(0);

  const last = flagged.last();
  const offSale = (await last.getAttribute('data-case'))!;
  await last.getByTestId('prices-case-off-sale').click();
  await expect(page.getByTestId('alert').filter({ hasText: 'The case is off sale' })).toBeVisible();
  await expect(page.locator(`[data-testid="prices-case"][data-case="${offSale}"]`)).toHaveCount(0);
  const cases = (await (await request.get('/api/v1/admin/cases', { headers: admin.headers })).json()).data.items as { id: number; slug: string; locked: boolean; odds_id: number }[];
  const locked = cases.find((c) => c.slug === offSale)!;
  expect(locked.locked).toBe(true);
  const audit = (await (await request.get(`/api/v1/admin/audit?target_kind=case&target_id=${cases.find((c) => c.slug === published)!.id}`, { headers: admin.headers })).json()).data.items;
  expect(audit[0]).toMatchObject({ action: 'cases.odds' });

  // The dashboard names the same: the catalogue's value, the movers of the run, the cases still out of band, and leads to the page.
  await page.goto('/en/admin/dashboard');
  await hydrated(page);
  const card = page.getByTestId('dashboard-prices');
  await expect(card.getByTestId('prices-tile-value-value')).not.toHaveText('0');
  await expect(card.getByTestId('dashboard-price-movers').locator('li').first()).toBeVisible();
  await expect(card.getByTestId('dashboard-price-cases').locator('li')).toHaveCount(Math.min(5, count - 2));
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'en-admin-dashboard-prices', CONSOLE_WIDTHS);
  await card.getByTestId('dashboard-prices-link').click();
  await expect(page).toHaveURL(/\/en\/admin\/prices$/);

  // In Russian, as the console opens by default.
  await page.goto('/admin/prices');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Цены');
  await shootConsole(page, 'ru-admin-prices');

  // Support reads the same page, without the buttons.
  const support = await operatorOf(request, 'support');
  const context = await browser.newContext({ baseURL, storageState: overlaysDismissed(baseURL!) });
  const other = await context.newPage();
  await signIn(other, baseURL!, support);
  await other.goto('/en/admin/prices');
  await hydrated(other);
  await expect(other.getByTestId('prices-tiles')).toBeVisible();
  await expect(other.getByTestId('prices-run')).toHaveCount(0);
  await expect(other.getByTestId('prices-case-off-sale')).toHaveCount(0);
  await context.close();

  // The case back on sale, so the other tests of this store find it as it was.
  const unlocked = await request.patch(`/api/v1/admin/cases/${locked.id}`, { headers: admin.headers, data: { locked: false } });
  expect(unlocked.status()).toBe(200);
});
