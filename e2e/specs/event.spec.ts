import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { grant, hydrated, nextFrames, openAsap, register, shoot, signIn, watchAlerts, watchSeen, watchMotion, watchSuspense, type Player } from './helpers.ts';

const texts = {
  ru: {
    taskDone: 'Задание выполнено: +60 монет',
    claimed: 'Приз получен: +100 монет',
    claim: 'Забрать',
    received: 'Получено',
    signIn: 'Войти',
    needs15: 'Нужен 15 уровень',
    newCases: 'Новые кейсы',
    event: 'Событие',
  },
  en: {
    taskDone: 'Task done: +60 coins',
    claimed: 'Prize claimed: +100 coins',
    claim: 'Claim',
    received: 'Received',
    signIn: 'Sign in',
    needs15: 'Needs level 15',
    newCases: 'New cases',
    event: 'Event',
  },
} as const;


const data = async (request: APIRequestContext, path: string, player?: Player) =>
  (await (await request.get(path, { headers: player?.headers })).json()).data;
const coinBalance = async (request: APIRequestContext, player: Player): Promise<number> =>
  (await data(request, '/api/v1/users/me', player)).finance.coin_balance;

/** The cheapest plain case on sale for site currency: what the task's first openings use. */
async function cheapestCase(request: APIRequestContext): Promise<{ slug: string; price_data: { price: number } }> {
  const sections = (await data(request, '/api/v2/case/sections/with-cases?main=1')) as any[];
  return sections
    .flatMap((s) => s.cases)
    .filter(
      (c) =>
        c.available &&
        c.price_data.currency === 'GOLD' &&
        !c.daily &&
        !c.multifix_number &&
        !c.multicast_data &&
        c.statistic_data.opens_limit === null,
    )
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
}

/** The level 1 task "open 3 cases" of the seeded season, as the player's pass lists it. */
async function openCasesTask(request: APIRequestContext, player: Player) {
  const pass = await data(request, '/api/v1/challenge', player);
  const task = pass.levels[0].tasks.find((t: any) => t.task.type === 'open_cases' && t.progress_data.end === 3);
  expect(task, 'the seeded season has "open 3 cases" at level 1').toBeTruthy();
  return task as { id: number; reward: { coins: number } };
}

