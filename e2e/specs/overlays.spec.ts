import { expect, test, type Page } from '@playwright/test';
import { hydrated, register, shoot, signIn } from './helpers.ts';
import { cleanBrowser } from '../support/overlays.ts';

// Every other spec starts with the overlays dismissed (playwright.config.ts); these start as a new visitor.
test.use({ storageState: cleanBrowser });

const CONSENT = 'store.cookie-consent';
const SCAM = 'store.scam-warning';
const DAY = 24 * 60 * 60 * 1000;

const texts = {
  ru: {
    prefix: '',
    accept: 'Принять',
    scamTitle: 'Осторожно, мошенники',
    ok: 'Понятно',
    rarity: 'Редкость',
    chance: 'Шанс выпадения',
    reconnect: 'Переподключиться',
  },
  en: {
    prefix: '/en',
    accept: 'Accept',
    scamTitle: 'Beware of scammers',
    ok: 'Got it',
    rarity: 'Rarity',
    chance: 'Drop chance',
    reconnect: 'Reconnect',
  },
} as const;

const setStored = (page: Page, key: string, value: string) => page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [key, value]);
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
/** Whether the server's render of a page, asked with this browser's cookies, already holds the scam warning (decision 090). */
const renderedWithWarning = async (page: Page, path: string) => (await (await page.request.get(path)).text()).includes('data-testid="scam-warning"');

