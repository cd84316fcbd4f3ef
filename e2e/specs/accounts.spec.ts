import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { hydrated, lettersTo, register, shoot, signIn, watchAlerts, WIDTHS, type Player } from './helpers.ts';

type Provider = 'steam' | 'google' | 'vk';

/** A name no other test uses, so each test has players of its own. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e4)}`;

/** The player the browser is signed in as (the page's cookie rides along), or null for a guest. */
async function meOf(page: Page): Promise<{ user_id: number; nickname: string; language: string } | null> {
  const res = await page.request.get('/api/v1/users/me');
  return res.ok() ? (await res.json()).data : null;
}

/**
 * On the provider's sandbox screen: fills the name (and the provider's id of the player, when given)
 * and allows or denies. Answers the id the provider will report.
 */
async function onSandbox(page: Page, provider: Provider, opts: { name?: string; subject?: string; decision?: 'allow' | 'deny' }) {
  await page.waitForURL((url) => url.pathname.startsWith(`/sandbox/signin/${provider}`));
  if (opts.name) await page.getByTestId('sandbox-signin-name').fill(opts.name);
  if (opts.subject) await page.getByTestId('sandbox-signin-subject').fill(opts.subject);
  const subject = await page.getByTestId('sandbox-signin-subject').inputValue();
  await page.getByTestId(`sandbox-signin-${opts.decision ?? 'allow'}`).click();
  return subject;
}

/** A guest on `path` opens the header's sign-in dialog and starts a sign-in with `provider`. */
async function startSignin(page: Page, path: string, provider: Provider) {
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId('register-button').click();
  const dialog = page.getByTestId('registration-dialog');
  await expect(dialog.getByTestId('consent-agreement')).toBeChecked();
  await expect(dialog.getByTestId('consent-age')).toBeChecked();
  await dialog.getByTestId(`signin-${provider}`).click();
}

/** Back on `pathname`, with the sign-in parameters already dropped from the address. */
const backOn = (page: Page, pathname: string) => expect(page).toHaveURL((url) => url.pathname === pathname && !url.search.includes('signin') && !url.search.includes('provider='));

/** Waits until the account's language, as the server keeps it, is `lang`. */
async function accountLanguageIs(request: APIRequestContext, player: Player, lang: 'ru' | 'en') {
  await expect
    .poll(async () => (await (await request.get('/api/v1/localization/user', { headers: player.headers })).json()).data?.language, { message: `the account's language is ${lang}` })
    .toBe(lang);
}

/** Screenshots with `part` scrolled to the top of the screen at each width (the page reflows between widths). */
async function shootPart(page: Page, part: string, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
    await page.getByTestId(part).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, name, [width]);
  }
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const pages: Record<Provider, { path: string; welcome: (nick: string) => string; title: string }> = {
  steam: { path: '/leaderboard', welcome: (n) => `Добро пожаловать ${n}`, title: 'Вход выполнен успешно' },
  google: { path: '/en/daily-cases', welcome: (n) => `Welcome ${n}`, title: 'Signed in successfully' },
  vk: { path: '/en/leaderboard', welcome: (n) => `Welcome ${n}`, title: 'Signed in successfully' },
};

for (const provider of ['steam', 'google', 'vk'] as const) {
  test(`${provider}: a guest signs in from a page and lands back on it, greeted by name; the same identity is the same account`, async ({ page, browser }) => {
    const { path, welcome, title } = pages[provider];
    const alerts = await watchAlerts(page);
    await startSignin(page, path, provider);
    const name = unique('Pl');
    const subject = await onSandbox(page, provider, { name });
    await backOn(page, path);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(page.getByTestId('register-button')).toHaveCount(0);
    const me = (await meOf(page))!;
    expect(me.nickname).toContain(name);
    await alerts.shown(title);
    await alerts.shown(welcome(me.nickname));

    // Another browser, the same provider identity: the same account, not a new one.
    const other = await newPage(browser);
    try {
      await startSignin(other.page, path, provider);
      await onSandbox(other.page, provider, { name: 'Someone else', subject });
      await backOn(other.page, path);
      await expect(other.page.getByTestId('balance')).toBeVisible();
      expect((await meOf(other.page))!.user_id).toBe(me.user_id);
    } finally {
      await other.context.close();
    }
  });
}

