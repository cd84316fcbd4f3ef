import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { STORE_WIDE, grant, hydrated, register, setFlag, shoot, signIn, type Player } from './helpers.ts';

/**
 * Every route of spec §2, in Russian and in English: each answers a real page of its own (its
 * marker on screen, a heading, neither the not-found nor the error page) or the redirect the spec
 * names. Screenshots of each at 360 and 1280 px go to artifacts/screenshots/routes-*.
 */

interface Fixture {
  player: Player;
  caseSlug: string;
  caseId: number;
  battleUlid: string;
  /** A payment the player started (left pending at the sandbox checkout). */
  orderId: string;
}

type Expect = { marker?: string } | { redirect: (f: Fixture) => RegExp };
interface RouteCase {
  name: string;
  path: (f: Fixture) => string;
  /** As a guest (default: the signed-in player). */
  guest?: boolean;
  expect: Expect;
}

const ROUTES: RouteCase[] = [
  { name: 'home', path: () => '/', expect: { marker: 'case-section' } },
  { name: 'land1', path: () => '/land1', guest: true, expect: {} },
  { name: 'land1-signed-in', path: () => '/land1', expect: { redirect: () => /\/(en)?$/ } },
  { name: 'sapper', path: () => '/sapper', expect: { marker: 'techies-start' } },
  { name: 'ninja-defuse', path: () => '/ninja-defuse', expect: { marker: 'techies-start' } },
  { name: 'techies', path: () => '/techies', expect: { marker: 'techies-start' } },
  { name: 'faq', path: () => '/faq', expect: {} },
  { name: 'bonuses', path: () => '/bonuses', expect: {} },
  { name: 'cookies', path: () => '/cookies', expect: {} },
  { name: 'contacts', path: () => '/contacts', expect: {} },
  { name: 'upgrades', path: () => '/upgrades', expect: { marker: 'upgrade-select-all' } },
  { name: 'contract', path: () => '/contract', expect: { marker: 'contract-sign' } },
  { name: 'contract-slash', path: () => '/contract/', expect: { redirect: () => /\/contract$/ } },
  { name: 'daily-cases', path: () => '/daily-cases', expect: { marker: 'daily-ladder' } },
  { name: 'leaderboard', path: () => '/leaderboard', expect: { marker: 'top-page' } },
  { name: 'offers-shop', path: () => '/offers-shop', expect: { marker: 'secret-shop' } },
  { name: 'skin-exchange', path: () => '/skin-exchange', expect: {} },
  { name: 'user-agreement', path: () => '/user-agreement', expect: {} },
  { name: 'event-condition', path: () => '/event-condition', expect: {} },
  { name: 'privacy-policy', path: () => '/privacy-policy', expect: {} },
  { name: 'profile-id', path: (f) => `/profile/${f.player.user_id}`, expect: { marker: 'profile-upgrades-tab' } },
  { name: 'profile', path: () => '/profile', expect: { redirect: (f) => new RegExp(`/profile/${f.player.user_id}$`) } },
  { name: 'profile-guest', path: () => '/profile', guest: true, expect: { redirect: () => /\/(en)?$/ } },
  { name: 'open-case', path: (f) => `/open/${f.caseSlug}`, expect: { marker: 'case-price' } },
  { name: 'refill', path: () => '/refill', expect: { marker: 'refill-amount' } },
  { name: 'refill-result', path: (f) => `/refill/result?orderId=${f.orderId}`, expect: { marker: 'payment-result' } },
  { name: 'refill-unauth', path: () => '/refill/unauth', guest: true, expect: { marker: 'refill-guest' } },
  { name: 'battles', path: () => '/battles', expect: { marker: 'battles-create-link' } },
  { name: 'battles-create', path: () => '/battles/create', expect: {} },
  { name: 'battles-details', path: () => '/battles/details', expect: { marker: 'battle-rules' } },
  { name: 'battles-history', path: () => '/battles/history', expect: { marker: 'battle-history' } },
  { name: 'battles-statistics', path: () => '/battles/statistics', expect: { marker: 'battle-stats' } },
  { name: 'battle', path: (f) => `/battles/${f.battleUlid}`, expect: { marker: 'battle-page' } },
  { name: 'event', path: () => '/event', expect: {} },
  { name: 'event-top', path: () => '/event/top', expect: {} },
  { name: 'event-new-cases', path: () => '/event/new-cases', expect: { marker: 'new-cases' } },
  { name: 'event-coin-cases', path: () => '/event/coin-cases', expect: { marker: 'coin-cases' } },
  { name: 'new-cases', path: () => '/new-cases', expect: { redirect: () => /\/event\/new-cases$/ } },
  { name: 'pf-check', path: () => '/provably-fair/check', expect: { marker: 'pf-check' } },
  { name: 'pf-settings', path: () => '/provably-fair/settings', expect: { marker: 'pf-settings' } },
  { name: 'pf-instructions', path: () => '/provably-fair/instructions', expect: { marker: 'pf-instructions' } },
  { name: 'pf-case-history', path: (f) => `/provably-fair/case-history/${f.caseId}`, expect: { marker: 'pf-case-history' } },
  { name: 'u-tm', path: () => '/battles?u_tm=1&utm_source=routes', expect: { redirect: () => /\/refill\?utm_source=routes$/ } },
];

