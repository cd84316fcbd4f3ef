import { expect, test, type APIRequestContext } from '@playwright/test';
import { grant, hydrated, shoot } from './helpers.ts';

/** A player made through the API, with the Bearer header an API client would send. */
async function apiPlayer(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/registration/quick', { data: {} });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as { login: string; password: string; access_token: string; user_id: number };
  return { ...data, headers: { authorization: `Bearer ${data.access_token}` } };
}

async function serverMe(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), me: res.ok() ? (await res.json()).data : null };
}

test('the session lives in a cookie no script can read, and survives a reload', async ({ page, baseURL }) => {
  await page.goto('/en');
  await hydrated(page);
  await page.getByTestId('register-button').click();
  await page.getByTestId('reg-create').click();
  await expect(page.getByTestId('reg-login')).not.toHaveValue('');
  await page.getByTestId('reg-continue').click();
  await expect(page.getByTestId('balance')).toBeVisible();

  expect(await page.evaluate(() => document.cookie)).not.toContain('tastyToken');
  const cookie = (await page.context().cookies(baseURL)).find((c) => c.name === 'tastyToken');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // About a year from now.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  await page.reload();
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(page.getByTestId('register-button')).toHaveCount(0);
  // The browser's own API calls are signed in by the cookie alone.
  const me = await page.evaluate(async () => (await fetch('/api/v1/users/me')).status);
  expect(me).toBe(200);
});

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const texts = {
    ru: { button: 'Выйти на всех устройствах', confirm: 'Выйти везде' },
    en: { button: 'Sign out everywhere', confirm: 'Sign out everywhere' },
  }[lang];

  test(`${lang}: "sign out everywhere" signs out this browser and the player's other one`, async ({ page, browser, request, baseURL }) => {
    const player = await apiPlayer(request);
    await page.context().addCookies([{ name: 'tastyToken', value: player.access_token, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);

    // The same player signed in on another device, with a session of its own.
    const login = await request.post('/api/v1/auth/login', { data: { login: player.login, password: player.password } });
    const otherToken = (await login.json()).data.access_token as string;
    const other = await browser.newContext();
    try {
      await other.addCookies([{ name: 'tastyToken', value: otherToken, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
      const otherPage = await other.newPage();
      await otherPage.goto(`${prefix}/`);
      await expect(otherPage.getByTestId('balance')).toBeVisible();

      await page.goto(`${prefix}/profile/${player.user_id}`);
      await hydrated(page);
      const button = page.getByTestId('sign-out-everywhere');
      await expect(button).toHaveText(texts.button);
      await shoot(page, `${lang}-profile-own`);
      await button.click();
      const dialog = page.getByTestId('sign-out-everywhere-dialog');
      await expect(dialog).toBeVisible();
      await shoot(page, `${lang}-profile-sign-out-everywhere`);
      // Cancelling changes nothing.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect((await serverMe(request, player.access_token)).status).toBe(200);

      await button.click();
      await dialog.getByTestId('sign-out-everywhere-confirm').click();
      await expect(page).toHaveURL(new RegExp(`${baseURL}${prefix}/?$`));
      await expect(page.getByTestId('register-button')).toBeVisible();
      await expect(page.getByTestId('balance')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('register-button')).toBeVisible();

      // The other device's next page is a guest's.
      await otherPage.reload();
      await expect(otherPage.getByTestId('register-button')).toBeVisible();
      await expect(otherPage.getByTestId('balance')).toHaveCount(0);
      expect((await serverMe(request, player.access_token)).status).toBe(401);
      expect((await serverMe(request, otherToken)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  // A player's own profile never shows the button on someone else's page.
  test(`${lang}: another player's profile has no "sign out everywhere"`, async ({ page, request, baseURL }) => {
    const viewer = await apiPlayer(request);
    const owner = await apiPlayer(request);
    await page.context().addCookies([{ name: 'tastyToken', value: viewer.access_token, url: baseURL! }]);
    await page.goto(`${prefix}/profile/${owner.user_id}`);
    await expect(page.getByTestId('profile-card')).toBeVisible();
    await expect(page.getByTestId('sign-out-everywhere')).toHaveCount(0);
  });
}

test('a case opening whose answer is lost is retried with the same key and charged once', async ({ page, request, baseURL }) => {
  const player = await apiPlayer(request);
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as any[];
  const box = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && !c.every_n_opens_free && c.statistic_data.opens_limit === null)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
  await grant(player.login, Math.ceil(box.price_data.price * 3));
  const before = (await serverMe(request, player.access_token)).me;

  await page.context().addCookies([{ name: 'tastyToken', value: player.access_token, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`/open/${box.slug}`);
  await hydrated(page);
  await expect(page.getByTestId('balance')).toBeVisible();

  const keys: string[] = [];
  const firstAnswers: number[] = [];
  await page.route(`**/api/v1/cases/${box.slug}/open`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      // The server does the opening, but its answer never reaches the page.
      const res = await route.fetch({ headers: await route.request().allHeaders() });
      firstAnswers.push(res.status());
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.getByTestId('fast-open').check();
  await page.getByTestId('open-case').click();

  const result = page.getByTestId('open-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result.getByTestId('won-item')).toHaveCount(1);
  expect(firstAnswers).toEqual([200]);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  const after = (await serverMe(request, player.access_token)).me;
  expect(before.finance.balance - after.finance.balance).toBeCloseTo(box.price_data.price, 2);
  expect(after.statistic.cases.opened).toBe(before.statistic.cases.opened + 1);
  await expect.poll(async () => Number(await page.getByTestId('balance').getAttribute('data-value'))).toBeCloseTo(after.finance.balance, 2);
});