test('a player who denies on the provider’s screen stays a guest and is told why, in the page’s language', async ({ page }) => {
  const alerts = await watchAlerts(page);
  await startSignin(page, '/en/leaderboard?type=weekly', 'steam');
  await onSandbox(page, 'steam', { decision: 'deny' });
  await expect(page).toHaveURL((url) => url.pathname === '/en/leaderboard' && url.search === '?type=weekly');
  await alerts.shown('Signing in with Steam failed, please try again');
  await expect(page.getByTestId('register-button')).toBeVisible();
  expect(await meOf(page)).toBeNull();
});

test('the provider and registration buttons wait for both consent boxes', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('register-button').click();
  const dialog = page.getByTestId('registration-dialog');
  await dialog.getByTestId('consent-age').uncheck();
  for (const id of ['signin-steam', 'signin-google', 'signin-vk', 'reg-create']) await expect(dialog.getByTestId(id)).toBeDisabled();
  await dialog.getByTestId('consent-age').check();
  await dialog.getByTestId('consent-agreement').uncheck();
  await expect(dialog.getByTestId('signin-steam')).toBeDisabled();
  await dialog.getByTestId('consent-agreement').check();
  for (const id of ['signin-steam', 'signin-google', 'signin-vk', 'reg-create']) await expect(dialog.getByTestId(id)).toBeEnabled();
});

test('a player links a second provider in the settings, ends another device’s session and unlinks; an identity of another account is refused', async ({ page, browser }) => {
  const alerts = await watchAlerts(page);
  await startSignin(page, '/', 'steam');
  await onSandbox(page, 'steam', { name: unique('Linker') });
  await backOn(page, '/');
  await expect(page.getByTestId('balance')).toBeVisible();

  // From the header's avatar to the profile, and from there to the settings.
  await page.getByTestId('profile-link').click();
  await page.getByTestId('profile-settings-link').click();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByTestId('method-steam')).toHaveAttribute('data-linked', 'true');
  await expect(page.getByTestId('method-google')).toHaveAttribute('data-linked', 'false');

  const googleName = unique('Gname');
  await page.getByTestId('link-google').click();
  const googleSubject = await onSandbox(page, 'google', { name: googleName });
  await backOn(page, '/profile/settings');
  await alerts.shown('Аккаунт Google привязан');
  await expect(page.getByTestId('method-google')).toHaveAttribute('data-linked', 'true');
  await expect(page.getByTestId('method-google')).toContainText(googleName);

  // Another player tries to link the same Google account.
  const other = await newPage(browser);
  try {
    const otherAlerts = await watchAlerts(other.page);
    const player = await register(other.page.request);
    await signIn(other.page, test.info().project.use.baseURL!, player);
    await other.page.goto('/profile/settings');
    await hydrated(other.page);
    await other.page.getByTestId('link-google').click();
    await onSandbox(other.page, 'google', { subject: googleSubject });
    await backOn(other.page, '/profile/settings');
    await otherAlerts.shown('Этот аккаунт Google уже привязан к другому профилю');
    await expect(other.page.getByTestId('method-google')).toHaveAttribute('data-linked', 'false');
  } finally {
    await other.context.close();
  }

  // The same player on a second device (through Google), then that session ended from here.
  const device = await newPage(browser);
  try {
    await startSignin(device.page, '/', 'google');
    await onSandbox(device.page, 'google', { subject: googleSubject });
    await backOn(device.page, '/');
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('session-row')).toHaveCount(2);
    await page.locator('[data-testid="session-row"][data-current="false"]').getByTestId('session-revoke').click();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    expect((await device.page.request.get('/api/v1/users/me')).status()).toBe(401);
  } finally {
    await device.context.close();
  }

  // Steam may go while Google stays; the last way in may not.
  await page.getByTestId('unlink-steam').click();
  await expect(page.getByTestId('method-steam')).toHaveAttribute('data-linked', 'false');
  await page.getByTestId('unlink-google').click();
  await expect(page.getByTestId('settings-signin-error')).toHaveText('Это единственный способ входа в аккаунт: сначала привяжите другой');
  await expect(page.getByTestId('method-google')).toHaveAttribute('data-linked', 'true');
});

