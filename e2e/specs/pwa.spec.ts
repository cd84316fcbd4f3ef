import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { cheapCase, grant, hydrated, operator, register, shoot, signIn, watchAlerts } from './helpers.ts';

/** The operator command's `push ...`, as support staff run it; it prints JSON. */
async function pushCommand(args: string[]): Promise<{ deliveries: { title: string; body: string; url: string }[] } & { sent?: number; accepted?: number }> {
  const stdout = await operator(['push', ...args]);
  return JSON.parse(stdout.slice(stdout.search(/^\{/m)));
}

// The other specs block the service worker (playwright.config.ts); here it is what is tested.
test.use({ serviceWorkers: 'allow' });

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A first win, the moment the push banner asks at (push-banner.spec.ts): a case opened and revealed. */
async function firstWin(page: Page, prefix: string, login: string) {
  await grant(login, 1000);
  const box = await cheapCase(page);
  await page.goto(`${prefix}/open/${box.slug}`);
  await hydrated(page);
  await page.getByTestId('open-case').click();
  await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 60_000 });
}

/** Reads a PNG's width and height from its header. */
const pngSize = (png: Buffer) => ({ png: png.subarray(1, 4).toString() === 'PNG', width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/**
 * The browser's push service is Google's, which a test browser cannot reach: when the real
 * subscribe fails, the page gets a subscription like the one it would have had, with a real P-256
 * key pair, so everything from there on (the store, its sandbox push service) is the real path.
 */
async function standInPushService(page: Page) {
  await page.addInitScript(() => {
    const real = PushManager.prototype.subscribe;
    let fake: PushSubscription | null = null;
    const b64url = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    PushManager.prototype.subscribe = async function (options) {
      try {
        return await real.call(this, options);
      } catch {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
        const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
        const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
        const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
        fake = { endpoint, expirationTime: null, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }), unsubscribe: async () => ((fake = null), true) } as unknown as PushSubscription;
        return fake;
      }
    };
    const realGet = PushManager.prototype.getSubscription;
    PushManager.prototype.getSubscription = async function () {
      return fake ?? (await realGet.call(this));
    };
  });
}

