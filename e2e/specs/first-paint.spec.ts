import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

/**
 * The pages hydrate part by part (components/hydrate-apart.tsx), yet the server sends every part
 * inline where it stands: a phone's first paint shows the whole page, and nothing on it moves
 * while the scripts take over. (An outlined part, sent last and moved in by a script, once made
 * the upgrades page's footer jump a whole screen: a layout shift of 0.74.)
 */
test.describe('a phone’s first load', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/upgrades', '/battles', '/en/contract']) {
    test(`${path}: the whole page in its first paint, and nothing moves as it comes alive`, async ({ page }) => {
      const html = await (await page.request.get(path)).text();
      // Parts are there (the hydration boundaries) and none is held back for a script to move in.
      expect(html).toContain('<!--$-->');
      expect(html).not.toMatch(/<div hidden id="S:\d+"/);

      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The hub's socket answers but carries nothing: a drop that other tests open on this shared
      // store would slide into the live ribbon mid-measure (one arrival alone shifts it by 0.011),
      // and this test measures the page coming alive, not the ribbon's news.
      await page.routeWebSocket(/\/ws$/, () => {});
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByTestId('footer-stats')).toBeVisible();
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
    });
  }
});

/**
 * The page's scripts set off after its first paint (decision 057): on a slow link they would share
 * the line with the style sheets and the leading picture, which are what the paint waits for. The
 * paint is the browser's own first-contentful-paint entry, the moment the frame reached the screen.
 */
test('no script of the page is asked for before its first paint, and the page still comes alive', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
  }));
  expect(paint).not.toBeNull();
  expect(scripts.some((s) => s.path.includes('entry.client'))).toBe(true);
  expect(scripts.filter((s) => s.start < paint!)).toEqual([]);
  // Alive: a click opens the registration dialog.
  await page.getByTestId('register-button').click();
  await expect(page.getByTestId('registration-dialog')).toBeVisible();
});

test('a tap on a button before the page is live is not lost: it lands once the page is', async ({ page }) => {
  // A slow link: the entry script comes a second late, so the page is on screen but not yet live.
  await page.route('**/assets/entry.client-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('register-button')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
  await page.getByTestId('register-button').click();
  await hydrated(page);
  await expect(page.getByTestId('registration-dialog')).toBeVisible();
});
