import { expect, test, type Page } from '@playwright/test';
import { overlaysDismissed } from '../support/overlays.ts';
import { hydrated, nextFrames, operator, register, shoot } from './helpers.ts';

// The store of playwright.config.ts that keeps the default pictures, the catalogue's real ones
// (the others draw every picture themselves: there is no internet here). Its languages are
// under their prefixes.
const STORE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
test.use({ baseURL: STORE, storageState: overlaysDismissed(STORE) });

// A real picture, as an image host would send it: a 2×2 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4YWMDRAwQCgAlPgUBdJmUYAAAAABJRU5ErkJggg==', 'base64');

/** The real pictures' host and a case whose card and items come from it. */
async function realPictures(page: Page) {
  const sections = (await (await page.request.get('/api/v2/case/sections/with-cases')).json()).data as { cases: { slug: string; appearance_data: { image: string } }[] }[];
  const card = sections.flatMap((s) => s.cases).find((c) => c.appearance_data.image.startsWith('https://'));
  expect(card, 'a case with a real picture').toBeTruthy();
  return { host: `${new URL(card!.appearance_data.image).origin}/**`, slug: card!.slug, image: card!.appearance_data.image };
}

/** Scrolls down the whole page a screen at a time, so every lazy picture is asked for. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await nextFrames(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Every loaded picture on the page: where from, whether it shows, whether it was swapped for a drawing. */
const pictures = (page: Page) =>
  page.locator('img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).filter((i) => i.complete).map((i) => ({ src: i.currentSrc || i.src, shows: i.naturalWidth > 0, drawn: i.dataset.fallback === 'drawn' })),
  );

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: offline, every real picture that cannot load shows the store's drawing of it, and the page still looks whole`, async ({ page }) => {
    const { host, slug } = await realPictures(page);
    await page.route(host, (route) => route.abort('internetdisconnected'));
    for (const path of [`/${lang}`, `/${lang}/open/${slug}`]) {
      await page.goto(path);
      await hydrated(page);
      await scrollThrough(page);
      // Nothing stays broken: each failed picture is swapped for its drawing, which loads.
      await expect.poll(async () => (await pictures(page)).filter((p) => !p.shows).map((p) => p.src)).toEqual([]);
      await expect.poll(async () => (await pictures(page)).filter((p) => p.drawn).length, `${path}: pictures drawn instead`).toBeGreaterThan(2);
      const drawn = (await pictures(page)).filter((p) => p.drawn);
      expect(drawn.every((p) => new URL(p.src).pathname.startsWith('/img/'))).toBe(true);
    }
    await shoot(page, `${lang}-art-offline`);
  });
}