const prefixOf = (lang: 'ru' | 'en') => (lang === 'en' ? '/en' : '');
const withLang = (lang: 'ru' | 'en', path: string) => (lang === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path);

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  const player = await register(request);
  await grant(player.login, 500);
  const sections = (await (await request.get('/api/v2/case/sections/with-cases?main=1')).json()).data as { cases: { id: number; slug: string; available: boolean; price_data: { currency: string; price: number } }[] }[];
  const cheap = sections
    .flatMap((s) => s.cases)
    .filter((c) => c.available && c.price_data.currency === 'GOLD')
    .sort((a, b) => a.price_data.price - b.price_data.price)[0]!;
  const created = await request.post('/api/battles/battles', { headers: player.headers, data: { mode: '1v1', cases: [{ slug: cheap.slug, count: 1 }] } });
  const battle = (await created.json()).data as { battle_ulid: string };
  expect(battle.battle_ulid, 'a battle to show').toBeTruthy();
  const payment = await request.post('/api/v1/payments/transaction/start', { headers: player.headers, data: { country: 'RU', method_id: 101, amount: 1000 } });
  const order = (await payment.json()).data as { order_id: string };
  expect(order.order_id, 'a payment to show').toBeTruthy();
  fixture = { player, caseSlug: cheap.slug, caseId: cheap.id, battleUlid: battle.battle_ulid, orderId: order.order_id };
});

async function assertRealPage(page: Page, marker: string | undefined, lang: 'ru' | 'en') {
  await hydrated(page);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByTestId('route-error')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (marker) await expect(page.getByTestId(marker).first()).toBeVisible();
  await expect(page.locator('h1').first()).toBeVisible();
  // The page's own title in its language, not the store's generic one or the other language's.
  const title = await page.title();
  expect(title.length, 'a page title').toBeGreaterThan(3);
  if (lang === 'ru') expect(title, `${page.url()} has a Russian title`).toMatch(/[а-яё]/i);
  else expect(title, `${page.url()} has an English title`).not.toMatch(/[а-яё]/i);
}

/**
 * Every console error and uncaught exception of a page, as a player's devtools would show them. A
 * page of the walk logs none: a hydration mismatch, a failed call or a crash all count.
 */
function consoleErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

/**
 * The elements the server wrote with the CSP nonce whose hydrated props carry another one. A
 * development build logs each as a hydration mismatch; a production build says nothing, so the
 * walk reads the props React keeps on the element. The browser hides the attribute after parsing
 * but keeps the value in the `nonce` property.
 */
function nonceMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[nonce]')).flatMap((el) => {
      const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
      // Not React's: the document's own scripts, written once and never hydrated.
      if (!key) return [];
      const props = (el as unknown as Record<string, { nonce?: string }>)[key]!;
      return props.nonce === el.nonce ? [] : [`<${el.tagName.toLowerCase()} ${el.getAttribute('href') ?? el.getAttribute('src') ?? ''}>`];
    }),
  );
}

// The routes are checked in groups that run side by side (each worker makes its own fixture).
test.describe.configure({ mode: 'parallel' });
const GROUP = 8;

for (const lang of ['ru', 'en'] as const) {
  for (let from = 0; from < ROUTES.length; from += GROUP) {
    const group = ROUTES.slice(from, from + GROUP);
    test(`${lang}: every route of the spec answers its page or its redirect (${group[0]!.name} … ${group.at(-1)!.name})`, async ({ browser, baseURL }) => {
      test.setTimeout(300_000);
      const guest = await (await browser.newContext()).newPage();
      const signedIn = await (await browser.newContext()).newPage();
      const errors = { guest: consoleErrors(guest), signedIn: consoleErrors(signedIn) };
      await signIn(signedIn, baseURL!, fixture.player);
      for (const route of group) {
        const page = route.guest ? guest : signedIn;
        const logged = route.guest ? errors.guest : errors.signedIn;
        logged.length = 0;
        const path = withLang(lang, route.path(fixture));
        await test.step(`${route.name}: ${path}`, async () => {
          const res = await page.goto(path);
          expect(res?.status(), `${path} answers`).toBeLessThan(400);
          if ('redirect' in route.expect) {
            const want = route.expect.redirect(fixture);
            await expect(page).toHaveURL((url) => want.test(url.pathname + url.search) && url.pathname.startsWith(prefixOf(lang)));
            await hydrated(page);
            await expect(page.getByTestId('not-found')).toHaveCount(0);
            expect(logged, `${path} logs no console errors`).toEqual([]);
            return;
          }
          expect(new URL(page.url()).pathname, `${path} stays`).toBe(path.split('?')[0]);
          await assertRealPage(page, route.expect.marker, lang);
          await shoot(page, `routes-${lang}-${route.name}`);
          await page.setViewportSize({ width: 1280, height: 900 });
          expect(logged, `${path} logs no console errors`).toEqual([]);
          expect(await nonceMismatches(page), `${path} hydrates with the nonce the server wrote`).toEqual([]);
        });
      }
      // Closed as a player closes a tab: the pages' live sockets would otherwise stay open into the
      // next groups and use up the player's sockets (too_many_requests, a console error, on a later page).
      await Promise.all([guest.context().close(), signedIn.context().close()]);
    });
  }

  test(`${lang}: an unknown path is the not-found page with the path and a way home`, async ({ page }) => {
    const logged = consoleErrors(page);
    const unknown = withLang(lang, '/no-such-page-here');
    const res = await page.goto(unknown);
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('/no-such-page-here');
    await hydrated(page);
    // The browser reports the document's own 404 as a failed resource: that answer is the point of
    // this page, so it alone is let through; anything else (a mismatch, a crash) still fails.
    const own404 = (line: string) => line.startsWith('console: Failed to load resource') && line.includes('404') && line.includes('/no-such-page-here');
    expect(logged.filter((line) => !own404(line)), `${unknown} logs no other console errors`).toEqual([]);
    await shoot(page, `routes-${lang}-not-found`);
  });

  test(`${lang}: the header's logo brings the browser back to the main page in its language, with the data asked where the router asks`, async ({
    page,
  }) => {
    const home = withLang(lang, '/');
    await page.goto(home);
    await hydrated(page);
    const title = await page.title();
    await page.goto(withLang(lang, '/battles'));
    await hydrated(page);
    const data = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('.data'));
    await page.locator('header a.logo').click();
    // React Router 8's data addresses (decision 085): the root's is `/_.data`, any other page's its path and `.data`.
    const res = await data;
    expect([new URL(res.url()).pathname, res.status()]).toEqual([lang === 'en' ? '/en.data' : '/_.data', 200]);
    await expect(page).toHaveURL((url) => url.pathname === home);
    await expect(page.getByTestId('case-section').first()).toBeVisible();
    // The loaders read the page's address, not the data request's: `/en.data` is an English page.
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(title);
  });
}