test('the language switch is remembered here, and by the account on another device', async ({ page, browser, request, baseURL }) => {
  const player = await register(request);
  await signIn(page, baseURL!, player);
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('lang-switch')).toHaveText('RU');
  await page.reload();
  await expect(page).toHaveURL(/\/en$/);
  // The Russian main page sends this browser to English now, keeping the query.
  await page.goto('/?utm_source=x');
  await expect(page).toHaveURL(/\/en\?utm_source=x$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await accountLanguageIs(request, player, 'en');

  // A new browser with nothing but the session: the account remembers English.
  const other = await browser.newContext();
  try {
    const token = (await page.context().cookies()).find((c) => c.name === 'tastyToken')!.value;
    await other.addCookies([{ name: 'tastyToken', value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await expect(otherPage).toHaveURL(/\/en$/);
    await expect(otherPage.getByTestId('balance')).toBeVisible();
  } finally {
    await other.close();
  }

  // Back to Russian by hand: the cookie now beats the account's English, and the account follows.
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await accountLanguageIs(request, player, 'ru');
});

test('settings: nickname and personal details are saved, a bad value is refused, the mailed link confirms the e-mail', async ({ page, request, baseURL }) => {
  const alerts = await watchAlerts(page);
  const player = await register(request);
  await signIn(page, baseURL!, player);
  await page.goto('/profile/settings');
  await hydrated(page);

  // The shared rule refuses, with the catalogue's words, before anything is sent.
  await page.getByTestId('settings-nickname').fill('ab');
  await page.getByTestId('settings-profile-save').click();
  await expect(page.getByTestId('settings-nickname-error')).toHaveText('Никнейм: от 3 до 24 букв, цифр, пробелов, _ . -');
  const nickname = unique('Nick');
  await page.getByTestId('settings-nickname').fill(nickname);
  await page.getByTestId('settings-profile-save').click();
  await alerts.shown('Данные обновлены');
  await expect(page.getByTestId('settings-nickname-error')).toHaveCount(0);

  await page.getByTestId('settings-first_name').fill('R2D2');
  await page.getByTestId('settings-personal-save').click();
  await expect(page.getByTestId('settings-first_name-error')).toHaveText('Имя и фамилия: только буквы, до 50 символов');
  await page.getByTestId('settings-first_name').fill('Анна');
  await page.getByTestId('settings-last_name').fill('Иванова-Петрова');
  await page.getByTestId('settings-city').fill('Казань');
  await page.getByTestId('settings-country').selectOption('KZ');
  await expect(page.getByTestId('settings-country').locator('option:checked')).toHaveText('Казахстан');
  await page.getByTestId('settings-personal-save').click();
  await expect.poll(async () => (await alerts.seen()).filter((a) => a.includes('Данные обновлены')).length).toBe(2);

  const me = (await (await request.get('/api/v1/users/me', { headers: player.headers })).json()).data;
  expect(me.nickname).toBe(nickname);
  expect(me.personal).toMatchObject({ first_name: 'Анна', last_name: 'Иванова-Петрова', city: 'Казань', country: 'KZ', email_confirmed: false });

  // The e-mail: a confirmation link is sent; asking again at once is the server's refusal.
  const email = `${nickname.toLowerCase()}@example.com`;
  await page.getByTestId('settings-email').fill(email);
  await page.getByTestId('settings-send-email').click();
  await alerts.shown(`Письмо со ссылкой отправлено на ${email}`);
  await expect(page.getByTestId('email-state')).toHaveText('Не подтверждена');
  await page.getByTestId('settings-send-email').click();
  await expect(page.getByTestId('settings-email-error')).toHaveText('Письмо уже отправлено, повторить можно через минуту');

  // The player opens the link from the letter: back on the settings page, the address is confirmed.
  const [letter] = await lettersTo(email);
  expect(letter!.subject).toContain('подтвердите адрес');
  const link = new URL(/https?:\/\/\S+/.exec(letter!.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await alerts.shown('Почта подтверждена');
  await expect(page.getByTestId('email-state')).toHaveText('Подтверждена');

  // The sessions list marks this browser.
  await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toHaveCount(1);
});

test('missions: a done mission pays into the header balance; a community check needs the linked account and the membership', async ({ page, request, baseURL }) => {
  const alerts = await watchAlerts(page);
  const player = await register(request);
  await signIn(page, baseURL!, player);
  // The trade link mission is done the moment the link is saved.
  const saved = await request.post('/api/v1/users/set/steam/data', { headers: player.headers, data: { link: `https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=${unique('t')}` } });
  expect(saved.ok()).toBe(true);

  await page.goto(`/en/profile/${player.user_id}`);
  await hydrated(page);
  await page.getByTestId('profile-missions-tab').click();
  const panel = page.getByTestId('missions-panel');
  await expect(panel.getByTestId('mission-trade_link')).toHaveAttribute('data-progress', '3');
  await expect(panel.getByTestId('mission-open_cases')).toHaveAttribute('data-progress', '0');
  const before = Number(await page.getByTestId('balance').getAttribute('data-value'));
  await panel.getByTestId('mission-trade_link-claim').click();
  await alerts.shown('added to your balance');
  await expect(panel.getByTestId('mission-trade_link')).toContainText('Claimed');
  await expect.poll(async () => Number(await page.getByTestId('balance').getAttribute('data-value'))).toBeGreaterThan(before);

  // VK: not linked yet, so the check is refused with the reason.
  await expect(panel.getByTestId('social-vk-link-first')).toBeVisible();
  await panel.getByTestId('social-vk-check').click();
  await expect(panel.getByTestId('social-vk-error')).toHaveText('Link your VK account first');

  // Linked but not a member yet, then a member: paid once.
  await page.goto('/en/profile/settings');
  await hydrated(page);
  await page.getByTestId('link-vk').click();
  const vkId = await onSandbox(page, 'vk', { name: unique('Vk') });
  await backOn(page, '/en/profile/settings');
  await page.goto(`/en/profile/${player.user_id}`);
  await hydrated(page);
  await page.getByTestId('profile-missions-tab').click();
  await expect(panel.getByTestId('social-vk-link-first')).toHaveCount(0);
  await panel.getByTestId('social-vk-check').click();
  await expect(panel.getByTestId('social-vk-error')).toHaveText('You have not joined the community yet');
  const joined = await request.post('/sandbox/signin/community/vk/join', { data: { member_id: vkId } });
  expect(joined.ok()).toBe(true);
  await panel.getByTestId('social-vk-check').click();
  await expect(panel.getByTestId('social-vk')).toHaveAttribute('data-claimed', 'true');
});

test('a campaign link with u_tm goes to the payment page in its language, keeping the UTM parameters', async ({ request }) => {
  const en = await request.get('/en/?u_tm=1&utm_source=x&utm_campaign=spring&other=1', { maxRedirects: 0 });
  expect(en.status()).toBe(302);
  expect(en.headers().location).toBe('/en/refill?utm_source=x&utm_campaign=spring');
  const ru = await request.get('/?u_tm=1', { maxRedirects: 0 });
  expect(ru.headers().location).toBe('/refill');
  // On the payment page already: no loop back to it (a guest goes on to the sign-in page as usual).
  const already = await request.get('/en/refill?u_tm=1', { maxRedirects: 0 });
  expect(already.headers().location ?? '').not.toMatch(/^\/(en\/)?refill(\?|$)/);
});

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  test(`${lang}: screenshots of the sign-in dialog, the settings and the missions`, async ({ page, request, baseURL }) => {
    await page.goto(`${prefix}/`);
    await hydrated(page);
    await page.getByTestId('register-button').click();
    await expect(page.getByTestId('signin-steam')).toBeVisible();
    await shoot(page, `${lang}-signin-dialog`);
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByRole('button', { name: lang === 'en' ? 'Sign in' : 'Войти' }).click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await shoot(page, `${lang}-signin-login-dialog`);

    const player = await register(request);
    await signIn(page, baseURL!, player);
    await page.goto(`${prefix}/profile/settings`);
    await hydrated(page);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await page.getByTestId('settings-nickname').fill('ab');
    await page.getByTestId('settings-profile-save').click();
    await expect(page.getByTestId('settings-nickname-error')).toBeVisible();
    await shoot(page, `${lang}-settings`);
    await shootPart(page, 'settings-personal', `${lang}-settings-personal`);
    await shootPart(page, 'settings-signin', `${lang}-settings-signin`);
    await shootPart(page, 'settings-subscriptions', `${lang}-settings-subscriptions`);

    await page.goto(`${prefix}/profile/${player.user_id}`);
    await hydrated(page);
    await page.getByTestId('profile-missions-tab').click();
    await expect(page.getByTestId('mission-email')).toBeVisible();
    await expect(page.getByTestId('social-steam')).toBeVisible();
    await shootPart(page, 'missions-panel', `${lang}-missions`);
  });
}