/** Loads a page and waits until it runs in the browser, so an overlay that would show has shown. */
async function load(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`${lang}: the cookie bar shows to a new visitor until accepted, and again when its record is malformed`, async ({ page }) => {
    await load(page, `${t.prefix}/`);
    const bar = page.getByTestId('cookie-consent');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveAttribute('href', `${t.prefix}/cookies`);
    // Compact: a strip at the bottom, leaving the page above it free to use.
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
      const box = (await bar.boundingBox())!;
      expect(box.height).toBeLessThan(width <= 360 ? 110 : 70);
      expect(box.y).toBeGreaterThan((width <= 360 ? 780 : 900) / 2);
    }
    await shoot(page, `${lang}-consent-bar`);
    // It does not block the page: the header's sign-in still opens its dialog while the bar is up.
    await page.getByTestId('register-button').click();
    await expect(page.getByTestId('registration-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('registration-dialog')).toHaveCount(0);

    await bar.getByRole('button', { name: t.accept }).click();
    await expect(bar).toHaveCount(0);
    expect(JSON.parse((await stored(page, CONSENT))!)).toMatchObject({ accepted: true });
    await load(page, `${t.prefix}/`);
    await expect(page.getByTestId('live-ribbon')).toBeVisible();
    await expect(page.getByTestId('cookie-consent')).toHaveCount(0);

    for (const malformed of ['{"accepted":"yes","at":1}', 'true', '{not json', '{"accepted":true}']) {
      await setStored(page, CONSENT, malformed);
      await load(page, `${t.prefix}/`);
      await expect(page.getByTestId('cookie-consent'), malformed).toBeVisible();
    }
  });

  test(`${lang}: the scam warning shows to a signed-in player, comes back 24 hours after closing, and never after "don't show again"`, async ({
    page,
    request,
    baseURL,
  }) => {
    // A guest never sees it.
    await load(page, `${t.prefix}/`);
    await expect(page.getByTestId('cookie-consent')).toBeVisible();
    await expect(page.getByTestId('scam-warning')).toHaveCount(0);

    const player = await register(request);
    await signIn(page, baseURL!, player);
    // Owed from the first paint: the server's page already holds it, not only the page once its scripts run.
    expect(await renderedWithWarning(page, `${t.prefix}/`), 'in the first paint').toBe(true);
    await load(page, `${t.prefix}/`);
    const popup = page.getByTestId('scam-warning');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: t.scamTitle })).toBeVisible();
    await expect(popup.getByRole('link')).toHaveAttribute('href', `${t.prefix}/contacts`);
    await shoot(page, `${lang}-scam-warning`);

    // Closed: not on the next load, nor 23 hours later; back once 24 hours have passed.
    await popup.getByRole('button', { name: t.ok }).click();
    await expect(popup).toHaveCount(0);
    const closedAt = (JSON.parse((await stored(page, SCAM))!) as { closedAt: number }).closedAt;
    expect(Math.abs(closedAt - Date.now())).toBeLessThan(60_000);
    expect(await renderedWithWarning(page, `${t.prefix}/`), 'closed, in the next first paint').toBe(false);
    await load(page, `${t.prefix}/`);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(popup).toHaveCount(0);
    await setStored(page, SCAM, JSON.stringify({ closedAt: Date.now() - 23 * 60 * 60 * 1000 }));
    await load(page, `${t.prefix}/`);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(popup).toHaveCount(0);
    await setStored(page, SCAM, JSON.stringify({ closedAt: Date.now() - DAY - 1000 }));
    await load(page, `${t.prefix}/`);
    await expect(popup).toBeVisible();
    // Local storage decides once the page runs, and the server learns it for the next page.
    await expect.poll(() => renderedWithWarning(page, `${t.prefix}/`), 'due again, in the next first paint').toBe(true);

    // "Don't show again": never, however long ago it was closed.
    await page.getByTestId('scam-never').check();
    await popup.getByRole('button', { name: t.ok }).click();
    await expect(popup).toHaveCount(0);
    expect(JSON.parse((await stored(page, SCAM))!)).toMatchObject({ never: true });
    expect(await renderedWithWarning(page, `${t.prefix}/`), '"never", in the next first paint').toBe(false);
    await setStored(page, SCAM, JSON.stringify({ closedAt: Date.now() - 400 * DAY, never: true }));
    await load(page, `${t.prefix}/`);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(popup).toHaveCount(0);

    // A malformed record is discarded: the warning is back.
    await setStored(page, SCAM, JSON.stringify({ closedAt: 'yesterday', never: 'yes' }));
    await load(page, `${t.prefix}/`);
    await expect(popup).toBeVisible();

    // Escape closes the warning the server drew even while the dialog's own script is still on its
    // way (a busy phone): here it is held back until after the key.
    await setStored(page, SCAM, JSON.stringify({ closedAt: Date.now() - DAY - 1000 }));
    // The cookie follows local storage once the page is idle: the next load must be one the server
    // draws the warning into, or the warning would wait for the very script held back here.
    await load(page, `${t.prefix}/`);
    await expect.poll(() => renderedWithWarning(page, `${t.prefix}/`), 'due, in the next first paint').toBe(true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/scam-warning-dialog[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await load(page, `${t.prefix}/`);
    await expect(popup).toBeVisible();
    await expect.poll(() => asked, "the dialog's script was asked for").toBe(true);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    release();
    const closedNow = (JSON.parse((await stored(page, SCAM))!) as { closedAt: number }).closedAt;
    expect(Math.abs(closedNow - Date.now()), 'closed by the key, now').toBeLessThan(60_000);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(popup).toHaveCount(0);
    await page.unroute(/scam-warning-dialog[^/]*\.js$/);
  });

  test(`${lang}: an item of a case's contents opens large, with its name, rarity, price and chance`, async ({ page }) => {
    const res = await page.request.get('/api/v2/case/sections/with-cases?main=1');
    const slug = ((await res.json()).data as { cases: { slug: string; available: boolean }[] }[])
      .flatMap((s) => s.cases)
      .find((c) => c.available)!.slug;
    const detail = (await (await page.request.get(`/api/v1/cases/${slug}`, { headers: { 'x-client-language': lang } })).json()).data as {
      drops: { name: string; chance: number; skin: string | null }[];
    };
    await load(page, `${t.prefix}/open/${slug}`);
    // Accepted first, so the bar is not part of the popup's pictures.
    await page.getByTestId('cookie-consent').getByRole('button', { name: t.accept }).click();

    const drops = page.getByTestId('case-drop');
    await expect(drops).toHaveCount(detail.drops.length);
    await drops.nth(1).click();
    const preview = page.getByTestId('item-preview');
    await expect(preview).toBeVisible();
    const drop = detail.drops[1]!;
    await expect(page.getByTestId('item-preview-name')).toHaveText(drop.skin ?? drop.name);
    // In the page language's decimal sign: "0,026%" on a Russian page, never both signs on one page.
    const chance = drop.chance.toFixed(3);
    await expect(page.getByTestId('item-preview-chance')).toHaveText(`${lang === 'ru' ? chance.replace('.', ',') : chance}%`);
    await expect(preview).toContainText(t.rarity);
    await expect(preview).toContainText(t.chance);
    await expect(preview.locator('img')).toHaveJSProperty('complete', true);
    await shoot(page, `${lang}-item-preview`);
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
  });
}

test('the landing page keeps its screen free of the cookie bar', async ({ page }) => {
  await load(page, '/');
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  for (const path of ['/land1', '/en/land1']) {
    await load(page, path);
    await expect(page.getByTestId('cookie-consent')).toHaveCount(0);
  }
});

