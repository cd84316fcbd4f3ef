import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatAmount } from '../../packages/shared/src/money.ts';
import { cheapCase, grant, hydrated, nextFrames, playerWithItems, register, shotDir, signIn, watchAlerts, watchSuspense } from './helpers.ts';

// Screenshots of these checks, looked at by hand at both widths and in both languages.
const SHOTS = process.env.SALE_SHOTS_DIR ?? shotDir;

const texts = {
  ru: { prefix: '', taskDone: 'Задание выполнено', sold: 'Продано 10 предметов' },
  en: { prefix: '/en', taskDone: 'Task done', sold: '10 items sold' },
} as const;

const headerBalance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));
const apiBalance = async (page: Page) => (await (await page.request.get('/api/v1/users/me')).json()).data.finance.balance as number;

/** Where the first screen ends: the viewport's bottom, or the phone's tab bar fixed over it. */
async function firstScreenBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector('.tabbar');
    const top = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : Infinity;
    return Math.min(window.innerHeight, top);
  });
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

/**
 * Measures every toast where it was first painted: which of the header's balance and coins it
 * covered. A toast lives 3 s; a look after the fact would miss one that came and went.
 */
async function watchToastCover(page: Page) {
  await page.evaluate(() => {
    const found: { text: string; covers: string[] }[] = [];
    (window as unknown as { __toastCover: typeof found }).__toastCover = found;
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const measure = (el: HTMLElement) =>
      requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const covers = ['balance', 'coins'].filter((id) => {
          const other = document.querySelector(`[data-testid="${id}"]`);
          return other && hit(r, other.getBoundingClientRect());
        });
        found.push({ text: el.textContent ?? '', covers });
      });
    new MutationObserver((records) =>
      records.forEach((rec) =>
        rec.addedNodes.forEach((n) => {
          if (n instanceof HTMLElement && n.dataset.testid === 'alert') measure(n);
        }),
      ),
    ).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toastCover: { text: string; covers: string[] }[] }).__toastCover);
}

for (const lang of ['ru', 'en'] as const) {
  for (const width of [360, 1280]) {
    test(`${lang} at ${width} px: a ×5 opening shows all five results and both actions on the first screen; toasts wait for the reel and keep off the header`, async ({
      page,
      request,
      baseURL,
    }) => {
      const t = texts[lang];
      const player = await register(request);
      await grant(player.login, 5000);
      const box5 = await cheapCase(page);
      await signIn(page, baseURL!, player);
      const alerts = await watchAlerts(page);
      await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
      await page.goto(`${t.prefix}/open/${box5.slug}`);
      await hydrated(page);
      // Task news comes over the player's socket: five openings finish the season's "open 3 cases".
      await expect(page.getByTestId('event-coins-listener')).toHaveAttribute('data-live', 'on');
      await page.getByTestId('count-5').click();

      // No toast at all while the reel turns, whenever its news arrives.
      const toastCover = await watchToastCover(page);
      const suspense = await watchSuspense(page, '[data-testid="roulette"]', ['[data-testid="alert"]', '[data-testid="open-result"]']);
      await page.getByTestId('open-case').click();
      await expect(page.getByTestId('roulette')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${lang}-x5-reel-${width}.png` });
      const result = page.getByTestId('open-result');
      await expect(result).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('won-item')).toHaveCount(5);
      await nextFrames(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-x5-result-${width}.png` });

      // The task's toast comes after the reel, below the header: the balance and the coins stay in sight.
      await alerts.shown(t.taskDone);
      expect(await suspense.broken(), 'a toast or the result showed while the reel turned').toBe(false);
      await expect.poll(async () => (await toastCover()).some((m) => m.text.includes(t.taskDone))).toBe(true);
      for (const m of await toastCover()) expect.soft(m.covers, `the toast "${m.text}" covers the header's`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${lang}-x5-toast-${width}.png` });

      // Everything the player decides on is on the first screen, without scrolling.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const bottom = await firstScreenBottom(page);
      const shown = [...(await page.getByTestId('won-item').all()), page.getByTestId('sell-won'), page.getByTestId('open-again')];
      for (const el of shown) {
        const b = await box(el);
        expect.soft(b.y, 'below the top of the screen').toBeGreaterThanOrEqual(0);
        expect.soft(b.y + b.height, `within the first screen (${bottom} px)`).toBeLessThanOrEqual(bottom);
      }
    });
  }
}

for (const [lang, width] of [
  ['ru', 360],
  ['en', 1280],
] as const) {
  test(`${lang} at ${width} px: the quick sale starts with nothing ticked, stops at 10 and sells only after the confirmation`, async ({ page, request, baseURL }) => {
    const t = texts[lang];
    const player = await playerWithItems(page, request, baseURL!, 3);
    const alerts = await watchAlerts(page);
    await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
    await page.goto(`${t.prefix}/profile/${player.user_id}`);
    await hydrated(page);
    await page.getByTestId('open-quick-sale').click();
    const dialog = page.getByTestId('quick-sale-dialog');
    const rows = dialog.getByTestId('quick-sale-row');
    await expect(rows).toHaveCount(15);
    await expect(dialog.locator('input[type="checkbox"]:checked')).toHaveCount(0);
    await expect(dialog.getByTestId('quick-sale-count')).toHaveAttribute('data-n', '0');
    await expect(dialog.getByTestId('quick-sale-sell')).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/${lang}-quick-sale-open-${width}.png` });

    // Ten ticked one by one; the eleventh cannot be.
    const inventory = (await (await page.request.get('/api/v1/inventory/get?group=active&per_page=100')).json()).data.items as { id: number; price: number }[];
    const priceOf = new Map(inventory.map((i) => [i.id, i.price]));
    const prices: number[] = [];
    for (let i = 0; i < 10; i++) {
      await rows.nth(i).locator('input').check();
      prices.push(priceOf.get(Number(await rows.nth(i).getAttribute('data-item-id')))!);
    }
    await expect(dialog.getByTestId('quick-sale-count')).toHaveAttribute('data-n', '10');
    await expect(dialog.getByTestId('quick-sale-limit')).toBeVisible();
    const eleventh = rows.nth(10).locator('input');
    await expect(eleventh).toBeDisabled();
    await eleventh.click({ force: true });
    await expect(eleventh).not.toBeChecked();
    await expect(dialog.locator('input[type="checkbox"]:checked')).toHaveCount(10);
    await page.screenshot({ path: `${SHOTS}/${lang}-quick-sale-full-${width}.png` });

    // The sale asks first with its sum; Cancel sells nothing and keeps the pick.
    const before = await apiBalance(page);
    const sum = Math.round(prices.reduce((s, p) => s + p, 0) * 100) / 100;
    await dialog.getByTestId('quick-sale-sell').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('confirm-sum')).toHaveText(formatAmount(sum, { locale: lang }));
    await page.screenshot({ path: `${SHOTS}/${lang}-quick-sale-confirm-${width}.png` });
    await confirm.getByTestId('confirm-cancel').click();
    await expect(dialog.locator('input[type="checkbox"]:checked')).toHaveCount(10);
    expect(await apiBalance(page)).toBe(before);
    expect(await headerBalance(page)).toBe(before);

    // Yes sells the ten, and only then the balance moves.
    await dialog.getByTestId('quick-sale-sell').click();
    await confirm.getByTestId('confirm-yes').click();
    await expect(dialog).toBeHidden();
    await alerts.shown(t.sold);
    await expect.poll(() => apiBalance(page)).toBeCloseTo(before + sum, 2);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + sum, 2);
    await expect(page.getByTestId('inventory-item')).toHaveCount(5);
  });
}
