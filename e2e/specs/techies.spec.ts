import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { WIDTHS, grant, hydrated, register, shoot, signIn, watchAlerts, type Player } from './helpers.ts';

const texts = {
  ru: { title: 'Сапёр', signIn: 'Войдите, чтобы сыграть', won: 'Выигрыш', lost: 'Мина!', check: 'Проверить' },
  en: { title: 'Techies', signIn: 'Sign in to play', won: 'You won', lost: 'Mine!', check: 'Check' },
} as const;

const STAKE = 5;

/** What the page records of its open requests (see the third scenario). */
interface Opens {
  now: number;
  max: number;
  cells: number[];
  clicked: Record<number, number>;
  answered: Record<number, number>;
  shown: Record<number, number>;
}

const cells = (page: Page) => page.getByTestId('techies-cell');
const cell = (page: Page, n: number) => page.locator(`[data-testid="techies-cell"][data-cell="${n}"]`);
const board = (page: Page) => page.getByTestId('techies');
const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));
const numberOf = async (locator: Locator, attr = 'data-value') => Number(await locator.getAttribute(attr));
const currentGame = async (request: APIRequestContext, player: Player) =>
  (await (await request.get('/api/v1/techies/game', { headers: player.headers })).json()).data.game;

/** Stake × multiplier to the cent below, as the store pays it. */
const payoutOf = (stake: number, multiplier: number) => Math.floor((Math.round(stake * 100) * Math.round(multiplier * 100)) / 100) / 100;

