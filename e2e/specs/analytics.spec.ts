import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers.ts';

interface Hit {
  hit: { type: string; path: string; referrer: string; campaign: Record<string, string> };
}

/** The analytics session this browser reports under (spec §4), as the page keeps it. */
const sessionOf = async (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('analytics-session') ?? 'null') as { id: string } | null)?.id ?? null);

test('en: two pages make two page views with their paths and referrers, and the landing UTM is the campaign (spec §7)', async ({ page, request, baseURL }) => {
  const source = `e2e-${Date.now().toString(36)}`;
  await page.goto(`/en/faq?utm_source=${source}&utm_medium=cpc`);
  await hydrated(page);
  await expect.poll(() => sessionOf(page)).toBeTruthy();
  const session = (await sessionOf(page))!;
  // An in-store navigation: the second page's referrer is the first page.
  await page.getByTestId('footer-userAgreement').click();
  await expect(page).toHaveURL(/\/en\/user-agreement$/);

  const views = async () => {
    const res = await request.get(`/api/sandbox/analytics/hits?session_id=${session}&type=page_view`);
    return ((await res.json()).data.hits as Hit[]).map((h) => h.hit);
  };
  await expect.poll(async () => (await views()).length).toBe(2);
  const [landing, next] = await views();
  expect(landing).toMatchObject({ path: '/en/faq', referrer: 'Direct', campaign: { utm_source: source, utm_medium: 'cpc' } });
  expect(next).toMatchObject({ path: '/en/user-agreement', referrer: `${baseURL}/en/faq?utm_source=${source}&utm_medium=cpc`, campaign: {} });
});

test("a case page's web vitals reach the tracking service under the route's pattern, not its address (decision 066)", async ({ page, request }) => {
  const sections = (await (await request.get('/api/v2/case/sections/with-cases')).json()).data as { cases: { slug: string }[] }[];
  const slug = sections.flatMap((s) => s.cases)[0]!.slug;
  await page.goto(`/en/open/${slug}`);
  await hydrated(page);
  await expect.poll(() => sessionOf(page)).toBeTruthy();
  const session = (await sessionOf(page))!;
  const vitals = async () => {
    const res = await request.get(`/api/sandbox/analytics/hits?session_id=${session}&type=event`);
    return ((await res.json()).data.hits as { hit: { name: string; path: string; props: { metric: string; value: number } } }[]).map((h) => h.hit).filter((h) => h.name === 'web_vital');
  };
  // The first paint and the first byte are known once the library has loaded (the page idle).
  await expect.poll(async () => (await vitals()).map((v) => v.props.metric).sort(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
  // Leaving the page hands over the rest: the largest paint and the layout shift. The player goes
  // to another address of the store: the page unloads in its own renderer, which stays. A page left
  // for about:blank may unload in a renderer Chromium is already ending, and a busy machine's
  // renderer can be ended before it has handed its beacons over.
  await page.goto('/api/health');
  await expect.poll(async () => (await vitals()).map((v) => v.props.metric), { timeout: 15_000 }).toEqual(expect.arrayContaining(['LCP', 'CLS']));
  for (const v of await vitals()) {
    expect(v.path).toBe('/open/:caseName');
    expect(v.props.value).toBeGreaterThanOrEqual(0);
  }
});
