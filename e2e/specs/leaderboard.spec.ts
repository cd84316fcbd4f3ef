import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STORE_WIDE, advanceClock, createTop, grant, hydrated, nextFrames, openAsap, register, shoot, signIn, WIDTHS, type Player } from './helpers.ts';

const texts = {
  ru: { top: 'Топ', ended: 'Завершён', showAll: 'Показать все', collapse: 'Свернуть', free: 'Свободное место', toPrizes: 'До призовых мест', units: /день|дня|дней/, place1: '1 место', yourPlace1: 'Ваше место: 1' },
  en: { top: 'Top', ended: 'Ended', showAll: 'Show all', collapse: 'Collapse', free: 'Free place', toPrizes: 'To reach the prizes', units: /days?/, place1: 'Place 1', yourPlace1: 'Your place: 1' },
} as const;


async function cheapestCase(request: APIRequestContext): Promise<{ slug: string; price_data: { price: number } }> {
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as any[];
  return sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && c.statistic_data.opens_limit === null)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
}

/**
 * Funds a player and opens `count` paid cases, one at a time: each adds the case's price to a
 * spent board. A cushion stays on the balance: a player left short would get the daily-case
 * offer popup over the page.
 */
async function spend(request: APIRequestContext, player: Player, count: number) {
  const box = await cheapestCase(request);
  await grant(player.login, Math.ceil(box.price_data.price * count) + 5000);
  for (let i = 0; i < count; i++) {
    const res = await openAsap(request, box.slug, 1, player.headers);
    expect(res.status()).toBe(200);
  }
}

const ranking = async (request: APIRequestContext, id: number, player?: Player) =>
  (await (await request.get(`/api/v2/top/ranking/${id}`, { headers: player?.headers })).json()).data;

/** Waits until the board has counted the player's games (scores are counted from the activity stream, just after a game). */
async function placed(request: APIRequestContext, id: number, player: Player, position: number) {
  await expect.poll(async () => (await ranking(request, id, player)).me?.position ?? null, { timeout: 20_000 }).toBe(position);
}

const card = (page: Page, id: number) => page.locator(`[data-testid="top-card"][data-id="${id}"]`);

/** Opens the page on a board, hydrated, and listening to the board's live channel. */
async function openBoard(page: Page, prefix: string, id: number) {
  await page.goto(`${prefix}/leaderboard?id=${id}`);
  await hydrated(page);
  await expect(page.getByTestId('top-page')).toHaveAttribute('data-live', 'on');
  await expect(card(page, id)).toHaveAttribute('data-active', 'true');
}

/** The track's scroll position once its smooth scrolling has stopped (-1 while it still moves). */
const settledScroll = (el: Element) =>
  new Promise<number>((resolve) => {
    const at = el.scrollLeft;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.scrollLeft === at ? at : -1)));
  });

/** Screens a part of the page at phone and desktop widths, scrolled to that part. */
async function shootAt(page: Page, name: string, target: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
    await page.getByTestId(target).scrollIntoViewIfNeeded();
    await shoot(page, name, [width]);
  }
}