/** Sets the stake and the mines, starts, and checks that the stake left the header balance. */
async function start(page: Page, stake: number, mines: number) {
  await page.getByTestId('techies-stake').fill(String(stake));
  await page.locator(`[data-testid="techies-mines-preset"][data-value="${mines}"]`).click();
  await expect(page.getByTestId('techies-mines')).toHaveAttribute('data-value', String(mines));
  const before = await balance(page);
  await page.getByTestId('techies-start').click();
  await expect(board(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => balance(page)).toBeCloseTo(before - stake, 2);
  await expect(cells(page).and(page.locator(':enabled'))).toHaveCount(25);
  return before;
}

/** Opens a cell: it is pending (turning, its answer held) before it shows a gem or a mine. */
async function open(page: Page, n: number): Promise<'safe' | 'mine'> {
  await cell(page, n).click();
  await expect(cell(page, n)).toHaveAttribute('data-state', /^(pending|safe|mine)$/);
  await expect(cell(page, n)).toHaveAttribute('data-state', /^(safe|mine)$/);
  return (await cell(page, n).getAttribute('data-state')) as 'safe' | 'mine';
}

/** A lost game: the banner, the layout with exactly `mines` mines, the stake gone from the balance. */
async function expectLost(page: Page, lang: 'ru' | 'en', mines: number, balanceBefore: number, stake: number) {
  const result = page.getByTestId('techies-result');
  await expect(result).toHaveAttribute('data-outcome', 'lost');
  await expect(result).toContainText(texts[lang].lost);
  await expect(page.locator('[data-testid="techies-cell"][data-state="mine"]')).toHaveCount(1);
  await expect(
    page.locator('[data-testid="techies-cell"][data-state="mine"], [data-testid="techies-cell"][data-state="revealed-mine"]'),
  ).toHaveCount(mines);
  await expect(page.locator('[data-testid="techies-cell"][data-state="closed"]')).toHaveCount(0);
  await expect(cells(page).and(page.locator(':enabled'))).toHaveCount(0);
  expect(await balance(page)).toBeCloseTo(balanceBefore - stake, 2);
  await expect(page.getByTestId('techies-check')).toHaveAttribute(
    'href',
    new RegExp(`/provably-fair/check\\?kind=techies&id=${await board(page).getAttribute('data-game')}$`),
  );
}

/** A won game: the banner's payout is stake × the multiplier shown before, and it reached the header balance. */
async function expectWon(page: Page, lang: 'ru' | 'en', stake: number, multiplier: number, balanceBefore: number) {
  const result = page.getByTestId('techies-result');
  await expect(result).toHaveAttribute('data-outcome', 'won');
  await expect(result).toContainText(texts[lang].won);
  const payout = await numberOf(page.getByTestId('techies-payout'));
  expect(payout).toBeCloseTo(payoutOf(stake, multiplier), 2);
  await expect.poll(() => balance(page)).toBeCloseTo(balanceBefore + payout, 2);
  return payout;
}

// The board holds each answer until its flip has run (0.34 s), and the checks time that: full
// motion, as most players see it (under reduced motion the flip is instant and so is the answer).
test.use({ reducedMotion: 'no-preference' });

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';

  test(`${lang}: a guest sees the board and is asked to sign in`, async ({ page }) => {
    await page.goto(`${prefix}/sapper`);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].title);
    await expect(cells(page)).toHaveCount(25);
    await expect(cells(page).and(page.locator(':disabled'))).toHaveCount(25);
    await expect(page.getByTestId('techies-start')).toHaveCount(0);
    await expect(page.getByText(texts[lang].signIn)).toBeVisible();
    await shoot(page, `${lang}-techies-guest`);
    // The side menu links the game while the techies flag is on.
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu').locator(`a[href="${prefix}/sapper"]`)).toBeVisible();
  });

  test(`${lang}: a player loses to mines, wins a cash-out and resumes an open game`, async ({ page, request, baseURL }) => {
    const player = await register(request);
    await grant(player.login, 200);
    await signIn(page, baseURL!, player);
    const alerts = await watchAlerts(page);
    await page.goto(`${prefix}/sapper`);
    await hydrated(page);
    await expect(board(page)).toHaveAttribute('data-state', 'idle');
    await shoot(page, `${lang}-techies-idle`);

    // Each game opens one cell (the test cannot know the layout); a mine loses the stake and the next game tries again.
    let games = 0;
    let before = 0;
    for (;;) {
      expect(games++, 'a 3-mine game with a safe first cell within 12 tries').toBeLessThan(12);
      before = await start(page, STAKE, 3);
      if ((await open(page, 12)) === 'safe') break;
      await expectLost(page, lang, 3, before, STAKE);
      await shoot(page, `${lang}-techies-lost`);
      await page.getByTestId('techies-again').click();
      await expect(board(page)).toHaveAttribute('data-state', 'idle');
    }

    // One safe cell: the multiplier is the store's, cash-out is offered with stake × it.
    const game = await currentGame(request, player);
    expect(game.opened).toEqual([12]);
    const multiplier = await numberOf(page.getByTestId('techies-multiplier'));
    expect(multiplier).toBe(game.multiplier);
    expect(multiplier).toBeGreaterThan(1);
    expect(await numberOf(page.getByTestId('techies-next'))).toBe(game.next_multiplier);
    await expect(page.getByTestId('techies-cashout')).toBeEnabled();
    expect(await numberOf(page.getByTestId('techies-cashout'))).toBeCloseTo(payoutOf(STAKE, multiplier), 2);
    await expect(page.getByTestId('techies-hash')).toHaveText(game.roll.server_seed_hash);
    await expect(page.getByTestId('techies-nonce')).toHaveText(String(game.roll.nonce));
    await shoot(page, `${lang}-techies-playing`);

    // A reload, and the game's other names, show the same open game.
    for (const path of ['/sapper', '/ninja-defuse', '/techies']) {
      await page.goto(`${prefix}${path}`);
      await hydrated(page);
      await expect(board(page)).toHaveAttribute('data-game', String(game.id));
      await expect(board(page)).toHaveAttribute('data-state', 'playing');
      await expect(cell(page, 12)).toHaveAttribute('data-state', 'safe');
      await expect(page.locator('[data-testid="techies-cell"][data-state="safe"]')).toHaveCount(1);
      await expect(page.getByTestId('techies-cashout')).toBeEnabled();
      await expect(page.getByTestId('techies-stake')).toHaveValue(String(STAKE));
    }

    const balanceBefore = await balance(page);
    await page.getByTestId('techies-cashout').click();
    await expectWon(page, lang, STAKE, multiplier, balanceBefore);
    // The layout shows once it is over: 3 mines, the opened cell safe.
    await expect(page.locator('[data-testid="techies-cell"][data-state="revealed-mine"]')).toHaveCount(3);
    await expect(page.getByTestId('techies-check')).toHaveText(texts[lang].check);
    await expect(page.getByTestId('techies-check')).toHaveAttribute('href', `${prefix}/provably-fair/check?kind=techies&id=${game.id}`);
    // The player's games list it first.
    await expect(page.getByTestId('techies-history-row').first()).toHaveAttribute('data-game', String(game.id));
    await expect(page.getByTestId('techies-history-row').first()).toHaveAttribute('data-outcome', 'won');
    await expect(page.getByTestId('techies-history-row')).toHaveCount(games);
    await shoot(page, `${lang}-techies-won`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('techies-history').scrollIntoViewIfNeeded();
      await shoot(page, `${lang}-techies-history`, [width]);
    }
    expect(await alerts.seen()).toEqual([]);

    // The store agrees: nothing in play, the balance is what the header shows.
    expect(await currentGame(request, player)).toBeNull();
    const me = (await (await request.get('/api/v1/users/me', { headers: player.headers })).json()).data;
    expect(me.finance.balance).toBeCloseTo(await balance(page), 2);
  });

  test(`${lang}: clicks go one request at a time, and one click ends a 24-mine game`, async ({ page, request, baseURL }) => {
    const player = await register(request);
    await grant(player.login, 100);
    await signIn(page, baseURL!, player);
    // In the page: how many open requests are out at once (a wrapper around its fetch), and per
    // cell when it was clicked, when its answer came and when the board showed it.
    await page.addInitScript(() => {
      const o: Opens = { now: 0, max: 0, cells: [], clicked: {}, answered: {}, shown: {} };
      (window as unknown as { __opens: Opens }).__opens = o;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (!String(input instanceof Request ? input.url : input).endsWith('/api/v1/techies/open')) return fetch(input, init);
        const { cell } = JSON.parse(String(init?.body)) as { cell: number };
        o.now++;
        o.max = Math.max(o.max, o.now);
        o.cells.push(cell);
        return fetch(input, init)
          .then((res) => ((o.answered[cell] = performance.now()), res))
          .finally(() => o.now--);
      };
      const cellOf = (el: EventTarget | Node | null) =>
        el instanceof HTMLElement ? el.closest<HTMLElement>('[data-testid="techies-cell"]') : null;
      document.addEventListener(
        'click',
        (e) => {
          const el = cellOf(e.target);
          if (el) o.clicked[Number(el.dataset.cell)] ??= performance.now();
        },
        true,
      );
      new MutationObserver((records) => {
        for (const r of records) {
          const el = cellOf(r.target);
          if (el && /^(safe|mine)$/.test(el.dataset.state ?? '')) o.shown[Number(el.dataset.cell)] ??= performance.now();
        }
      }).observe(document, { attributes: true, attributeFilter: ['data-state'], subtree: true });
    });
    const opens = () => page.evaluate(() => (window as unknown as { __opens: Opens }).__opens);
    /** Each opened cell was shown after its answer came and after its flip (0.34 s) had run. */
    const expectHeldForFlip = async (list: number[]) => {
      const o = await opens();
      for (const c of list) {
        expect(o.shown[c], `cell ${c} shown`).toBeDefined();
        expect(o.shown[c]!, `cell ${c} shown after its answer`).toBeGreaterThanOrEqual(o.answered[c]!);
        expect(o.shown[c]! - o.clicked[c]!, `cell ${c} shown after its flip`).toBeGreaterThanOrEqual(300);
      }
    };
    await page.goto(`${prefix}/techies`);
    await hydrated(page);

    // One mine: five quick clicks; the board settles with each shown in turn, or a mine ending the game.
    await start(page, 1, 1);
    // All five in one go, as a fast player would: the later clicks wait their turn (and a mine drops them).
    const clicked = [0, 1, 2, 3, 4];
    await page.evaluate((list) => {
      for (const n of list) document.querySelector<HTMLButtonElement>(`[data-testid="techies-cell"][data-cell="${n}"]`)!.click();
    }, clicked);
    await expect(cell(page, 4)).not.toHaveAttribute('data-state', 'closed');
    const safeCells = page.locator('[data-testid="techies-cell"][data-state="safe"]');
    await expect
      .poll(async () => (await page.getByTestId('techies-result').count()) > 0 || (await safeCells.count()) === clicked.length)
      .toBe(true);
    const safe = await safeCells.count();
    const lost = (await page.getByTestId('techies-result').count()) > 0;
    if (lost) await expect(page.getByTestId('techies-result')).toHaveAttribute('data-outcome', 'lost');
    const sent = await opens();
    expect(sent.max, 'never two open requests out at once').toBe(1);
    expect(sent.cells).toEqual(clicked.slice(0, safe + (lost ? 1 : 0)));
    await expectHeldForFlip(sent.cells);
    if (lost) {
      await page.getByTestId('techies-again').click();
    } else {
      expect(safe).toBe(5);
      const multiplier = await numberOf(page.getByTestId('techies-multiplier'));
      const before = await balance(page);
      await page.getByTestId('techies-cashout').click();
      await expectWon(page, lang, 1, multiplier, before);
      await page.getByTestId('techies-again').click();
    }

    // 24 mines: the one click is a mine (lost) or the only safe cell, which cashes out by itself.
    const before = await start(page, 2, 24);
    const next = await numberOf(page.getByTestId('techies-next'));
    const outcome = await open(page, 7);
    await expectHeldForFlip([7]);
    if (outcome === 'mine') {
      await expectLost(page, lang, 24, before, 2);
    } else {
      await expectWon(page, lang, 2, next, before - 2);
      await expect(page.locator('[data-testid="techies-cell"][data-state="revealed-mine"]')).toHaveCount(24);
    }
    await shoot(page, `${lang}-techies-24-mines`);
  });
}