test('the manifest is served, valid and its icons load', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; lang: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({ short_name: 'CaseStore', display: 'standalone', lang: 'ru', scope: '/' });
  expect(manifest.start_url.startsWith('/')).toBe(true);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((i) => `${i.sizes}/${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']));
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(pngSize(await png.body())).toEqual({ png: true, width: w, height: h });
  }
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

/**
 * A line between the browser and the store that the test can cut and mend. The browser's own
 * offline switch does not reliably reach a service worker (a worker started after it goes
 * through to the network), so the connection is really taken away: the store's address stops
 * answering, as it does for a phone that lost its network.
 */
async function cuttableLine(storeURL: string) {
  const store = new URL(storeURL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(store.port), store.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  // Closing waits for open connections, and the browser keeps its connections alive: end them too.
  const cut = async () => {
    const closed = new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return { url: `http://127.0.0.1:${port}`, cut, mend: () => listen(port) };
}

test('the service worker controls the page, caches the build and shows the offline page in the page language', async ({ page, request, baseURL }) => {
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['service-worker-allowed']).toBe('/');

  const line = await cuttableLine(baseURL!);
  try {
    await page.goto(`${line.url}/`);
    await hydrated(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Assets the page loads from now on go through it, cache first.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('store-assets-v1')).keys()).map((r) => new URL(r.url).pathname))).toContainEqual(expect.stringMatching(/^\/assets\/.+\.(js|css)$/));

    // Off the live page first: a page that loses its connection may navigate itself (a chunk it
    // cannot fetch reloads it), which aborts the test's own navigation. A new visit goes through
    // the service worker all the same.
    await page.goto('about:blank');
    await line.cut();
    await page.goto(`${line.url}/battles`);
    await expect(page.getByTestId('offline-page')).toContainText('Вы офлайн');
    await expect.poll(() => page.locator('[data-testid="offline-page"] img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
    await shoot(page, 'ru-offline');
    await page.goto(`${line.url}/en/battles`);
    await expect(page.getByTestId('offline-page')).toContainText('You are offline');
    await shoot(page, 'en-offline');

    await line.mend();
    await page.goto(`${line.url}/en/battles`);
    await hydrated(page);
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
  } finally {
    await line.cut();
  }
});

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'ru' ? '' : '/en';
  const t = {
    ru: { title: 'Включите уведомления', enabled: 'Уведомления включены', welcome: 'Уведомления включены', test: 'Проверка уведомлений' },
    en: { title: 'Turn on notifications', enabled: 'Notifications are on', welcome: 'Notifications are on', test: 'Notification check' },
  }[lang];

  test(`${lang}: a signed-in player turns notifications on from the push banner and receives the store's pushes`, async ({ page, request, baseURL, context }) => {
    const player = await register(request);
    if (lang === 'en') await request.post('/api/v1/users/lang/change', { headers: player.headers, data: { code: 'en' } });
    await standInPushService(page);
    const alerts = await watchAlerts(page);
    // A guest sees no push banner.
    await page.goto(`${prefix}/`);
    await hydrated(page);
    await expect(page.getByTestId('push-banner')).toHaveCount(0);

    await signIn(page, baseURL!, player);
    // It asks after a first win, not before.
    await firstWin(page, prefix, player.login);
    await page.goto(`${prefix}/`);
    await hydrated(page);
    const banner = page.getByTestId('push-banner');
    await expect(banner).toContainText(t.title);
    await shoot(page, `${lang}-push-banner`);
    // Never over a game: on the upgrades page it stays away, and it is back on a calm page.
    await page.locator(`header a[href="${prefix}/upgrades"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/upgrades$`));
    await expect(banner).toHaveCount(0);
    await page.goBack();
    await expect(banner).toContainText(t.title);

    await context.grantPermissions(['notifications']);
    await banner.getByTestId('push-enable').click();
    await alerts.shown(t.enabled);
    await expect(banner).toHaveCount(0);
    const mission = (await (await request.get('/api/v1/push/missions/push', { headers: player.headers })).json()).data;
    expect(mission).toMatchObject({ progress: 2, status: false, claimed: false });

    // Support sees the welcome notification the sandbox push service delivered, then sends a test one.
    // Each look starts the operator command, a process of its own that takes seconds on a busy machine.
    await expect.poll(async () => (await pushCommand(['--login', player.login])).deliveries.map((d) => d.title), { timeout: 60_000 }).toEqual([t.welcome]);
    expect(await pushCommand(['send', '--login', player.login])).toEqual({ sent: 1, accepted: 1 });
    const listed = (await pushCommand(['--login', player.login])).deliveries;
    expect(listed.map((d) => d.title)).toEqual([t.test, t.welcome]);
    expect(listed[0]!.url).toBe(prefix || '/');

    // Opted in: the banner stays away on the next visit.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('push-banner')).toHaveCount(0);
  });

  test(`${lang}: the install banner (Android prompt, iOS steps) comes back 24 hours after closing, and the installed app pays its bonus once`, async ({ browser, request, baseURL }) => {
    const player = await register(request);
    const android = await browser.newContext({ userAgent: ANDROID, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const page = await android.newPage();
    await signIn(page, baseURL!, player);
    await page.goto(`${prefix}/`);
    await hydrated(page);
    // The browser's own install prompt, as Chrome on Android fires it for an installable site.
    await page.evaluate(() => window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'dismissed' }) })));
    const banner = page.getByTestId('install-banner');
    await expect(banner.getByRole('button', { name: lang === 'ru' ? 'Установить' : 'Install' })).toBeVisible();
    await shoot(page, `${lang}-install-android`);
    await banner.getByTestId('install-banner-close').click();
    await expect(banner).toHaveCount(0);
    const closedAt = Number(await page.evaluate(() => localStorage.getItem('pwa-banner-closed')));
    expect(Date.now() - closedAt).toBeLessThan(60_000);
    await android.close();

    const iphone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });
    const ios = await iphone.newPage();
    await signIn(ios, baseURL!, player);
    await ios.goto(`${prefix}/`);
    await hydrated(ios);
    await expect(ios.getByTestId('install-banner')).toBeVisible();
    // Closed 23 hours ago: still away; 24 hours ago: back.
    await ios.evaluate((at) => localStorage.setItem('pwa-banner-closed', String(at)), Date.now() - 23 * 3600_000);
    await ios.reload();
    await hydrated(ios);
    await expect(ios.getByTestId('install-banner')).toHaveCount(0);
    await ios.evaluate((at) => localStorage.setItem('pwa-banner-closed', String(at)), Date.now() - 24 * 3600_000 - 1000);
    await ios.reload();
    await hydrated(ios);
    await expect(ios.getByTestId('install-banner')).toContainText(lang === 'ru' ? 'На экран „Домой“' : 'Add to Home Screen');
    await shoot(ios, `${lang}-install-ios`, [360, 1280]);
    await iphone.close();

    // Opened from the home screen (Safari's standalone flag): the bonus is paid once, with its alert.
    const app = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });
    const installed = await app.newPage();
    await installed.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    const alerts = await watchAlerts(installed);
    await signIn(installed, baseURL!, player);
    await installed.goto(`${prefix}/`);
    await hydrated(installed);
    await alerts.shown(lang === 'ru' ? 'вам начислено 200 монет' : 'you got 200 coins');
    await expect(installed.getByTestId('install-banner')).toHaveCount(0);
    // The push banner asks after a first win.
    await firstWin(installed, prefix, player.login);
    await installed.goto(`${prefix}/`);
    await hydrated(installed);
    const me = (await (await request.get('/api/v1/users/me', { headers: player.headers })).json()).data;
    expect(me.finance.coin_balance).toBe(200);
    // Inside the installed app on iOS the push banner may show (spec §4): the pushPWA mission's.
    await expect(installed.getByTestId('push-banner')).toBeVisible();
    await shoot(installed, `${lang}-installed-push-banner`, [360]);
    // A fresh browser storage does not pay twice: the server remembers.
    await installed.evaluate(() => localStorage.removeItem('pwa-bonus-earned'));
    await installed.reload();
    await hydrated(installed);
    const again = (await (await request.get('/api/v1/bonus/pwa', { headers: player.headers })).json()).data;
    expect(again).toMatchObject({ status: false, already_claimed: true });
    expect((await (await request.get('/api/v1/users/me', { headers: player.headers })).json()).data.finance.coin_balance).toBe(200);
    await app.close();
  });
}
