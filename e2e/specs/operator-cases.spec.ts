import { expect, test, type Page } from '@playwright/test';
import { PUSH_BANNER_KEY } from '../../apps/web/app/lib/storage-keys.ts';
import { STORE_WIDE, hydrated, register, setRole, shoot, signIn, watchAlerts } from './helpers.ts';

/**
 * The console's cases and odds (decision 030): an admin makes a case, edits its odds table and sees
 * the return to player follow before saving, saves it as a new version (confirming the guard rail),
 * runs a simulation; support reads the same pages with nothing to save. Store-wide: a new case and
 * its odds are what every player sees.
 */
const CONSOLE_WIDTHS = [768, 1280];

async function shootConsole(page: Page, name: string) {
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, CONSOLE_WIDTHS);
}

/** A chance as the editor writes it, from tickets (1 ticket is 0.001%). */
const chanceOf = (tickets: number) => String(tickets / 1000);
const ticketsOf = (chance: string) => Math.round(Number(chance.replace(',', '.')) * 1000);

test('an admin makes a case, edits its odds with a live RTP, saves a confirmed version and simulates it; support only reads', STORE_WIDE, async ({ page, request, baseURL }) => {
  const admin = await register(request);
  await setRole(admin.login, 'admin');
  const support = await register(request);
  await setRole(support.login, 'support');
  const alerts = await watchAlerts(page);
  // The notifications banner would stand over the tables in the screenshots: closed, as a returning operator would have it.
  await page.addInitScript((key) => localStorage.setItem(key, String(Date.now())), PUSH_BANNER_KEY);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin/cases');
  await hydrated(page);
  await expect(page.getByTestId('console-nav-cases')).toHaveText('Кейсы и шансы');
  await expect(page.getByTestId('console-nav-cases')).toHaveClass(/on/);
  expect(await page.getByTestId('case-row').count()).toBeGreaterThan(10);
  await shootConsole(page, 'ru-admin-cases');

  // A new case from the form: a price far above what its table pays, so the guard asks first.
  const slug = `console-e2e-${Date.now().toString(36)}`;
  await page.getByTestId('case-create').locator('summary').click();
  await page.getByTestId('new-case-slug').fill(slug);
  await page.getByTestId('new-case-nameRu').fill('Кейс из консоли');
  await page.getByTestId('new-case-nameEn').fill('Console case');
  await page.getByTestId('new-case-price').fill('abc');
  await page.getByTestId('new-case-submit').click();
  await expect(page.getByTestId('new-case-problem')).toContainText('Цена');
  await page.getByTestId('new-case-price').fill('99999');
  await page.getByTestId('new-case-submit').click();
  await expect(page.getByTestId('rtp-confirm-message')).toContainText('вне диапазона 80–98%');
  await page.getByTestId('rtp-confirm-button').click();
  await expect(page).toHaveURL(/\/admin\/cases\/\d+$/);
  const caseId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('case-name')).toHaveText('Кейс из консоли');
  await alerts.shown('Кейс «Кейс из консоли» создан');
  await expect(page.getByTestId('odds-version')).toHaveCount(1);
  await expect(page.getByTestId('console-nav-cases')).toHaveClass(/on/);

  // The odds: the rarest row gains a percent, and the figures follow as it is typed.
  const rtp = page.getByTestId('odds-rtp');
  const before = await rtp.textContent();
  expect(before).toMatch(/^\d+,\d\d%$/);
  await expect(page.getByTestId('odds-saved-rtp')).toHaveText(before!);
  const chances = page.getByTestId('odds-chance');
  const values = await chances.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const largest = values.reduce((best, v, i) => (ticketsOf(v) > ticketsOf(values[best]!) ? i : best), 0);
  const first = largest === 0 ? 1 : 0;
  await chances.nth(first).fill(chanceOf(ticketsOf(values[first]!) + 1000));
  await expect(rtp).not.toHaveText(before!);
  // 1000 tickets too many: said, and nothing can be saved yet.
  await expect(page.getByTestId('odds-left')).toHaveText('1 000');
  await expect(page.getByTestId('odds-table-problem')).toContainText('1 000');
  await expect(page.getByTestId('odds-save')).toBeDisabled();
  await chances.nth(largest).fill(chanceOf(ticketsOf(values[largest]!) - 1000));
  await expect(page.getByTestId('odds-left')).toHaveText('0');
  await expect(page.getByTestId('odds-table-problem')).toHaveCount(0);
  const edited = await rtp.textContent();
  expect(edited).not.toBe(before);
  await expect(page.getByTestId('odds-guard-note')).toBeVisible();
  // A typo is marked on its row.
  await chances.nth(first).fill('1,2,3');
  await expect(page.getByTestId('odds-row').nth(first).getByTestId('odds-row-problem')).toHaveText('Процент больше 0, не больше 3 знаков после запятой');
  await expect(page.getByTestId('odds-save')).toBeDisabled();
  await chances.nth(first).fill(chanceOf(ticketsOf(values[first]!) + 1000));
  await expect(rtp).toHaveText(edited!);
  // An item from the catalogue joins as a new row, without a chance yet: marked, and nothing to save until it has one or goes.
  await page.getByTestId('odds-item-query').fill('AK-47');
  await page.locator('[data-testid="odds-item-result"]:enabled').first().click();
  const added = page.getByTestId('odds-row').last();
  await expect(added.getByTestId('odds-row-problem')).toBeVisible();
  await expect(page.getByTestId('odds-save')).toBeDisabled();
  await added.getByTestId('odds-remove').click();
  await expect(page.getByTestId('odds-row')).toHaveCount(values.length);
  await expect(rtp).toHaveText(edited!);
  await shootConsole(page, 'ru-admin-case-editing');

  // Saved: the guard asks, the operator confirms, a second version becomes the current one.
  await page.getByTestId('odds-reason').fill('e2e: больше редкого');
  await page.getByTestId('odds-save').click();
  await expect(page.getByTestId('rtp-confirm-message')).toContainText('вне диапазона 80–98%');
  await page.getByTestId('rtp-confirm-button').click();
  await expect(page.getByTestId('rtp-confirm')).toBeHidden();
  await expect(page.getByTestId('odds-version')).toHaveCount(2);
  await expect(page.getByTestId('odds-version').first()).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('odds-saved-rtp')).toHaveText(edited!);
  await expect(rtp).toHaveText(edited!);
  await alerts.shown('сохранена, RTP');

  // A simulation of the saved table: the observed RTP and each item's draws.
  await page.getByTestId('sim-n').fill('0');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-problem')).toBeVisible();
  await page.getByTestId('sim-n').fill('20000');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-result')).toBeVisible();
  await expect(page.getByTestId('sim-openings')).toHaveText('20 000');
  await expect(page.getByTestId('sim-expected-rtp')).toHaveText(edited!);
  await expect(page.getByTestId('sim-observed-rtp')).toContainText('%');
  const items = new Set(await page.getByTestId('odds-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item'))));
  await expect(page.getByTestId('sim-count')).toHaveCount(items.size);
  await page.getByTestId('sim-result').scrollIntoViewIfNeeded();
  await shoot(page, 'ru-admin-case-simulation', CONSOLE_WIDTHS);
  await shootConsole(page, 'ru-admin-case');

  // The case's fields: a bad value is named before anything is sent; a good one is saved.
  await page.getByTestId('case-field-oldPrice').fill('abc');
  await page.getByTestId('case-save').click();
  await expect(page.getByTestId('case-fields-problem')).toContainText('Старая цена');
  await page.getByTestId('case-field-oldPrice').fill('');
  await page.getByTestId('case-field-sort').fill('5');
  await page.getByTestId('case-field-battleAllowed').uncheck();
  await page.getByTestId('case-save').click();
  await alerts.shown('Кейс сохранён');
  await expect(page.getByTestId('case-save')).toBeDisabled();
  await expect(page.getByTestId('case-field-sort')).toHaveValue('5');
  await expect(page.getByTestId('case-field-battleAllowed')).not.toBeChecked();
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.getByTestId('case-fields').scrollIntoViewIfNeeded();
  await shoot(page, 'ru-admin-case-fields', CONSOLE_WIDTHS);

  await page.goto(`/en/admin/cases/${caseId}`);
  await hydrated(page);
  await expect(page.getByTestId('case-name')).toHaveText('Console case');
  // The same figure, written the English way.
  await expect(page.getByTestId('odds-rtp')).toHaveText(edited!.replace(',', '.'));
  await shootConsole(page, 'en-admin-case');
  await page.goto('/en/admin/cases');
  await hydrated(page);
  await expect(page.getByTestId('case-row').filter({ hasText: slug })).toContainText('Console case');
  await shootConsole(page, 'en-admin-cases');

  // Support: the same pages, read-only.
  await page.context().clearCookies();
  const supportPage = page;
  await signIn(supportPage, baseURL!, support);
  await supportPage.setViewportSize({ width: 1280, height: 900 });
  await supportPage.goto('/admin/cases');
  await hydrated(supportPage);
  await expect(supportPage.getByTestId('case-list')).toBeVisible();
  await expect(supportPage.getByTestId('case-create')).toHaveCount(0);
  await supportPage.getByTestId('case-row').filter({ hasText: slug }).getByTestId('case-link').click();
  await expect(supportPage.getByTestId('case-name')).toHaveText('Кейс из консоли');
  await expect(supportPage.getByTestId('odds-rtp')).toHaveText(edited!);
  await expect(supportPage.getByTestId('odds-version')).toHaveCount(2);
  await expect(supportPage.getByTestId('odds-chance').first()).toHaveAttribute('readonly', '');
  for (const id of ['odds-save', 'case-save', 'sim-run', 'odds-item-search']) await expect(supportPage.getByTestId(id)).toHaveCount(0);
  await expect(supportPage.getByTestId('case-field-nameRu')).toBeDisabled();
  await shoot(supportPage, 'ru-admin-case-support', CONSOLE_WIDTHS);
});