test('a player opens cases and sees their place appear, pinned below the prizes, then climb into them', STORE_WIDE, async ({ page, request, baseURL }) => {
  const id = await createTop({ type: 'spent', hours: 2, prizes: 1, title: 'E2E climb' });
  const rival = await register(request);
  await spend(request, rival, 2);
  await placed(request, id, rival, 1);

  const player = await register(request);
  await signIn(page, baseURL!, player);
  await openBoard(page, '', id);
  await expect(card(page, id).getByTestId('top-card-position')).toHaveText('—');
  await expect(page.getByTestId('top-me')).toHaveCount(0);
  await expect(page.locator('[data-testid="top-row"][data-position="1"]').getByTestId('top-row-name')).toHaveText(/\S/);

  // One case: on the board, but below its only prize place, so pinned above the list with what the prize takes.
  await spend(request, player, 1);
  const me = page.getByTestId('top-me');
  await expect(me).toHaveAttribute('data-position', '2');
  await expect(card(page, id).getByTestId('top-card-position')).toHaveText('2');
  await expect(page.getByTestId('top-me-remaining')).toContainText(texts.ru.toPrizes);
  const gap = (await ranking(request, id, player)).me.remaining.amount;
  expect(gap).toBeGreaterThan(0);
  await expect(page.getByTestId('top-me-remaining').locator('[data-value]')).toHaveAttribute('data-value', String(gap));

  // Two more: past the rival, in the list itself, highlighted, and nothing pinned any more.
  await spend(request, player, 2);
  await expect(card(page, id).getByTestId('top-card-position')).toHaveText('1');
  await expect(page.getByTestId('top-me')).toHaveCount(0);
  const mine = page.locator('[data-testid="top-row"][data-mine="true"]');
  await expect(mine).toHaveAttribute('data-position', '1');
  await expect(mine.getByTestId('top-row-avatar')).toHaveAttribute('href', `/profile/${player.user_id}`);
  await expect(page.getByTestId('top-rows').getByTestId('top-row')).toHaveCount(1);
});

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: the carousel, the info popup and the ranking at phone and desktop widths`, STORE_WIDE, async ({ page, request, baseURL }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /hydrat/i.test(m.text()) && hydrationErrors.push(m.text()));
    const id = await createTop({ type: 'spent', hours: 30, prizes: 7, title: lang === 'ru' ? 'Топ недели E2E' : 'E2E weekly top' });
    await createTop({ type: 'cases_opened', hours: 5, prizes: 3, title: lang === 'ru' ? 'Кейсы E2E' : 'E2E cases' });
    const rival = await register(request);
    await spend(request, rival, 3);
    const player = await register(request);
    await spend(request, player, 1);
    await placed(request, id, player, 2);

    await signIn(page, baseURL!, player);
    await page.setViewportSize({ width: 360, height: 780 });
    await openBoard(page, prefix, id);
    const active = card(page, id);
    await expect(active.getByTestId('top-card-title')).toHaveText(lang === 'ru' ? 'Топ недели E2E' : 'E2E weekly top');
    await expect(active.getByTestId('top-card-position')).toHaveText('2');
    await expect(active.getByTestId('top-fund')).toHaveText(/^\d[\d ]*$/);

    // The timer: four two-digit units with their plural labels, ticking every second.
    const timer = active.getByTestId('top-timer');
    await expect(timer).toHaveAttribute('data-ended', 'false');
    await expect(timer.locator('.top-timer__unit b')).toHaveText([/^\d{2,}$/, /^\d{2}$/, /^\d{2}$/, /^\d{2}$/]);
    await expect(timer.locator('[data-unit="day"] small')).toHaveText(t.units);
    const seconds = timer.locator('[data-unit="second"] b');
    const first = await seconds.textContent();
    await expect.poll(() => seconds.textContent(), { timeout: 5_000 }).not.toBe(first);

    // The board asked for by ?id= is in view, whatever its place in the carousel.
    await expect(active).toBeInViewport();
    await shoot(page, `${lang}-leaderboard`);

    // The arrows hide at either end of the carousel (phones show one card and a bit of the next).
    await page.setViewportSize({ width: 360, height: 780 });
    const track = page.locator('.top-carousel__track');
    const prev = page.getByTestId('top-prev');
    const next = page.getByTestId('top-next');
    await track.evaluate((el) => el.scrollTo({ left: 0 }));
    await expect(prev).toHaveCount(0);
    await expect(next).toBeVisible();
    await next.click();
    await expect(prev).toBeVisible();
    await expect.poll(() => track.evaluate(settledScroll)).toBeGreaterThan(0);
    await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(next).toHaveCount(0);
    await expect(prev).toBeVisible();
    await track.evaluate((el) => el.scrollTo({ left: 0 }));

    // The info popup: facts, three steps naming what this board counts, and the FAQ in a new tab.
    await active.getByTestId('top-info').click();
    const info = page.getByTestId('top-info-dialog');
    await expect(info).toBeVisible();
    await expect(info.getByTestId('top-info-count')).toHaveText('7');
    await expect(info.getByTestId('top-info-steps').locator('li')).toHaveCount(3);
    const faq = info.getByTestId('top-faq');
    await expect(faq).toHaveAttribute('href', `${prefix}/faq`);
    await expect(faq).toHaveAttribute('target', '_blank');
    await expect(faq).toHaveAttribute('rel', /noopener/);
    await shoot(page, `${lang}-leaderboard-info`);
    await page.keyboard.press('Escape');
    await expect(info).toHaveCount(0);

    // The ranking: five places collapsed, all seven expanded; free places say what they take.
    const rows = page.getByTestId('top-rows').getByTestId('top-row');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toHaveClass(/top-row--place-1/);
    await expect(rows.nth(1)).toHaveAttribute('data-mine', 'true');
    await expect(rows.nth(2)).toContainText(t.free);
    await expect(rows.nth(2).getByTestId('top-row-prize')).toBeVisible();
    await expect(page.getByTestId('top-expand')).toHaveText(t.showAll);
    await shootAt(page, `${lang}-leaderboard-ranking`, 'top-ranking');
    await page.getByTestId('top-expand').click();
    await expect(rows).toHaveCount(7);
    await expect(page.getByTestId('top-expand')).toHaveText(t.collapse);
    await page.getByTestId('top-expand').click();
    await expect(rows).toHaveCount(5);

    // Another card becomes the active board, and the ranking follows it.
    const other = page.locator(`[data-testid="top-card"]:not([data-id="${id}"])`).first();
    const otherId = await other.getAttribute('data-id');
    await other.locator('.top-card__select').click();
    await expect(other).toHaveAttribute('data-active', 'true');
    await expect(active).toHaveAttribute('data-active', 'false');
    await expect(page.getByTestId('top-ranking')).toHaveAttribute('data-id', otherId!);
    expect(hydrationErrors).toEqual([]);
  });
}

test('a guest sees the boards and the ranking, without a row of their own and never a reward popup', STORE_WIDE, async ({ page, request }) => {
  const id = await createTop({ type: 'spent', hours: 3, prizes: 3, title: 'E2E guest view' });
  const rival = await register(request);
  await spend(request, rival, 1);
  await placed(request, id, rival, 1);

  const rewardCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v2/top/rewards') && rewardCalls.push(r.url()));
  await openBoard(page, '', id);
  await expect(card(page, id).getByTestId('top-card-position')).toHaveText('—');
  const leader = page.locator('[data-testid="top-row"][data-position="1"]');
  await expect(leader.getByTestId('top-row-avatar')).toHaveAttribute('href', `/profile/${rival.user_id}`);
  await expect(page.getByTestId('top-me')).toHaveCount(0);
  await expect(page.locator('[data-mine="true"]')).toHaveCount(0);
  await expect(page.getByTestId('top-reward-listener')).toHaveCount(0);
  await shoot(page, 'ru-leaderboard-guest');
  await nextFrames(page);
  await expect(page.getByTestId('top-reward')).toHaveCount(0);
  expect(rewardCalls).toEqual([]);
});

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the side menu lists the top right after daily, and it leads to the boards`, async ({ page }) => {
    const prefix = lang === 'en' ? '/en' : '';
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${prefix}/`);
    await hydrated(page);
    await page.getByTestId('menu-button').click();
    const link = page.getByTestId('side-menu').locator('a').nth(1);
    await expect(link).toHaveText(new RegExp(`${texts[lang].top}$`));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/leaderboard$`));
    await expect(page.getByTestId('top-page')).toBeVisible();
  });
}

