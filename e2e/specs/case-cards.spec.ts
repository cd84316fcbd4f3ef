import { expect, test, type APIRequestContext } from '@playwright/test';
import { STORE_WIDE, grant, hydrated, register, setRole, signIn, type Player } from './helpers.ts';

/**
 * The case card of spec §4: its time counter (a case sold within a window counts down, red in its
 * last tenth) and its battle variants (decision 054).
 */

const HOUR = 3_600_000;

async function setWindow(request: APIRequestContext, admin: Player, id: number, window: { from: string; until: string } | null) {
  const res = await request.patch(`/api/v1/admin/cases/${id}`, { headers: admin.headers, data: { sale_window: window } });
  expect(res.status()).toBe(200);
}

test('a case sold within a window counts the time left down on its card, red in the last tenth', STORE_WIDE, async ({ page, request }) => {
  const admin = await register(request);
  await setRole(admin.login, 'admin');
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as any[];
  // The dearest plain case: the one other tests are least likely to open meanwhile (it stays on sale throughout).
  const box = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.daily && c.statistic_data.opens_limit === null)
    .sort((a, b) => b.price_data.price - a.price_data.price)[0];
  const card = page.locator(`a[data-testid="case-card"][href="/en/open/${box.slug}"]`);
  const counter = card.getByTestId('case-counter');
  try {
    // An hour left of ten: a tenth, so low.
    await setWindow(request, admin, box.id, {
      from: new Date(Date.now() - 9 * HOUR).toISOString(),
      until: new Date(Date.now() + HOUR).toISOString(),
    });
    await page.goto('/en');
    await hydrated(page);
    await expect(counter).toHaveAttribute('data-kind', 'time');
    await expect(counter).toHaveAttribute('data-low', 'true');
    await expect(counter).toHaveClass(/case-card__limit--low/);
    await expect(counter.locator('small')).toHaveText(/^(00:59:\d\d|01:00:00)$/);
    const first = await counter.locator('small').textContent();
    // It counts down live.
    await expect(counter.locator('small')).not.toHaveText(first!);
    const width = Number.parseFloat((await counter.locator('.bar span').getAttribute('style'))!.replace(/[^\d.]/g, ''));
    expect(width).toBeGreaterThan(9);
    expect(width).toBeLessThanOrEqual(10);

    // Nine hours left of ten, over a day's worth shown with its days: not low.
    await setWindow(request, admin, box.id, {
      from: new Date(Date.now() - HOUR).toISOString(),
      until: new Date(Date.now() + 33 * HOUR).toISOString(),
    });
    await page.reload();
    await hydrated(page);
    await expect(counter).toHaveAttribute('data-low', 'false');
    await expect(counter.locator('small')).toHaveText(/^1 d (08:59:\d\d|09:00:00)$/);
  } finally {
    await setWindow(request, admin, box.id, null);
  }
  await page.reload();
  await hydrated(page);
  await expect(card).toBeVisible();
  await expect(counter).toHaveCount(0);
});

test('the battle picker shows each case as a battle card with its price and an add control, marked with the count once chosen', async ({
  page,
  request,
  baseURL,
}) => {
  const player = await register(request);
  await grant(player.login, 1000);
  await signIn(page, baseURL!, player);
  await page.goto('/en/battles/create');
  await hydrated(page);
  const cards = page.getByTestId('battle-case');
  const first = cards.first();
  const slug = await first.getAttribute('data-slug');
  const same = page.locator(`[data-testid="battle-case"][data-slug="${slug}"]`);
  await expect(same.first()).toHaveAttribute('data-variant', 'battle');
  await expect(first.locator('.battle-case__add')).toHaveText('+');
  await expect(first.locator('.battle-case__count')).toHaveCount(0);
  await first.click();
  // Every card of that case (it may sit in the recent row too) is marked with the count.
  for (const c of await same.all()) {
    await expect(c).toHaveAttribute('data-variant', 'battle-selected');
    await expect(c.locator('.battle-case__count')).toHaveText('×1');
    await expect(c).toHaveClass(/is-picked/);
  }
  await first.click();
  await expect(first.locator('.battle-case__count')).toHaveText('×2');
  const other = page.locator(`[data-testid="battle-case"]:not([data-slug="${slug}"])`).first();
  await expect(other).toHaveAttribute('data-variant', 'battle');
});