const level = (page: Page, n: number) => page.locator(`[data-testid="pass-level"][data-level="${n}"]`);

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: a player finishes a task by opening cases, claims the level, and opens a coin case with the coins`, async ({
    page,
    request,
    baseURL,
  }) => {
    const player = await register(request);
    // A cushion stays on the balance: a player left short would get the daily-case offer over the page.
    await grant(player.login, 3000);
    const task = await openCasesTask(request, player);
    expect(task.reward.coins).toBe(60);
    const box = await cheapestCase(request);
    // The event case the third opening uses: it gives coins of its own.
    const eventCases = (await data(request, '/api/v1/event/cases?type=event')) as any[];
    const eventCase = eventCases
      .filter((c) => c.available && !c.locked && c.tasty_coins)
      .sort((a, b) => a.price_data.price - b.price_data.price)[0];
    expect(eventCase, 'the season has an event case that gives coins').toBeTruthy();

    await signIn(page, baseURL!, player);
    const alerts = await watchAlerts(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${prefix}/event/battle-pass`);
    await hydrated(page);
    await expect(page.getByTestId('event-coins-listener')).toHaveAttribute('data-live', 'on');
    await expect(page.getByTestId('pass')).toHaveAttribute('data-guest', 'false');
    await expect(page.getByTestId('pass-level')).toHaveCount(50);
    await expect(level(page, 1)).toHaveAttribute('data-state', 'current');
    await expect(level(page, 2)).toHaveAttribute('data-state', 'locked');
    const taskRow = page.locator(`[data-testid="pass-task"][data-id="${task.id}"]`);
    await expect(taskRow).toHaveAttribute('data-progress', '0/3');
    await expect(page.getByTestId('pass-sign-in')).toHaveCount(0);
    await expect(page.getByTestId('coins')).toHaveAttribute('data-value', '0');
    await shoot(page, `${lang}-event-pass-start`);

    // Two openings through the API: the task moves, not yet done.
    for (let i = 0; i < 2; i++) {
      const res = await openAsap(request, box.slug, 1, player.headers);
      expect(res.status()).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (await data(request, '/api/v1/challenge', player)).levels[0].tasks.find((x: any) => x.id === task.id).progress_data.current,
      )
      .toBe(2);

    // The third from the overview's event cases, with the roulette.
    await page.getByTestId('event-tab-overview').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/event$`));
    await expect(page.getByTestId('overview-cards')).toBeVisible();
    await shoot(page, `${lang}-event-overview`);
    await page.locator(`[data-testid="event-case"][data-slug="${eventCase.slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/open/${eventCase.slug}$`));
    await hydrated(page);
    await expect(page.getByTestId('case-price')).toHaveAttribute('data-currency', 'GOLD');
    // While the roulette runs nothing of the outcome shows: no coins, no "+N", no task toast.
    const suspense = await watchSuspense(page, '[data-testid="roulette"]', [
      '[data-testid="coins-gain"]',
      '[data-testid="coins"]:not([data-value="0"])',
      { selector: '[data-testid="alert"]', text: t.taskDone },
    ]);
    const opened = page.waitForResponse((r) => r.url().endsWith(`/api/v1/cases/${eventCase.slug}/open`));
    const motion = await watchMotion(page, '.roulette__strip');
    await page.getByTestId('open-case').click();
    const answer = (await (await opened).json()).data;
    const caseCoins: number = answer.opens.reduce((n: number, o: any) => n + o.coins, 0);
    expect(caseCoins).toBeGreaterThanOrEqual(eventCase.tasty_coins.min);
    expect(caseCoins).toBeLessThanOrEqual(eventCase.tasty_coins.max);
    await expect.poll(() => motion.moved(), 'the strip ran').toBe(true);
    await shoot(page, `${lang}-event-case-spinning`);
    // The task is counted a moment after the opening; its news reaches the page while the roulette
    // runs or after it stopped, as the machine's pace decides (held back in the first case, which
    // the checks above saw if it came early); whichever comes first is waited on.
    await expect
      .poll(async () => (await data(request, '/api/v1/challenge', player)).levels[0].tasks.find((x: any) => x.id === task.id).completed, {
        timeout: 15_000,
      })
      .toBe(true);
    const listener = page.getByTestId('event-coins-listener');
    await expect
      .poll(async () => (await listener.getAttribute('data-waiting')) === '1' || (await page.getByTestId('won-item').isVisible()), { timeout: 15_000 })
      .toBe(true);

    // The roulette stops: the item, "+N coins", the task's toast and the header's coins.
    await expect(page.getByTestId('won-item')).toBeVisible({ timeout: 15_000 });
    expect(await suspense.broken(), 'coins or the task showed while the roulette ran').toBe(false);
    await alerts.shown(t.taskDone);
    if (caseCoins > 0) await expect(page.getByTestId('coins-gain')).toHaveAttribute('data-value', String(caseCoins));
    else await expect(page.getByTestId('coins-gain')).toHaveCount(0);
    await expect(page.getByTestId('event-coins-listener')).toHaveAttribute('data-waiting', '0');
    const afterTask = 60 + caseCoins;
    await expect(page.getByTestId('coins')).toHaveAttribute('data-value', String(afterTask));
    expect(await coinBalance(request, player)).toBe(afterTask);
    await shoot(page, `${lang}-event-case-opened`);

    // Level 1 is reached (50 coins earned): its reward waits.
    await page.goto(`${prefix}/event/battle-pass`);
    await hydrated(page);
    await expect(level(page, 1)).toHaveAttribute('data-state', 'done');
    await expect(level(page, 2)).toHaveAttribute('data-state', 'current');
    await expect(page.locator(`[data-testid="pass-task"][data-id="${task.id}"]`)).toHaveCount(0);
    const claim = level(page, 1).getByTestId('pass-claim');
    await expect(claim).toHaveText(t.claim);
    await shoot(page, `${lang}-event-pass-done`);

    // A drag that starts on the claim button scrolls the levels and claims nothing.
    const claims: string[] = [];
    page.on('request', (r) => r.url().includes('/api/v1/event/challenge/prize/') && claims.push(r.url()));
    const track = page.getByTestId('pass-track');
    const at = (await claim.boundingBox())!;
    const before = await track.evaluate((el) => el.scrollLeft);
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 - 240, at.y + at.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before + 150);
    await nextFrames(page);
    expect(claims).toEqual([]);
    await expect(level(page, 1)).toHaveAttribute('data-state', 'done');
    await track.evaluate((el) => el.scrollTo({ left: 0 }));
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);

    // A double click claims once; the reward plays, then the header's coins move (and nothing of
    // the prize shows while it plays, at any moment the page is watched).
    const burst = await watchSeen(page, '[data-testid="claim-burst"]');
    const rewardWaits = await watchSuspense(page, '[data-testid="claim-burst"]', [
      `[data-testid="coins"]:not([data-value="${afterTask}"])`,
      { selector: '[data-testid="alert"]', text: t.claimed },
    ]);
    await claim.dblclick();
    await expect(level(page, 1)).toHaveAttribute('data-state', 'received');
    if (await page.getByTestId('claim-burst').isVisible()) await shoot(page, `${lang}-event-claim-burst`);
    await expect(page.getByTestId('claim-burst')).toHaveCount(0, { timeout: 5000 });
    expect(await burst.seen(), 'the reward played').toBe(true);
    expect(await rewardWaits.broken(), 'the coins or the toast came while the reward played').toBe(false);
    const afterClaim = afterTask + 100;
    await expect(page.getByTestId('coins')).toHaveAttribute('data-value', String(afterClaim));
    await alerts.shown(t.claimed);
    await expect(level(page, 1).getByTestId('pass-received')).toHaveText(new RegExp(t.received));
    expect(claims).toHaveLength(1);
    expect(await coinBalance(request, player)).toBe(afterClaim);
    // Claimed for good: a reload shows it received.
    await page.reload();
    await hydrated(page);
    await expect(level(page, 1)).toHaveAttribute('data-state', 'received');
    await shoot(page, `${lang}-event-pass-received`);

    // The coins buy the cheapest coin case, which needs level 1; the next needs level 15.
    await page.getByTestId('event-tab-coin-cases').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/event/coin-cases$`));
    const coinCases = (await data(request, '/api/v1/event/cases?type=coins', player)) as any[];
    const [cheapest, second] = [...coinCases].sort((a, b) => a.price_data.price - b.price_data.price);
    expect(cheapest.price_data).toMatchObject({ currency: 'TASTY_COIN', price: 100 });
    expect(cheapest.level).toBe(1);
    const card = page.locator(`[data-testid="event-case"][data-slug="${cheapest.slug}"]`);
    await expect(card).toHaveAttribute('data-locked', 'false');
    await expect(page.locator(`[data-testid="event-case"][data-slug="${second.slug}"]`)).toHaveAttribute('data-locked', 'true');
    await expect(page.locator(`[data-testid="event-case"][data-slug="${second.slug}"]`).getByTestId('event-case-lock')).toHaveText(
      t.needs15,
    );
    await expect(page.getByTestId('other-ways')).toBeVisible();
    await expect(page.getByTestId('coin-cases-balance')).toHaveAttribute('data-value', String(afterClaim));
    await shoot(page, `${lang}-event-coin-cases`);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/open/${cheapest.slug}$`));
    await hydrated(page);
    // Priced in coins: the event coin, not the gold one.
    const price = page.getByTestId('case-price');
    await expect(price).toHaveAttribute('data-currency', 'TASTY_COIN');
    await expect(price.locator('.event-coin-icon')).toHaveCount(1);
    await expect(price.locator('.coin-icon')).toHaveCount(0);
    await expect(page.getByTestId('open-case').locator('.event-coin-icon')).toHaveCount(1);
    await shoot(page, `${lang}-event-coin-case`);
    const coinSuspense = await watchSuspense(page, '[data-testid="roulette"]', ['[data-testid="open-result"]']);
    const bought = page.waitForResponse((r) => r.url().endsWith(`/api/v1/cases/${cheapest.slug}/open`));
    const coinMotion = await watchMotion(page, '.roulette__strip');
    await page.getByTestId('open-case').click();
    const paid = (await (await bought).json()).data;
    expect(paid.coin_balance).toBe(afterClaim - 100 + paid.opens.reduce((n: number, o: any) => n + o.coins, 0));
    await expect.poll(() => coinMotion.moved(), 'the strip ran').toBe(true);
    await expect(page.getByTestId('won-item')).toBeVisible({ timeout: 15_000 });
    expect(await coinSuspense.broken(), 'the result showed while the roulette ran').toBe(false);
    await expect(page.getByTestId('coins')).toHaveAttribute('data-value', String(paid.coin_balance));
    expect(await coinBalance(request, player)).toBe(paid.coin_balance);
    const inventory = await data(request, `/api/v1/inventory/get?user_id=${player.user_id}`, player);
    expect(inventory.total_item).toBe(4);
    await shoot(page, `${lang}-event-coin-case-opened`);
  });

  test(`${lang}: a guest sees the pass with a sign-in button and no tasks`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${prefix}/event/battle-pass`);
    await hydrated(page);
    await expect(page.getByTestId('event-hero')).toBeVisible();
    await expect(page.getByTestId('event-tabs')).toHaveAttribute('data-current', 'battle-pass');
    await expect(page.getByTestId('pass')).toHaveAttribute('data-guest', 'true');
    await expect(page.getByTestId('pass-level')).toHaveCount(50);
    await expect(page.getByTestId('pass-coins')).toHaveAttribute('data-value', '0');
    await expect(level(page, 1)).toHaveAttribute('data-state', 'current');
    await expect(page.getByTestId('pass-claim')).toHaveCount(0);
    await expect(page.getByTestId('pass-tasks')).toHaveCount(0);
    await expect(page.getByTestId('pass-task')).toHaveCount(0);
    await expect(page.getByTestId('pass-sign-in')).toHaveText(t.signIn);
    await expect(level(page, 15)).toHaveAttribute('data-type', 'rare');
    await expect(level(page, 50)).toHaveAttribute('data-type', 'ultra');
    await shoot(page, `${lang}-event-pass-guest`);

    // Far levels' pictures load only as they come near; the arrows and the mouse scroll the levels.
    const track = page.getByTestId('pass-track');
    // A far level's picture has no address yet: nothing is fetched for it.
    const farPicture = level(page, 15).locator('.pass-reward__case img');
    await expect(farPicture).toHaveCount(1);
    await expect(farPicture).not.toHaveAttribute('src');
    await expect(page.getByTestId('pass-prev')).toHaveCount(0);
    await page.getByTestId('pass-next').click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(600);
    await expect(page.getByTestId('pass-prev')).toBeVisible();
    await level(page, 15).scrollIntoViewIfNeeded();
    await expect(farPicture).toHaveAttribute('src', /\S/);
    await expect.poll(() => farPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(farPicture).toBeVisible();
    await shoot(page, `${lang}-event-pass-rare`);

    // How the event works: six steps, a picture each.
    await page.getByTestId('event-how').click();
    const info = page.getByTestId('event-info');
    await expect(info).toBeVisible();
    await expect(info.locator('img.event-info__img')).toHaveAttribute('src', '/img/event/popup-1.svg');
    await shoot(page, `${lang}-event-info`);
    for (let step = 2; step <= 6; step++) {
      await page.getByTestId('event-info-next').click();
      await expect(info.locator('img.event-info__img')).toHaveAttribute('src', `/img/event/popup-${step}.svg`);
    }
    await page.getByTestId('event-info-next').click();
    await expect(info).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('pass-sign-in').click();
    await expect(page.getByTestId('reg-create')).toBeVisible();
  });

  test(`${lang}: new cases sit in the desktop menu and the event in the side menu`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${prefix}/`);
    await hydrated(page);
    await page.locator('.header__menu').getByRole('link', { name: t.newCases }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/event/new-cases$`));
    await expect(page.getByTestId('event-tabs')).toHaveAttribute('data-current', 'new-cases');
    await expect(page.getByTestId('new-cases').getByTestId('case-card').first()).toBeVisible();
    await shoot(page, `${lang}-event-new-cases`);

    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByRole('link', { name: t.event }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/event$`));
    await expect(page.getByTestId('event-cases').getByTestId('event-case').first()).toBeVisible();
    await expect(page.getByTestId('overview-cards').locator('article')).toHaveCount(5);

    // The season's top: the leaderboard the event names, with the leaderboards' own card and ranking.
    const settings = await (await page.request.get('/api/v1/event/current')).json();
    await page.getByTestId('event-tab-top').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/event/top$`));
    await expect(page.getByTestId('top-card')).toHaveAttribute('data-id', String(settings.data.top_leaderboard_id));
    await expect(page.getByTestId('top-ranking')).toBeVisible();
    await shoot(page, `${lang}-event-top`);

    // The configured newCases redirect.
    await page.goto(`${prefix}/new-cases`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/event/new-cases$`));
  });
}
