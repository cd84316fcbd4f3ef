import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

const YEAR_S = 365 * 24 * 3600;

test('the viewport cookie remembers the device class for a year, follows a resize, and the next page is rendered with it', async ({ page, context }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/battles');
  await hydrated(page);
  const viewport = async () => (await context.cookies()).find((c) => c.name === 'viewport');
  // 1024 px is md (spec §9: md from 768, xl from 1280).
  await expect.poll(async () => (await viewport())?.value).toBe('md');
  const cookie = await viewport();
  expect(cookie?.sameSite).toBe('Strict');
  // Plain http on the test server: Secure is left off, or the browser would drop the cookie.
  expect(cookie?.secure).toBe(false);
  expect(Math.abs((cookie?.expires ?? 0) - Date.now() / 1000 - YEAR_S)).toBeLessThan(60);
  await expect(page.locator('html')).toHaveAttribute('data-device', 'md');

  await page.setViewportSize({ width: 1920, height: 1000 });
  await expect(page.locator('html')).toHaveAttribute('data-device', 'xxl');
  await expect.poll(async () => (await viewport())?.value).toBe('xxl');

  // The server render reads it: the first paint of the next page already knows the class.
  const html = await (await page.request.get('/battles')).text();
  expect(html).toMatch(/<html[^>]*data-device="xxl"/);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(async () => (await viewport())?.value).toBe('sm');
});

test('a first visit without the cookie is rendered as xl, the spec fallback', async ({ request }) => {
  const html = await (await request.get('/battles', { headers: { cookie: '' } })).text();
  expect(html).toMatch(/<html[^>]*data-device="xl"/);
});
