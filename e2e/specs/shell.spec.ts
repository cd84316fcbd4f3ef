import { expect, test, type Page } from '@playwright/test';
import { STORE_WIDE, hydrated, operator, register, shoot, signIn, WIDTHS } from './helpers.ts';

/** The shell of spec §2: menus, footer, landing, not-found rules, the guide and the tech-work page. */

const texts = {
  ru: {
    side: ['Ежедневные', 'Топ', 'Секретный магазин', 'Бонусы', 'Контракты', 'Апгрейды', 'Батлы', 'FAQ'],
    desktop: ['Батлы', 'Апгрейды', 'Контракты', 'Новые кейсы'],
    tabbar: ['Главная', 'Батлы', 'Ежедневные', 'Меню'],
    socials: ['Instagram', 'Telegram', 'ВКонтакте'],
    notFound: 'Страница не найдена',
    home: 'На главную',
    landing: 'Открой первый кейс CS2',
    guide: 'Как это работает',
    techWork: 'Ведутся технические работы',
    back: 'скоро вернёмся',
  },
  en: {
    side: ['Daily', 'Top', 'Secret shop', 'Bonuses', 'Contracts', 'Upgrades', 'Battles', 'FAQ'],
    desktop: ['Battles', 'Upgrades', 'Contracts', 'New cases'],
    tabbar: ['Home', 'Battles', 'Daily', 'Menu'],
    socials: ['Instagram', 'Telegram', 'VK'],
    notFound: 'Page Not Found',
    home: 'Home',
    landing: 'Open your first CS2 case',
    guide: 'How it works',
    techWork: 'Technical work in progress',
    back: 'back soon',
  },
} as const;

const LEGAL = ['/user-agreement', '/cookies', '/event-condition', '/contacts', '/faq'];
const SIDE_PATHS = ['/daily-cases', '/leaderboard', '/offers-shop', '/bonuses', '/contract', '/upgrades', '/battles', '/faq'];
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Opens the side menu once the page is live, with one tap: a tap before the entry script has run
 * reaches nothing, and a test that clicked until the menu opened could toggle it back.
 */
