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

test('the main page comes alive: once hydrated, a tap opens the registration', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('register-button').click();
  await expect(page.getByTestId('registration-dialog')).toBeVisible();
});
