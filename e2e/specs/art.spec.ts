import { expect, test, type Page } from '@playwright/test';
import { overlaysDismissed } from '../support/overlays.ts';
import { hydrated, nextFrames, shoot } from './helpers.ts';

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
  return { host: `${new URL(card!.appearance_data.image).origin}/**`, slug: card!.slug };
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