test('online, the real pictures show and nothing is swapped', async ({ page }) => {
  const { host, slug } = await realPictures(page);
  await page.route(host, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
  await page.goto(`/en/open/${slug}`);
  await hydrated(page);
  const origin = new URL(host.replace('/**', '')).origin;
  await expect.poll(async () => (await pictures(page)).filter((p) => p.src.startsWith(origin) && p.shows).length).toBeGreaterThan(2);
  expect((await pictures(page)).filter((p) => p.drawn)).toEqual([]);
});

/** A picture's state as a player would notice it: asked for, shown, still over its placeholder, swapped. */
const pictureState = (img: ReturnType<Page['locator']>) =>
  img.evaluate((i: HTMLImageElement) => ({
    src: i.currentSrc || i.src,
    shows: i.complete && i.naturalWidth > 0,
    placeholder: i.hasAttribute('data-placeholder'),
    background: getComputedStyle(i).backgroundImage,
    drawn: i.dataset.fallback === 'drawn',
  }));

test('on a phone, a case picture far below the fold is not fetched until the page comes near it, and decodes off the main thread', async ({ page }) => {
  const { host } = await realPictures(page);
  const asked: string[] = [];
  await page.route(host, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/en');
  await hydrated(page);
  // The last case on the page with a real picture (the event's coin cases have drawings of the store's own).
  const far = page.getByTestId('case-card').locator('.case-card__img[src^="https://"]').last();
  await expect(far).toHaveAttribute('loading', 'lazy');
  await expect(far).toHaveAttribute('decoding', 'async');
  const src = (await far.getAttribute('src'))!;
  // Far enough that no browser's lazy-loading distance reaches it from the top of the page.
  expect(await far.evaluate((i) => i.getBoundingClientRect().top)).toBeGreaterThan(740 + 2500);
  // The pictures at the top have been fetched by now; the far one has not.
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect((await pictureState(far)).shows).toBe(false);
  expect(asked).not.toContain(src);
  expect((await pictureState(far)).placeholder).toBe(true);

  await far.scrollIntoViewIfNeeded();
  await expect.poll(() => asked).toContain(src);
  await expect.poll(async () => (await pictureState(far)).shows).toBe(true);
  await expect.poll(async () => (await pictureState(far)).placeholder).toBe(false);
});

test("a case's picture is fetched at once and first, over a tinted placeholder until it has loaded", async ({ page }) => {
  const { host, slug, image } = await realPictures(page);
  // The image host sends the case's picture only when the test lets it, and the others at once:
  // a slow picture from a host that answers (one that answers nothing is given up on, below).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(host, async (route) => {
    if (route.request().url() === image) await held;
    await route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  // Not waiting for the load event: the held pictures keep it from firing.
  await page.goto(`/en/open/${slug}`, { waitUntil: 'commit' });
  await hydrated(page);
  const main = page.locator('.open-panel__img');
  // The case page's largest picture is never lazy.
  await expect(main).toHaveAttribute('loading', 'eager');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('decoding', 'async');
  const waiting = await pictureState(main);
  expect(waiting.shows).toBe(false);
  expect(waiting.placeholder).toBe(true);
  expect(waiting.background).toContain('radial-gradient');
  await shoot(page, 'en-art-placeholder');

  release();
  await expect.poll(async () => (await pictureState(main)).shows).toBe(true);
  const loaded = await pictureState(main);
  expect(loaded.placeholder).toBe(false);
  expect(loaded.background).toBe('none');
  expect(loaded.drawn).toBe(false);
});

test("a case's picture that cannot load shows the store's drawing, without its placeholder", async ({ page }) => {
  const { host, slug } = await realPictures(page);
  await page.route(host, (route) => route.abort('internetdisconnected'));
  await page.goto(`/en/open/${slug}`);
  await hydrated(page);
  const main = page.locator('.open-panel__img');
  await expect.poll(async () => (await pictureState(main)).shows).toBe(true);
  const shown = await pictureState(main);
  expect(shown.drawn).toBe(true);
  expect(new URL(shown.src).pathname).toMatch(/^\/img\//);
  expect(shown.placeholder).toBe(false);
  expect(shown.background).toBe('none');
});

for (const width of [360, 1280]) {
  test(`${width} px: pictures from a host that never answers become drawings instead of staying blank`, async ({ page }) => {
    const { host, slug } = await realPictures(page);
    // A blocked host: every request to it stays unanswered, neither failing nor loading.
    const asked: string[] = [];
    await page.route(host, (route) => void asked.push(route.request().url()));
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/en', `/ru/open/${slug}`]) {
      // Not the load event: the unanswered requests keep it waiting.
      await page.goto(path, { waitUntil: 'commit' });
      await hydrated(page);
      const inView = () =>
        page.locator('img').evaluateAll((imgs) =>
          (imgs as HTMLImageElement[])
            .filter((i) => i.getBoundingClientRect().top < window.innerHeight && (i.currentSrc || i.src))
            .map((i) => ({ src: i.currentSrc || i.src, shows: i.complete && i.naturalWidth > 0, drawn: i.dataset.fallback === 'drawn' })),
        );
      await expect.poll(() => asked.length, `${path}: the host was asked`).toBeGreaterThan(0);
      // Every picture on the first screen shows, the host's as the store's drawings of them.
      await expect.poll(async () => (await inView()).filter((p) => !p.shows).map((p) => p.src), { message: `${path}: pictures left blank`, timeout: 60_000 }).toEqual([]);
      const drawn = (await inView()).filter((p) => p.drawn);
      expect(drawn.length, `${path}: pictures drawn instead`).toBeGreaterThan(0);
      expect(drawn.every((p) => new URL(p.src).pathname.startsWith('/img/'))).toBe(true);
    }
    await shoot(page, `ru-art-silent-host-${width}`, [width]);
  });
}

test("the live ribbon's pictures are not announced in the page's head: they wait behind the page's own", async ({ page }) => {
  const { slug } = await realPictures(page);
  // A drop of this test's own for the ribbon to show.
  const player = await register(page.request);
  await operator(['grant', '--login', player.login, '--amount', '100000'], process.env.E2E_PREFIXED_DATA_DIR);
  expect((await page.request.post(`/api/v1/cases/${slug}/open`, { data: { multi_open: 1 }, headers: player.headers })).status()).toBe(200);
  // The ribbon takes the drop from the activity stream, a moment after the opening.
  let html = '';
  const lowPriority = () => [...html.matchAll(/data-testid="live-drop"[^>]*>\s*<img[^>]*src="([^"]+)"[^>]*fetchPriority="low"/gi)].map((m) => m[1]);
  await expect
    .poll(async () => {
      html = await (await page.request.get(`/en/open/${slug}`)).text();
      return lowPriority().length;
    }, { message: 'low-priority pictures in the ribbon' })
    .toBeGreaterThan(0);
  const head = html.slice(0, html.indexOf('</head>'));
  const ribbon = lowPriority();
  for (const src of ribbon) expect(head).not.toContain(src!.replaceAll('&amp;', '&'));
});