// Last: it moves the store's clock past its board's end.
test('en: a winner sees the reward popup once, with the place and the prize, and finds the prize in the inventory', STORE_WIDE, async ({ page, request, baseURL }) => {
  const id = await createTop({ type: 'spent', hours: 1, prizes: 3, title: 'E2E prize run' });
  const player = await register(request);
  await spend(request, player, 1);
  await placed(request, id, player, 1);

  await signIn(page, baseURL!, player);
  await openBoard(page, '/en', id);
  await expect(page.getByTestId('top-reward-listener')).toHaveAttribute('data-live', 'on');
  await expect(page.getByTestId('top-reward')).toHaveCount(0);

  // The board ends; the server's close job pays the prize and tells the winner at once.
  await advanceClock(2);
  const popup = page.getByTestId('top-reward');
  await expect(popup).toBeVisible({ timeout: 20_000 });
  const rewards = (await (await request.get('/api/v2/top/rewards', { headers: { ...player.headers, 'x-client-language': 'en' } })).json()).data as any[];
  const reward = rewards.find((r) => r.leaderboard_id === id);
  expect(reward).toBeTruthy();
  await expect(popup.getByTestId('top-reward-place')).toHaveText(texts.en.place1);
  await expect(popup.locator('.top-reward')).toHaveClass(/top-reward--place-1/);
  await expect(popup).toContainText('E2E prize run');
  await expect(popup.getByTestId('top-reward-drop')).toContainText(reward.drop.name);
  await expect(popup.getByTestId('top-reward-inventory')).toBeVisible();
  // The popup pops in; the screens show it once it has settled.
  await expect.poll(() => popup.evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  await shoot(page, 'en-leaderboard-reward');

  const seen = page.waitForResponse((r) => r.url().includes(`/api/v2/top/rewards/${reward.id}/seen`) && r.request().method() === 'POST');
  await popup.getByRole('button', { name: 'Close' }).click();
  expect((await seen).status()).toBe(200);
  await expect(popup).toHaveCount(0);

  // Seen once: a reload asks again and shows nothing.
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/v2/top/rewards') && r.request().method() === 'GET');
  await page.reload();
  await hydrated(page);
  expect((await (await asked).json()).data.some((r: any) => r.id === reward.id)).toBe(false);
  await nextFrames(page);
  await expect(page.getByTestId('top-reward')).toHaveCount(0);

  // The prize is in the inventory, from the top.
  const inv = (await (await request.get(`/api/v1/inventory/get?user_id=${player.user_id}`, { headers: { ...player.headers, 'x-client-language': 'en' } })).json()).data;
  expect(inv.items.some((i: any) => i.source === 'Top' && i.name === reward.drop.name)).toBe(true);

  // The ended board shows its period, and the history lists it with the player's own place.
  const timer = card(page, id).getByTestId('top-timer');
  await expect(timer).toHaveAttribute('data-ended', 'true');
  await expect(timer).toContainText(texts.en.ended);
  await expect(timer).toContainText(/\d{2}\.\d{2}\.\d{4} — \d{2}\.\d{2}\.\d{4}/);
  const past = page.locator(`[data-testid="top-history-entry"][data-id="${id}"]`);
  await expect(past.getByTestId('top-history-mine')).toContainText(texts.en.yourPlace1);
  await past.scrollIntoViewIfNeeded();
  await shootAt(page, 'en-leaderboard-history', 'top-history');
});
