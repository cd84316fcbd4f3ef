import { expect, test, type Browser, type Page } from '@playwright/test';
import { cheapCase, grant, hydrated, register, shoot, signIn, watchSeen, watchSuspense } from './helpers.ts';

const texts = {
  ru: { prefix: '', waiting: 'Ожидание игроков', finished: 'Завершён' },
  en: { prefix: '/en', waiting: 'Waiting for players', finished: 'Finished' },
} as const;

const balance = async (page: Page) => Number(await page.getByTestId('balance').getAttribute('data-value'));

/** A new browser with a player who registered through the quick dialog and got a grant from support. */
async function newPlayer(browser: Browser, path: string, amount: number) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await page.getByTestId('register-button').click();
  await page.getByTestId('reg-create').click();
  const login = await page.getByTestId('reg-login').inputValue();
  await page.getByTestId('reg-continue').click();
  await expect(page.getByTestId('balance')).toBeVisible();
  await grant(login, amount);
  await page.reload();
  await expect.poll(() => balance(page)).toBe(amount);
  return page;
}

test('a guest asking for battle creation or statistics is sent to the battles list', async ({ page }) => {
  await page.goto('/battles/create');
  await expect(page).toHaveURL(/\/battles$/);
  await expect(page.getByTestId('battles-create-link')).toBeVisible();
  await page.goto('/en/battles/statistics');
  await expect(page).toHaveURL(/\/en\/battles$/);
  // Create asks a guest to sign in (spec: the battle pages open the sign-in dialog, which offers
  // registration beside it): the page's own script does that, so it must be running.
  await hydrated(page);
  await page.getByTestId('battles-create-link').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
});

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: on a phone every battles tab is whole and on the screen`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(lang === 'ru' ? '/battles' : '/en/battles');
    const tabs = page.locator('.battles-bar__tabs a');
    await expect(tabs).toHaveCount(4);
    const cut = await tabs.evaluateAll((links) =>
      links
        .filter((a) => {
          // Inside the bar that shows it (it scrolled out of sight there) and inside the screen.
          const box = a.getBoundingClientRect();
          const bar = a.parentElement!.getBoundingClientRect();
          return a.scrollWidth > a.clientWidth || box.width === 0 || box.left < Math.max(0, bar.left) - 0.5 || box.right > Math.min(window.innerWidth, bar.right) + 0.5;
        })
        .map((a) => a.textContent),
    );
    expect(cut).toEqual([]);
    await shoot(page, `${lang}-battles-tabs`, [360]);
  });
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];
  test(`${lang}: two players battle while a guest watches; everyone sees the same winner, who sells the winnings`, async ({ browser }) => {
    // Three browsers, two registrations with operator grants and a whole battle: twice the default.
    test.setTimeout(600_000);
    // Player A makes a 1v1 of two cases, one of them twice.
    const a = await newPlayer(browser, `${t.prefix}/battles`, 1000);
    await a.getByTestId('battles-create-link').click();
    await expect(a).toHaveURL(new RegExp(`${t.prefix}/battles/create$`));
    const cases = a.getByTestId('battle-case');
    await expect(cases.first()).toBeVisible();
    await cases.nth(0).click();
    await cases.nth(0).click();
    await cases.nth(1).click();
    await expect(a.getByTestId('battle-cart-line')).toHaveCount(2);
    await expect(a.getByTestId('battle-rounds')).toContainText('3');
    await a.getByTestId('battle-mode-1v1').click();
    const price = Number(await a.getByTestId('battle-price').getAttribute('data-value'));
    expect(price).toBeGreaterThan(0);
    await shoot(a, `${lang}-battle-create`);

    await a.getByTestId('battle-create').click();
    await a.waitForURL(/\/battles\/[0-9A-Z]{26}$/);
    const path = new URL(a.url()).pathname;
    const ulid = path.split('/').pop()!;
    await expect(a.getByTestId('battle-status')).toHaveText(t.waiting);
    await expect.poll(() => balance(a)).toBeCloseTo(1000 - price, 2);
    await expect(a.getByTestId('battle-seat')).toHaveCount(2);

    // A guest watches the battle page; A's reaction floats over A's seat there.
    const guest = await (await browser.newContext()).newPage();
    const guestSockets: string[] = [];
    guest.on('websocket', (ws) => guestSockets.push(ws.url()));
    await guest.goto(path);
    await expect(guest.getByTestId('battle-status')).toHaveText(t.waiting);
    await expect(guest.getByTestId('battle-join-seat')).toBeVisible();
    await expect(guest.getByTestId('battle-spectators')).toContainText('2');
    // Once the guest's page is subscribed to the battle's channel, what happens there shows at once.
    await expect(guest.getByTestId('battle-page')).toHaveAttribute('data-live', 'true');
    // Every live subscription of the page (the battle, the list, the ribbon) shares one socket.
    expect(guestSockets).toHaveLength(1);
    // The reaction floats for a couple of seconds: the guest's page remembers it came.
    const emoji = await watchSeen(guest, '[data-testid="emoji-float"]');
    await a.getByTestId('emoji-bar').getByRole('button').first().click();
    await expect.poll(() => emoji.seen()).toBe(true);

    // Player B finds it in the list and joins; the last seat starts it.
    const b = await newPlayer(browser, `${t.prefix}/battles`, 1000);
    const card = b.locator(`[data-testid="battle-card"][data-ulid="${ulid}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('battle-card-status')).toHaveText(t.waiting);
    await shoot(b, `${lang}-battles-list`);
    const reels = await watchSeen(guest, '[data-testid="battle-reel"]');
    // While a reel turns, the board neither names the winner nor says the battle is over.
    const suspense = await watchSuspense(guest, '[data-testid="battle-reel"]', ['[data-testid="battle-result"]', { selector: '[data-testid="battle-status"]', text: t.finished }]);
    await card.getByTestId('battle-join').click();
    await b.waitForURL(new RegExp(`/battles/${ulid}$`));
    await expect.poll(() => balance(b)).toBeCloseTo(1000 - price, 2);

    // The rounds reveal live on all three pages: the reels spin, then the result. (A battle of
    // three quick rounds may be over before a slow machine looks: the page itself remembers the reels.)
    const spinning = guest.getByTestId('battle-reel').first();
    if (await spinning.isVisible()) await shoot(guest, `${lang}-battle-running`);
    for (const page of [a, b, guest]) {
      await expect(page.getByTestId('battle-result')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('battle-status')).toHaveText(t.finished);
    }
    expect(await reels.seen(), 'the guest saw the reels spin').toBe(true);
    expect(await suspense.broken(), 'the result or "finished" showed while a reel still turned').toBe(false);
    const winner = (await guest.getByTestId('battle-winner').textContent())!.trim();
    expect(winner.length).toBeGreaterThan(0);
    for (const page of [a, b]) await expect(page.getByTestId('battle-winner')).toHaveText(winner);
    // The winner's seat is lit with the same name on every page.
    for (const page of [a, b, guest]) {
      await expect(page.locator('[data-testid="battle-seat"][data-winner="true"]').getByTestId('battle-seat-name')).toContainText(winner);
    }
    await expect(guest.getByTestId('battle-server-seed')).toHaveText(/^[0-9a-f]{16,}$/);
    await shoot(guest, `${lang}-battle-finished`);

    // Only the winner may sell the winnings; the balance goes up by what they fetched.
    const sellButtons = () => Promise.all([a, b].map((page) => page.getByTestId('battle-sell').count()));
    await expect.poll(sellButtons).toEqual(expect.arrayContaining([1]));
    expect((await sellButtons()).sort()).toEqual([0, 1]);
    const won = (await a.getByTestId('battle-sell').count()) ? a : b;
    await shoot(won, `${lang}-battle-won`);
    const before = await balance(won);
    await won.getByTestId('battle-sell').click();
    await expect(won.getByTestId('battle-sold')).toBeVisible();
    await expect.poll(() => balance(won)).toBeGreaterThan(before);
    // Back on the page later, nothing is offered for sale twice: the winnings are gone.
    await won.reload();
    await expect(won.getByTestId('battle-nothing-to-sell')).toBeVisible();
    await expect(won.getByTestId('battle-sell')).toHaveCount(0);

    // The verifier recomputes every ticket of the finished battle in the browser.
    await guest.getByTestId('battle-verify-link').click();
    await expect(guest.getByTestId('battle-verifier')).toBeVisible();
    await expect(guest.getByTestId('verifier-row')).toHaveCount(6);
    await expect(guest.getByTestId('verifier-row').filter({ hasText: '✓' })).toHaveCount(6);
    await expect(guest.getByTestId('verifier-winner')).toContainText(winner);
    await shoot(guest, `${lang}-battle-verify`);

    // Both players find it in their history with how it ended.
    await a.goto(`${t.prefix}/battles/history`);
    await expect(a.getByTestId('battle-history-row')).toHaveCount(1);
    await shoot(a, `${lang}-battle-history`);
  });
}

test('a player whose session ended elsewhere is asked to sign in when they take a seat', async ({ page, request, baseURL }) => {
  const host = await register(request);
  await grant(host.login, 1000);
  const box = await cheapCase(page);
  const created = await request.post('/api/battles/battles', { headers: host.headers, data: { mode: '1v1', cases: [{ slug: box.slug, count: 1 }] } });
  const ulid = ((await created.json()).data as { battle_ulid: string }).battle_ulid;
  const guest = await register(request);
  await signIn(page, baseURL!, guest);
  await page.goto(`/en/battles/${ulid}`);
  await hydrated(page);
  await expect(page.getByTestId('battle-join-seat')).toBeVisible();
  // Signed out on every device from another one: this page still thinks it is signed in.
  expect((await request.post('/api/v1/auth/revoke/all', { headers: guest.headers })).status()).toBe(200);
  await page.getByTestId('battle-join-seat').first().click();
  // The battles answer error_battle_authorize (spec §8), a sign-in refusal like authentication; a
  // page that learnt of the ended session first (a background call's 401) is a guest's, whose
  // seat asks for sign-in too. Either way the sign-in dialog, never nothing.
  await expect(page.getByTestId('login-dialog')).toBeVisible();
});
