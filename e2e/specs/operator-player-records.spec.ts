import { expect, test } from '@playwright/test';
import { grant, hydrated, register, setRole, shoot, signIn } from './helpers.ts';

const CONSOLE_WIDTHS = [768, 1280];

/** The cheapest case a player can open with GOLD, from the catalogue the main page shows. */
async function cheapestCase(request: Parameters<typeof register>[0]): Promise<{ slug: string; price: number }> {
  const sections = (await (await request.get('/api/v2/case/sections/with-cases')).json()).data as any[];
  const cases = sections.flatMap((s) => s.cases).filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data);
  cases.sort((a, b) => a.price_data.price - b.price_data.price);
  return { slug: cases[0].slug, price: cases[0].price_data.price };
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  test(`${lang}: support reads a player's items, games and promo codes, and ends the session of a stolen laptop`, async ({ browser, request, baseURL }) => {
    // The player: a case opened, a promo code used, and a second session (the "laptop").
    const player = await register(request);
    await grant(player.login, 500);
    const kase = await cheapestCase(request);
    const opened = await request.post(`/api/v1/cases/${kase.slug}/open`, { headers: player.headers, data: { multi_open: 1 } });
    expect(opened.status()).toBe(200);
    const won: { id: number; price: number } = (await opened.json()).data.opens[0].item;
    expect((await request.post('/api/v1/payments/promo/apply', { headers: player.headers, data: { code: 'GIFT50' } })).status()).toBe(200);
    const login = await request.post('/api/v1/auth/login', { data: { login: player.login, password: player.password } });
    const laptopToken: string = (await login.json()).data.access_token;
    const laptop = await (await browser.newContext()).newPage();
    await signIn(laptop, baseURL!, { ...player, access_token: laptopToken });
    await laptop.goto(`${prefix}/`);
    await expect(laptop.getByTestId('balance')).toBeVisible();

    const support = await register(request);
    await setRole(support.login, 'support');
    const page = await (await browser.newContext()).newPage();
    await signIn(page, baseURL!, support);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${prefix}/admin/players/${player.user_id}`);
    await hydrated(page);

    // Items: the won item (by its inventory number), with where it came from.
    await page.getByTestId('records-tab-items').click();
    await expect(page).toHaveURL(new RegExp(`/admin/players/${player.user_id}\\?tab=items$`));
    const item = page.getByTestId('player-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`#${won.id}`);
    await expect(item).toHaveAttribute('data-status', 'progress');
    await shoot(page, `${lang}-admin-player-items`, CONSOLE_WIDTHS);

    // Games: the opening, with the case's price put in.
    await page.getByTestId('records-tab-games').click();
    const game = page.getByTestId('player-game');
    await expect(game).toHaveCount(1);
    await expect(game).toHaveAttribute('data-kind', 'case_open');

    // Promo codes: the instant code's credit.
    await page.getByTestId('records-tab-promo').click();
    await expect(page.getByTestId('promo-use')).toHaveCount(1);
    await expect(page.getByTestId('promo-use')).toContainText('GIFT50');
    await expect(page.getByTestId('promo-use')).toContainText('50');

    // Sessions: two; the newest is the laptop's. A reason is required, then it ends.
    await page.getByTestId('records-tab-sessions').click();
    const sessions = page.getByTestId('player-session');
    await expect(sessions).toHaveCount(2);
    await sessions.first().getByTestId('session-revoke').click();
    await page.getByTestId('session-revoke-confirm').click();
    await expect(page.getByTestId('player-sessions').getByRole('alert')).toBeVisible();
    await page.getByTestId('session-reason').fill(lang === 'ru' ? 'Игрок сообщил о краже ноутбука' : 'The player reports a stolen laptop');
    await shoot(page, `${lang}-admin-player-sessions`, CONSOLE_WIDTHS);
    await page.getByTestId('session-revoke-confirm').click();
    await expect(sessions).toHaveCount(1);

    // The laptop is signed out at once; the player's own browser session is untouched.
    await laptop.reload();
    await expect(laptop.getByTestId('register-button')).toBeVisible();
    const me = await request.get('/api/v1/users/me', { headers: player.headers });
    expect(me.status()).toBe(200);
  });
}