async function openSideMenu(page: Page) {
  const menu = page.getByTestId('side-menu');
  await hydrated(page);
  await page.getByTestId('menu-button').click();
  await expect(menu).toHaveAttribute('aria-hidden', 'false');
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: the menus hold the spec's entries at 360 and 1280 px`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await hydrated(page);

    // Desktop: the header menu; the phone's bottom bar is hidden.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('.header__menu a')).toHaveText([...t.desktop]);
    await expect(page.locator('.header__menu a').first()).toHaveAttribute('href', `${prefix}/battles`);
    await expect(page.locator('.tabbar')).toBeHidden();

    // Phone: home and battles on the left, daily and the menu on the right; the desktop menu is hidden.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.locator('.tabbar > *')).toHaveText([...t.tabbar].map((x) => new RegExp(x)));
    await expect(page.locator('.header__menu')).toBeHidden();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
      await openSideMenu(page);
      const main = page.getByTestId('side-menu-main').locator('a');
      // Each entry is its icon and its name.
      await expect(main).toHaveText(t.side.map((x) => new RegExp(`^\\S?${x}$`)));
      for (const [i, p] of SIDE_PATHS.entries()) await expect(main.nth(i)).toHaveAttribute('href', `${prefix}${p}`);
      await expect(page.getByTestId('side-menu').locator('.socials a')).toHaveText([...t.socials]);
      await expect(page.getByTestId('menu-guide')).toHaveText(new RegExp(t.guide));
      await shoot(page, `${lang}-shell-side-menu`, [width]);
      await page.locator('.side-menu__close').click();
      await expect(page.getByTestId('side-menu')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  test(`${lang}: the footer's legal links lead to the store's own pages`, async ({ page, request }) => {
    await page.goto(`${prefix}/`);
    await hydrated(page);
    const links = page.getByTestId('footer-links').locator('a');
    await expect(links).toHaveCount(LEGAL.length);
    for (const [i, p] of LEGAL.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `${prefix}${p}`);
      expect((await request.get(`${prefix}${p}`)).status(), `${prefix}${p}`).toBe(200);
    }
    await expect(page.getByTestId('footer-social-steam')).toHaveAttribute('href', /steamcommunity\.com/);
    await expect(page.getByTestId('footer-legal')).toContainText('Case Store LLC');
    await expect(page.getByTestId('footer-payments').locator('li').first()).toBeVisible();
    // The national payment schemes in the page's language.
    await expect(page.getByTestId('footer-payments')).toContainText(lang === 'ru' ? 'СБП' : 'SBP');
    await expect(page.getByTestId('footer-payments')).not.toContainText(lang === 'ru' ? 'SBP' : 'СБП');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
      await page.locator('footer.footer').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await shoot(page, `${lang}-shell-footer`, [width]);
    }
  });

  test(`${lang}: the guide opens from the menu and the footer, and its mark goes once read`, async ({ page }) => {
    // A value some older page left behind is thrown away: the visitor counts as new.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('guide-seen', '{not json');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto(`${prefix}/`);
    await hydrated(page);
    // It never opens by itself.
    await expect(page.getByTestId('guide')).toHaveCount(0);
    await openSideMenu(page);
    await expect(page.getByTestId('menu-guide-new')).toBeVisible();
    await page.getByTestId('menu-guide').click();
    await expect(page.getByTestId('guide')).toBeVisible();
    await expect(page.getByTestId('guide-step')).toHaveCount(4);
    await shoot(page, `${lang}-shell-guide`);
    await page.getByTestId('guide-done').click();
    await expect(page.getByTestId('guide')).toHaveCount(0);

    await page.reload();
    await hydrated(page);
    await openSideMenu(page);
    await expect(page.getByTestId('menu-guide')).toBeVisible();
    await expect(page.getByTestId('menu-guide-new')).toHaveCount(0);
    await page.locator('.side-menu__close').click();
    await page.getByTestId('footer-guide').click();
    await expect(page.getByTestId('guide')).toBeVisible();
  });

  test(`${lang}: /land1 sells the store to a guest and sends a signed-in player to the main page`, async ({ page, request, baseURL }) => {
    await page.goto(`${prefix}/land1`);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('landing')).toContainText(t.landing);
    // Its own layout: no header, menus or live drops.
    await expect(page.locator('header.header')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.getByTestId('live-ribbon')).toHaveCount(0);
    await expect(page.getByTestId('landing-cases')).toHaveAttribute('href', prefix || '/');
    await shoot(page, `${lang}-shell-land1`);
    await page.getByTestId('landing-signin').click();
    await expect(page.getByTestId('reg-create')).toBeVisible();

    const player = await register(request);
    await signIn(page, baseURL!, player);
    await page.goto(`${prefix}/land1`);
    await expect(page).toHaveURL(`${baseURL}${prefix || '/'}`);
  });

  test(`${lang}: an unknown path shows the not-found page with the path and a way home`, async ({ page, baseURL }) => {
    const res = await page.goto(`${prefix}/no-such-page-42`);
    expect(res!.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByTestId('not-found')).toContainText(t.notFound);
    await expect(page.getByTestId('not-found')).toContainText(`${prefix}/no-such-page-42`);
    await page.getByRole('link', { name: t.home }).click();
    await expect(page).toHaveURL(`${baseURL}${prefix || '/'}`);
    await expect(page.getByTestId('main-page')).toBeVisible();
  });

  test(`${lang}: a route that fails validation answers 404`, async ({ page }) => {
    for (const p of ['/battles/abc', '/profile/notanumber', '/open/no-such-case-at-all']) {
      const res = await page.goto(`${prefix}${p}`);
      expect(res!.status(), p).toBe(404);
      await expect(page.getByTestId('not-found')).toContainText(t.notFound);
    }
  });

  test(`${lang}: the refill layout keeps the live drops off the payment page`, async ({ page }) => {
    await page.goto(`${prefix}/refill/unauth`);
    await hydrated(page);
    await expect(page.getByTestId('refill-layout')).toBeVisible();
    await expect(page.getByTestId('live-ribbon')).toHaveCount(0);
    await page.goto(`${prefix}/`);
    await expect(page.getByTestId('live-ribbon')).toBeVisible();
  });
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: every case card's label is whole on a phone, none cut off`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(lang === 'en' ? '/en' : '/');
    const labels = page.getByTestId('case-label');
    await expect(labels.first()).toBeVisible();
    // A label whose text needs more room than its box shows less than it says.
    const clipped = await labels.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent));
    expect(clipped).toEqual([]);
  });
}