test('a socket that cannot reach the hub tries 5 times, then offers to reconnect, and subscribes again', async ({ page }) => {
  let hubUp = false;
  let connections = 0;
  const framesAfter: string[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    connections++;
    if (!hubUp) return ws.close({ code: 1011, reason: 'hub down' });
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      framesAfter.push(String(frame));
      server.send(frame);
    });
  });
  await load(page, '/en/');
  await page.getByTestId('cookie-consent').getByRole('button', { name: 'Accept' }).click();
  const banner = page.getByTestId('connection-lost');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Connection lost');
  // The first connection and its 5 retries, and nothing after them.
  expect(connections).toBe(6);
  await expect(page.getByTestId('live-ribbon')).toHaveAttribute('data-live', 'off');
  await shoot(page, 'en-connection-lost');

  hubUp = true;
  await banner.getByRole('button', { name: 'Reconnect' }).click();
  await expect(banner).toHaveCount(0);
  // Subscribed again, and the hub confirmed it: the ribbon is live.
  await expect(page.getByTestId('live-ribbon')).toHaveAttribute('data-live', 'on');
  expect(framesAfter.map((f) => JSON.parse(f) as { op: string; channel: string })).toContainEqual({
    op: 'subscribe',
    channel: 'LiveDrops/CSDropItems',
  });
});

test('a tab learns of a new build from builds/latest.json and offers a reload', async ({ page }) => {
  const manifest = await page.request.get('/builds/latest.json');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const { id } = (await manifest.json()) as { id: string };
  expect(id).toMatch(/\S+/);

  let served = id;
  const asked: string[] = [];
  await page.route(/\/builds\/latest\.json/, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ json: { id: served } });
  });
  await load(page, '/en/');
  // The same build: coming back to the tab asks, and nothing shows.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(new URL(asked[0]!).searchParams.get('t')).toMatch(/^\d+$/);
  await expect(page.getByTestId('new-build')).toHaveCount(0);

  served = `${id}-next`;
  // A deploy half done: latest.json names the next build, whose own manifest is not served yet. No reload is offered.
  const ownAsked: string[] = [];
  let nextServed = false;
  await page.route(/\/builds\/[^/]+-next\.json/, (route) => {
    ownAsked.push(route.request().url());
    return nextServed ? route.fulfill({ json: { id: served } }) : route.fulfill({ status: 404, body: '' });
  });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => ownAsked.length).toBeGreaterThan(0);
  await expect(page.getByTestId('new-build')).toHaveCount(0);
  // Once the next build's own manifest answers with its id, the tab offers the reload.
  nextServed = true;
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByTestId('new-build');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('A new version of the site is out');
  await shoot(page, 'en-new-build');
  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
});

// Without the service worker (playwright.config.ts blocks it), which would serve the old build from its cache.
test.describe('after a deploy', () => {
  test('a page whose script a new deploy removed reloads, and the player still lands where they were going', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await load(page, '/en');
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Accept' }).click();
    // The upgrades page's modules as a tab opened before a deploy would ask for them: gone the first time.
    let refused = 0;
    await page.route(/\/assets\/upgrades?-[\w-]+\.js$/, (route) => (refused++ === 0 ? route.abort() : route.continue()));
    let reloads = 0;
    page.on('load', () => reloads++);
    await page.getByTestId('desktop-upgrades').click();
    await expect(page).toHaveURL(/\/en\/upgrades$/);
    await hydrated(page);
    await expect(page.getByTestId('upgrade-select-all')).toBeVisible();
    expect(refused, 'the first ask for the page was refused').toBeGreaterThan(0);
    // A whole-page load, not a move inside the app: the fresh page carried the player on.
    expect(reloads).toBeGreaterThan(0);
  });

  test('a player who leaves a page mid-navigation for an address of their own lands there, not on the abandoned move', async ({ page }) => {
    await load(page, '/en');
    // The upgrades page's data never comes: the move to it is still loading when the player leaves.
    let asked = false;
    await page.route(/\/en\/upgrades\.data/, () => {
      asked = true;
    });
    await page.getByTestId('desktop-upgrades').click();
    await expect.poll(() => asked, { message: 'the move to the upgrades page is under way' }).toBe(true);
    await page.goto('/en/battles');
    await hydrated(page);
    // The reload-to-target is taken, if ever, in the page's first effects, which run before it
    // counts as hydrated: no reload was even tried, and the player is where they asked to be.
    expect(await page.evaluate(() => sessionStorage.getItem('store.reload-guard'))).toBeNull();
    await expect(page).toHaveURL(/\/en\/battles$/);
  });
});