test('pages and fingerprinted assets travel compressed; assets are cached for a year, the build manifest always revalidated', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  const html = await page.text();
  const asset = /(\/assets\/[\w.-]+\.js)/.exec(html)?.[1];
  expect(asset, 'the page loads a fingerprinted script').toBeTruthy();
  const res = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('gzip');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers()['vary']).toMatch(/accept-encoding/i);
  expect((await request.get('/builds/latest.json')).headers()['cache-control']).toMatch(/no-cache/);
});

/** An answer's body as it crossed the wire, still compressed, with its headers. */
function onTheWire(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

test("the main page's first scripts travel in brotli within the budget of 150 KB", async ({ request, baseURL }) => {
  // The budget a phone on a slow link can afford, as it receives it: every script the main page loads before it can
  // answer (the entry among them), sent as the brotli copy the build wrote (decision 042). Those are
  // React Router's own: the head's module preloads and the imports of its module script.
  const html = await (await request.get('/')).text();
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((tag) => /\brel="modulepreload"/.test(tag));
  // Decision 055: each asks for low priority, so the style sheets come first.
  for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
  const routerScript = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].find((m) => m[1]!.includes('window.__reactRouterRouteModules'));
  expect(routerScript).toBeDefined();
  const imports = [...routerScript![1]!.matchAll(/import\s+(?:\*\s+as\s+[\w$]+\s+from\s+)?"([^"]+)"/g)].map((m) => m[1]!);
  const scripts = [...new Set([...preloads.map((tag) => /\bhref="([^"]+)"/.exec(tag)![1]!), ...imports])].filter((s) => s.endsWith('.js'));
  expect(scripts.some((s) => s.includes('entry.client'))).toBe(true);
  let brotli = 0;
  let plain = 0;
  for (const script of scripts) {
    const br = await onTheWire(`${baseURL}${script}`, 'br, gzip');
    const raw = await onTheWire(`${baseURL}${script}`, 'identity');
    expect(raw.headers['content-encoding'], script).toBeUndefined();
    // Tiny scripts are not worth an encoding; the rest must come compressed.
    if (raw.bytes >= 1024) expect(br.headers['content-encoding'], script).toBe('br');
    brotli += br.bytes;
    plain += raw.bytes;
  }
  console.log(`main page: ${scripts.length} scripts, ${(plain / 1024).toFixed(1)} KB, ${(brotli / 1024).toFixed(1)} KB in brotli`);
  expect(brotli).toBeLessThanOrEqual(150 * 1024);
});

test('a feature an operator switches off leaves the menus, its page sends players to the main page, and it comes back when switched on', STORE_WIDE, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/upgrades');
  await hydrated(page);
  await expect(page.getByTestId('desktop-upgrades')).toBeVisible();
  await setFlag('upgrades', 'off');
  try {
    // The next page a player opens already knows: no menu entry, and the page itself is not there.
    await page.goto('/en/upgrades');
    await expect(page).toHaveURL(/\/en$/);
    await hydrated(page);
    await expect(page.getByTestId('desktop-contracts')).toBeVisible();
    await expect(page.getByTestId('desktop-upgrades')).toHaveCount(0);
    // The server refuses the feature's calls too, in the page's language.
    const refused = await page.request.get('/api/v1/upgrade-rate', { headers: { 'x-client-language': 'en' } });
    expect(refused.status()).toBe(404);
    expect((await refused.json()).code).toBe('feature_disabled');
  } finally {
    await setFlag('upgrades', 'reset');
  }
  await page.goto('/en/upgrades');
  await expect(page).toHaveURL(/\/en\/upgrades$/);
  await hydrated(page);
  await expect(page.getByTestId('desktop-upgrades')).toBeVisible();
  await expect(page.getByTestId('upgrade-select-all')).toBeVisible();
});