test('the side menu and a dialog work from the keyboard: focus goes in, stays in, Escape closes, focus comes back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en');
  await hydrated(page);
  const burger = page.getByTestId('menu-button');
  await burger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toHaveAttribute('aria-hidden', 'false');
  const inMenu = () => page.evaluate(() => document.querySelector('[data-testid="side-menu"]')!.contains(document.activeElement));
  await expect.poll(inMenu).toBe(true);
  // Round the whole menu and past its end: Tab never leaves it.
  const stops = await page.evaluate(() => document.querySelectorAll('[data-testid="side-menu"] a[href], [data-testid="side-menu"] button').length);
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await inMenu(), `Tab ${i + 1} left the menu`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await inMenu()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-hidden', 'true');
  await expect(burger).toBeFocused();

  // The sign-in dialog, opened by Enter: the same rules.
  const signIn = page.getByTestId('register-button');
  await signIn.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.dialog__head') });
  await expect(dialog).toBeVisible();
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('.dialog'));
  await expect.poll(inDialog).toBe(true);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await inDialog(), `Tab ${i + 1} left the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(signIn).toBeFocused();
});

test('a crawler asking for a missing page gets a bare 404, a person the page', async ({ request }) => {
  for (const p of ['/no-such-page', '/en/no-such-page', '/battles/abc']) {
    const bot = await request.get(p, { headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.status(), p).toBe(404);
    const body = await bot.text();
    expect(body.length).toBeLessThan(300);
    expect(body).not.toContain('<script');
    const person = await request.get(p);
    expect(person.status()).toBe(404);
    expect(await person.text()).toContain('data-testid="not-found"');
  }
  // A page that exists is served to crawlers like to anyone.
  const home = await request.get('/', { headers: { 'user-agent': GOOGLEBOT } });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('data-testid="main-page"');
});

test('HEAD answers as GET would, without a body: the same status and page headers', async ({ request }) => {
  for (const p of ['/', '/en/battles', '/upgrades']) {
    // Uncompressed, the answer says the length of the page a GET would send, and sends none of it.
    const plain = { 'accept-encoding': 'identity' };
    const get = await request.get(p, { headers: plain });
    const head = await request.head(p, { headers: plain });
    expect(head.status(), p).toBe(get.status());
    expect(head.headers()['content-type'], p).toBe(get.headers()['content-type']);
    expect(head.headers()['content-type'], p).toContain('text/html');
    const length = Number(head.headers()['content-length']);
    const page = (await get.body()).length;
    // Rendered twice, the page differs only in its nonce and live figures.
    expect(Math.abs(length - page), `${p}: HEAD says ${length} bytes, GET sent ${page}`).toBeLessThan(page * 0.02);
    expect((await head.body()).length, p).toBe(0);
    // Compressed, as a browser asks: the same encoding as the GET, still no body.
    const br = { 'accept-encoding': 'br, gzip' };
    const headBr = await request.head(p, { headers: br });
    expect(headBr.headers()['content-encoding'], p).toBe((await request.get(p, { headers: br })).headers()['content-encoding']);
    expect((await headBr.body()).length, p).toBe(0);
  }
  expect((await request.head('/no-such-page')).status()).toBe(404);
});

test('a trailing slash is dropped with a permanent redirect, the root keeps its own', async ({ request }) => {
  const res = await request.get('/upgrades/?x=1', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/upgrades?x=1');
  const en = await request.get('/en/battles/', { maxRedirects: 0 });
  expect(en.headers().location).toBe('/en/battles');
  expect((await request.get('/', { maxRedirects: 0 })).status()).toBe(200);
});

/** The operator's switch, as support staff run it against the store under test. */
const techwork = (state: 'on' | 'off') => operator(['techwork', state]);

test('while the operator has the store offline, every page is the tech-work page with 503', STORE_WIDE, async ({ page, request }) => {
  await techwork('on');
  try {
    await expect.poll(async () => (await (await request.get('/api/v1/monitoring/status')).json()).data.is_offline, { timeout: 15_000 }).toBe(true);
    for (const lang of ['ru', 'en'] as const) {
      const prefix = lang === 'en' ? '/en' : '';
      for (const p of ['/', '/battles', '/land1']) {
        const res = await page.goto(`${prefix}${p}`);
        expect(res!.status(), `${prefix}${p}`).toBe(503);
        expect(Number(res!.headers()['retry-after'])).toBeGreaterThan(0);
        await expect(page.getByTestId('tech-work')).toContainText(texts[lang].techWork);
        await expect(page.getByTestId('tech-work')).toContainText(texts[lang].back);
        await expect(page.locator('header.header')).toHaveCount(0);
      }
      await expect(page.getByTestId('tech-work-social-telegram')).toHaveAttribute('href', /t\.me/);
      await shoot(page, `${lang}-shell-tech-work`);
    }
  } finally {
    await techwork('off');
  }
  await expect.poll(async () => (await page.goto('/'))!.status(), { timeout: 15_000 }).toBe(200);
  await expect(page.getByTestId('main-page')).toBeVisible();
});
